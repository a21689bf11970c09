from django.apps import AppConfig


class LessonsConfig(AppConfig):
    name = "lessons"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_logged_out
        from django.db.models.signals import post_delete, post_save

        from lessons.handover import keep_on_sign_in, keep_on_sign_out
        from lessons.lesson_cache import content_changed, puzzle_changed
        from lessons.models import Course, Lesson, Puzzle, Step

        # Lessons are kept in memory between requests: a change to them is read again.
        for model, receiver in ((Course, content_changed), (Lesson, content_changed), (Step, content_changed),
                                (Puzzle, puzzle_changed)):  # fmt: skip
            uid = f"lesson-cache-{model.__name__}"
            post_save.connect(receiver, sender=model, dispatch_uid=uid + "-save")
            post_delete.connect(receiver, sender=model, dispatch_uid=uid + "-delete")

        # Signing in keeps what the browser did anonymously: all of it joins the account's.
        user_logged_in.connect(keep_on_sign_in, dispatch_uid="keep-browser-on-sign-in")
        user_logged_out.connect(keep_on_sign_out, dispatch_uid="keep-browser-on-sign-out")
