"""The migration that gives drills a due time keeps every due date: the moment a drill became
late stays the same (the midnight after its due day, in the site's zone), and back again."""

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("lessons", "0014_trainer_levels")]
AFTER = [("lessons", "0015_classroom_more")]

pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def at_0010():
    apps = migrate(BEFORE)
    yield apps
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found


def test_a_due_date_becomes_the_midnight_that_ends_it_and_back(at_0010, settings):
    apps = at_0010
    User, Classroom = apps.get_model("auth", "User"), apps.get_model("lessons", "Classroom")
    Drill = apps.get_model("lessons", "Drill")
    owner = User.objects.create(username="owner@example.com")
    classroom = Classroom.objects.create(name="Riyadh club", code="ABC234", owner=owner)
    Drill.objects.create(classroom=classroom, title="Due", due=dt.date(2030, 1, 31))
    Drill.objects.create(classroom=classroom, title="Last day", due=dt.date.max)
    Drill.objects.create(classroom=classroom, title="Never")

    apps = migrate(AFTER)

    Drill = apps.get_model("lessons", "Drill")
    due = {d.title: d.due_at for d in Drill.objects.all()}
    assert due["Due"] == dt.datetime(2030, 2, 1, tzinfo=dt.UTC)
    assert due["Last day"].date() == dt.date.max
    assert due["Never"] is None
    assert not Drill.objects.filter(draft=True).exists()

    apps = migrate(BEFORE)
    Drill = apps.get_model("lessons", "Drill")
    assert {d.title: d.due for d in Drill.objects.all()} == {
        "Due": dt.date(2030, 1, 31), "Last day": dt.date.max, "Never": None,
    }  # fmt: skip
