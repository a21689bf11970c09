"""The coach's evaluation at a class table, judged while the hand is played: after each move only the
decisions not judged yet are judged, from each seat's own view; a task run twice, late, or overtaken
by another adds no decision twice; the teacher's page holds it, a pupil's never does."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from engine.cards import Seat
from lessons.models import HandEvaluation, LiveTable
from lessons.practice.tables import evaluation, game
from lessons.practice.tables import tasks as table_tasks
from tests.site.classroom.base import make_class, make_student, make_teacher
from tests.site.tables.helpers import legal_move, sit, state, to_act

pytestmark = pytest.mark.django_db


@pytest.fixture
def class_table() -> tuple[LiveTable, Client, Client]:
    """A Saudi class table, its teacher's client and one pupil's, seated at South."""
    teacher = make_teacher("t@example.com", "Mme Haddad")
    classroom = make_class(teacher, "Riyadh club", "ABC234")
    pupil = make_student("p1", "Sara", classroom)
    t, a = Client(), Client()
    for client, user in ((t, teacher), (a, pupil)):
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = t.post("/en/tables/", {"variant": "saudi", "level": "random", "classroom": classroom.pk})
    table = LiveTable.objects.get(code=response["Location"].rstrip("/").split("/")[-1])
    sit(a, table, "S", "Sara")
    return table, t, a


def play(table: LiveTable, client: Client) -> bool:
    """The pupil's next move (the bots answer it); False when the hand waits for nobody."""
    seat = to_act(table)
    if seat is None:
        return False
    move = {**legal_move(table, seat), "move": state(table).game.move}
    assert client.post(f"/en/t/{table.code}/act", move).status_code == 302
    return True


def current_row() -> HandEvaluation:
    row = HandEvaluation.objects.order_by("-hand").first()
    assert row is not None
    return row


def without_names(decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in d.items() if k != "name"} for d in decisions]


def test_after_each_move_only_the_new_decisions_are_judged(class_table, monkeypatch):
    table, t, a = class_table
    judged: list[str] = []
    real_judge = evaluation.judge

    def counting_judge(view: Any, said: str, *args: Any) -> Any:
        judged.append(said)
        return real_judge(view, said, *args)

    monkeypatch.setattr(evaluation, "judge", counting_judge)
    before = len(current_row().result.get("decisions", []))  # the bots' calls before the pupil's turn
    moves = 0
    while moves < 6 and play(table, a):
        moves += 1
        row = current_row()
        actions = state(table).records[row.hand - 1]["actions"]
        decisions = row.result["decisions"]
        # Every action looked at, each decision judged once, in the order they were made.
        assert evaluation.through(row) == len(actions)
        assert [d["index"] for d in decisions] == sorted({d["index"] for d in decisions})
        assert len(judged) == len(decisions) - before
        assert all(d["name"] == ("Sara" if d["seat"] == "S" else "") for d in decisions)
    assert moves >= 2 and judged
    # What was judged move by move is what judging the hand at once finds.
    st = game.SeatTable(row.game, Seat.S, frozenset())
    assert without_names(row.result["decisions"]) == evaluation.judge_from(st, row.hand, 0)

    # The teacher's page lists it, the latest decision first; the pupil's page holds none of it.
    page = t.get(f"/en/t/{table.code}/").content.decode()
    assert 'id="coach-evaluation"' in page and page.count("data-decision=") == len(decisions)
    pupil_page = a.get(f"/en/t/{table.code}/").content.decode()
    assert "coach-evaluation" not in pupil_page and "data-decision" not in pupil_page


def test_a_late_repeated_or_overtaken_task_adds_no_decision_twice(class_table, monkeypatch):
    table, _, a = class_table
    asked: list[int] = []

    class Late:
        """The task's queue, with its worker away: each move's task waits."""

        @staticmethod
        def enqueue(pk: int) -> None:
            asked.append(pk)

    monkeypatch.setattr(table_tasks, "evaluate_hand", Late)
    for _ in range(3):
        play(table, a)
    row = current_row()
    assert len(asked) >= 3 and set(asked) == {row.pk}
    assert evaluation.through(row) == 0  # nothing judged yet: the worker is away

    # Another worker finishes the same hand while the first is judging: the first adds nothing twice.
    real_judge_from = evaluation.judge_from
    overtaken: list[str] = []

    def overtaken_once(st: Any, n: int, start: int) -> list[dict[str, Any]]:
        if not overtaken:
            overtaken.append("judging")
            overtaken.append(evaluation.compute(row.pk))  # the other worker, done first
        return real_judge_from(st, n, start)

    monkeypatch.setattr(evaluation, "judge_from", overtaken_once)
    assert evaluation.compute(row.pk) == "done"
    assert overtaken == ["judging", "done"]
    # The queued tasks of the earlier moves, run late: nothing new.
    assert {evaluation.compute(pk) for pk in asked} == {"done already"}
    row.refresh_from_db()
    indices = [d["index"] for d in row.result["decisions"]]
    assert indices and len(indices) == len(set(indices))
    st = game.SeatTable(row.game, Seat.S, frozenset())
    assert without_names(row.result["decisions"]) == real_judge_from(st, row.hand, 0)
