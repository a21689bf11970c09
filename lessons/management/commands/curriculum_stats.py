"""``manage.py curriculum_stats [--json] [--path DIR]``: how far the courses have come.

Per variant, of its rules course, and of each of its courses (the rules course and "Playing well")
under ``courses``: the number of lessons, checkpoints and puzzles, the puzzles by kind and by
difficulty, the languages in which every text is written, the docs/rules.md IDs its puzzles
practise and those that apply to the variant but that no puzzle practises (see
lessons/rulebook.py for which IDs apply where). With ``--json``, exactly::

    {"saudi": {"course": "Saudi Baloot", "lessons": 12, "checkpoints": 4, "puzzles": 60,
               "puzzles_by_kind": {"play": 3, "all-legal": 9, ...},
               "puzzles_by_difficulty": {"1": 20, "2": 25, "3": 10, "4": 5, "5": 0},
               "difficulty_by_kind": {"play": {"1": 1, "2": 2, ...}, ...},
               "practised_rules": ["trick.win", ...], "unpractised_rules": [],
               "complete_languages": ["ar", "en", "fa", "fr"],
               "puzzles_by_tricks_left": {"2": 36, "3": 55, ...}, "checked_claims": 12,
               "courses": {"saudi": {"course": "Saudi Baloot", "lessons": 12, ...},
                           "saudi-playing-well": {"course": "Saudi Baloot: playing well", ...}}},
     "moroccan": {...}, "french": {...}}

``puzzles_by_tricks_left`` counts the best-card puzzles by the tricks left in the hand;
``checked_claims`` the statements of its lessons the engine checked (docs/claims.md).
Kinds are the puzzles' tasks (lessons.models.Task), in that order, absent kinds left out;
every difficulty 1 to 5 is listed; ``puzzles_by_tricks_left`` counts the best-card puzzles by the
tricks still to play (8: an opening lead); rule IDs are in the order of docs/rules.md.

Content the loader would refuse is reported like ``load_curriculum`` reports it, and the
command fails: numbers about files that cannot be loaded would mislead.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from lessons.content import CONTENT_DIR, CurriculumError, read_curriculum
from lessons.coverage import missing_texts, stats


class Command(BaseCommand):
    help = "Lessons, puzzles, complete languages and unpractised rules of each course."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--json", action="store_true", dest="as_json", help="print one JSON object")
        parser.add_argument("--path", type=Path, default=CONTENT_DIR, help="the content directory")
        parser.add_argument("--missing", action="store_true", help="also list every text missing a language")

    def handle(self, *args: Any, as_json: bool, path: Path, missing: bool, **options: Any) -> None:
        try:
            courses = read_curriculum(path)
        except CurriculumError as e:
            for error in e.errors:
                self.stderr.write(str(error))
            raise CommandError(f"{len(e.errors)} problem(s) in {path}") from None
        result = stats(courses)
        if as_json:
            self.stdout.write(json.dumps(result, ensure_ascii=False))
            return
        for variant, variant_row in result.items():
            for key, row in variant_row["courses"].items() or [(variant, variant_row)]:
                self._summary(key, row)
        if missing:
            for course in courses:
                for item in missing_texts(course):
                    self.stdout.write(f"  {item}")
        total = sum(row["puzzles"] for v in result.values() for row in v["courses"].values())
        self.stdout.write(f"{total} puzzle(s) in all")

    def _summary(self, key: str, row: dict[str, Any]) -> None:
        languages = ", ".join(row["complete_languages"]) or "none"
        self.stdout.write(
            f"{key}: {row['lessons']} lesson(s), {row['checkpoints']} checkpoint(s),"
            f" {row['puzzles']} puzzle(s); complete in: {languages}"
        )
        kinds = ", ".join(f"{n} {kind}" for kind, n in row["puzzles_by_kind"].items())
        self.stdout.write(f"  by kind: {kinds or 'none'}")
        levels = ", ".join(f"{n} at {level}" for level, n in row["puzzles_by_difficulty"].items() if n)
        self.stdout.write(f"  by difficulty: {levels or 'none'}")
        unpractised = row["unpractised_rules"]
        self.stdout.write(f"  unpractised rules: {', '.join(unpractised) if unpractised else 'none'}")
