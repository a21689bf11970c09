"""A class at a glance: each drill summed up and sortable, the rules the class gets wrong this week
with a drill of each, mistakes told to the teacher in words, the class's time zone, the grid as
a spreadsheet."""

import csv
import datetime as dt
import io
import re

import openpyxl
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from lessons.models import Attempt, Drill, Puzzle
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login, make_student


def answer(user, key, value, correct, drill=None, when=None):
    n = Attempt.objects.count()
    return Attempt.objects.create(
        puzzle=Puzzle.objects.get(key=key), session_key="s", user=user, answer=value, correct=correct,
        seconds=10, token=f"g-{n}", drill=drill, created=when or timezone.now() - dt.timedelta(minutes=n),
    )  # fmt: skip


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


# ---------------------------------------------------------------- each drill at a glance


def test_each_drill_is_summed_up_in_words_and_figures(client, teacher, student, drill):
    make_student("bbb222", "Zainab", drill.classroom)
    answer(student, "sa-winner-1", "W", True, drill=drill)
    login(client, teacher)

    text = words(client.get(f"/en/classes/{drill.classroom_id}/dashboard/").text)

    assert "1 of 2 started, 0 finished" in text
    assert "Share right" in text and "100%" in text


def test_the_summary_sorts_by_status_through_plain_links(client, teacher, student, drill):
    late = Drill.objects.create(classroom=drill.classroom, title="Already late")
    late.due = timezone.localdate() - dt.timedelta(days=2)
    late.save()
    login(client, teacher)
    url = f"/en/classes/{drill.classroom_id}/dashboard/"

    oldest_first = client.get(url).text
    late_first = client.get(url + "?sort=late").text
    tampered = client.get(url + "?sort=%27%3Bdrop").text

    summary = re.compile(r'<table class="data glance".*?</table>', re.S)
    assert summary.search(oldest_first)[0].index("Follow suit") < summary.search(oldest_first)[0].index(
        "Already late"
    )
    assert summary.search(late_first)[0].index("Already late") < summary.search(late_first)[0].index(
        "Follow suit"
    )
    assert 'href="?sort=late#glance-h2"' in oldest_first  # no script needed
    assert summary.search(tampered)[0] == summary.search(oldest_first)[0]


# ---------------------------------------------------------------- what the class gets wrong


def test_the_rules_broken_this_week_are_named_counted_and_made_into_a_drill(client, teacher, student, drill):
    zainab = make_student("bbb222", "Zainab", drill.classroom)
    answer(student, "sa-follow-1", "AS", False, drill=drill)
    answer(student, "sa-follow-1", "AS", False, drill=drill)
    answer(zainab, "sa-follow-1", "AS", False, drill=drill)
    answer(zainab, "sa-winner-1", "E", False, drill=drill, when=timezone.now() - dt.timedelta(days=9))
    login(client, teacher)

    html = client.get(f"/en/classes/{drill.classroom_id}/dashboard/").text
    rules = re.search(r'<ol class="wrong-rules".*?</ol>', html, re.S)[0]

    assert words(rules).count("pupils") == 1  # one rule: the old mistake is not of this week
    assert '<a href="/en/rules/saudi/#rule-play.must-follow">Follow suit</a>' in rules
    assert "2 pupils, 3 mistakes" in words(rules)
    assert f'href="/en/classes/{drill.classroom_id}/drills/new/?theme=legal-cards"' in rules
    assert "Make a drill of this" in rules


def test_a_week_without_mistakes_says_so(client, teacher, student, drill):
    login(client, teacher)

    text = words(client.get(f"/en/classes/{drill.classroom_id}/dashboard/").text)

    assert "No wrong answer in the drills in the last 7 days." in text


# ---------------------------------------------------------------- mistakes in words


def test_the_pupil_page_gives_each_mistake_its_rule_and_a_sentence_about_the_pupil(
    client, teacher, student, drill
):
    answer(student, "sa-follow-1", "AS", False, drill=drill)
    login(client, teacher)

    en = client.get(f"/en/classes/{drill.classroom_id}/students/{student.pk}/").text
    fr = client.get(f"/fr/classes/{drill.classroom_id}/students/{student.pk}/").text

    assert "Chose A♠, which does not follow clubs." in words(en)
    assert '<a href="/en/rules/saudi/#rule-play.must-follow">Follow suit</a>' in en
    assert '<span class="rule-id" dir="ltr" lang="en">play.must-follow</span>' in en
    assert "You must follow" not in en and "sa-follow-1" not in en  # nothing said to the pupil, no raw key
    assert "A choisi A♠, qui ne fournit pas à trèfle." in words(fr)
    assert "Fournir à la couleur" in fr


def test_the_puzzle_report_tells_the_mistake_to_the_teacher_without_raw_keys(client, teacher, student, drill):
    answer(student, "sa-follow-1", "AS", False, drill=drill)
    puzzle = Puzzle.objects.get(key="sa-follow-1")
    login(client, teacher)

    html = client.get(f"/fr/classes/{drill.classroom_id}/dashboard/puzzles/{puzzle.pk}/").text

    assert "A choisi A♠, qui ne fournit pas à trèfle." in words(html)
    assert "Vous devez" not in html and "sa-follow-1" not in html


# ---------------------------------------------------------------- the class's time zone


def test_the_teacher_sets_the_zone_and_a_due_day_stays_that_day(client, teacher, drill):
    drill.due = dt.date(2026, 12, 4)  # a Thursday, due at its end
    drill.save()
    login(client, teacher)

    response = client.post(f"/en/classes/{drill.classroom_id}/time-zone", {"time_zone": "Asia/Riyadh"})

    assert response.status_code == 302
    drill.refresh_from_db()
    drill.classroom.refresh_from_db()
    assert drill.classroom.time_zone == "Asia/Riyadh"
    assert drill.due == dt.date(2026, 12, 4) and drill.due_time is None
    assert drill.due_at == dt.datetime(2026, 12, 4, 21, 0, tzinfo=dt.UTC)  # midnight in Riyadh
    assert "Asia/Riyadh" in client.get(f"/en/classes/{drill.classroom_id}/").text


def test_an_unknown_zone_is_refused_and_changes_nothing(client, teacher, drill):
    login(client, teacher)

    response = client.post(f"/en/classes/{drill.classroom_id}/time-zone", {"time_zone": "Mars/Olympus"})

    assert response.status_code == 400
    assert "Select a valid choice" in response.text
    drill.classroom.refresh_from_db()
    assert drill.classroom.time_zone == ""


def test_a_new_drill_is_due_in_the_class_zone_whatever_the_browser_says(client, teacher, classroom):
    classroom.time_zone = "Europe/Paris"
    classroom.save()
    login(client, teacher)

    client.post(
        f"/en/classes/{classroom.pk}/drills/new/",
        {"title": "Atouts", "due": "2026-12-04", "time_zone": "Asia/Tehran", "form": "details"},
    )

    drill = Drill.objects.get(title="Atouts")
    assert drill.time_zone == "Europe/Paris"
    assert drill.due_at == dt.datetime(2026, 12, 4, 23, 0, tzinfo=dt.UTC)  # midnight in Paris


# ---------------------------------------------------------------- the grid as a spreadsheet


def test_the_grid_csv_has_a_row_per_pupil_and_a_column_per_drill(client, teacher, student, drill):
    make_student("bbb222", "Zainab", drill.classroom)
    drill.classroom.time_zone = "Asia/Riyadh"
    drill.classroom.save()
    drill.time_zone = "Asia/Riyadh"
    drill.due = dt.date(2026, 12, 4)
    drill.save()
    answer(student, "sa-winner-1", "W", True, drill=drill)
    login(client, teacher)

    response = client.get(f"/en/classes/{drill.classroom_id}/dashboard.csv?sheet=grid")

    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["Pupil", "Username", "Last seen", "Follow suit", "Puzzle trainer"]
    assert rows[1][0] == "Due" and rows[1][3] == "2026-12-04 23:59"  # the end of Thursday, in Riyadh
    assert [r[0] for r in rows[2:]] == ["Zainab", "سارة"]
    assert rows[3][3].startswith("Started · 1/")


def test_the_workbook_opens_on_the_grid_with_real_dates_right_to_left_in_arabic(
    client, teacher, student, drill
):
    drill.due = dt.date(2026, 12, 4)
    drill.save()
    answer(student, "sa-winner-1", "W", True, drill=drill)
    login(client, teacher)

    arabic = openpyxl.load_workbook(
        io.BytesIO(client.get(f"/ar/classes/{drill.classroom_id}/dashboard.xlsx").content)
    )
    french = openpyxl.load_workbook(
        io.BytesIO(client.get(f"/fr/classes/{drill.classroom_id}/dashboard.xlsx").content)
    )

    grid = arabic.worksheets[0]
    assert grid["D2"].value == dt.datetime(2026, 12, 4, 23, 59) and grid["D2"].is_date
    assert isinstance(grid["C3"].value, dt.datetime)  # last seen
    assert all(sheet.sheet_view.rightToLeft for sheet in arabic.worksheets)
    assert not any(sheet.sheet_view.rightToLeft for sheet in french.worksheets)
    assert isinstance(french.worksheets[1]["N2"].value, dt.datetime)  # the last answer, one row per drill


def test_the_reminder_and_the_pupil_page_name_the_day_of_the_class_zone(
    client, settings, teacher, student, drill
):
    settings.REMINDERS_BY_EMAIL = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.REMINDER_HOURS = 24 * 400
    student.email = "sara@example.com"
    student.save()
    drill.due = dt.date(2026, 12, 4)  # a drill due "end of Thursday", set in the site's zone (UTC)
    drill.save()
    login(client, teacher)
    client.post(f"/en/classes/{drill.classroom_id}/time-zone", {"time_zone": "America/Toronto"})

    call_command("send_due_reminders", stdout=io.StringIO())
    login(client, student)
    mine = words(client.get("/en/drills/").text)

    [sent] = mail.outbox
    assert "4 December 2026" in sent.subject and "5 December" not in sent.body
    assert "4 December 2026" in mine or "Dec. 4, 2026" in mine


def test_a_wrong_seat_is_told_beside_the_right_one(client, teacher, student, drill):
    answer(student, "sa-winner-1", "E", False, drill=drill)
    puzzle = Puzzle.objects.get(key="sa-winner-1")
    login(client, teacher)

    html = client.get(f"/en/classes/{drill.classroom_id}/dashboard/puzzles/{puzzle.pk}/").text

    assert "Answered East instead of West." in words(html)
