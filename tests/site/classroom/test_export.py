"""The dashboard as CSV: UTF-8 with a byte-order mark, one row per pupil and drill."""

import csv
import io

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
