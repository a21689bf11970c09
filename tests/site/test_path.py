"""The path through a course: "Start here", the lesson end (recap, next lesson, first hand),
where the learner stopped, stars and the rules met, and the top navigation."""

import pytest

from lessons.models import Course, DrillItem
from tests.site.classroom.base import *  # noqa: F403 (a drill's fixtures)
from tests.site.classroom.base import login
from tests.site.pages import answer, step_url

LANGUAGES = ["en", "ar", "fa", "fr"]


def test_it_offers_a_start_here_for_each_course(client, saudi, moroccan):
    page = client.get("/en/").text

    assert page.count("Start here") == 2
    assert 'href="/en/learn/saudi/follow-suit/1/"' in page
    assert 'href="/en/learn/moroccan/follow-suit/1/"' in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_top_navigation_leads_to_the_rules_and_the_glossary(client, saudi, language):
    page = client.get(f"/{language}/learn/saudi/").text

    nav = page[page.index('class="site-nav"') :]
    nav = nav[: nav.index("</nav>")]
    assert f'href="/{language}/rules/saudi/"' in nav
    assert f'href="/{language}/glossary/"' in nav


def test_the_last_step_of_a_lesson_shows_its_recap_and_the_next_lesson(client, saudi):
    page = client.get(step_url(3)).text

    assert "What this lesson taught" in page
    assert "<li>Play the suit led when you can.</li>" in page
    assert 'href="/en/learn/saudi/counting/1/"' in page
    assert "Next lesson: Counting" in page
    assert "What this lesson taught" not in client.get(step_url(2)).text


def test_the_recap_is_in_the_page_language_with_its_digits(client, saudi):
    page = client.get(step_url(3, lang="ar")).text

    assert "العب من النوع اللي انلعب إذا معك." in page


def test_the_last_lesson_of_a_course_has_no_next_lesson(client, saudi):
    page = client.get(step_url(5, slug="counting")).text

    assert "What this lesson taught" in page
    assert "Next lesson" not in page


def test_the_lesson_that_completes_the_rules_ends_with_the_first_hand(client, saudi):
    Course.objects.filter(variant="saudi").update(first_hand_after="follow-suit")

    page = client.get(step_url(3)).text

    assert "Now play your first hand" in page
    assert 'href="/en/practice/guided/saudi/"' in page
    assert "Now play your first hand" not in client.get(step_url(5, slug="counting")).text


def test_the_course_page_says_where_the_learner_stopped(client, saudi):
    assert "Continue:" not in client.get("/en/learn/saudi/").text
    client.get(step_url(1))
    assert "Continue:" not in client.get("/en/learn/saudi/").text  # reading alone keeps nothing

    answer(client, step_url(2), {"card": "AS"})

    page = client.get("/en/learn/saudi/").text
    assert "Continue: lesson 1, step 2" in page
    assert 'href="/en/learn/saudi/follow-suit/2/"' in page
    assert "Continue: الدرس ١، الخطوة ٢" not in client.get("/ar/learn/saudi/").text
    assert "تابِع: الدرس ١، الخطوة ٢" in client.get("/ar/learn/saudi/").text


@pytest.fixture
def learner(client, db):
    """A browser with a session, as after a first answer: the pages it reads are noted."""
    assert client.session.session_key
    return client


def test_stars_show_seen_solved_and_first_try_in_words(learner, saudi):
    client = learner
    assert "0 of 3 stars: not started yet" in client.get("/en/learn/saudi/").text
    client.get(step_url(1))
    assert "1 of 3 stars: lesson seen" in client.get("/en/learn/saudi/").text

    answer(client, step_url(2), {"card": "KC"})
    answer(client, step_url(3), {"cards": ["JS", "8S"]})
    assert "3 of 3 stars: every puzzle right at the first try, without a hint" in client.get(
        "/en/learn/saudi/"
    ).text


def test_a_wrong_first_try_gives_two_stars_once_solved(client, saudi):
    answer(client, step_url(2), {"card": "AS"})
    answer(client, step_url(2), {"card": "KC"})
    answer(client, step_url(3), {"cards": ["JS", "8S"]})

    assert "2 of 3 stars: every puzzle solved" in client.get("/en/learn/saudi/").text


def test_a_hint_before_the_first_answer_gives_two_stars(client, saudi):
    client.get(step_url(2))
    client.post(step_url(2) + "hint")
    answer(client, step_url(2), {"card": "KC"})
    answer(client, step_url(3), {"cards": ["JS", "8S"]})

    assert "2 of 3 stars" in client.get("/en/learn/saudi/").text


def test_the_progress_page_names_the_rules_met_and_links_them(client, saudi):
    assert "Answer a puzzle and the rules it practises appear here." in client.get("/en/progress/").text
    answer(client, step_url(2), {"card": "AS"})
    answer(client, step_url(3), {"cards": ["JS", "8S"]})

    page = client.get("/en/progress/").text

    assert '<a href="/en/rules/saudi/#rule-play.must-follow">Follow suit</a>' in page
    assert "right at the first try in 1 of 2 puzzles" in page
    arabic = client.get("/ar/progress/").text
    assert "play.must-follow</a>" not in arabic
    assert "صحيح من المحاولة الأولى في ١ من ٢" in arabic


def test_stars_are_counted_in_words_of_the_page_language(learner, saudi):
    learner.get(step_url(1, lang="fr"))
    client = learner

    assert "1 étoile sur 3\u00a0: leçon vue" in client.get("/fr/learn/saudi/").text
    assert "٠ من ٣ نجوم: لم يبدأ بعد" in client.get("/ar/learn/saudi/").text


def test_the_last_step_answered_right_says_once_what_comes_next(client, saudi):
    for htmx in (False, True):
        response = answer(client, step_url(3), {"cards": ["JS", "8S"]}, htmx=htmx)

        assert "verdict-right" in response.text
        assert "Lesson finished: back to the course" not in response.text
    page = response.text if not htmx else client.get(step_url(3)).text
    assert page.count("Next lesson: Counting") == 1


def test_a_lesson_given_in_a_drill_ends_back_at_the_drill(client, drill, student):
    login(client, student)
    item = DrillItem.objects.get(drill=drill, lesson__slug="follow-suit")

    page = client.get(f"/en/drills/{drill.pk}/lessons/{item.pk}/3/").text

    assert "What this lesson taught" in page
    assert f'href="/en/drills/{drill.pk}/"' in page and "Back to the drill" in page
    assert "Next lesson" not in page


def test_start_here_offers_the_guided_first_hand_after_the_first_lesson(client, saudi, moroccan):
    page = client.get("/en/").text

    assert page.count("After the first lesson:") == 2
    assert 'href="/en/practice/guided/saudi/"' in page
    assert 'href="/en/practice/guided/moroccan/"' in page
    # The first lesson leads until it is done.
    assert 'class="button-link primary" href="/en/learn/saudi/follow-suit/1/"' in page
    assert 'class="button-link" href="/en/practice/guided/saudi/"' in page


def test_once_the_first_lesson_is_done_the_guided_hand_leads(client, saudi):
    answer(client, step_url(2), {"card": "KC"})
    answer(client, step_url(3), {"cards": ["JS", "8S"]})

    page = client.get("/en/").text

    assert 'class="button-link primary" href="/en/practice/guided/saudi/"' in page
    assert 'class="button-link" href="/en/learn/saudi/follow-suit/1/"' in page
