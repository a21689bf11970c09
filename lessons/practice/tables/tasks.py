"""The live tables' long work, run off the request by django.tasks (as the practice table's)."""

from django_tasks import task

from lessons.practice.tables import evaluation, reviews


@task()
def review_seat(review_id: int) -> str:
    """Judge one player's decisions in one finished hand and store them (tables/reviews.py)."""
    return reviews.compute(review_id)


@task()
def evaluate_hand(evaluation_id: int) -> str:
    """Judge the decisions of a class table's hand not judged yet, for its teacher (tables/evaluation.py)."""
    return evaluation.compute(evaluation_id)
