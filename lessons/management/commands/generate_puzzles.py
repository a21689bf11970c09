"""``manage.py generate_puzzles``: best-card endgames found by the solver, or rule drills made by
the engine, into the database and a file.

::

    manage.py generate_puzzles --variant saudi --count 200 --tricks-left 3..5 [--seed N]
                               [--min-margin 10] [--max-tries N] [--out PATH]
    manage.py generate_puzzles --kind rules --variant all --count 60 [--seed N] [--out DIR]

``--theme ruff,duck`` keeps only endgames of those themes, and as many of each theme in each
band of difficulty (easy 1–2, normal 3, hard 4–5; lessons/themes.py), so that rare themes are
found at every difficulty: ``--theme ruff,duck --count 12`` keeps two of each theme in each band.
Then every position of each deal the bots play is a candidate
(:func:`engine.solver.generate.generate_themed`), the themes whose bands are full are no longer
looked for, and ``--max-tries`` counts deals: a French duck of normal difficulty, about one
endgame in two thousand, takes a few hundred deals.

``--kind rules`` makes rule drills (:func:`engine.drills.generate_drills`: legal cards, trick
winner, card points, projects, scoring, bidding, the families in turn), each checked again like
a lesson's puzzle of its task; ``--out`` adds them to ``<variant>-rules.yaml``. Easy endgames
for beginners are ``--tricks-left 1..2`` (with one trick left nobody has a choice: only the
two-trick deals give puzzles).

The engine (:func:`engine.solver.generate.generate`) deals, lets its bots bid and play until the
given number of tricks is left, solves the position and keeps it when one run of equivalent cards
is best and every other card loses at least ``--min-margin`` card points. This command only
counts the tries (the loop of :func:`~engine.solver.generate.generate_many`, whose puzzles it
finds for the same seed, with the number of endgames tried for the summary), checks each puzzle
again like a lesson's best-card puzzle (lessons.content) and writes it as a ``generated`` puzzle
with a key made from its position (``gen-saudi-<hash>``): running it twice adds nothing twice.

``--out PATH`` also adds the puzzles to a content file (lessons/generated.py), keeping the ones
the file has; with ``--variant all``, PATH is a directory holding one ``<variant>.yaml`` each.
``load_curriculum`` mirrors those files: a puzzle written to the database only is removed by the
next load (unless learners have answered it), so keep puzzles in a file.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import translation

from engine.drills import generate_drills
from engine.solver.generate import GeneratedPuzzle, generate, generate_themed
from engine.solver.themes import THEMES
from engine.variants import RuleSet, rules_for
from lessons.content import InvalidPuzzle, PuzzleSpec, check_puzzle
from lessons.generated import RULES_SUFFIX, drill_entry, entry, write_file
from lessons.management.commands.load_curriculum import Loader
from lessons.models import Puzzle, Source, Variant
from lessons.themes import BANDS

TRICKS = re.compile(r"^\s*(\d+)\s*(?:(?:\.\.|-)\s*(\d+)\s*)?$")
MIN_TRICKS, MAX_TRICKS = 1, 8  # with one trick left nobody has a choice: such deals give nothing
MAX_COUNT = 10_000
TRIES_PER_PUZZLE = 200  # the engine's default budget (generate_many)


def tricks_range(text: str) -> tuple[int, int]:
    """``"3..5"`` → (3, 5); ``"4"`` → (4, 4); anything else is a :class:`CommandError`."""
    match = TRICKS.match(text)
    if match is None:
        raise CommandError(f"--tricks-left {text!r}: write a number of tricks or a range, like 4 or 3..5")
    lo = int(match.group(1))
    hi = int(match.group(2) or lo)
    if lo > hi:
        raise CommandError(f"--tricks-left {text!r}: the range goes from the smaller number to the larger")
    if lo < MIN_TRICKS or hi > MAX_TRICKS:
        raise CommandError(
            f"--tricks-left {text!r}: a hand has {MIN_TRICKS} to {MAX_TRICKS} tricks left to solve"
        )
    return lo, hi


class Command(BaseCommand):
    help = "Generate best-card puzzles with the exact solver, into the database (and a content file)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--variant", required=True, help="saudi, moroccan, french or all")
        parser.add_argument(
            "--kind",
            choices=("endgames", "rules"),
            default="endgames",
            help="best-card endgames or rule drills",
        )
        parser.add_argument("--count", type=int, default=200, help="puzzles to keep per variant")
        parser.add_argument(
            "--tricks-left", default="3..5", help="tricks left in the hand: 4, or a range like 3..5"
        )
        parser.add_argument("--seed", type=int, default=1, help="the random seed (same seed, same puzzles)")
        parser.add_argument(
            "--min-margin", type=int, default=10, help="card points the best card wins over the next best"
        )
        parser.add_argument(
            "--max-tries", type=int, default=None, help="endgames to try (default: 200 per puzzle)"
        )
        parser.add_argument(
            "--out", type=Path, default=None, help="also add the puzzles to this content file"
        )
        parser.add_argument(
            "--theme", default="", help="endgames only: keep those of these themes (comma-separated)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        variants = self.variants(options["variant"])
        count = options["count"]
        if not 1 <= count <= MAX_COUNT:
            raise CommandError(f"--count {count}: from 1 to {MAX_COUNT} puzzles")
        tricks = tricks_range(options["tricks_left"])
        margin = options["min_margin"]
        if not 0 <= margin <= 162:
            raise CommandError(f"--min-margin {margin}: from 0 to 162 card points")
        tries = options["max_tries"] or TRIES_PER_PUZZLE * count
        if tries < count:
            raise CommandError(f"--max-tries {tries}: at least as many as --count ({count})")
        out = options["out"]
        if out is not None and len(variants) > 1 and out.exists() and not out.is_dir():
            raise CommandError(f"--out {out}: with --variant all, give a directory (one file per variant)")
        for variant in variants:
            if options["kind"] == "rules":
                self.generate_rules(variant, count, options["seed"], options["max_tries"], out)
            else:
                wanted = _themes(options["theme"])
                self.generate(variant, count, tricks, options["seed"], margin, tries, out, wanted)

    def variants(self, name: str) -> list[str]:
        if name == "all":
            return list(Variant.values)
        if name not in Variant.values:
            raise CommandError(f"--variant {name!r}: one of {', '.join(Variant.values)} or all")
        return [name]

    def generate(
        self,
        variant: str,
        count: int,
        tricks: tuple[int, int],
        seed: int,
        margin: int,
        tries: int,
        out: Path | None,
        wanted: list[str] | None = None,
    ) -> None:
        tried = Counter[str]()
        found = list(_generate(rules_for(variant), seed, count, tricks, margin, tries, tried, wanted))
        specs: list[PuzzleSpec] = []
        for puzzle in found:
            raw = entry(variant, puzzle.position, puzzle.answers, puzzle.themes, puzzle.difficulty)
            try:
                specs.append(check_puzzle(raw, variant))
            except InvalidPuzzle as e:  # the generator and the loader must agree: say so loudly
                raise CommandError(f"{variant}: puzzle {raw['key']} is refused by the loader: {e}") from None
        written = self.save(specs)
        searched = (
            f"from {tried['deals']} deal(s) played" if wanted else f"of {tried['endgames']} endgame(s) tried"
        )
        self.stdout.write(
            f"{variant}: kept {len(specs)} puzzle(s) {searched}; "
            f"{written['created']} new, {written['updated']} updated, {written['unchanged']} already there"
        )
        self.stdout.write(f"  by theme: {_tally(t for s in specs for t in s.themes)}")
        self.stdout.write(f"  by difficulty: {_tally(str(s.difficulty) for s in specs)}")
        if out is not None:
            path = out / f"{variant}.yaml" if out.is_dir() or out.suffix != ".yaml" else out
            raws = [entry(variant, s.position, s.answers, s.themes, s.difficulty) for s in specs]
            try:
                added, total = write_file(path, variant, raws)
            except (OSError, ValueError) as e:
                raise CommandError(f"--out {path}: {e}") from None
            self.stdout.write(f"  {path}: {added} added, {total} in all")

    def generate_rules(
        self, variant: str, count: int, seed: int, tries: int | None, out: Path | None
    ) -> None:
        raws = [
            drill_entry(variant, d) for d in generate_drills(rules_for(variant), seed, count, max_tries=tries)
        ]
        specs: list[PuzzleSpec] = []
        for raw in raws:
            try:
                specs.append(check_puzzle(raw, variant))
            except InvalidPuzzle as e:
                raise CommandError(f"{variant}: drill {raw['key']} is refused by the loader: {e}") from None
        written = self.save(specs)
        self.stdout.write(
            f"{variant}: made {len(specs)} rule drill(s); "
            f"{written['created']} new, {written['updated']} updated, {written['unchanged']} already there"
        )
        self.stdout.write(f"  by family: {_tally(t for s in specs for t in s.themes)}")
        self.stdout.write(f"  by difficulty: {_tally(str(s.difficulty) for s in specs)}")
        if out is not None:
            name = f"{variant}{RULES_SUFFIX}.yaml"
            path = out / name if out.is_dir() or out.suffix != ".yaml" else out
            try:
                added, total = write_file(path, variant, raws)
            except (OSError, ValueError) as e:
                raise CommandError(f"--out {path}: {e}") from None
            self.stdout.write(f"  {path}: {added} added, {total} in all")

    def save(self, specs: list[PuzzleSpec]) -> Counter[str]:
        loader = Loader()
        existing = {p.key: p for p in Puzzle.objects.filter(key__in=[s.key for s in specs])}
        # English, like load_curriculum: the untranslated columns do not depend on who runs it.
        with translation.override("en"), transaction.atomic():
            for spec in specs:
                try:
                    loader.load_puzzle(spec, existing, None, Source.GENERATED)
                except CommandError as e:
                    self.stderr.write(f"skipped: {e}")
        return loader.tally


def _generate(
    rules: RuleSet,
    seed: int,
    count: int,
    tricks: tuple[int, int],
    margin: int,
    tries: int,
    tried: Counter[str],
    wanted: list[str] | None = None,
) -> Iterator[GeneratedPuzzle]:
    """:func:`engine.solver.generate.generate_many`'s loop (the same puzzles for the same seed),
    counting the endgames tried in ``tried["endgames"]``: the engine's iterator does not say.

    With themes ``wanted``, :func:`_generate_themed` instead."""
    if wanted:
        yield from _generate_themed(rules, seed, count, tricks, margin, tries, tried, wanted)
        return
    rng = random.Random(seed)
    choices = list(range(tricks[0], tricks[1] + 1))
    seen: set[str] = set()
    for _ in range(tries):
        if len(seen) >= count:
            return
        tried["endgames"] += 1
        puzzle = generate(rules, rng, rng.choice(choices), margin)
        if puzzle is None:
            continue
        key = json.dumps(puzzle.position, sort_keys=True)
        if key not in seen:
            seen.add(key)
            yield puzzle


def _generate_themed(
    rules: RuleSet,
    seed: int,
    count: int,
    tricks: tuple[int, int],
    margin: int,
    tries: int,
    tried: Counter[str],
    wanted: list[str],
) -> Iterator[GeneratedPuzzle]:
    """Puzzles of the ``wanted`` themes, the count shared out evenly between the themes and the
    bands of difficulty; ``tries`` deals at most, counted in ``tried["deals"]``.

    Every position of a deal is a candidate (:func:`engine.solver.generate.generate_themed`), and
    only the themes that still lack puzzles in some band are looked for, so that a rare theme at a
    rare difficulty (a French duck of normal difficulty) is found in a few hundred deals.
    """
    rng = random.Random(seed)
    per_band = -(-count // (len(BANDS) * len(wanted)))
    kept = Counter[tuple[str, str]]()
    seen: set[str] = set()
    for _ in range(tries):
        open_themes = [t for t in wanted if any(kept[(t, band)] < per_band for band in BANDS)]
        if not open_themes:
            return
        tried["deals"] += 1
        for puzzle in generate_themed(rules, rng, open_themes, tricks, margin):
            band = next(b for b, (lo, hi) in BANDS.items() if lo <= puzzle.difficulty <= hi)
            slots = [(t, band) for t in wanted if t in puzzle.themes and kept[(t, band)] < per_band]
            key = json.dumps(puzzle.position, sort_keys=True)
            if not slots or key in seen:
                continue
            kept.update(slots)
            seen.add(key)
            yield puzzle


def _themes(text: str) -> list[str]:
    """``--theme ruff,duck`` → the endgame themes named; an unknown one is a :class:`CommandError`."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    unknown = [t for t in names if t not in THEMES]
    if unknown:
        raise CommandError(f"--theme {', '.join(unknown)}: one of {', '.join(THEMES)}")
    return names


def _tally(values: Any) -> str:
    counts = Counter(values)
    return ", ".join(f"{name} {n}" for name, n in sorted(counts.items())) or "none"
