"""The classroom's long work, run off the request by django.tasks (baloot_site/settings.py TASKS).

A drill of a theme whose pool is short has its missing puzzles made by the engine: up to fifty
endgames, about a second each, sometimes far more (lessons/classroom/theme_drills.py).
"""

from django_tasks import task

from lessons.classroom import theme_drills


@task()
def fill_drill(fill_id: int) -> int:
    """Make the missing puzzles of a drill of a theme; how many were made."""
    return theme_drills.fill(fill_id)
