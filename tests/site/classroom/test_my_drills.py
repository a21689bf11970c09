"""A pupil's drills: on their own page and on the home page, with due dates and status."""

import datetime as dt

from lessons.models import Attempt, Drill, Puzzle
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login


def solve(student, key, correct=True, when=None, drill=None):
    n = Attempt.objects.count()
    return Attempt.objects.create(
        puzzle=Puzzle.objects.get(key=key), session_key="s", user=student, answer="x", correct=correct,
        token=f"t-{n}", drill=drill, **({"created": when} if when else {}),
    )  # fmt: skip


def test_it_lists_the_pupils_drills_with_due_date_and_status(client, student, drill):
    login(client, student)

    text = client.get("/en/drills/").text

    assert "Follow suit" in text
    assert "Riyadh club" in text
    assert "due 31 January 2030" in text  # day before month, as in every language
    assert "Not started" in text
    assert "0/3 solved" in text
    assert "kam472" in text  # the username to sign in with


def test_it_shows_progress_and_done(client, student, drill):
    login(client, student)
    solve(student, "sa-follow-1", correct=False, drill=drill)
    solve(student, "sa-follow-1", drill=drill)
    assert "1/3 solved · 0% first try" in client.get("/en/drills/").text

    solve(student, "sa-follow-2", drill=drill)
    solve(student, "sa-winner-1", drill=drill)

    text = client.get("/en/drills/").text
    assert "Done" in text
    assert "3/3 solved · 67% first try · below target" in text  # 2 of 3: rounded, not cut to 66


def test_it_says_late_past_the_due_date(client, student, drill):
    drill.due = dt.date(2020, 1, 1)
    drill.save()
    login(client, student)

    assert "Late" in client.get("/en/drills/").text


def test_it_puts_unfinished_drills_first_soonest_due_first(client, student, drill):
    Drill.objects.create(classroom=drill.classroom, title="Sooner", due=dt.date(2029, 1, 1))
    Drill.objects.create(classroom=drill.classroom, title="No date")
    login(client, student)

    text = client.get("/en/drills/").text

    assert text.index("Sooner") < text.index("Follow suit") < text.index("No date")


def test_the_home_page_has_a_my_drills_section_for_pupils(client, student, drill):
    login(client, student)

    text = client.get("/en/").text

    assert "My drills" in text
    assert f'href="/en/drills/{drill.pk}/"' in text


def test_the_home_page_has_no_drills_for_visitors_and_teachers(client, teacher, drill):
    assert 'id="my-drills-title"' not in client.get("/en/").text
    login(client, teacher)
    assert 'id="my-drills-title"' not in client.get("/en/").text


def test_the_drill_page_marks_each_item(client, student, drill):
    solve(student, "sa-follow-1", drill=drill)
    login(client, student)

    text = client.get(f"/en/drills/{drill.pk}/").text

    assert "1/2 solved" in text  # the lesson's two puzzles
    assert "0/1 solved" in text  # the single puzzle
    lesson_item = drill.items.get(lesson__isnull=False)
    assert f'href="/en/drills/{drill.pk}/lessons/{lesson_item.pk}/1/"' in text  # done inside the drill


def test_it_shows_arabic_digits_in_arabic(client, student, drill):
    login(client, student)

    text = client.get("/ar/drills/").text

    assert "٠/٣" in text


def test_the_homes_next_step_is_the_drill_due_soonest(client, student, drill):
    login(client, student)

    text = client.get("/en/").text
    today = text[text.index('class="today"') : text.index("</section>", text.index('class="today"'))]

    assert f'href="/en/drills/{drill.pk}/"' in today and "due 31 January 2030" in today
