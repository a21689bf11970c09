"""A class table: the teacher opens it for a class, pupils sit, the teacher watches every hand open,
pauses the table with a note for everyone, and finds each pupil's hands and reviews afterwards."""

from __future__ import annotations

import pytest
from django.test import Client

from lessons.models import LiveTable
from tests.site.classroom.base import login, make_class, make_student, make_teacher
from tests.site.tables.helpers import codes_in_hand_section, held, legal_move, sit, state, to_act

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_a_class_table_watched_paused_and_reported_by_its_teacher():
    teacher = make_teacher("t@example.com", "Mme Haddad")
    classroom = make_class(teacher, "Riyadh club", "ABC234")
    pupils = [make_student("p1", "سارة", classroom), make_student("p2", "Omar", classroom)]
    t, a, b = Client(), Client(), Client()
    login(t, teacher)
    login(a, pupils[0])
    login(b, pupils[1])
    # Only a teacher is offered their classes; a class of another teacher is refused.
    assert b'name="classroom"' in t.get("/en/tables/").content
    assert b'name="classroom"' not in a.get("/en/tables/").content
    assert (
        a.post("/en/tables/", {"variant": "saudi", "level": "random", "classroom": classroom.pk}).status_code
        == 400
    )
    response = t.post("/en/tables/", {"variant": "saudi", "level": "random", "classroom": classroom.pk})
    table = LiveTable.objects.get(code=response["Location"].rstrip("/").split("/")[-1])
    assert table.classroom == classroom
    url = f"/en/t/{table.code}/"
    # The teacher seats the first pupil (a pupil may not); the second sits down herself.
    seat_form = {"action": "seat-pupil", "pupil": pupils[0].pk, "seat": "S", "move": 0}
    assert a.post(f"{url}act", seat_form).status_code == 400
    assert 'id="seat-pupil"' in t.get(url).content.decode()
    assert t.post(f"{url}act", seat_form).status_code == 302
    assert t.post(f"{url}act", {**seat_form, "seat": "E"}).status_code == 400  # seated already
    sit(b, table, "N", "Omar")

    # The teacher sees every hand; a pupil only their own, and no teacher's panel.
    page = t.get(url).content.decode()
    assert 'id="teacher-view"' in page and page.count("data-open-hand") == 4
    for seat in ("S", "E", "N", "W"):
        assert all(f'data-card="{c}"' in page for c in held(table, seat))
    pupil_page = a.get(url).content.decode()
    assert 'id="teacher-view"' not in pupil_page and codes_in_hand_section(pupil_page) == held(table, "S")

    # A pupil may not pause; the teacher pauses with a note that everybody sees, and no move is made.
    assert a.post(f"{url}act", {"action": "pause", "note": "x", "move": 0}).status_code == 400
    assert (
        t.post(f"{url}act", {"action": "pause", "note": "Count the trumps here.", "move": 0}).status_code
        == 302
    )
    assert "Count the trumps here." in b.get(url).content.decode()
    seat = to_act(table)
    assert seat is not None
    mover = {"S": a, "N": b}[str(seat)]
    move = state(table).game.move
    paused = mover.post(f"{url}act", {**legal_move(table, seat), "move": move})
    assert paused.status_code == 400 and b"paused" in paused.content
    assert t.post(f"{url}act", {"action": "resume", "move": 0}).status_code == 302

    # A whole hand, then each pupil's hands and reviews on the teacher's page of the pupil.
    clients = {"S": a, "N": b}
    for _ in range(60):
        seat = to_act(table)
        if seat is None:
            break
        clients[str(seat)].post(f"{url}act", {**legal_move(table, seat), "move": state(table).game.move})
    result = state(table).record["result"]
    if result.get("void"):
        return
    report = t.get(f"/en/classes/{classroom.pk}/students/{pupils[0].pk}/").content.decode()
    assert "No finished hand at the practice table yet." not in report
    # The hand is named by its table, with its replay and the pupil's review a click away.
    assert f"Table {table.code}" in report
    assert f'href="{url}game/1/hand/1/"' in report and f'href="{url}game/1/hand/1/review?seat=S"' in report
    assert t.get(f"{url}game/1/hand/1/review?seat=N").status_code == 200
    assert a.get(f"{url}game/1/hand/1/review?seat=N").status_code == 200  # her own (the seat is hers)
    assert Client().get(f"{url}game/1/hand/1/review?seat=N").status_code == 404
