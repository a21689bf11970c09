from django.apps import AppConfig


class CalculatorConfig(AppConfig):
    """A feature of the site, an app of its own: Django finds its template tags like any app's.

    Its models stay in lessons/models.py, with the ``lessons`` app's tables.
    """

    name = "lessons.calculator"
    label = "calculator"

    def ready(self) -> None:
        from lessons import handover
        from lessons.calculator.sheet import SESSION_KEY

        # The sheet is the learner's: it follows them to the account, and to another browser.
        handover.carry(SESSION_KEY)
