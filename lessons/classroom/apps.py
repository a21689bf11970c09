from django.apps import AppConfig


class ClassroomConfig(AppConfig):
    """A feature of the site, an app of its own: Django finds its template tags like any app's.

    Its models stay in lessons/models.py, with the ``lessons`` app's tables.
    """

    name = "lessons.classroom"
    label = "classroom"

    def ready(self) -> None:
        from django.conf import settings
        from django.db.models.signals import pre_delete

        from lessons.classroom.records import pass_on_classes

        # A teacher's account deleted never takes a class with it (docs/records.md).
        pre_delete.connect(pass_on_classes, sender=settings.AUTH_USER_MODEL, dispatch_uid="pass-on-classes")
