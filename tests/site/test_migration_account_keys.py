"""The migration that stores signed-in learners' answers and review queues under the account's key:
nobody signed in at the time of the change finds their progress empty; two review items of one
puzzle are kept once, the sooner."""

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

BEFORE = [("lessons", "0022_counting_puzzle_kinds")]
AFTER = [("lessons", "0023_learner_accounts")]

pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def at_0022():
    apps = migrate(BEFORE)
    yield apps
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # leave the database as found


def test_an_accounts_answers_and_review_items_move_to_its_key(at_0022):
    apps = at_0022
    User, Puzzle = apps.get_model("auth", "User"), apps.get_model("lessons", "Puzzle")
    Attempt, ReviewItem = apps.get_model("lessons", "Attempt"), apps.get_model("lessons", "ReviewItem")
    user = User.objects.create(username="layla")
    puzzle = Puzzle.objects.create(key="p1", variant="saudi", task="play", position={}, answers=[])
    Attempt.objects.create(puzzle=puzzle, session_key="s1", user=user, answer="KC", correct=True, token="a")
    Attempt.objects.create(puzzle=puzzle, session_key="s2", answer="KC", correct=True, token="b")
    now = timezone.now()
    ReviewItem.objects.create(
        puzzle=puzzle, session_key="s1", user=user, stage=2, due=now + dt.timedelta(days=3)
    )
    ReviewItem.objects.create(puzzle=puzzle, session_key="s3", user=user, stage=0, due=now)

    apps = migrate(AFTER)

    Attempt, ReviewItem = apps.get_model("lessons", "Attempt"), apps.get_model("lessons", "ReviewItem")
    assert sorted(Attempt.objects.values_list("token", "session_key")) == [
        ("a", f"account-{user.pk}"),
        ("b", "s2"),
    ]
    item = ReviewItem.objects.get()
    assert (item.session_key, item.stage) == (f"account-{user.pk}", 0)
