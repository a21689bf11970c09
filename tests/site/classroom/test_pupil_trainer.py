"""A pupil's puzzle trainer, as their teachers see it: on the pupil's page, on the class dashboard
and in its CSV; only for the class's teachers, in the page's language."""

import csv
import datetime as dt
import html
import io
import re

import pytest
from django.db import connection
from django.template.defaultfilters import date as date_filter
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from lessons.models import TrainerPlay, TrainerRating
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login, make_student
from tests.site.trainer.puzzles import make_generated

START = timezone.make_aware(dt.datetime(2026, 3, 1, 10, 0))


def play(rating, key, success, change, minutes, helped=False, cleared=None, themes=("follow-suit",)):
    """A rated trainer answer ``minutes`` after START, moving the rating by ``change`` points."""
    puzzle = make_generated(key, variant=rating.variant, themes=themes)
    when = START + dt.timedelta(minutes=minutes)
    return TrainerPlay.objects.create(
        learner=rating, puzzle=puzzle, success=success, helped=helped,
        rating_before=1500.0, rating_after=1500.0 + change,
        cleared=success if cleared is None else cleared, created=when, updated=when,
    )  # fmt: skip


@pytest.fixture
def trained(student):
    """The pupil trained in Saudi Baloot (settled rating) and French Belote (provisional)."""
    saudi = TrainerRating.objects.create(
        user=student, variant="saudi", rating=1620.4, deviation=80.0,
        streak=3, best_streak=5, played=7, won=5, updated=START,
    )  # fmt: skip
    french = TrainerRating.objects.create(
        user=student, variant="french", rating=1479.6, deviation=200.0,
        streak=0, best_streak=1, played=3, won=1, updated=START,
    )  # fmt: skip
    play(saudi, "gen-sa-1", True, 12, minutes=1)
    play(saudi, "gen-sa-2", False, -9.4, minutes=2)
    play(french, "gen-fr-1", False, -15, minutes=3, cleared=True)  # solved later, on a replay
    play(french, "gen-fr-2", False, -11, minutes=4, helped=True)
    return {"saudi": saudi, "french": french}


def student_page(client, classroom, pupil, lang="en"):
    return client.get(f"/{lang}/classes/{classroom.pk}/students/{pupil.pk}/")


def shown_date(when):
    with translation.override("en"):
        return date_filter(timezone.localtime(when), "SHORT_DATETIME_FORMAT")


def section(text):
    return re.search(r'<section id="pupil-trainer".*?</section>', text, re.S).group(0)


def cells(row_html):
    """The text of each cell of a table row, tags and surrounding spaces removed."""
    found = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row_html, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", c)).split()) for c in found]


def rows(table_html):
    body = re.search(r"<tbody>(.*?)</tbody>", table_html, re.S).group(1)
    return [cells(r) for r in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


# ---------------------------------------------------------------- the pupil's page


def test_it_shows_the_pupils_figures_in_each_game(client, teacher, classroom, student, trained):
    login(client, teacher)

    text = section(student_page(client, classroom, student).text)

    figures = rows(re.search(r'<table class="data trainer-figures">.*?</table>', text, re.S).group(0))
    saudi, french = figures
    assert saudi[:7] == ["Saudi Baloot", "1620", "3", "5", "7", "5", "1"]
    assert french[:7] == ["French Belote", "1480 (provisional)", "0", "1", "3", "1", "1"]
    # The last activity is the latest answer in that game.
    assert saudi[7] == shown_date(START + dt.timedelta(minutes=2))
    assert french[7] == shown_date(START + dt.timedelta(minutes=4))


@pytest.fixture
def themed(student):
    """The pupil met rule drills and endgame themes in Saudi Baloot and one theme in French Belote."""
    saudi = TrainerRating.objects.create(user=student, variant="saudi", played=5, won=2, updated=START)
    french = TrainerRating.objects.create(user=student, variant="french", played=1, won=1, updated=START)
    play(saudi, "gen-th-1", True, 9, minutes=1, themes=("cash", "short-endgame"))
    play(saudi, "gen-th-2", False, -9, minutes=2, themes=("cash",))
    play(saudi, "gen-th-3", False, -9, minutes=3, themes=("cash", "overruff"), helped=True)
    play(saudi, "gen-th-4", True, 9, minutes=4, themes=("legal-cards",))
    play(saudi, "gen-th-5", True, 9, minutes=5, themes=("follow-suit",))  # not a trainer theme
    play(french, "gen-th-6", True, 9, minutes=6, themes=("overruff",))
    return {"saudi": saudi, "french": french}


def theme_tables(text):
    """Each variant's theme table on the pupil's page: its caption, then its rows."""
    found = re.findall(r'<table class="data trainer-themes">(.*?)</table>', text, re.S)
    return {
        " ".join(re.search(r"<caption[^>]*>(.*?)</caption>", t, re.S).group(1).split()): rows(t)
        for t in found
    }


def test_it_shows_the_pupils_success_on_each_theme_met(client, teacher, classroom, student, themed):
    login(client, teacher)

    text = section(student_page(client, classroom, student).text)

    # In the theme page's order (rule drills, then endgames), named as the trainer names them;
    # a hinted answer is not solved first time, and a tag that is not a trainer theme is left out.
    assert "Success by theme" in text
    assert theme_tables(text) == {
        "Saudi Baloot": [
            ["Legal cards", "1 of 1"],
            ["Last two tricks", "1 of 1"],
            ["Cashing a winner", "1 of 3"],
            ["Overruffing", "0 of 1"],
        ],
        "French Belote": [["Overruffing", "1 of 1"]],
    }


def test_the_theme_success_counts_as_the_trainers_theme_page(client, teacher, classroom, student, themed):
    # The learner's own theme page, signed in as the pupil, says the same figures.
    login(client, student)
    page = client.get("/en/train/saudi/themes/").text
    cash = re.search(r'value="cash".*?</li>', page, re.S).group(0)
    assert "solved 1 of 3" in cash

    login(client, teacher)
    saudi = theme_tables(section(student_page(client, classroom, student).text))["Saudi Baloot"]
    assert ["Cashing a winner", "1 of 3"] in saudi


def test_a_pupil_who_met_no_theme_has_no_theme_table(client, teacher, classroom, student, trained):
    login(client, teacher)

    text = section(student_page(client, classroom, student).text)

    assert "Success by theme" not in text and "trainer-themes" not in text


def test_the_theme_success_takes_one_query_whatever_the_pupil_met(
    client, teacher, classroom, student, trained
):
    login(client, teacher)
    url = f"/en/classes/{classroom.pk}/students/{student.pk}/"
    client.get(url)
    with CaptureQueriesContext(connection) as before:
        client.get(url)
    for variant in ("saudi", "moroccan", "french"):
        rating, _created = TrainerRating.objects.get_or_create(
            user=student, variant=variant, defaults={"played": 1}
        )
        for n, theme in enumerate(("cash", "duck", "legal-cards", "bidding")):
            play(rating, f"gen-q-{variant}-{n}", n % 2 == 0, 5, minutes=10 + n, themes=(theme,))

    with CaptureQueriesContext(connection) as after:
        text = section(client.get(url).text)

    assert len(theme_tables(text)) == 3
    assert len(after) == len(before)
    themes = [q["sql"] for q in after.captured_queries if '"puzzle__themes"' in q["sql"]]
    assert len(themes) == 1  # every variant's themes in one query


def test_it_lists_the_latest_rated_answers_newest_first(client, teacher, classroom, student, trained):
    login(client, teacher)

    text = section(student_page(client, classroom, student).text)

    recent = rows(re.search(r'<table class="data trainer-recent">.*?</table>', text, re.S).group(0))
    keys = [re.search(r"gen-\S+", r[2]).group(0) for r in recent]
    assert keys == ["gen-fr-2", "gen-fr-1", "gen-sa-2", "gen-sa-1"]
    assert [r[1] for r in recent] == ["French Belote", "French Belote", "Saudi Baloot", "Saudi Baloot"]
    assert all(r[2].startswith("Which card do you play?") for r in recent)  # the puzzle's title
    assert [r[3] for r in recent] == [
        "✘ failed: a hint or the solution was seen",
        "✘ wrong · solved on a replay",
        "✘ wrong",
        "✔ right",
    ]
    assert [r[4] for r in recent] == ["\u221211", "\u221215", "\u22129", "+12"]


def test_it_shows_at_most_twenty_answers(client, teacher, classroom, student):
    rating = TrainerRating.objects.create(user=student, variant="saudi", played=25)
    for n in range(25):
        play(rating, f"gen-many-{n}", True, 5, minutes=n)
    login(client, teacher)

    text = section(student_page(client, classroom, student).text)

    assert text.count("gen-many-") == 20
    assert "gen-many-24" in text and "gen-many-4<" not in text


def test_a_pupil_who_never_trained_has_no_figures(client, teacher, classroom, student):
    # Opening the trainer makes a rating; answering nothing leaves it out of the teacher's pages.
    TrainerRating.objects.create(user=student, variant="saudi")
    login(client, teacher)

    text = section(student_page(client, classroom, student).text)

    assert "No puzzle answered in the trainer yet." in text
    assert "<table" not in text


def test_another_pupils_or_a_browsers_ratings_are_not_shown(client, teacher, classroom, student, trained):
    other = make_student("zzz999", "Zainab", classroom)
    TrainerRating.objects.create(user=None, session_key="anon", variant="moroccan", rating=1900, played=4)
    login(client, teacher)

    text = section(student_page(client, classroom, other).text)

    assert "No puzzle answered in the trainer yet." in text


def test_only_the_classs_teachers_see_a_pupils_trainer(
    client, teacher, co_teacher, other_teacher, classroom, other_classroom, student, trained
):
    login(client, co_teacher)
    assert "1620" in section(student_page(client, classroom, student).text)

    login(client, other_teacher)
    assert student_page(client, classroom, student).status_code == 404
    assert student_page(client, other_classroom, student).status_code == 404
    assert "1620" not in client.get(f"/en/classes/{other_classroom.pk}/dashboard/").text
    assert client.get(f"/en/classes/{classroom.pk}/dashboard.csv").status_code == 404

    login(client, student)
    assert student_page(client, classroom, student).status_code == 403


# ---------------------------------------------------------------- the class dashboard


def dashboard_cells(client, classroom, lang="en"):
    """Each pupil's trainer cell on the dashboard, by name."""
    text = client.get(f"/{lang}/classes/{classroom.pk}/dashboard/").text
    grid = text[text.index('class="data matrix"') :]  # not the drills' summary above it
    found = re.findall(
        r'<th scope="row"><a [^>]*>(.*?)</a>(?: <span class="username"[^>]*>[^<]*</span>)?'
        r'(?: <span class="last-seen">[^<]*</span>)?</th>'
        r'.*?<td class="trainer-ratings">(.*?)</td>',
        grid,
        re.S,
    )
    return {name: cells(f"<td>{cell}</td>")[0] for name, cell in found}, text


def test_the_dashboard_shows_each_pupils_ratings(client, teacher, classroom, student, drill, trained):
    make_student("zzz999", "Zainab", classroom)
    login(client, teacher)

    shown, text = dashboard_cells(client, classroom)

    assert shown == {
        "سارة": "Saudi Baloot 1620 · French Belote 1480 (provisional)",
        "Zainab": "– Not trained yet",
    }
    assert ">Puzzle trainer</th>" in text


def test_the_dashboard_lists_the_pupils_of_a_class_without_drills(
    client, teacher, classroom, student, trained
):
    login(client, teacher)

    shown, text = dashboard_cells(client, classroom)

    assert "No drill yet." in text
    assert shown == {"سارة": "Saudi Baloot 1620 · French Belote 1480 (provisional)"}


def test_the_dashboard_takes_one_query_more_whatever_the_pupils_trained(
    client, teacher, classroom, student, drill, trained
):
    login(client, teacher)
    url = f"/en/classes/{classroom.pk}/dashboard/"
    client.get(url)
    with CaptureQueriesContext(connection) as before:
        client.get(url)
    for n in range(6):
        pupil = make_student(f"many{n}", f"Pupil {n}", classroom)
        for variant in ("saudi", "moroccan", "french"):
            rating = TrainerRating.objects.create(user=pupil, variant=variant, played=1)
            play(rating, f"gen-{n}-{variant}", True, 8, minutes=n)

    with CaptureQueriesContext(connection) as after:
        client.get(url)

    assert len(after) == len(before)
    trainer = [q["sql"] for q in after.captured_queries if "trainerrating" in q["sql"]]
    assert len(trainer) == 1


# ---------------------------------------------------------------- the CSV


def csv_rows(client, classroom, lang="en"):
    content = client.get(f"/{lang}/classes/{classroom.pk}/dashboard.csv").content.decode("utf-8-sig")
    # French spreadsheets expect a semicolon between the columns.
    table = list(csv.reader(io.StringIO(content), delimiter=";" if lang == "fr" else ","))
    return [dict(zip(table[0], row, strict=True)) for row in table[1:]], table[0]


def test_the_csv_carries_the_ratings(client, teacher, classroom, student, drill, trained):
    make_student("zzz999", "Zainab", classroom)
    login(client, teacher)

    rows_, header = csv_rows(client, classroom)

    assert header[-6:] == [
        "Trainer rating (Saudi Baloot)",
        "Trainer puzzles answered (Saudi Baloot)",
        "Trainer rating (Moroccan Belote)",
        "Trainer puzzles answered (Moroccan Belote)",
        "Trainer rating (French Belote)",
        "Trainer puzzles answered (French Belote)",
    ]
    by_name = {r["Pupil"]: r for r in rows_}
    sara = by_name["سارة"]
    assert [sara[h] for h in header[-6:]] == ["1620", "7", "", "", "1480", "3"]
    assert [by_name["Zainab"][h] for h in header[-6:]] == [""] * 6


def test_a_class_without_drills_still_exports_the_ratings(client, teacher, classroom, student, trained):
    login(client, teacher)

    rows_, _header = csv_rows(client, classroom)

    assert len(rows_) == 1
    assert rows_[0]["Pupil"] == "سارة" and rows_[0]["Drill"] == ""
    assert rows_[0]["Trainer rating (Saudi Baloot)"] == "1620"


def test_the_csv_headers_follow_the_language(client, teacher, classroom, student, drill, trained):
    login(client, teacher)

    _rows, header = csv_rows(client, classroom, "fr")

    assert "Classement aux problèmes à la chaîne (Baloot saoudien)" in header


# ---------------------------------------------------------------- languages


@pytest.mark.parametrize(("lang", "digits"), [("ar", "١٦٢٠"), ("fa", "۱۶۲۰"), ("fr", "1620")])
def test_the_pages_speak_the_pages_language(
    client, teacher, classroom, student, drill, trained, lang, digits
):
    login(client, teacher)

    page = student_page(client, classroom, student, lang).text
    shown, dashboard = dashboard_cells(client, classroom, lang)

    ours = section(page)
    for english in (
        "Success by theme",
        "Puzzles answered",
        "Solved first time",
        "Last activity",
        "Rating change",
        "solved on a replay",
    ):
        assert english not in ours
    assert digits in ours and digits in shown["سارة"]
    if lang != "fr":
        # Figures, dates and rating changes in native digits (a puzzle's key is a code, left as it is).
        text = re.sub(r"<[^>]+>", " ", re.sub(r'<span class="key".*?</span>', "", ours))
        assert not re.search(r"[0-9]", text)
    assert ('dir="rtl"' in page) == (lang in ("ar", "fa"))
    assert ('dir="rtl"' in dashboard) == (lang in ("ar", "fa"))


@pytest.mark.parametrize(
    ("lang", "cash", "figures"),
    [
        ("ar", "صرف الورقة الرابحة", "١ من ٣"),
        ("fa", "نقد کردن کارت برنده", "۱ از ۳"),
        ("fr", "Encaisser un maître", "1 sur 3"),
    ],
)
def test_the_themes_are_named_in_the_pages_language(
    client, teacher, classroom, student, themed, lang, cash, figures
):
    login(client, teacher)

    tables = theme_tables(section(student_page(client, classroom, student, lang).text))

    saudi = next(iter(tables.values()))
    assert [cash, figures] in saudi
    assert "Legal cards" not in str(saudi)
