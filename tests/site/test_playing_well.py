"""The second Saudi course, "playing well": a course of its own beside the rules course, named by
its key in its address (/learn/saudi-playing-well/), listed right after the rules course."""


import pytest

from lessons.content import LANGS, read_curriculum
from lessons.models import Course
from tests.site.pages import answer

KEY = "saudi-playing-well"


def test_the_loader_reads_it_as_a_saudi_course_with_its_own_key():
    spec = next(c for c in read_curriculum() if c.key == KEY)

    assert spec.variant == "saudi"
    assert [lesson.slug for lesson in spec.lessons][:9] == [
        "cashing-your-masters",
        "the-lead-against-the-buyer",
        "counting-trumps",
        "drawing-trumps",
        "ducking-and-the-last-trick",
        "ruffing-and-the-winning-partner",
        "unblocking",
        "counting-the-points",
        "checkpoint-card-play",
    ]
    assert all(3 <= len(lesson.puzzles) <= 8 for lesson in spec.lessons if not lesson.checkpoint)
    assert all(1 <= p.difficulty <= 5 for p in spec.puzzles)


def test_its_puzzles_run_from_difficulty_1_to_5_and_it_ends_its_card_play_with_a_checkpoint():
    spec = next(c for c in read_curriculum() if c.key == KEY)

    assert {p.difficulty for p in spec.puzzles} == {1, 2, 3, 4, 5}
    assert any(lesson.checkpoint for lesson in spec.lessons)


def test_it_holds_eight_lessons_and_forty_puzzles_five_a_lesson():
    spec = next(c for c in read_curriculum() if c.key == KEY)
    lessons = [lesson for lesson in spec.lessons if not lesson.checkpoint]

    assert len(lessons) >= 8
    assert len(spec.puzzles) >= 40
    assert all(len(lesson.puzzles) >= 5 for lesson in lessons)


def tricks_left(puzzle):
    """The tricks still to play in a best-card position, the one in progress included."""
    return max(len(cards) for cards in puzzle.position["hands"].values())


def test_it_goes_deep_whole_hands_first_and_a_third_of_its_positions_five_to_eight_tricks_long():
    spec = next(c for c in read_curriculum() if c.key == KEY)
    lessons = [lesson for lesson in spec.lessons if not lesson.checkpoint]
    best_card = [p for p in spec.puzzles if p.task == "best-card"]
    card_play = [lesson for lesson in lessons if any(p.task == "best-card" for p in lesson.puzzles)]

    assert len(spec.lessons) >= 14 and len(spec.puzzles) >= 90
    assert 3 * sum(5 <= tricks_left(p) <= 8 for p in best_card) >= len(best_card)
    assert any(tricks_left(p) == 8 and not p.position["trick"] for p in best_card)  # opening leads
    # Each card-play lesson shows its idea in a whole hand stepped through before its first puzzle.
    for lesson in card_play:
        first = next(i for i, step in enumerate(lesson.steps) if step.puzzle is not None)
        demos = [s.table for s in lesson.steps[:first] if s.table and "plays" in s.table]
        assert demos and all(len(d["plays"]) == 32 for d in demos), lesson.slug


def test_the_rules_course_keeps_its_address_and_comes_first(loaded):
    keys = [c.key for c in Course.objects.filter(variant="saudi")]

    assert keys == ["saudi", KEY]


def test_the_home_page_lists_it_after_the_saudi_rules_course(client, loaded):
    html = client.get("/en/").text

    assert html.index('href="/en/learn/saudi/"') < html.index(f'href="/en/learn/{KEY}/"')
    assert html.index(f'href="/en/learn/{KEY}/"') < html.index('href="/en/learn/moroccan/"')


@pytest.mark.parametrize("lang", LANGS)
def test_its_page_and_first_lesson_render(client, loaded, lang):
    course = Course.objects.get(key=KEY)
    lesson = course.lessons.first()

    page = client.get(f"/{lang}/learn/{KEY}/")
    first = client.get(f"/{lang}/learn/{KEY}/{lesson.slug}/")
    step = client.get(f"/{lang}/learn/{KEY}/{lesson.slug}/2/")

    assert page.status_code == first.status_code == step.status_code == 200
    assert getattr(course, f"title_{lang}") in page.text
    assert f'href="/{lang}/learn/{KEY}/{lesson.slug}/"' in page.text
    assert f'href="/{lang}/learn/{KEY}/{lesson.slug}/1/"' in first.text
    assert f'href="/{lang}/learn/{KEY}/"' in step.text


def test_the_solvers_card_is_right_in_this_course(client, loaded):
    # Step 2 is the whole hand stepped through; the first puzzle is step 3.
    response = answer(client, f"/en/learn/{KEY}/cashing-your-masters/3/", {"card": "AH"})

    assert response.status_code == 200
    assert 'class="verdict verdict-right"' in response.text


def test_its_home_tile_offers_no_guided_first_hand(client, loaded):
    html = client.get("/en/").text
    tile = html[html.index(f'href="/en/learn/{KEY}/"') : html.index('href="/en/learn/moroccan/"')]

    assert "guided" not in tile


# ---------------------------------------------------------------- the French course

FRENCH_KEY = "french-playing-well"


def test_the_french_course_is_read_as_a_french_course_with_its_own_key():
    spec = next(c for c in read_curriculum() if c.key == FRENCH_KEY)

    assert spec.variant == "french"
    assert spec.lessons[0].slug == "cashing-your-masters"
    # Card play is the solver's (best card), counting the engine's (trumps left, contract made);
    # lesson 9, when to take, asks for a call.
    card_play = [p for lesson in spec.lessons if lesson.order <= 8 for p in lesson.puzzles]
    assert all(p.task in ("best-card", "trumps-left", "contract-made") for p in card_play)
    assert sum(p.task == "best-card" for p in card_play) >= 40
    assert all(p.task == "bid" for lesson in spec.lessons if lesson.order == 9 for p in lesson.puzzles)
    assert all(1 <= p.difficulty <= 5 for p in spec.puzzles)


def test_the_french_course_has_at_least_eight_lessons_and_forty_puzzles_at_every_difficulty():
    spec = next(c for c in read_curriculum() if c.key == FRENCH_KEY)
    card_play = [lesson for lesson in spec.lessons if lesson.order <= 8]

    assert len(card_play) >= 8 and all(len(lesson.puzzles) >= 5 for lesson in card_play)
    assert len(spec.puzzles) >= 40
    assert {p.difficulty for p in spec.puzzles} == {1, 2, 3, 4, 5}


def test_the_french_rules_course_keeps_its_address_and_comes_first(loaded):
    keys = [c.key for c in Course.objects.filter(variant="french")]

    assert keys[0] == "french" and FRENCH_KEY in keys


@pytest.mark.content
@pytest.mark.parametrize("lang", ["ar", "fa", "fr"])
def test_the_french_course_pages_use_no_saudi_word(client, loaded, lang):
    from tests.site.test_vocabulary import saudi_words_in, visible_text

    spec = next(c for c in read_curriculum() if c.key == FRENCH_KEY)
    urls = [f"learn/{FRENCH_KEY}/"]
    for lesson in spec.lessons:
        urls.append(f"learn/{FRENCH_KEY}/{lesson.slug}/")
        urls += [f"learn/{FRENCH_KEY}/{lesson.slug}/{n}/" for n in range(1, len(lesson.steps) + 1)]
    found = []
    for url in urls:
        page = client.get(f"/{lang}/{url}")
        assert page.status_code == 200, url
        words = saudi_words_in(visible_text(page.text), "french", lang)
        if words:
            found.append(f"/{lang}/{url}: {words}")
    assert not found, "\n".join(found)
