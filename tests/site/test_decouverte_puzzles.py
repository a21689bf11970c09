"""decouverte-card puzzles: a two-player position, judged by the coach's evaluator on the same lays
of the face-down cards every time, read by the loader, drawn on the page and answered."""

import re
from pathlib import Path

import pytest
import yaml

from lessons.content import CONTENT_DIR, InvalidPuzzle, check_puzzle
from lessons.models import Course, Lesson, Puzzle, Step
from tests.site.pages import answer, words

LESSON = CONTENT_DIR / "french-playing-well" / "16-decouverte-the-face-up-cards.yaml"
# fr-pw-decouverte-2: North led the jack of spades; South's face-up cards are the 8 and the ace of
# spades (which may follow) and six others (which may not).
BEST, WORSE, ILLEGAL = "8S", "AS", "KC"


def position(key: str = "fr-pw-decouverte-2") -> dict:
    steps = yaml.safe_load(Path(LESSON).read_text())["steps"]
    return next(s["puzzle"]["position"] for s in steps if s.get("puzzle", {}).get("key") == key)


def raw(answers, pos: dict | None = None) -> dict:
    return {"key": "dc-1", "task": "decouverte-card", "position": pos or position(), "answers": answers}


def test_the_loader_keeps_the_card_the_evaluator_finds_best():
    assert check_puzzle(raw([BEST]), "french").answers == [BEST]
    assert check_puzzle(raw(None), "french").answers == [BEST]


def test_the_loader_refuses_a_card_the_evaluator_finds_worse_with_its_loss():
    with pytest.raises(InvalidPuzzle) as e:
        check_puzzle(raw([WORSE]), "french")
    assert e.value.where == "answers"
    assert "the evaluator's best cards are 8S, not AS" in e.value.reason


def test_the_loader_refuses_a_card_that_may_not_be_played_and_a_four_player_variant():
    with pytest.raises(InvalidPuzzle) as e:
        check_puzzle(raw([ILLEGAL]), "french")
    assert "not a face-up card S may play now" in e.value.reason
    with pytest.raises(InvalidPuzzle) as e:
        check_puzzle(raw([BEST], {**position(), "variant": "french"}), "french")
    assert e.value.where == "position.variant"


def test_the_loader_refuses_a_position_where_another_player_is_to_play():
    with pytest.raises(InvalidPuzzle) as e:
        check_puzzle(raw([BEST], {**position(), "seat": "N"}), "french")
    assert e.value.where == "position.seat"


def make_lesson() -> Puzzle:
    course = Course.objects.create(variant="french", order=1, **words("French Belote", field="title"))
    lesson = Lesson.objects.create(
        course=course, slug="decouverte", order=1, **words("Découverte", field="title")
    )
    p = Puzzle.objects.create(
        key="dc-1",
        variant="french",
        task="decouverte-card",
        position=position(),
        answers=[BEST],
        **words("Watch what each card uncovers.", field="hint"),
    )
    Step.objects.create(lesson=lesson, order=1, kind="puzzle", puzzle=p)
    return p


URL = "/{lang}/learn/french/decouverte/1/"


@pytest.mark.django_db
def test_the_page_shows_both_rows_of_piles_and_the_learners_face_up_cards_as_buttons(client):
    make_lesson()

    text = client.get(URL.format(lang="en")).text

    assert "You are South. Which of your face-up cards keeps the most points?" in text
    assert "Piles of North" in text
    buttons = re.findall(r'<button type="submit" name="card" value="(\w+)"', text)
    assert set(buttons) == {"KC", "AD", "QD", "8H", "9C", "JD", "8S", "AS"}
    # A face-down card is drawn as a back, never named.
    assert "a face-down card" in text
    assert 'aria-label="Trick in progress"' in text


@pytest.mark.django_db
def test_a_worse_card_gets_its_loss_and_interval_not_the_answer_then_the_best_card_is_right(client):
    make_lesson()
    url = URL.format(lang="en")

    wrong = answer(client, url, {"card": WORSE}, htmx=True).text
    assert "That card may be played, but it is not the best one here." in wrong
    assert re.search(
        r"Over 48 ways the face-down cards may lie, .* \(95 % interval: [\d.]+ to [\d.]+\)", wrong
    )
    assert "8♠" not in wrong.split("verdict-title", 1)[1].split("hint", 1)[0]

    right = answer(client, url, {"card": BEST}, htmx=True).text
    assert "Right!" in right


@pytest.mark.django_db
def test_a_card_that_is_not_face_up_in_the_learners_piles_is_refused_without_a_500(client):
    make_lesson()

    response = answer(client, URL.format(lang="fr"), {"card": "JS"}, htmx=True)

    assert response.status_code in (200, 400)
    assert "verdict-error" in response.text
