from django.apps import AppConfig


class LessonsConfig(AppConfig):
    name = "lessons"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_delete, post_save

        from lessons.lesson_cache import content_changed, puzzle_changed
        from lessons.models import Course, Lesson, Puzzle, Step
        from lessons.progress import keep_on_sign_in

        # Lessons are kept in memory between requests: a change to them is read again.
        for model, receiver in ((Course, content_changed), (Lesson, content_changed), (Step, content_changed),
                                (Puzzle, puzzle_changed)):  # fmt: skip
            uid = f"lesson-cache-{model.__name__}"
            post_save.connect(receiver, sender=model, dispatch_uid=uid + "-save")
            post_delete.connect(receiver, sender=model, dispatch_uid=uid + "-delete")

        # Signing in keeps what the browser did anonymously: its review queue joins the account's.
        user_logged_in.connect(keep_on_sign_in, dispatch_uid="keep-review-queue-on-sign-in")
