"""Step-through demonstrations: a step's table with ``plays``, checked with the engine when read,
shown one card at a time (``?card=k``) with links that work without JavaScript."""

import pytest

from lessons import demo
from lessons.content import _check_table, _Invalid
from lessons.models import Course, Lesson, Step
from tests.site.pages import words

# Hearts are trump: North leads the ace of spades, West cuts, East discards; West then leads clubs.
TABLE = {
    "variant": "french",
    "trump": "H",
    "hands": {"N": ["AS", "8C"], "W": ["9H", "JC"], "S": ["TS", "QC"], "E": ["7D", "AC"]},
    "plays": [
        ["N", "AS"],
        ["W", "9H"],
        ["S", "TS"],
        ["E", "7D"],
        ["W", "JC"],
        ["S", "QC"],
        ["E", "AC"],
        ["N", "8C"],
    ],
}


def with_plays(plays):
    return {**TABLE, "plays": plays}


def test_the_engine_accepts_every_card_of_a_good_demonstration():
    demo.check(TABLE)


@pytest.mark.parametrize(
    ("plays", "expected"),
    [
        ([["N", "AS"], ["W", "JC"]], "plays[1]: W may not play JC: play.must-trump"),
        ([["N", "KS"]], "plays[0]: KS is not in the hand of N"),
        ([["N", "AS"], ["S", "TS"]], "plays[1]: out-of-turn"),
        (
            [["N", "AS"], ["W", "9H"], ["S", "TS"], ["E", "7D"], ["N", "8C"]],
            "plays[4]: W won the last trick and leads the next one, not N",
        ),
        ([], "plays: the cards played, in order"),
    ],
)
def test_a_demonstration_the_engine_refuses_names_the_card(plays, expected):
    with pytest.raises(demo.DemoError) as e:
        demo.check(with_plays(plays))

    assert str(e.value).startswith(expected.split(": ", 1)[0])
    assert expected.split(": ", 1)[1].split(" ")[0] in str(e.value)


def test_the_content_check_refuses_a_lesson_table_with_an_illegal_card():
    with pytest.raises(_Invalid) as e:
        _check_table(with_plays([["N", "AS"], ["W", "JC"]]), "steps[1].table", "french")

    assert e.value.where == "steps[1].table.plays[1]"


def test_a_frame_shows_what_is_left_and_the_trick_in_progress():
    frame = demo.frame(TABLE, 5)

    assert frame.position["hands"] == {"N": ["8C"], "W": [], "S": ["QC"], "E": ["AC"]}
    assert frame.position["trick"] == [["W", "JC"]]
    assert frame.play == ("W", "JC")
    assert not frame.trick_done
    assert demo.frame(TABLE, 4).trick_done
    assert demo.frame(TABLE, 4).position["trick"][3] == ["E", "7D"]
    assert demo.frame(TABLE, 0).play is None
    assert demo.frame(TABLE, 99).shown == 8


@pytest.fixture
def demo_lesson(db):
    course = Course.objects.create(variant="french", order=3, **words("French Belote", field="title"))
    lesson = Lesson.objects.create(
        course=course, slug="obligations", order=1, **words("Obligations", field="title")
    )
    Step.objects.create(
        lesson=lesson, order=1, kind="text", table=TABLE, **words("Watch the hand.", field="body")
    )
    return lesson


URL = "/{lang}/learn/french/obligations/1/"


def test_the_page_starts_before_the_first_card(client, demo_lesson):
    text = client.get(URL.format(lang="en")).text

    assert "Card 0 of 8" in text
    assert "The hands as dealt, before the first card." in text
    assert 'href="/en/learn/french/obligations/1/?card=1#demo"' in text
    assert "data-demo-previous" not in text


def test_the_fourth_card_ends_the_trick_with_the_engines_verdict(client, demo_lesson):
    text = client.get(URL.format(lang="en") + "?card=4").text

    assert "Card 4 of 8" in text
    assert "Played by East: seven of diamonds" in text
    assert "West wins the trick with 9♥" in text
    assert '?card=3#demo"' in text and '?card=5#demo"' in text


@pytest.mark.parametrize("card", ["abc", "-3", "", "99999999999999999999"])
def test_a_bad_card_number_shows_an_end_of_the_hand_never_an_error(client, demo_lesson, card):
    response = client.get(URL.format(lang="en") + f"?card={card}")

    assert response.status_code == 200
    assert "Card 0 of 8" in response.text or "Card 8 of 8" in response.text


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("fr", "Joué par Nord\u00a0: as de pique"), ("ar", "لعب الشمال"), ("fa", "بازیِ شمال")],
)
def test_the_caption_speaks_the_page_language(client, demo_lesson, lang, expected):
    text = client.get(URL.format(lang=lang) + "?card=1").text

    assert expected in text
