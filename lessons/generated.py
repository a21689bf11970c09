"""Generated puzzles: best-card endgames found by the solver, kept in ``lessons/content/generated/``.

One file per variant, ``lessons/content/generated/<variant>.yaml``::

    variant: saudi
    puzzles:
      - key: gen-saudi-3f9a0c1b2d4e
        task: best-card
        position: {variant: saudi, contract: {...}, hands: {...}, trick: [], leader: S, points: {...}}
        answers: [KH]
        themes: [cash-the-master]
        difficulty: 3

``manage.py generate_puzzles --out`` writes these files (:func:`write_file`); ``load_curriculum``
loads them with the lessons (:func:`read_content`), as ``Source.GENERATED`` puzzles that belong to
no lesson. Every puzzle is solved again when it is read, exactly like a best-card puzzle of a
lesson: a file whose answers the solver does not confirm is refused, naming the file and the key.

A puzzle's key is made from its position (:func:`puzzle_key`), so the same endgame found twice,
by two runs or two seeds, is one puzzle, and a file can be regenerated without changing the keys
that learners' attempts refer to.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml

from lessons.content import (
    CONTENT_DIR,
    GENERATED,
    ContentError,
    CourseSpec,
    CurriculumError,
    PuzzleSpec,
    _check_keys,
    _Invalid,
    _read_puzzle,
    _read_yaml,
    _shown_path,
    read_curriculum,
)
from lessons.models import Task, Variant

FILE_KEYS = frozenset({"variant", "puzzles"})
# What a generated puzzle may say: no hint or explanation, the verdict explains it with the solver's line.
GENERATED_PUZZLE_KEYS = frozenset({"key", "task", "position", "answers", "themes", "difficulty", "prompt"})


def puzzle_key(variant: str, position: dict[str, Any]) -> str:
    """``gen-<variant>-<12 hex digits>``, from the position alone (its JSON with sorted keys)."""
    text = json.dumps(position, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return f"gen-{variant}-{hashlib.sha256(text.encode()).hexdigest()[:12]}"


def generated_dir(root: Path = CONTENT_DIR) -> Path:
    return root / GENERATED


# ---------------------------------------------------------------- reading


def read_content(root: Path = CONTENT_DIR) -> tuple[list[CourseSpec], list[PuzzleSpec]]:
    """The courses and the generated puzzles under ``root``, all checked together.

    :class:`~lessons.content.CurriculumError` lists every problem of both, so that nothing is
    loaded while anything is wrong.
    """
    errors: list[ContentError] = []
    courses: list[CourseSpec] = []
    try:
        courses = read_curriculum(root)
    except CurriculumError as e:
        errors.extend(e.errors)
    taken = {p.key: lesson.path for c in courses for lesson in c.lessons for p in _puzzles(lesson.steps)}
    generated = _read_all(generated_dir(root), taken, errors)
    if errors:
        raise CurriculumError(errors)
    return courses, generated


def _puzzles(steps: Iterable[Any]) -> list[PuzzleSpec]:
    return [s.puzzle for s in steps if s.puzzle is not None]


def read_generated(root: Path = CONTENT_DIR) -> list[PuzzleSpec]:
    """Only the generated puzzles (checked with the solver); :class:`CurriculumError` if any is wrong."""
    errors: list[ContentError] = []
    puzzles = _read_all(generated_dir(root), {}, errors)
    if errors:
        raise CurriculumError(errors)
    return puzzles


def _read_all(directory: Path, taken: dict[str, Path], errors: list[ContentError]) -> list[PuzzleSpec]:
    if not directory.is_dir():
        return []  # no generated puzzles: nothing to load
    puzzles: list[PuzzleSpec] = []
    for path in sorted(directory.iterdir()):
        if path.name.startswith((".", "_")):
            continue
        if path.suffix != ".yaml" or path.stem not in Variant.values:
            errors.append(ContentError(path, f"a generated file is named <variant>.yaml ({Variant.values})"))
            continue
        puzzles.extend(_read_file(path, taken, errors))
    return puzzles


def _read_file(path: Path, taken: dict[str, Path], errors: list[ContentError]) -> list[PuzzleSpec]:
    variant = path.stem
    try:
        data = _read_yaml(path)
        _check_keys(data, FILE_KEYS, None)
        if data.get("variant") != variant:
            raise _Invalid("variant", f"{data.get('variant')!r} in {path.name}")
        raw_puzzles = data.get("puzzles")
        if not isinstance(raw_puzzles, list):
            raise _Invalid("puzzles", "a list of puzzles")
    except _Invalid as e:
        errors.append(ContentError(path, e.reason, where=e.where))
        return []
    puzzles: list[PuzzleSpec] = []
    for i, raw in enumerate(raw_puzzles):
        key = raw.get("key") if isinstance(raw, dict) else None
        named = key if isinstance(key, str) else None
        try:
            puzzle = _read_one(raw, variant)
        except _Invalid as e:
            where = e.where if named else f"puzzles[{i}]" + (f".{e.where}" if e.where else "")
            errors.append(ContentError(path, e.reason, key=named, where=where))
            continue
        if puzzle.key in taken:
            errors.append(
                ContentError(path, f"key already used in {_shown_path(taken[puzzle.key])}", key=puzzle.key)
            )
            continue
        taken[puzzle.key] = path
        puzzles.append(puzzle)
    return puzzles


def _read_one(raw: Any, variant: str) -> PuzzleSpec:
    if not isinstance(raw, dict):
        raise _Invalid(None, "a puzzle is a mapping (key, task, position, answers, ...)")
    _check_keys(raw, GENERATED_PUZZLE_KEYS, None)
    if raw.get("task") != Task.BEST_CARD:
        raise _Invalid("task", f"a generated puzzle is a {Task.BEST_CARD} puzzle, not {raw.get('task')!r}")
    return _read_puzzle(raw, variant)


# ---------------------------------------------------------------- writing


def entry(
    variant: str, position: dict[str, Any], answers: list[str], themes: list[str], difficulty: int
) -> dict[str, Any]:
    """One puzzle as the file writes it."""
    return {
        "key": puzzle_key(variant, position),
        "task": str(Task.BEST_CARD),
        "position": position,
        "answers": list(answers),
        "themes": list(themes),
        "difficulty": difficulty,
    }


def write_file(path: Path, variant: str, new: list[dict[str, Any]]) -> tuple[int, int]:
    """Add ``new`` puzzles (from :func:`entry`) to the file at ``path``, keeping the ones it has.

    A puzzle whose key the file already holds is not added again. Returns (added, total).
    The file is written whole to a temporary file first, then moved into place.
    """
    existing: list[dict[str, Any]] = []
    if path.exists():
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if not isinstance(data, dict) or data.get("variant", variant) != variant:
            raise ValueError(f"{path} is not a generated file of {variant} puzzles")
        existing = [p for p in data.get("puzzles") or [] if isinstance(p, dict)]
    keys = {p.get("key") for p in existing}
    added = []
    for puzzle in new:
        if puzzle["key"] not in keys:
            keys.add(puzzle["key"])
            added.append(puzzle)
    puzzles = existing + added
    text = yaml.safe_dump(
        {"variant": variant, "puzzles": puzzles},
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=None,
        width=110,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(HEADER + text, encoding="utf-8")
    temporary.replace(path)
    return len(added), len(puzzles)


HEADER = (
    "# Best-card puzzles found by the solver: `manage.py generate_puzzles --out` adds to this file.\n"
    "# load_curriculum solves each one again; the keys come from the positions (lessons/generated.py).\n"
)
