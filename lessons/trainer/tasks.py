"""The trainer's long work, run off the request by django.tasks (baloot_site/settings.py TASKS).

Making an endgame puzzle means dealing, letting the bots play and solving positions until one
qualifies: tens of milliseconds, sometimes a second. The trainer asks for puzzles before a band of
difficulty runs dry (lessons/trainer/supply.py), and the worker makes them; in development and
tests the immediate backend makes them where they are asked for.
"""

from django_tasks import task

from lessons.trainer import supply


@task()
def generate_puzzles(variant: str, difficulty: int, count: int) -> int:
    """Store up to ``count`` fresh endgames of ``variant`` at ``difficulty``; how many were made."""
    return supply.make_puzzles(variant, difficulty, count)
