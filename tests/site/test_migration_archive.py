"""The migration that archives rather than deletes keeps every existing row.

A database at the migration before it gets a class with its owner and co-teacher, a pupil,
a drill with an item and an answer; after migrating forward, every row is there, unchanged,
with nothing archived, nobody gone and no answer counted toward a drill. Runs on whichever
database the suite runs on (SQLite, and PostgreSQL when DATABASE_URL is set).
"""

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("lessons", "0008_attempt_token_one_index")]
AFTER = [("lessons", "0009_classroom_archive")]

pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()  # the applied migrations as they are now
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def at_0008():
    apps = migrate(BEFORE)
    yield apps
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found


def test_it_keeps_every_row(at_0008):
    apps = at_0008
    User = apps.get_model("auth", "User")
    Classroom, Membership = apps.get_model("lessons", "Classroom"), apps.get_model("lessons", "Membership")
    Drill, DrillItem = apps.get_model("lessons", "Drill"), apps.get_model("lessons", "DrillItem")
    Puzzle, Attempt = apps.get_model("lessons", "Puzzle"), apps.get_model("lessons", "Attempt")
    owner = User.objects.create(username="owner@example.com")
    co = User.objects.create(username="co@example.com")
    pupil = User.objects.create(username="kam472")
    classroom = Classroom.objects.create(name="Riyadh club", code="ABC234", owner=owner)
    classroom.teachers.add(owner, co)
    Membership.objects.create(classroom=classroom, student=pupil)
    drill = Drill.objects.create(classroom=classroom, title="Follow suit", due=dt.date(2030, 1, 31))
    puzzle = Puzzle.objects.create(key="p-1", variant="saudi", task="trick-winner", position={})
    DrillItem.objects.create(drill=drill, order=1, puzzle=puzzle)
    Attempt.objects.create(puzzle=puzzle, session_key="s", user=pupil, answer="W", correct=True, token="t-1")

    apps = migrate(AFTER)

    Classroom, Membership = apps.get_model("lessons", "Classroom"), apps.get_model("lessons", "Membership")
    Drill, DrillItem = apps.get_model("lessons", "Drill"), apps.get_model("lessons", "DrillItem")
    Attempt = apps.get_model("lessons", "Attempt")
    classroom = Classroom.objects.get(code="ABC234")
    assert (classroom.name, classroom.owner_id, classroom.archived_at) == ("Riyadh club", owner.pk, None)
    teachers = set(classroom.teachers.values_list("username", flat=True))
    assert teachers == {"owner@example.com", "co@example.com"}
    membership = Membership.objects.get(classroom=classroom)
    assert (membership.student_id, membership.left_at) == (pupil.pk, None)
    drill = Drill.objects.get(classroom=classroom)
    assert (drill.title, drill.due, drill.archived_at) == ("Follow suit", dt.date(2030, 1, 31), None)
    assert DrillItem.objects.filter(drill=drill, puzzle__key="p-1").count() == 1
    attempt = Attempt.objects.get(token="t-1")
    assert (attempt.user_id, attempt.correct, attempt.answer, attempt.drill_id) == (pupil.pk, True, "W", None)
