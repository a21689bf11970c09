from django.apps import AppConfig


class PracticeConfig(AppConfig):
    """A feature of the site, an app of its own: Django finds its template tags like any app's.

    Its models stay in lessons/models.py, with the ``lessons`` app's tables.
    """

    name = "lessons.practice"
    label = "practice"
