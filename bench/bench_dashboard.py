"""BENCH dashboard_ms: server time of a class's dashboard, 40 pupils × 100 puzzles.

Usage: python bench/run.py bench_dashboard   (or `make bench`)

Prints:
  BENCH dashboard_ms <v> ms          median time of the pupils × drills page
  BENCH dashboard_puzzles_ms <v> ms  median time of the puzzles page (success rates, common mistakes)

The class is built by :func:`build_class` in a throwaway SQLite database
(bench/child.py): 100 puzzles in 10 drills (half of them through lessons), 40 pupils who answered
most puzzles, some wrongly first, about 5,000 attempts. Each page is requested through
Django's test client as the class's teacher, from the request to the complete response;
the median of several requests after a warm-up is printed.

Django is started in a child process, on its own database, so that other benchmarks run by
bench/run.py in the same process can start Django their own way.
"""

from __future__ import annotations

import datetime as dt
import random
import statistics
import sys
import time
from typing import Any

STUDENTS = 40
PUZZLES = 100
DRILLS = 10
RUNS = 15
WARMUP = 3

# A complete trick the engine scores (the curriculum's tests use it too); each puzzle is a copy.
TRICK = {"variant": "saudi", "trump": "H", "trick": [["E", "9C"], ["N", "JC"], ["W", "7H"], ["S", "AC"]]}
WRONG_SEATS = ("E", "S", "N")  # the trick above is won by W (the trump)
TRAINER_PUZZLES = 5  # rated trainer answers of each pupil in each variant they trained in


def build_class(students: int, puzzles: int, drills: int = DRILLS, seed: int = 1) -> dict[str, Any]:
    """A teacher, a class of ``students`` pupils and ``drills`` drills over ``puzzles`` puzzles, answered.

    Half of each drill's puzzles come through a lesson (a lesson item), half as puzzle items.
    Each pupil answered about nine puzzles in ten: most right at once, some wrong first, and
    trained in the puzzle trainer (:func:`_train`).
    Returns ``{"teacher", "classroom", "students", "puzzles", "drills"}``.
    """
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from lessons.models import (
        Account,
        Attempt,
        Classroom,
        Course,
        Drill,
        DrillItem,
        Lesson,
        Membership,
        Puzzle,
        Role,
        Source,
        Step,
    )

    rng = random.Random(seed)
    User = get_user_model()
    tag = f"{students}x{puzzles}"
    teacher = User.objects.create_user(username=f"teacher-{tag}@example.com", password=None)
    Account.objects.create(user=teacher, role=Role.TEACHER, display_name="Teacher")
    classroom = Classroom.objects.create(
        name=f"Class {tag}", code=f"B{students:02d}{puzzles:03d}"[:6], owner=teacher
    )
    classroom.teachers.add(teacher)

    course = Course.objects.filter(variant="saudi").first() or Course.objects.create(
        variant="saudi", title_en="Saudi Baloot", order=1
    )
    Puzzle.objects.bulk_create(
        Puzzle(
            key=f"bench-{tag}-{i}",
            variant="saudi",
            task="trick-winner",
            position=TRICK,
            answers=["W"],
            prompt_en=f"Who wins trick {i}?",
            source=Source.TEACHER,
        )
        for i in range(puzzles)
    )
    made = list(Puzzle.objects.filter(key__startswith=f"bench-{tag}-").order_by("id"))
    per_drill = max(1, puzzles // drills)
    drill_rows = []
    drill_of: dict[int, Any] = {}  # puzzle id → the drill it is in
    for d in range(drills):
        chunk = made[d * per_drill : (d + 1) * per_drill] if d < drills - 1 else made[d * per_drill :]
        drill = Drill.objects.create(
            classroom=classroom, title=f"Drill {d + 1}", due=dt.date(2030, 1, 1) if d % 2 else None
        )
        drill_rows.append(drill)
        drill_of.update((p.pk, drill) for p in chunk)
        half = len(chunk) // 2
        lesson = Lesson.objects.create(
            course=course, slug=f"bench-{tag}-{d}", order=100 + d, title_en=f"L{d}"
        )
        Step.objects.bulk_create(
            Step(lesson=lesson, order=n, kind="puzzle", puzzle=p) for n, p in enumerate(chunk[:half], 1)
        )
        items = [DrillItem(drill=drill, order=1, lesson=lesson)]
        items += [DrillItem(drill=drill, order=n, puzzle=p) for n, p in enumerate(chunk[half:], 2)]
        DrillItem.objects.bulk_create(items)

    pupils = []
    for s in range(students):
        pupil = User.objects.create_user(username=f"p{tag}-{s}", password=None)
        Account.objects.create(user=pupil, role=Role.STUDENT, display_name=f"Pupil {s:02d} تلميذ")
        Membership.objects.create(classroom=classroom, student=pupil)
        pupils.append(pupil)

    now = timezone.now()
    attempts = []
    for pupil in pupils:
        for i, puzzle in enumerate(made):
            roll = rng.random()
            if roll < 0.1:
                continue  # not tried
            when = now - dt.timedelta(minutes=puzzles - i)
            drill = drill_of[puzzle.pk]  # answered inside the drill, which counts only those
            if roll < 0.3:
                wrong = rng.choice(WRONG_SEATS)
                attempts.append(_attempt(Attempt, pupil, puzzle, wrong, False, when, len(attempts), drill))
                when += dt.timedelta(seconds=20)
            attempts.append(_attempt(Attempt, pupil, puzzle, "W", True, when, len(attempts), drill))
    Attempt.objects.bulk_create(attempts, batch_size=1000)
    _train(pupils, tag, rng)
    return {
        "teacher": teacher,
        "classroom": classroom,
        "students": pupils,
        "puzzles": made,
        "drills": drill_rows,
    }


def _train(pupils: list[Any], tag: str, rng: random.Random) -> None:
    """Trainer ratings for the pupils: all in Saudi Baloot, every other one in French Belote too,
    each with a few rated answers (plays) on generated puzzles."""
    from lessons.models import Puzzle, Source, TrainerPlay, TrainerRating

    variants = ("saudi", "french")
    Puzzle.objects.bulk_create(
        Puzzle(
            key=f"bench-{tag}-gen-{variant}-{i}",
            variant=variant,
            task="trick-winner",
            position={**TRICK, "variant": variant},
            answers=["W"],
            source=Source.GENERATED,
        )
        for variant in variants
        for i in range(TRAINER_PUZZLES)
    )
    generated = {
        v: list(Puzzle.objects.filter(key__startswith=f"bench-{tag}-gen-{v}-").order_by("id"))
        for v in variants
    }
    ratings = [
        TrainerRating(
            user=pupil,
            variant=variant,
            rating=1300 + rng.random() * 500,
            deviation=60 + rng.random() * 120,
            played=TRAINER_PUZZLES,
            won=TRAINER_PUZZLES // 2,
        )
        for n, pupil in enumerate(pupils)
        for variant in variants[: 1 + n % 2]
    ]
    TrainerRating.objects.bulk_create(ratings)
    plays = []
    for rating in TrainerRating.objects.filter(user__in=pupils):
        for puzzle in generated[rating.variant]:
            success = rng.random() < 0.6
            before = 1300 + rng.random() * 500
            plays.append(
                TrainerPlay(
                    learner=rating,
                    puzzle=puzzle,
                    success=success,
                    rating_before=before,
                    rating_after=before + (12 if success else -12),
                    cleared=success,
                )
            )
    TrainerPlay.objects.bulk_create(plays, batch_size=1000)


def _attempt(
    model: Any, pupil: Any, puzzle: Any, answer: str, correct: bool, when: Any, n: int, drill: Any
) -> Any:
    return model(
        drill=drill,
        puzzle=puzzle,
        session_key=f"bench-{pupil.pk}",
        user=pupil,
        answer=answer,
        correct=correct,
        seconds=12 + n % 30,
        hints_used=n % 3 == 0,
        created=when,
        token=f"bench-{pupil.pk}-{puzzle.pk}-{n}",
    )


# ---------------------------------------------------------------- timing (in the child process)


def _median_ms(client: Any, url: str) -> float:
    for _ in range(WARMUP):
        assert client.get(url).status_code == 200
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200
    return statistics.median(times)


def run() -> None:
    from bench.child import throwaway_site

    with throwaway_site("bench-dashboard-"):
        from django.test import Client

        world = build_class(STUDENTS, PUZZLES)
        client = Client()
        client.force_login(world["teacher"], backend="django.contrib.auth.backends.ModelBackend")
        class_id = world["classroom"].pk
        matrix = _median_ms(client, f"/en/classes/{class_id}/dashboard/")
        puzzles = _median_ms(client, f"/en/classes/{class_id}/dashboard/puzzles/")
    print(f"BENCH dashboard_ms {matrix:.1f} ms")
    print(f"BENCH dashboard_puzzles_ms {puzzles:.1f} ms")


def main() -> None:
    """Run the benchmark in a child process: Django starts there, on its own database."""
    from bench.child import run_in_child

    run_in_child(__file__, "bench_dashboard")


if __name__ == "__main__":
    if sys.argv[1:] == ["--run"]:
        run()
    else:
        main()
