"""The second Moroccan course, "playing well": beside the rules course, under its own key
(/learn/moroccan-playing-well/), at least fourteen lessons and ninety puzzles from difficulty 1 to 5,
every best-card answer the solver's (the loader refuses any other), a third of them with 5 to 8
tricks left, each card-play lesson opening with a whole hand, in Moroccan words."""

from collections import Counter
from functools import cache

import pytest

from lessons.content import LANGS, read_curriculum
from lessons.models import Course
from lessons.views import PREFS_KEY
from tests.site.pages import answer

KEY = "moroccan-playing-well"


@cache  # the content is read and solved once for the file's tests
def spec():
    return next(c for c in read_curriculum() if c.key == KEY)


def test_the_loader_reads_it_as_a_moroccan_course_with_its_own_key():
    course = spec()

    assert course.variant == "moroccan"
    assert [lesson.slug for lesson in course.lessons][:8] == [
        "cashing-your-masters",
        "the-lead-against-the-takers",
        "drawing-trumps",
        "ducking-and-the-last-trick",
        "ruffing-and-the-partner",
        "unblocking",
        "counting-the-points",
        "the-score-over-a-game",
    ]


def test_it_has_forty_puzzles_at_every_difficulty_and_five_a_lesson():
    course = spec()
    levels = Counter(p.difficulty for p in course.puzzles)

    assert len(course.puzzles) >= 40
    assert set(levels) == {1, 2, 3, 4, 5}
    assert all(len(lesson.puzzles) >= 5 for lesson in course.lessons if not lesson.checkpoint)


def test_every_text_is_in_the_four_languages():
    course = spec()
    for lesson in course.lessons:
        assert set(lesson.title) == set(lesson.summary) == set(lesson.recap) == set(LANGS)
        for step in lesson.steps:
            if step.puzzle is None:
                assert set(step.body) == set(LANGS), lesson.slug
                continue
            puzzle = step.puzzle
            assert set(puzzle.hint) == set(puzzle.explanation) == set(LANGS), puzzle.key
            if puzzle.prompt:
                assert set(puzzle.prompt) == set(LANGS), puzzle.key


def test_the_rules_course_keeps_its_address_and_comes_first(loaded):
    keys = [c.key for c in Course.objects.filter(variant="moroccan")]

    assert keys[:2] == ["moroccan", KEY]


@pytest.mark.parametrize("lang", LANGS)
def test_its_page_and_first_lesson_render(client, loaded, lang):
    course = Course.objects.get(key=KEY)
    lesson = course.lessons.first()

    page = client.get(f"/{lang}/learn/{KEY}/")
    step = client.get(f"/{lang}/learn/{KEY}/{lesson.slug}/2/")

    assert page.status_code == step.status_code == 200
    assert getattr(course, f"title_{lang}") in page.text
    assert f'href="/{lang}/learn/{KEY}/{lesson.slug}/"' in page.text


def test_the_solvers_card_is_right_and_another_is_wrong(client, loaded):
    url = f"/en/learn/{KEY}/cashing-your-masters/3/"

    right = answer(client, url, {"card": "TS"})
    wrong = answer(client, url, {"card": "8C"})

    assert 'class="verdict verdict-right"' in right.text
    assert 'class="verdict verdict-right"' not in wrong.text


# The lessons about the auction and the score sheet pose no card to play: no whole hand to show.
NOT_CARD_PLAY = {"the-score-over-a-game", "when-to-take"}


def tricks_left(puzzle):
    return max(len(cards) for cards in puzzle.position["hands"].values())


def test_fourteen_lessons_ninety_puzzles_and_a_third_of_the_best_cards_from_5_to_8_tricks():
    course = spec()
    best_card = [p for p in course.puzzles if p.task == "best-card"]
    deep = [p for p in best_card if 5 <= tricks_left(p) <= 8]
    opening_leads = [p for p in best_card if tricks_left(p) == 8 and not p.position["trick"]]

    assert len(course.lessons) >= 14
    assert len(course.puzzles) >= 90
    assert 3 * len(deep) >= len(best_card)
    assert len(opening_leads) >= 5


def test_each_card_play_lesson_opens_with_a_whole_hand_before_its_first_puzzle():
    for lesson in spec().lessons:
        if lesson.slug in NOT_CARD_PLAY:
            continue
        first_puzzle = next(i for i, step in enumerate(lesson.steps) if step.puzzle is not None)
        demos = [s for s in lesson.steps[:first_puzzle] if s.table and "plays" in s.table]
        assert demos, lesson.slug
        assert all(len(s.table["plays"]) == 32 for s in demos), lesson.slug


def test_no_gulf_jack_and_no_buyer_on_its_arabic_pages():
    # The Moroccan seed names the jack by its Spanish number (الـ10), the takers «الشراة».
    for lesson in spec().lessons:
        texts = [*lesson.summary.values(), *lesson.recap.get("ar", [])]
        for step in lesson.steps:
            texts.append(step.body.get("ar", ""))
            if step.puzzle is not None:
                texts += [step.puzzle.explanation.get("ar", ""), step.puzzle.hint.get("ar", "")]
        assert not [t for t in texts if "ولد" in t or "المشتري" in t], lesson.slug


@pytest.mark.parametrize("deck", ["french", "spanish"])
def test_no_gulf_jack_on_a_moroccan_page_as_the_learner_sees_it(client, loaded, deck):
    # The engine's card names and sentences too (the accessible name of every card, the solver's
    # line after a wrong card, the hints): the jack is the seed's الـ10, never «ولد».
    session = client.session
    session[PREFS_KEY] = {"deck": deck}
    session.save()
    lesson = f"/ar/learn/{KEY}/the-opening-lead/"
    pages = [client.get(f"{lesson}{n}/").text for n in (2, 3)]  # a whole hand, then a puzzle
    pages.append(answer(client, f"{lesson}3/", {"card": "AD"}).text)  # not the best: the line
    pages.append(client.post(f"{lesson}3/hint").text)
    count = "/ar/learn/moroccan/spanish-deck-and-ranking/5/"
    pages.append(client.get(count).text)
    pages.append(answer(client, count, {"points": "0"}).text)

    if deck == "french":
        assert "الـ10 (J) من" in pages[1]  # a jack's accessible name, in the seed's words
    assert [n for n, page in enumerate(pages) if "ولد" in page] == []
