"""Who gets what: every view of accounts, classes, drills, dashboards and teachers' puzzles,
asked by each kind of visitor, answers exactly the status it should.

Columns: anonymous, a pupil of the class, a pupil of another class, the class's teacher (its
owner), its co-teacher, another teacher, staff. Anonymous visitors are sent to sign in (302);
pages of another role are refused (403); another class's things do not exist (404); staff read
teacher pages but change nothing (403).
"""

import pytest

from lessons.models import DrillItem, FormKind, FormResult, Invitation, Puzzle, PuzzleAuthor, Source
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.pages import TRICK

ROLES = ("anonymous", "student", "other_student", "teacher", "co_teacher", "other_teacher", "staff")


@pytest.fixture
def teacher_puzzle(world):
    puzzle = Puzzle.objects.create(
        key="t-mine", variant="saudi", task="trick-winner", position=TRICK, answers=["N"],
        prompt_en="Who wins?", source=Source.TEACHER,
    )  # fmt: skip
    PuzzleAuthor.objects.create(puzzle=puzzle, author=world["teacher"])
    return puzzle


def ids(world, teacher_puzzle):
    drill = world["drill"]
    # The teacher's login cards and an invitation of other_teacher, both at the address "made-1234567".
    FormResult.objects.create(
        token=MADE, kind=FormKind.CARDS, user=world["teacher"], classroom=world["classroom"]
    )
    invitation = Invitation.objects.create(
        classroom=world["classroom"], email="other@example.com", token=MADE, invited_by=world["teacher"]
    )
    items = list(DrillItem.objects.filter(drill=drill).order_by("order"))
    return {
        "c": world["classroom"].pk,
        "d": drill.pk,
        "lesson_item": items[0].pk,
        "item": items[1].pk,
        "s": world["student"].pk,
        "co": world["co_teacher"].pk,
        "tp": teacher_puzzle.key,
        "count": Puzzle.objects.get(key="sa-count-1").pk,
        "tok": MADE,
        "inv": invitation.pk,
        "puz": items[1].puzzle_id,
    }


MADE = "made-1234567"
ONCE = "once-1234567"  # a one-time form token not used yet


NEW_PUZZLE = {
    "variant": "saudi", "task": "count", "trump": "H", "seat": "S", "leader": "E",
    "trick1": "9C", "trick2": "JC", "trick3": "7H", "trick4": "AC",
    "prompt": "How many points?", "difficulty": "1", "action": "save",
}  # fmt: skip

ANSWER = {"token": "tok-12345678", "seat": "E"}
LESSON_ANSWER = {"token": "tok-87654321", "card": "KC"}
B = 400  # the solution asked before two wrong answers

A, T, F, N = 302, 200, 403, 404  # for reading the table: Away to sign in, Take it, Forbidden, Not found

# (method, url, post data, expected for ROLES in order)
MATRIX = [
    # Accounts
    ("get", "/en/accounts/signup/", None, (T, A, A, A, A, A, A)),
    ("get", "/en/accounts/login/", None, (T, A, A, A, A, A, A)),
    ("post", "/en/accounts/logout/", {}, (A, A, A, A, A, A, A)),
    ("get", "/en/accounts/password/", None, (A, T, T, T, T, T, T)),
    ("get", "/en/accounts/password/done/", None, (A, T, T, T, T, T, T)),
    ("get", "/en/accounts/password/notice/", None, (A, T, T, T, T, T, T)),
    ("get", "/en/accounts/signup/sent/", None, (T, T, T, T, T, T, T)),
    ("get", "/en/accounts/me/", None, (A, T, T, T, T, T, T)),
    ("get", "/en/accounts/me/data.json", None, (A, T, T, T, T, T, T)),
    ("get", "/en/accounts/me/delete", None, (A, T, T, T, T, T, T)),
    ("get", "/en/accounts/new/", None, (T, A, A, A, A, A, A)),
    ("get", "/en/accounts/password/reset/", None, (T, T, T, T, T, T, T)),
    ("get", "/en/accounts/password/reset/sent/", None, (T, T, T, T, T, T, T)),
    ("get", "/en/accounts/password/reset/MQ/set-password/", None, (T, T, T, T, T, T, T)),
    ("get", "/en/accounts/password/reset/done/", None, (T, T, T, T, T, T, T)),
    # Reminders by email: none without email settings (the tests' default)
    ("get", "/en/accounts/reminders/", None, (A, N, N, N, N, N, N)),
    # The page for teachers
    ("get", "/en/teachers/", None, (T, T, T, T, T, T, T)),
    # Joining
    ("get", "/en/join/", None, (T, T, T, T, T, T, T)),
    ("get", "/en/join/ABC234/", None, (T, A, T, T, T, T, T)),
    ("post", "/en/join/ABC234/", {}, (T, A, A, F, F, F, F)),
    ("get", "/en/join/NOPE99/", None, (N, N, N, N, N, N, N)),
    # Classes
    ("get", "/en/classes/", None, (A, F, F, T, T, T, F)),
    ("post", "/en/classes/", {"name": "New class", "token": ONCE}, (A, F, F, A, A, A, F)),
    ("get", "/en/classes/{c}/", None, (A, T, N, T, T, N, T)),
    ("get", "/en/classes/{c}/welcome/", None, (A, T, N, F, F, N, N)),
    ("get", "/en/classes/{c}/code", None, (A, F, N, T, T, N, F)),
    ("post", "/en/classes/{c}/code", {}, (A, F, N, A, A, N, F)),
    ("post", "/en/classes/{c}/open", {"open": "0"}, (A, F, N, A, A, N, F)),
    ("post", "/en/classes/{c}/teachers", {"email": "other@example.com"}, (A, F, N, A, F, N, F)),
    ("get", "/en/classes/{c}/teachers/{co}/remove", None, (A, F, N, T, F, N, F)),
    ("post", "/en/classes/{c}/teachers/{co}/remove", {}, (A, F, N, A, F, N, F)),
    ("get", "/en/classes/{c}/leave", None, (A, T, N, F, F, N, N)),
    ("get", "/en/classes/{c}/teachers/leave/", None, (A, F, N, F, T, N, F)),
    ("post", "/en/classes/{c}/teachers/leave/", {}, (A, F, N, F, A, N, F)),
    ("post", "/en/classes/{c}/invitations/{inv}/cancel", {}, (A, F, N, A, F, N, F)),
    ("get", "/en/invitations/{tok}/", None, (A, F, F, F, F, T, F)),
    ("post", "/en/invitations/{tok}/", {"answer": "accept"}, (A, F, F, F, F, A, F)),
    ("post", "/en/classes/{c}/leave", {}, (A, A, N, F, F, N, N)),
    ("get", "/en/classes/{c}/archive", None, (A, F, N, T, T, N, F)),
    ("post", "/en/classes/{c}/archive", {}, (A, F, N, A, A, N, F)),
    ("post", "/en/classes/{c}/restore", {}, (A, F, N, A, A, N, F)),
    ("post", "/en/classes/{c}/rename", {"name": "Renamed"}, (A, F, N, A, A, N, F)),
    ("post", "/en/classes/{c}/time-zone", {"time_zone": "Asia/Riyadh"}, (A, F, N, A, A, N, F)),
    ("post", "/en/classes/{c}/announcement", {"announcement": "Hi"}, (A, F, N, A, A, N, F)),
    # The class has a pupil: its owner is told it cannot be deleted (409 for the form sent anyway).
    ("get", "/en/classes/{c}/delete", None, (A, F, N, T, F, N, F)),
    ("post", "/en/classes/{c}/delete", {}, (A, F, N, 409, F, N, F)),
    # Pupils of a class
    ("get", "/en/classes/{c}/students/new/", None, (A, F, N, T, T, N, T)),
    ("post", "/en/classes/{c}/students/new/", {"names": "Ali", "token": ONCE}, (A, F, N, A, A, N, F)),
    ("get", "/en/classes/{c}/cards/{tok}/", None, (A, F, N, T, N, N, N)),
    ("get", "/en/classes/{c}/cards/", None, (A, F, N, T, T, N, T)),
    ("get", "/en/classes/{c}/cards/new-passwords", None, (A, F, N, T, T, N, F)),
    ("post", "/en/classes/{c}/cards/new-passwords", {}, (A, F, N, A, A, N, F)),
    ("get", "/en/classes/{c}/students/{s}/", None, (A, F, N, T, T, N, T)),
    ("get", "/en/classes/{c}/students/{s}/password", None, (A, F, N, T, T, N, F)),
    ("post", "/en/classes/{c}/students/{s}/password", {"token": ONCE}, (A, F, N, A, A, N, F)),
    ("get", "/en/classes/{c}/students/{s}/remove", None, (A, F, N, T, T, N, F)),
    ("post", "/en/classes/{c}/students/{s}/remove", {}, (A, F, N, A, A, N, F)),
    ("post", "/en/classes/{c}/students/{s}/restore", {}, (A, F, N, A, A, N, F)),
    # Dashboards
    ("get", "/en/classes/{c}/dashboard/", None, (A, F, N, T, T, N, T)),
    ("get", "/en/classes/{c}/dashboard/puzzles/", None, (A, F, N, T, T, N, T)),
    ("get", "/en/classes/{c}/dashboard.csv", None, (A, F, N, T, T, N, T)),
    ("get", "/en/classes/{c}/dashboard.xlsx", None, (A, F, N, T, T, N, T)),
    ("get", "/en/classes/{c}/dashboard/puzzles/{puz}/", None, (A, F, N, T, T, N, T)),
    # Drills: making them
    ("get", "/en/classes/{c}/drills/new/", None, (A, F, N, T, T, N, T)),
    ("post", "/en/classes/{c}/drills/new/", {"title": "Week 2"}, (A, F, N, A, A, N, F)),
    ("get", "/en/drills/{d}/edit/", None, (A, F, N, T, T, N, T)),
    ("post", "/en/drills/{d}/edit/", {"title": "Renamed"}, (A, F, N, A, A, N, F)),
    ("post", "/en/drills/{d}/items/add", {"puzzle": "{count}"}, (A, F, N, A, A, N, F)),
    ("post", "/en/drills/{d}/items/{item}/move", {"direction": "up"}, (A, F, N, A, A, N, F)),
    ("post", "/en/drills/{d}/items/{item}/remove", {}, (A, F, N, A, A, N, F)),
    ("get", "/en/drills/{d}/archive", None, (A, F, N, T, T, N, F)),
    ("post", "/en/drills/{d}/archive", {}, (A, F, N, A, A, N, F)),
    ("post", "/en/drills/{d}/restore", {}, (A, F, N, A, A, N, F)),
    ("post", "/en/drills/{d}/publish", {}, (A, F, N, A, A, N, F)),
    ("get", "/en/drills/{d}/fill/", None, (A, F, N, A, A, N, A)),  # no fill: to the editor
    ("post", "/en/drills/{d}/fill/again", {}, (A, F, N, A, A, N, F)),
    ("post", "/en/drills/{d}/copy", {"classroom": "{c}", "token": ONCE}, (A, F, N, A, A, N, F)),
    # Drills: doing them
    ("get", "/en/drills/", None, (A, T, T, F, F, F, F)),
    ("get", "/en/drills/{d}/", None, (A, T, N, T, T, N, T)),
    ("get", "/en/drills/{d}/puzzles/{item}/", None, (A, T, N, T, T, N, T)),
    ("get", "/en/drills/{d}/puzzles/{lesson_item}/", None, (A, N, N, N, N, N, N)),
    ("post", "/en/drills/{d}/puzzles/{item}/answer", ANSWER, (A, T, N, T, T, N, T)),
    ("post", "/en/drills/{d}/puzzles/{item}/hint", {}, (A, T, N, T, T, N, T)),
    ("post", "/en/drills/{d}/puzzles/{item}/solution", "two wrong answers", (A, T, N, T, T, N, T)),
    ("get", "/en/drills/{d}/lessons/{lesson_item}/1/", None, (A, T, N, T, T, N, T)),
    ("get", "/en/drills/{d}/lessons/{item}/1/", None, (A, N, N, N, N, N, N)),
    ("post", "/en/drills/{d}/lessons/{lesson_item}/2/answer", LESSON_ANSWER, (A, T, N, T, T, N, T)),
    ("post", "/en/drills/{d}/lessons/{lesson_item}/2/hint", {}, (A, T, N, T, T, N, T)),
    ("post", "/en/drills/{d}/lessons/{lesson_item}/2/solution", {}, (A, B, N, B, B, N, B)),
    # Teachers' puzzles
    ("get", "/en/puzzles/", None, (A, F, F, T, T, T, F)),
    ("get", "/en/puzzles/new/", None, (A, F, F, T, T, T, F)),
    ("post", "/en/puzzles/new/", NEW_PUZZLE, (A, F, F, A, A, A, F)),
    ("post", "/en/puzzles/check", NEW_PUZZLE, (A, F, F, T, T, T, F)),
    ("get", "/en/puzzles/{tp}/", None, (A, F, F, T, N, N, T)),
    ("get", "/en/puzzles/{tp}/edit/", None, (A, F, F, T, N, N, F)),
    ("post", "/en/puzzles/{tp}/edit/", NEW_PUZZLE, (A, F, F, A, N, N, F)),
    ("post", "/en/puzzles/{tp}/add", {"drill": "{d}"}, (A, F, F, A, N, N, F)),
    ("post", "/en/puzzles/{tp}/delete", {}, (A, F, F, A, N, N, F)),
]

CASES = [
    pytest.param(method, url, data, role, expected[i], id=f"{method} {url} as {role}")
    for method, url, data, expected in MATRIX
    for i, role in enumerate(ROLES)
]


def _fill(value, values):
    return value.format(**values) if isinstance(value, str) else value


def _wrong_twice(client, url):
    for token in ("wrong-0000001", "wrong-0000002"):
        client.post(url + "answer", {"token": token, "seat": "E"})


@pytest.mark.parametrize(("method", "url", "data", "role", "expected"), CASES)
def test_it_answers_each_visitor_with_the_right_status(
    client, world, teacher_puzzle, method, url, data, role, expected
):
    values = ids(world, teacher_puzzle)
    if role != "anonymous":
        login(client, world[role])
    url = _fill(url, values)
    if data == "two wrong answers":
        _wrong_twice(client, url.removesuffix("solution"))
        data = {}
    if method == "get":
        response = client.get(url)
    else:
        response = client.post(url, {k: _fill(v, values) for k, v in data.items()})
    assert response.status_code == expected, response.content[:300]
    if expected == 302 and role == "anonymous" and "logout" not in url:
        assert response["Location"].startswith("/en/accounts/login/")


def test_every_view_of_classes_is_in_the_matrix():
    from lessons.classroom import urls as urls_classes

    names = {p.name for p in urls_classes.urlpatterns}
    tested = {url for _, url, _, _ in MATRIX}
    patterns = {str(p.pattern) for p in urls_classes.urlpatterns}
    assert len(names) == len(urls_classes.urlpatterns)
    # Each pattern has at least one row (placeholders as in the matrix).
    normalized = {
        pattern.replace("<id:class_id>", "{c}")
        .replace("<id:drill_id>", "{d}")
        .replace("<id:user_id>", "{s}")
        .replace("<str:code>", "ABC234")
        .replace("<slug:key>", "{tp}")
        .replace("<int:n>", "1")
        .replace("<slug:token>", "{tok}")
        .replace("<id:invitation_id>", "{inv}")
        .replace("<id:puzzle_id>", "{puz}")
        .replace("<uidb64>/<token>", "MQ/set-password")
        for pattern in patterns
    }
    rows = {
        url.removeprefix("/en/")
        .replace("{co}", "{s}")
        .replace("NOPE99", "ABC234")
        .replace("{lesson_item}", "<id:item_id>")
        .replace("{item}", "<id:item_id>")
        .replace("/2/", "/1/")
        for url in tested
    }
    assert normalized <= rows, sorted(normalized - rows)
