"""The dashboard as CSV: UTF-8 with a byte-order mark, one row per pupil and drill."""

import csv
import io
from urllib.parse import unquote

import openpyxl

from lessons.models import Attempt, Puzzle
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login, make_student


def test_it_starts_with_a_byte_order_mark_and_keeps_arabic_and_persian_names(client, teacher, student, drill):
    make_student("bbb222", "مریم", drill.classroom)
    login(client, teacher)

    response = client.get(f"/en/classes/{drill.classroom_id}/dashboard.csv")

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="riyadh-club-')
    assert response.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:3] == ["Pupil", "Username", "Drill"]
    assert {r[0] for r in rows[1:]} == {"سارة", "مریم"}
    assert len(rows) == 3


def test_its_rows_carry_the_figures(client, teacher, student, drill):
    Attempt.objects.create(
        puzzle=Puzzle.objects.get(key="sa-winner-1"), session_key="s", user=student, answer="W", correct=True,
        seconds=90, token="t-1", drill=drill,
    )  # fmt: skip
    login(client, teacher)

    rows = list(csv.reader(io.StringIO(client.get(f"/en/classes/{drill.classroom_id}/dashboard.csv").text)))

    header, row = rows[0], rows[1]
    values = dict(zip(header, row, strict=True))
    assert values["Drill"] == "Follow suit"
    assert values["Due"] == "2030-01-31"
    assert (values["Puzzles solved"], values["Puzzles"], values["Done"]) == ("1", "3", "no")
    assert values["Accuracy (%)"] == "100"
    assert values["Time (minutes)"] == "2"
    assert values["Late"] == "no"


def test_its_headers_follow_the_language(client, teacher, student, drill):
    login(client, teacher)

    text = client.get(f"/fr/classes/{drill.classroom_id}/dashboard.csv").content.decode("utf-8-sig")

    assert text.splitlines()[0].startswith("Élève")


def test_a_name_cannot_become_a_spreadsheet_formula(client, teacher, drill):
    make_student("bbb222", "=HYPERLINK(1)", drill.classroom)
    login(client, teacher)

    text = client.get(f"/en/classes/{drill.classroom_id}/dashboard.csv").content.decode("utf-8-sig")

    assert "'=HYPERLINK(1)" in text


def test_it_is_named_after_the_class_even_in_arabic(client, teacher, classroom):
    classroom.name = "نادي الرياض"
    classroom.save()
    login(client, teacher)

    disposition = client.get(f"/en/classes/{classroom.pk}/dashboard.csv")["Content-Disposition"]

    ascii_name, own_name = disposition.split("; ")[1:]
    assert ascii_name.startswith(f'filename="class-{classroom.pk}-') and ascii_name.isascii()
    assert own_name.startswith("filename*=UTF-8''")
    assert unquote(own_name.removeprefix("filename*=UTF-8''")).startswith("نادي-الرياض-")


def test_french_gets_semicolons_and_english_commas_both_read_back(client, teacher, student, drill):
    Attempt.objects.create(
        puzzle=Puzzle.objects.get(key="sa-winner-1"), session_key="s", user=student, answer="E",
        correct=False, token="t-1", drill=drill,
    )  # fmt: skip
    login(client, teacher)
    url = f"/{{}}/classes/{drill.classroom_id}/dashboard.csv"

    french = client.get(url.format("fr")).content.decode("utf-8-sig")
    english = client.get(url.format("en")).content.decode("utf-8-sig")

    assert french.splitlines()[0].count(";") > 10
    fr_rows = list(csv.reader(io.StringIO(french), delimiter=";"))
    en_rows = list(csv.reader(io.StringIO(english)))
    assert len(fr_rows[0]) == len(en_rows[0]) == len(fr_rows[1])
    values = dict(zip(en_rows[0], en_rows[1], strict=True))
    assert (values["Right at the first try"], values["Answers given"]) == ("0", "1")
    assert values["Last answer"][:4].isdigit()


def test_the_puzzle_sheet_names_the_wrong_answers_and_who_gave_them(client, teacher, student, drill):
    Attempt.objects.create(
        puzzle=Puzzle.objects.get(key="sa-winner-1"), session_key="s", user=student, answer="E",
        correct=False, token="t-1", drill=drill,
    )  # fmt: skip
    login(client, teacher)

    text = client.get(f"/en/classes/{drill.classroom_id}/dashboard.csv?sheet=puzzles").content.decode(
        "utf-8-sig"
    )

    rows = {r[1]: r for r in csv.reader(io.StringIO(text))}
    assert rows["sa-winner-1"][2] == "1" and "سارة" in rows["sa-winner-1"][6]


def test_the_workbook_opens_with_a_pupil_sheet_and_a_puzzle_sheet(client, teacher, student, drill):
    student.account.display_name = "=cmd|' /C calc'!A0"  # a formula must stay text
    student.account.save()
    login(client, teacher)

    response = client.get(f"/fr/classes/{drill.classroom_id}/dashboard.xlsx")

    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    assert 'filename="riyadh-club-' in response["Content-Disposition"]
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    _grid, pupils, puzzles = book.worksheets
    assert (pupils.title, puzzles.title) == ("Élèves", "Problèmes")
    rows = list(pupils.values)
    assert rows[0][:3] == ("Élève", "Identifiant", "Entraînement")
    assert rows[1][0] == "'=cmd|' /C calc'!A0" and rows[1][2] == "Follow suit"
    assert {r[1] for r in list(puzzles.values)[1:]} >= {"sa-winner-1"}
