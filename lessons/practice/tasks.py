"""The practice table's long work, run off the request by django.tasks (baloot_site/settings.py TASKS).

Solving every card of a hand with all hands open takes a second or more: a web worker never waits
for it. In development and tests the immediate backend runs the task where it is enqueued; on a
server the RQ workers run it (docs/DEPLOY.md).
"""

from django_tasks import task

from lessons.practice import review


@task()
def review_hand(review_id: int) -> str:
    """Judge each decision of the learner in one finished hand and store it (lessons/practice/review.py)."""
    return review.compute(review_id)
