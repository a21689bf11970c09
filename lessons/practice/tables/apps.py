from django.apps import AppConfig


class TablesConfig(AppConfig):
    """Live tables: people playing together over WebSockets, the engine refereeing.

    Its models stay in lessons/models.py, with the ``lessons`` app's tables.
    """

    name = "lessons.practice.tables"
    label = "tables"
