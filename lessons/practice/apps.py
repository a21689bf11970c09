from django.apps import AppConfig


class PracticeConfig(AppConfig):
    """A feature of the site, an app of its own: Django finds its template tags like any app's.

    Its models stay in lessons/models.py, with the ``lessons`` app's tables.
    """

    name = "lessons.practice"
    label = "practice"

    def ready(self) -> None:
        # The guided hands' files are checked with the curriculum (lessons/content_checks.py).
        from lessons import content_checks
        from lessons.practice import guided

        content_checks.register(guided.problems)
