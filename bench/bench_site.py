"""Site benchmark: server time of puzzle answers, and what a puzzle page weighs on the wire.

Usage: python bench/run.py bench_site   (or `make bench`, which runs every bench/bench_*.py)

Prints:
  BENCH answer_ms_p50 <v> ms    median server time of one answer (htmx post, verdict fragment)
  BENCH answer_ms_p95 <v> ms    95th percentile of the same
  BENCH puzzle_page_kb <v> KB   CSS + JS of a puzzle page, each file gzipped at level 6 (1 KB = 1000 bytes)

The real curriculum is loaded into a throwaway SQLite database (bench/child.py: Django starts in
a child process on its own database; the project's db.sqlite3 is never touched). Four
learners, one per language, answer every puzzle of every course: first a wrong answer, then the
right one, each through Django's test Client with the htmx header, timed from the request to the
complete response (middleware, session, engine, attempt written, template rendered).
"""

from __future__ import annotations

import gzip
import os
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ar", "fa", "fr")
# Answers before the timed ones: imports, template loading and the first connection are paid here.
WARMUP = 20


def load_curriculum(content: Path | None = None) -> None:
    """Load the curriculum into the throwaway database: lessons/content/, or ``content``."""
    from django.core.management import call_command

    options = {"path": content} if content else {}
    with open(os.devnull, "w") as quiet:
        call_command("load_curriculum", stdout=quiet, **options)


# ---------------------------------------------------------------- answers


def right_and_wrong(puzzle: Any) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The form data of a right answer and of a wrong one (None where no answer can be wrong).

    The right answer is the site's own solution; the wrong one is the first candidate (a card of
    the hand, a seat, a team, a call, another number) that the checker reads and refuses.
    """
    from lessons import checking

    fields = checking.ANSWER_FIELDS[puzzle.task]
    right_value = checking.solution(puzzle, "en").values
    if fields == ("cards",):
        right = {"cards": list(right_value)}
        hand = [str(c) for c in puzzle.position.get("hand", [])]
        extra = [c for c in hand if c not in right_value]
        candidates = [{"cards": [*right_value, extra[0]]}] if extra else []
        candidates.append({"cards": right_value[1:]})
    elif fields == ("NS", "EW"):
        points = right_value[0]
        right = {team: str(points[team]) for team in fields}
        candidates = [{"NS": str(points["NS"] + 10), "EW": str(points["EW"])}]
    else:
        (name,) = fields
        right = {name: str(right_value[0])}
        candidates = [{name: str(v)} for v in _single_values(puzzle, right_value[0])]
    for data in candidates:
        try:
            answer = checking.parse_answer(puzzle, data)
        except checking.BadAnswer:
            continue
        if not checking.check(puzzle, answer, "en").correct:
            return right, data
    return right, None


def _single_values(puzzle: Any, right: Any) -> list[Any]:
    """Values a one-field answer might take: cards, seats, teams, calls, numbers."""
    from lessons import checking

    output = checking.engine_output(puzzle, "en")
    calls = [*output.get("allowed", []), *output.get("refused", {})]
    hand = [str(c) for c in puzzle.position.get("hand", [])]
    numbers = [right + 10] if isinstance(right, int) else []
    return [*hand, *checking.SEATS, "none", *checking.TEAMS, *calls, *numbers]


def answer_plan() -> list[tuple[str, str, dict[str, Any], bool]]:
    """Every puzzle step of the curriculum in each language: (language, answer URL, data, right)."""
    from django.urls import reverse
    from django.utils import translation

    from lessons.models import Step

    steps = Step.objects.filter(kind="puzzle").select_related("lesson__course", "puzzle")
    # The address names the course (its key: "french-playing-well"), not only its variant.
    plan = []
    for lang in LANGUAGES:
        for step in steps.order_by("lesson__course__key", "lesson__order", "order"):
            lesson = step.lesson
            # Step numbers are positions in the lesson (1-based), as in the URLs.
            n = list(lesson.steps.values_list("pk", flat=True)).index(step.pk) + 1
            with translation.override(lang):
                url = reverse("lessons-puzzle-answer", args=[lesson.course.key, lesson.slug, n])
            right, wrong = right_and_wrong(step.puzzle)
            if wrong is not None:
                plan.append((lang, url, wrong, False))
            plan.append((lang, url, right, True))
    return plan


def time_answers(plan: list[tuple[str, str, dict[str, Any], bool]]) -> list[float]:
    """Post every answer of the plan; the milliseconds each took, warm-up answers left out."""
    from django.test import Client

    from lessons.forms import new_token

    learners = {lang: Client() for lang in LANGUAGES}
    times = []
    for i, (lang, url, data, right) in enumerate(plan[:WARMUP] + plan):
        client = learners[lang]
        form = {"token": new_token(), **data}
        start = time.perf_counter()
        response = client.post(url, form, headers={"HX-Request": "true"})
        elapsed = (time.perf_counter() - start) * 1000
        expected = "verdict-right" if right else "verdict-wrong"
        if response.status_code != 200 or expected not in response.text:
            raise RuntimeError(f"{url} {data}: status {response.status_code}, expected {expected}")
        if i >= WARMUP:
            times.append(elapsed)
    return times


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile, nearest rank."""
    ordered = sorted(values)
    rank = max(1, round(p / 100 * len(ordered) + 0.5 - 1e-9))
    return ordered[min(rank, len(ordered)) - 1]


# ---------------------------------------------------------------- page weight

_STYLESHEET = re.compile(r"""<link\b[^>]*\brel=["']?stylesheet\b[^>]*>""", re.IGNORECASE)
_SCRIPT = re.compile(r"""<script\b[^>]*\bsrc=["']?([^"'\s>]+)""", re.IGNORECASE)
_HREF = re.compile(r"""\bhref=["']?([^"'\s>]+)""", re.IGNORECASE)


def assets(html: str) -> list[str]:
    """The URLs of the stylesheets and scripts a page loads."""
    links = [_HREF.search(tag) for tag in _STYLESHEET.findall(html)]
    return [m.group(1) for m in links if m] + _SCRIPT.findall(html)


def puzzle_page_bytes() -> tuple[int, list[str]]:
    """CSS + JS of the first puzzle page, gzipped at level 6 one file at a time, and their URLs."""
    from django.test import Client

    from lessons.models import Step

    step = Step.objects.filter(kind="puzzle").select_related("lesson__course").first()
    assert step is not None, "the curriculum has no puzzle"
    n = list(step.lesson.steps.values_list("pk", flat=True)).index(step.pk) + 1
    client = Client()
    page = client.get(f"/en/learn/{step.lesson.course.key}/{step.lesson.slug}/{n}/")
    assert page.status_code == 200, page.status_code
    urls = assets(page.text)
    total = 0
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, f"{url}: {response.status_code}"
        body = b"".join(response.streaming_content) if response.streaming else response.content
        total += len(gzip.compress(body, compresslevel=6))
    return total, urls


def run() -> None:
    from bench.child import throwaway_site

    # The simulated learners answer faster than any person may: the rate limit's middleware
    # still runs (and is timed), but never refuses.
    os.environ["ANSWER_RATE_LIMIT"] = os.environ["ANSWER_RATE_LIMIT_PER_ADDRESS"] = "1000000"
    os.environ["SESSION_RATE_LIMIT_PER_ADDRESS"] = "1000000"  # every learner from one address
    with throwaway_site("bench-site-"):
        load_curriculum()
        plan = answer_plan()
        assert len(plan) >= 500, f"only {len(plan)} answers: too few for a 95th percentile"
        times = time_answers(plan)
        size, _ = puzzle_page_bytes()
    print(f"BENCH answer_ms_p50 {statistics.median(times):.2f} ms")
    print(f"BENCH answer_ms_p95 {percentile(times, 95):.2f} ms")
    print(f"BENCH puzzle_page_kb {size / 1000:.1f} KB")


def main() -> None:
    """Run the benchmark in a child process: Django starts there, on its own database."""
    from bench.child import run_in_child

    run_in_child(__file__, "bench_site")


if __name__ == "__main__":
    if sys.argv[1:] == ["--run"]:
        run()
    else:
        main()
