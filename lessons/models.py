"""Courses, lessons, steps and puzzles loaded from lessons/content/, and learners' attempts.

Translated text (title, description, summary, body, prompt, hint, explanation) is registered
with django-modeltranslation in lessons/translation.py: each such field gets one column per
language (``title_en``, ``title_ar``, ...) and reading ``title`` gives the active language,
falling back to English where a translation is missing.
"""

import datetime as dt
import zoneinfo
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Variant(models.TextChoices):
    SAUDI = "saudi", _("Saudi Baloot")
    MOROCCAN = "moroccan", _("Moroccan Belote")
    FRENCH = "french", _("French Belote")


# modeltranslation gives these models a manager made at run time, which django-stubs cannot name.
class Course(models.Model):  # type: ignore[django-manager-missing]
    """A course of one variant: the rules course, whose key is the variant's name, and others
    (such as "saudi-playing-well") whose key names them in the address /learn/<key>/."""

    key = models.SlugField(max_length=60, unique=True)
    variant = models.CharField(max_length=16, choices=Variant.choices)
    title = models.CharField(max_length=200)
    description = models.TextField(blank=True, default="")
    order = models.PositiveSmallIntegerField(default=0)
    # The slug of the lesson after which every rule has been seen: it ends with "now play your first hand".
    first_hand_after = models.SlugField(max_length=100, blank=True, default="")

    class Meta:
        ordering = ("order", "key")

    def __str__(self) -> str:
        return self.key

    def save(self, *args: Any, **kwargs: Any) -> None:
        # A course made without a key is its variant's rules course, named by the variant.
        if not self.key:
            self.key = self.variant
        super().save(*args, **kwargs)


class Lesson(models.Model):  # type: ignore[django-manager-missing]  # modeltranslation's manager
    course = models.ForeignKey(Course, on_delete=models.CASCADE, related_name="lessons")
    slug = models.SlugField(max_length=100)
    order = models.PositiveSmallIntegerField()
    title = models.CharField(max_length=200)
    summary = models.TextField(blank=True, default="")
    # The key points shown when the lesson ends, one a line.
    recap = models.TextField(blank=True, default="")
    # A checkpoint is the short quiz after a group of lessons (file NNc-<slug>.yaml): it shares the
    # number of the lesson it follows and comes right after it; its puzzles offer no hint.
    checkpoint = models.BooleanField(default=False)

    class Meta:
        ordering = ("course", "order", "checkpoint")
        constraints = (
            models.UniqueConstraint(fields=["course", "slug"], name="lesson_unique_slug_per_course"),
        )

    def __str__(self) -> str:
        return f"{self.course.key}/{self.slug}"


class Task(models.TextChoices):
    PLAY = "play", _("Play a card")
    ALL_LEGAL = "all-legal", _("Select every legal card")
    TRICK_WINNER = "trick-winner", _("Who wins the trick")
    COUNT = "count", _("Count the trick")
    SCORE = "score", _("Score the hand")
    PROJECTS = "projects", _("Projects")
    BID = "bid", _("Bid")
    FIRST_LEAD = "first-lead", _("Who leads first")
    DOUBLE = "double", _("Double or not")
    VIOLATION = "violation", _("Spot the violation")
    BEST_CARD = "best-card", _("Find the best card")
    SHEET = "sheet", _("Find the error in the score sheet")
    TRUMPS_LEFT = "trumps-left", _("Count the trumps left")
    CONTRACT_MADE = "contract-made", _("Is the contract already made")
    DECOUVERTE_CARD = "decouverte-card", _("Play from the face-up cards")


# The engine command (engine.cli.COMMANDS) each task's position is fed to.
TASK_COMMANDS = {
    Task.PLAY: "legal",
    Task.ALL_LEGAL: "legal",
    Task.TRICK_WINNER: "trick",
    Task.COUNT: "trick",
    Task.SCORE: "score",
    Task.PROJECTS: "projects",
    Task.BID: "bid",
    # No command line for these: lessons/positions.py asks the engine's Python API.
    Task.FIRST_LEAD: "first-lead",
    Task.DOUBLE: "double",
    Task.VIOLATION: "violation",
    # Answered by the exact solver (engine.solver): the cards that keep the most points.
    Task.BEST_CARD: "best-card",
    # A score sheet over several hands: each hand scored by the engine's score command.
    Task.SHEET: "sheet",
    # In the middle of a hand (engine.counting): the trumps the others still hold; whether the
    # contract is decided whatever the tricks left, by the hand's own score at both extremes.
    Task.TRUMPS_LEFT: "trumps-left",
    Task.CONTRACT_MADE: "contract-made",
    # Two-player découverte: judged by the coach's evaluator on sampled lays of the face-down cards.
    Task.DECOUVERTE_CARD: "decouverte-card",
}


class Source(models.TextChoices):
    CURRICULUM = "curriculum", _("Curriculum")
    TEACHER = "teacher", _("Teacher")
    GENERATED = "generated", _("Generated")
    # A position of a learner's own practice hand, kept for their review queue only
    # (lessons/practice/review.py): served by the review page, to nobody else.
    PERSONAL = "personal", _("Personal")


class Puzzle(models.Model):  # type: ignore[django-manager-missing]  # modeltranslation's manager
    """A position (the JSON input of the engine command), a task and its accepted answers.

    ``key`` is stable across reloads of the content files: attempts refer to it.
    """

    key = models.SlugField(max_length=100, unique=True)
    variant = models.CharField(max_length=16, choices=Variant.choices)
    task = models.CharField(max_length=16, choices=Task.choices)
    position = models.JSONField()
    answers = models.JSONField(default=list, blank=True)
    prompt = models.TextField(blank=True, default="")
    hint = models.TextField(blank=True, default="")
    explanation = models.TextField(blank=True, default="")
    # Why a given wrong answer is wrong, written by the author: {answer: {lang: text}}. It is what the
    # learner reads first after that answer (lessons/checking.py), before the engine's own reason.
    why_not = models.JSONField(default=dict, blank=True)
    rules = models.JSONField(default=list, blank=True)
    themes = models.JSONField(default=list, blank=True)
    difficulty = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(5)]
    )
    source = models.CharField(max_length=16, choices=Source.choices, default=Source.CURRICULUM)
    # The puzzle trainer's Glicko-2 rating of the puzzle (lessons/rating.py): learners' first
    # answers rate it as their opponent, so it rises when they fail it.
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    rated_plays = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("key",)
        constraints = (
            models.CheckConstraint(
                condition=Q(difficulty__gte=1, difficulty__lte=5), name="puzzle_difficulty_1_to_5"
            ),
        )
        # The trainer picks generated puzzles of a variant by rating range.
        indexes = (models.Index(fields=["source", "variant", "rating"], name="puzzle_source_variant_rating"),)

    def __str__(self) -> str:
        return self.key

    def save(self, *args: Any, **kwargs: Any) -> None:
        # A course made without a key is its variant's rules course, named by the variant.
        if not self.key:
            self.key = self.variant
        super().save(*args, **kwargs)

    @property
    def command(self) -> str:
        return TASK_COMMANDS[Task(self.task)]

    @property
    def title(self) -> str:
        """What lists and links call the puzzle: its prompt, or (generated puzzles have none) its task."""
        return self.prompt or str(self.get_task_display())


class StepKind(models.TextChoices):
    TEXT = "text", _("Text")
    PUZZLE = "puzzle", _("Puzzle")


class Step(models.Model):  # type: ignore[django-manager-missing]  # modeltranslation's manager
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="steps")
    order = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=StepKind.choices)
    body = models.TextField(blank=True, default="")
    table = models.JSONField(null=True, blank=True)
    # PROTECT: a puzzle outlives its step (its attempts must survive a content edit);
    # the loader detaches or deletes puzzles itself.
    puzzle = models.ForeignKey(Puzzle, on_delete=models.PROTECT, null=True, blank=True, related_name="steps")

    class Meta:
        ordering = ("lesson", "order")
        constraints = (
            models.UniqueConstraint(fields=["lesson", "order"], name="step_unique_order_per_lesson"),
            models.CheckConstraint(
                condition=Q(kind="text", puzzle__isnull=True) | Q(kind="puzzle", puzzle__isnull=False),
                name="step_puzzle_iff_kind_puzzle",
            ),
        )

    def __str__(self) -> str:
        return f"{self.lesson} #{self.order}"


class Attempt(models.Model):
    """One submitted answer. ``token`` comes from the form, so a double submit is stored once."""

    # PROTECT: the loader never deletes a puzzle that has attempts, and neither may anyone else.
    puzzle = models.ForeignKey(Puzzle, on_delete=models.PROTECT, related_name="attempts")
    # No index of its own: the (session_key, puzzle) index below serves lookups by session too,
    # and one index fewer is less work for every answer stored.
    session_key = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    answer = models.JSONField()
    correct = models.BooleanField()
    seconds = models.PositiveIntegerField(null=True, blank=True)
    hints_used = models.PositiveSmallIntegerField(default=0)
    created = models.DateTimeField(default=timezone.now)
    token = models.CharField(max_length=64)
    # The drill the answer was given in (on the drill's own pages), None in the course or the
    # trainer: a drill counts only its own answers, so a drill made today starts at zero for
    # everyone, whatever they answered before. PROTECT: drills are archived, never deleted.
    drill = models.ForeignKey("Drill", on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ("created", "id")
        indexes = (
            models.Index(fields=["session_key", "puzzle"], name="attempt_session_puzzle"),
            # The dashboards read a class's drills' answers by drill, then pupil and puzzle.
            models.Index(fields=["drill", "user", "puzzle"], name="attempt_drill_user_puzzle"),
        )
        # Unique as a constraint, not as ``unique=True``: on PostgreSQL that would add a second
        # index beside the unique one (``varchar_pattern_ops``, for LIKE), which no query uses
        # (tokens are only looked up whole) and every answer stored would have to update.
        constraints = (models.UniqueConstraint(fields=["token"], name="attempt_token_unique"),)

    def __str__(self) -> str:
        return f"{self.puzzle_id} {'ok' if self.correct else 'wrong'}"


class ReviewItem(models.Model):
    """A puzzle a learner got wrong, coming back after 1, 3 and 7 days (lessons/review/).

    Kept like attempts: by session, with the account once signed in (signing in moves a
    browser's items to the account's new session, merging those of the same puzzle).
    """

    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="+")
    session_key = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    # How many waits (1, 3, 7 days) the puzzle has come through right; at the last one it is learnt.
    stage = models.PositiveSmallIntegerField(default=0)
    due = models.DateTimeField()
    learnt = models.BooleanField(default=False)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("due", "id")
        constraints = (
            models.UniqueConstraint(fields=["session_key", "puzzle"], name="review_item_one_per_puzzle"),
        )
        indexes = (models.Index(fields=["session_key", "learnt", "due"], name="review_item_due"),)

    def __str__(self) -> str:
        return f"{self.puzzle_id} stage {self.stage}"


# ---------------------------------------------------------------- teachers, classes and drills


class Role(models.TextChoices):
    TEACHER = "teacher", _("Teacher")
    STUDENT = "student", _("Student")


class Account(models.Model):
    """What the site keeps beside a user: teacher or student, and the name shown to the class.

    A teacher's username is their email address (lowercased); a student's is generated
    when they join (see lessons/accounts.py) and printed on their login card.
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account")
    role = models.CharField(max_length=8, choices=Role.choices)
    display_name = models.CharField(max_length=60)
    # A pupil's account belongs to the class it was made in (login cards, or the class's join
    # link): only that class's teachers may issue it a new password, never those of a class the
    # pupil joined later. None: nobody but the pupil (an account whose class is unknown or gone).
    home_class = models.ForeignKey(
        "Classroom", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The language of reminders by email (lessons/classroom/reminders.py): the page's language when
    # the learner last set their address for them.
    language = models.CharField(max_length=8, blank=True, default="")
    # What the account keeps of a browser's session (lessons/handover.py): lessons seen, where the
    # learner stopped, the display choices, the calculator's sheet; given back at each sign-in.
    browser = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return f"{self.role} {self.display_name}"


class Classroom(models.Model):
    """A class: its teachers (the owner and any co-teachers), a join code, its students and drills."""

    name = models.CharField(max_length=100)
    code = models.CharField(max_length=8, unique=True)
    # A closed class keeps its students but nobody can join it.
    is_open = models.BooleanField(default=True)
    # SET_NULL: deleting a teacher's account never deletes a class; ownership passes to another
    # of its teachers first (lessons/classroom/records.py), and a class left with none keeps its records.
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    teachers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="classes_taught")
    created = models.DateTimeField(default=timezone.now)
    # An archived class is put away, not deleted: nobody joins it, its pupils no longer see its
    # drills, and its teachers can still read everything and restore it.
    archived_at = models.DateTimeField(null=True, blank=True)
    # A short word from the teachers, shown to the pupils above their drills (empty: none).
    announcement = models.TextField(blank=True)
    announced_at = models.DateTimeField(null=True, blank=True)
    # The game the class plays, which the drill editor offers first (blank: not said yet; the
    # editor then guesses it, lessons/classroom/class_variant.py).
    variant = models.CharField(max_length=16, choices=Variant.choices, blank=True, default="")
    # The zone its teacher sets for the class (blank: the site's): due days end at midnight there,
    # and every moment on its pages, mails and spreadsheets is read there.
    time_zone = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ("name", "id")

    def __str__(self) -> str:
        return self.name

    @property
    def zone(self) -> dt.tzinfo:
        """The class's time zone (the site's when none is set, or one no longer known)."""
        try:
            return zoneinfo.ZoneInfo(self.time_zone) if self.time_zone else timezone.get_default_timezone()
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return timezone.get_default_timezone()


class Membership(models.Model):
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="memberships")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    joined = models.DateTimeField(default=timezone.now)
    # A pupil removed from the class (or who left it) is kept as a former pupil: their answers
    # stay readable on the class's pages, and a teacher can bring them back.
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("joined", "id")
        constraints = (
            models.UniqueConstraint(fields=["classroom", "student"], name="membership_unique_student"),
        )

    def __str__(self) -> str:
        return f"{self.student_id} in {self.classroom_id}"


class Invitation(models.Model):
    """A class's owner asks another teacher, by email, to teach the class with them.

    Nothing happens until a teacher signed in with that email accepts it (on their list of
    classes): the owner never learns whether the address has an account.
    """

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="invitations")
    email = models.EmailField(max_length=150)
    # The invitation's address (/invitations/<token>/), for the owner to pass on.
    token = models.CharField(max_length=64)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(default=timezone.now)
    accepted = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("created", "id")
        constraints = (
            models.UniqueConstraint(
                fields=["classroom", "email"],
                condition=Q(accepted__isnull=True),
                name="invitation_one_open_per_email",
            ),
            models.UniqueConstraint(fields=["token"], name="invitation_token_unique"),
        )

    def __str__(self) -> str:
        return f"{self.email} to {self.classroom_id}"


class PasswordReset(models.Model):
    """A new password a teacher issued to a pupil: who and when, shown to the pupil at their next sign-in."""

    student = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The name the pupil is told, kept if the teacher's account goes.
    teacher_name = models.CharField(max_length=60)
    classroom = models.ForeignKey(
        Classroom, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(default=timezone.now)
    seen = models.BooleanField(default=False)

    class Meta:
        ordering = ("created", "id")
        indexes = (models.Index(fields=["student", "seen"], name="password_reset_unseen"),)

    def __str__(self) -> str:
        return f"{self.student_id} by {self.teacher_id}"


class FormKind(models.TextChoices):
    CLASS = "class", "class"
    JOIN = "join", "join"
    CARDS = "cards", "cards"
    COPY = "copy", "copy"  # a drill copied
    DRILL = "drill", "drill"  # a new drill (of a theme: its puzzles asked for once)


class FormResult(models.Model):
    """A form handled once: its one-time token and what it made (see lessons/once.py).

    The token is unique, as an answer's is (``Attempt.token``): a second submit of the same form,
    even at the same instant, finds the first one's row and shows its result instead of making
    the class, the pupil or the accounts again.
    """

    token = models.CharField(max_length=64)
    kind = models.CharField(max_length=8, choices=FormKind.choices)
    # Who may see the result: the teacher who sent the form, or the pupil a join form made.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    classroom = models.ForeignKey(
        Classroom, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    # The drill a copy form or a new-drill form made.
    drill = models.ForeignKey("Drill", on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    # Login cards (name, username, first password), kept a few hours for the teacher to print.
    cards = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = (models.UniqueConstraint(fields=["token"], name="form_result_token_unique"),)

    def __str__(self) -> str:
        return f"{self.kind} {self.pk}"


class Drill(models.Model):
    """A named, ordered set of lessons and puzzles given to a class, with a due date and time.

    The due moment (``due_at``) is stored as an aware datetime; ``time_zone`` is the zone the
    teacher chose it in (their browser's), in which it is shown. A due *day* without a time
    (``due``) ends at the midnight after it. A draft is not given yet; ``pupils`` empty means
    the whole class, else only these pupils.
    """

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="drills")
    title = models.CharField(max_length=120)
    due_at = models.DateTimeField(null=True, blank=True)
    time_zone = models.CharField(max_length=64, blank=True)
    draft = models.BooleanField(default=False)
    pupils = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="+")
    target_accuracy = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(100)]
    )
    created = models.DateTimeField(default=timezone.now)
    # An archived drill is no longer given to the pupils; its answers and its "done, late"
    # records stay, and its teachers can restore it.
    archived_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("created", "id")
        constraints = (
            models.CheckConstraint(
                condition=Q(target_accuracy__isnull=True)
                | Q(target_accuracy__gte=1, target_accuracy__lte=100),
                name="drill_target_accuracy_1_to_100",
            ),
        )

    def __str__(self) -> str:
        return self.title

    @property
    def zone(self) -> dt.tzinfo:
        """The zone the due time was chosen in (the site's when unknown)."""
        try:
            return zoneinfo.ZoneInfo(self.time_zone) if self.time_zone else timezone.get_default_timezone()
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return timezone.get_default_timezone()

    @property
    def due_local(self) -> dt.datetime | None:
        """The due moment in the teacher's zone."""
        if self.due_at is None:
            return None
        try:
            return self.due_at.astimezone(self.zone)
        except OverflowError:
            return self.due_at

    @property
    def due(self) -> dt.date | None:
        """The due day in the teacher's zone: the day a midnight deadline ends."""
        local = self.due_local
        if local is None:
            return None
        if local.time() == dt.time.min and local.date() > dt.date.min:
            return local.date() - dt.timedelta(days=1)
        return local.date()

    @due.setter
    def due(self, day: dt.date | None) -> None:
        """A due day without a time: late from the midnight that ends it, in the drill's zone."""
        self.due_at = None if day is None else end_of_day(day, self.zone)

    @property
    def due_time(self) -> dt.time | None:
        """The time of day it is due, None when at the end of the day."""
        local = self.due_local
        if local is None or local.time() == dt.time.min:
            return None
        return local.time()


def end_of_day(day: dt.date, zone: dt.tzinfo) -> dt.datetime:
    """The midnight that ends ``day`` in ``zone`` (the last representable moment for the last day)."""
    try:
        return dt.datetime.combine(day + dt.timedelta(days=1), dt.time.min, tzinfo=zone)
    except OverflowError:
        return dt.datetime.combine(day, dt.time.max, tzinfo=zone)


class DrillItem(models.Model):
    """One entry of a drill: a whole lesson (its puzzles) or a single puzzle."""

    drill = models.ForeignKey(Drill, on_delete=models.CASCADE, related_name="items")
    order = models.PositiveIntegerField()
    # CASCADE: content reloads may delete a lesson or an unanswered puzzle; the drill just loses it.
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    # A hand at the practice table instead: the variant, and "guided" for its guided first hand
    # or the bots' level (a BotLevel value) for a whole hand against them.
    hand_variant = models.CharField(max_length=16, choices=Variant.choices, blank=True, default="")
    hand_kind = models.CharField(max_length=16, blank=True, default="")
    # The ids of the puzzle's earlier versions this item held, oldest first: a teacher's puzzle
    # edited after pupils answered it becomes a new version, which the drill may take; the
    # answers given to the old ones still count for this item (lessons/classroom/puzzle_versions.py).
    earlier_puzzles = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ("order", "id")
        constraints = (
            models.CheckConstraint(
                condition=Q(lesson__isnull=True, puzzle__isnull=False, hand_variant="")
                | Q(lesson__isnull=False, puzzle__isnull=True, hand_variant="")
                | (Q(lesson__isnull=True, puzzle__isnull=True) & ~Q(hand_variant="") & ~Q(hand_kind="")),
                name="drill_item_one_thing",
            ),
            models.UniqueConstraint(
                fields=["drill", "hand_variant", "hand_kind"],
                condition=~Q(hand_variant=""),
                name="drill_item_unique_hand",
            ),
            # NULLs are distinct: a lesson item never clashes with a puzzle item.
            models.UniqueConstraint(fields=["drill", "lesson"], name="drill_item_unique_lesson"),
            models.UniqueConstraint(fields=["drill", "puzzle"], name="drill_item_unique_puzzle"),
        )

    def __str__(self) -> str:
        return f"{self.drill_id} #{self.order}"

    @property
    def hand_name(self) -> str:
        """What a drill's hand is, as the teacher and the pupils read it ("" for a lesson or puzzle)."""
        if not self.hand_variant:
            return ""
        variant = Variant(self.hand_variant).label
        if self.hand_kind == "guided":
            return str(_("A guided first hand · %(variant)s") % {"variant": variant})
        level = BotLevel(self.hand_kind).label if self.hand_kind in BotLevel.values else self.hand_kind
        words = {"variant": variant, "level": level}
        return str(_("A hand against the bots · %(variant)s · %(level)s") % words)


class FillStatus(models.TextChoices):
    WAITING = "waiting", _("Waiting for the puzzle generator")
    RUNNING = "running", _("Making puzzles")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class DrillFill(models.Model):
    """A drill asked for ``count`` puzzles of a theme and a band of difficulty: those the pool of
    generated puzzles had were added at once, the ``missing`` ones are made by the engine in a
    task (lessons/classroom/theme_drills.py), ``made`` so far. The drill stays a draft until then."""

    drill = models.OneToOneField(Drill, on_delete=models.CASCADE, related_name="fill")
    variant = models.CharField(max_length=16, choices=Variant.choices)
    theme = models.CharField(max_length=32)
    band = models.CharField(max_length=8, blank=True)
    count = models.PositiveSmallIntegerField(validators=[MinValueValidator(1), MaxValueValidator(50)])
    missing = models.PositiveSmallIntegerField(default=0)
    made = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=8, choices=FillStatus.choices, default=FillStatus.WAITING)
    # Given to the pupils once every puzzle is there (the teacher did not ask for a draft).
    give_when_done = models.BooleanField(default=True)
    created = models.DateTimeField(default=timezone.now)
    finished = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.drill_id} {self.theme} {self.made}/{self.missing}"

    # A fill still busy after this long lost its worker (a restart): it may be asked for again.
    STALLED_AFTER = dt.timedelta(hours=1)

    @property
    def busy(self) -> bool:
        """Waiting for the worker or being made, and not stalled."""
        if self.status not in (FillStatus.WAITING, FillStatus.RUNNING):
            return False
        return timezone.now() - self.created < self.STALLED_AFTER

    @property
    def failed(self) -> bool:
        return self.status == FillStatus.FAILED or (self.status != FillStatus.DONE and not self.busy)


class PuzzleAuthor(models.Model):
    """Who wrote a teacher-made puzzle (``Puzzle.source == "teacher"``)."""

    puzzle = models.OneToOneField(Puzzle, on_delete=models.CASCADE, related_name="author_record")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(default=timezone.now)
    # A puzzle edited after pupils answered it is saved as a new version, and this one is kept
    # for their answers: set, it is an old version, out of the author's list.
    replaced_by = models.ForeignKey(
        Puzzle, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    def __str__(self) -> str:
        return f"{self.puzzle_id} by {self.author_id}"


# ---------------------------------------------------------------- the practice table


class BotLevel(models.TextChoices):
    RANDOM = "random", _("Beginner (random cards)")
    HEURISTIC = "heuristic", _("Club player (rules of thumb)")
    STRONG = "strong", _("Strong (looks ahead)")


class PracticeGame(models.Model):
    """A game at the practice table (the learner against three bots), or a puzzle position played out.

    The cards are never stored: ``hands`` keeps, for each hand of the game, what deals it again
    (dealer, seed or deck, scores carried in) and every action taken by the learner and the bots,
    in order. Replaying them through ``engine.hand.Hand`` rebuilds the table exactly
    (lessons/practice_state.py), so a refresh or a lost connection never loses a hand.
    ``move`` counts the changes of state: every form carries it, so a form posted twice acts once.
    """

    session_key = models.CharField(max_length=40, blank=True, default="")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    variant = models.CharField(max_length=16, choices=Variant.choices)
    level = models.CharField(max_length=16, choices=BotLevel.choices, default=BotLevel.HEURISTIC)
    options = models.JSONField(default=dict, blank=True)
    # A position played out: the puzzle it came from, and the table it starts from.
    puzzle = models.ForeignKey(Puzzle, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    setup = models.JSONField(null=True, blank=True)
    hands = models.JSONField(default=list, blank=True)
    # The table's coaching settings (lessons.practice.state.COACH_DEFAULTS): who declares the
    # learner's projects, and whether a Saudi table plays seed 002's penalty.
    coach = models.JSONField(default=dict, blank=True)
    # The drill item this game was started from (a hand a teacher assigned), else None.
    drill_item = models.ForeignKey(
        "DrillItem", on_delete=models.SET_NULL, null=True, blank=True, related_name="games"
    )
    move = models.PositiveIntegerField(default=0)
    finished = models.BooleanField(default=False)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("-updated", "-id")
        indexes = (
            models.Index(fields=["session_key", "variant"], name="practice_session_variant"),
            models.Index(fields=["user", "variant"], name="practice_user_variant"),
        )

    def __str__(self) -> str:
        return f"{self.variant} practice #{self.pk}"


class ReviewStatus(models.TextChoices):
    PENDING = "pending", _("In progress")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class HandJudgement(models.Model):
    """What every kind of a hand's judgement keeps: one hand of one game, judged off the request.

    Kept in a row of its own rather than in ``PracticeGame.hands``: every move at the table
    rewrites that list whole, and a judgement stored into it while the next hand is played would
    be written over. ``hand`` is the hand's number in the game (1 for the first); ``key`` is a
    fingerprint of what was judged, so that a judgement never describes another hand; ``result``
    holds cards, rule IDs and numbers (no sentence: the pages word it in the reader's language).
    """

    game = models.ForeignKey(PracticeGame, on_delete=models.CASCADE)
    hand = models.PositiveSmallIntegerField()
    key = models.CharField(max_length=64)
    status = models.CharField(max_length=8, choices=ReviewStatus.choices, default=ReviewStatus.PENDING)
    result = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(default=timezone.now)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.game_id} hand {self.hand} {self.status}"


class HandReview(HandJudgement):
    """The review of one finished hand of a practice game: each decision of the learner judged.

    Computed once, off the request (lessons/practice/tasks.py); ``key`` is a fingerprint of the
    hand's record (its deal and actions); ``result``: what lessons/practice/review.py stores.
    """

    class Meta(HandJudgement.Meta):
        ordering = ("game", "hand")
        constraints = (models.UniqueConstraint(fields=["game", "hand"], name="hand_review_one_per_hand"),)


# ---------------------------------------------------------------- the puzzle trainer


class TrainerRating(models.Model):
    """A learner's Glicko-2 rating in the puzzle trainer of one variant, and where they are in it.

    A signed-in learner is known by ``user`` (the same rating on every device), an anonymous one
    by ``session_key``. Signing in starts from the account's own rating: the ratings an anonymous
    session earned are not moved to the account.

    ``current`` is the puzzle on screen: shown again on a reload until it is answered, so that
    reloading is no way to skip a puzzle. A hint or the solution shown for it (``current_hint``,
    ``current_solution``) makes its answer count as failed. ``recent`` holds the ids of the last
    puzzles shown (newest last), which the trainer does not show again soon.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    session_key = models.CharField(max_length=40, blank=True, default="")
    variant = models.CharField(max_length=16, choices=Variant.choices)
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    streak = models.PositiveIntegerField(default=0)
    best_streak = models.PositiveIntegerField(default=0)
    played = models.PositiveIntegerField(default=0)  # rated answers
    won = models.PositiveIntegerField(default=0)  # rated answers that were right
    current = models.ForeignKey(Puzzle, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    current_answered = models.BooleanField(default=False)
    current_hint = models.BooleanField(default=False)
    current_solution = models.BooleanField(default=False)
    recent = models.JSONField(default=list, blank=True)
    since_replay = models.PositiveSmallIntegerField(default=0)  # new puzzles since the last replay
    updated = models.DateTimeField(default=timezone.now)
    # Where the learner said they start (lessons/standing.py LEVELS: "new", "rules", "often"); blank
    # for a rating begun before the choice existed. The trainer asks before the first puzzle.
    level = models.CharField(max_length=8, blank=True, default="")
    # The learner's choice of theme (blank: every theme) and of difficulty ("easier", "normal",
    # "harder": the rating window moved down or up, lessons/trainer/selection.py).
    theme = models.CharField(max_length=40, blank=True, default="")
    difficulty = models.CharField(max_length=8, default="normal")

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=["user", "variant"],
                condition=Q(user__isnull=False),
                name="trainer_unique_user_variant",
            ),
            models.UniqueConstraint(
                fields=["session_key", "variant"],
                condition=Q(user__isnull=True),
                name="trainer_unique_session_variant",
            ),
        )

    def __str__(self) -> str:
        return f"{self.variant} {round(self.rating)}"


class TrainerPlay(models.Model):
    """A puzzle a learner met in the trainer: its first answer, rated once, and whether it is cleared.

    ``attempt`` is the rated answer (a double submit of the same form finds it again and is not
    rated twice). ``cleared``: solved without help, at the first answer or on a replay; a play
    not cleared is a failed puzzle the trainer brings back.
    """

    learner = models.ForeignKey(TrainerRating, on_delete=models.CASCADE, related_name="plays")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="+")
    attempt = models.ForeignKey(Attempt, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    success = models.BooleanField()
    helped = models.BooleanField(default=False)  # a hint or the solution was shown before the answer
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    cleared = models.BooleanField()
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = (
            models.UniqueConstraint(fields=["learner", "puzzle"], name="trainer_play_unique_puzzle"),
        )
        # The failed puzzles of a learner, missed longest ago first.
        indexes = (models.Index(fields=["learner", "cleared", "updated"], name="trainer_play_failed"),)

    def __str__(self) -> str:
        return f"{self.learner_id} {self.puzzle_id} {'won' if self.success else 'lost'}"


class DueReminder(models.Model):
    """A reminder by email that a drill is due soon, sent to one pupil (lessons/classroom/reminders.py).

    Stored before the email is sent, unique per drill and pupil: a reminder run every hour, or two
    runs at once, never sends the same reminder twice.
    """

    drill = models.ForeignKey("Drill", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = (models.UniqueConstraint(fields=["drill", "user"], name="due_reminder_once"),)

    def __str__(self) -> str:
        return f"{self.drill_id} {self.user_id}"


# ---------------------------------------------------------------- live tables (lessons/practice/tables/)


class LiveTable(models.Model):
    """A table where people play together, the engine refereeing (lessons/practice/tables/game.py).

    Its games are practice games (``PracticeGame``: the same record of deals and actions), listed
    in :class:`TableGame`, the last one being played: "play again" adds one and keeps the seats,
    and every game's score sheet stays with the table. ``code`` is the short code said aloud and
    the end of the short link. Seats without a person are played by bots of ``level``.

    A class table (``classroom``) is opened by a teacher, who watches every hand open, may pause
    it and show everyone a position with a note (``shown``: the hand, how many of its actions,
    the note).
    """

    code = models.CharField(max_length=8, unique=True)
    variant = models.CharField(max_length=16, choices=Variant.choices)
    level = models.CharField(max_length=16, choices=BotLevel.choices, default=BotLevel.HEURISTIC)
    options = models.JSONField(default=dict, blank=True)
    coach = models.JSONField(default=dict, blank=True)
    # Who opened it: their account, or their browser's session.
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    host_session = models.CharField(max_length=40, blank=True, default="")
    classroom = models.ForeignKey(
        "Classroom", on_delete=models.SET_NULL, null=True, blank=True, related_name="live_tables"
    )
    paused = models.BooleanField(default=False)
    shown = models.JSONField(null=True, blank=True)
    # Seconds a person has for each move before a bot makes it for them (0: no limit, the default).
    move_seconds = models.PositiveSmallIntegerField(default=0)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("-created", "-id")

    def __str__(self) -> str:
        return f"table {self.code}"


class TableGame(models.Model):
    """One game played at a live table (its first, then each "play again")."""

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="games")
    game = models.OneToOneField(PracticeGame, on_delete=models.CASCADE, related_name="live")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ("table", "number")
        constraints = (models.UniqueConstraint(fields=["table", "number"], name="table_game_number"),)

    def __str__(self) -> str:
        return f"{self.table_id} game {self.number}"


class TableSeat(models.Model):
    """A person in one seat of a live table (a seat without a row is a bot's).

    The unique constraint is what makes a seat taken twice at the same moment go to one person.
    """

    table = models.ForeignKey(LiveTable, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=1)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    session_key = models.CharField(max_length=40, blank=True, default="")
    name = models.CharField(max_length=40)
    sat_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("table", "seat")
        constraints = (models.UniqueConstraint(fields=["table", "seat"], name="table_seat_once"),)

    def __str__(self) -> str:
        return f"{self.table_id} {self.seat} {self.name}"


class SeatReview(HandJudgement):
    """One player's own review of one finished hand at a live table (lessons/practice/tables/reviews.py).

    As :class:`HandReview`, for the player of ``seat`` rather than the practice table's learner.
    """

    seat = models.CharField(max_length=1)
    # The account that played the seat (none: a visitor), for a teacher's page of the pupil.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta(HandJudgement.Meta):
        ordering = ("game", "hand", "seat")
        constraints = (
            models.UniqueConstraint(fields=["game", "hand", "seat"], name="seat_review_one_per_seat"),
        )

    def __str__(self) -> str:
        return f"{self.game_id} hand {self.hand} {self.seat} {self.status}"


class HandEvaluation(HandJudgement):
    """The coach's evaluation of every decision of one hand at a class table, for its teacher,
    judged while the hand is played (lessons/practice/tables/evaluation.py).

    ``key`` is the fingerprint of the hand's deal, not of its actions: the row grows with the hand.
    ``result`` holds the decisions judged so far, each with the index of its action, and
    ``through``, the number of the hand's actions already looked at; a finished hand's
    evaluation is the one whose ``through`` reached its last action.
    """

    class Meta(HandJudgement.Meta):
        ordering = ("game", "hand")
        constraints = (models.UniqueConstraint(fields=["game", "hand"], name="hand_evaluation_one_per_hand"),)
