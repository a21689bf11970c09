"""Generated puzzles: best-card endgames found by the solver and rule drills made by the engine,
kept in ``lessons/content/generated/``.

Two files per variant: ``<variant>.yaml`` holds the endgames, ``<variant>-rules.yaml`` the rule
drills (:mod:`engine.drills`: legal cards, trick winner, card points, projects, scoring,
bidding, as the lessons' puzzle tasks, with a prompt in every language). An endgame::

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
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from engine import messages
from engine.drills import Drill
from engine.rule_ids import RULE_IDS
from lessons.content import (
    CONTENT_DIR,
    GENERATED,
    LANGS,
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
from lessons.templatetags.baloot import variant_gettext

FILE_KEYS = frozenset({"variant", "puzzles"})
# What a generated puzzle may say: no hint or explanation, the verdict explains it with the engine's
# reasons and steps (the trainer words a nudge of its own from the themes and rules).
GENERATED_PUZZLE_KEYS = frozenset(
    {"key", "task", "position", "answers", "themes", "difficulty", "prompt", "rules"}
)
RULES_SUFFIX = "-rules"
# The tasks a rule drill asks (engine.drills.FAMILIES), checked like a lesson's puzzle of that task.
DRILL_TASKS = frozenset(
    {Task.PLAY, Task.ALL_LEGAL, Task.TRICK_WINNER, Task.COUNT, Task.SCORE, Task.PROJECTS, Task.BID}
)


def puzzle_key(variant: str, position: dict[str, Any], task: str = Task.BEST_CARD) -> str:
    """``gen-<variant>-<12 hex digits>``, from the position alone (its JSON with sorted keys).

    A rule drill's key also names its task (the same trick may be asked "who wins" and "count"):
    ``drill-<variant>-<12 hex digits>``.
    """
    text = json.dumps(position, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    if task == Task.BEST_CARD:
        return f"gen-{variant}-{hashlib.sha256(text.encode()).hexdigest()[:12]}"
    return f"drill-{variant}-{hashlib.sha256((task + text).encode()).hexdigest()[:12]}"


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
        if path.suffix != ".yaml" or path.stem.removesuffix(RULES_SUFFIX) not in Variant.values:
            errors.append(
                ContentError(
                    path, f"a generated file is named <variant>.yaml or <variant>{RULES_SUFFIX}.yaml"
                )
            )
            continue
        puzzles.extend(_read_file(path, taken, errors))
    return puzzles


def _read_file(path: Path, taken: dict[str, Path], errors: list[ContentError]) -> list[PuzzleSpec]:
    variant = path.stem.removesuffix(RULES_SUFFIX)
    drills = path.stem.endswith(RULES_SUFFIX)
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
            puzzle = _read_one(raw, variant, drills)
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


def _read_one(raw: Any, variant: str, drills: bool = False) -> PuzzleSpec:
    if not isinstance(raw, dict):
        raise _Invalid(None, "a puzzle is a mapping (key, task, position, answers, ...)")
    _check_keys(raw, GENERATED_PUZZLE_KEYS, None)
    if drills:
        if raw.get("task") not in DRILL_TASKS:
            raise _Invalid("task", f"a rule drill asks one of {', '.join(sorted(DRILL_TASKS))}")
        return _read_puzzle(raw, variant)
    if raw.get("task") != Task.BEST_CARD:
        raise _Invalid("task", f"a generated puzzle is a {Task.BEST_CARD} puzzle, not {raw.get('task')!r}")
    return _read_puzzle(raw, variant)


# ---------------------------------------------------------------- writing


SHORT_ENDGAME = "short-endgame"
"""The tag of an endgame with one or two tricks left: a beginner's first endgames."""


def tricks_left(position: dict[str, Any]) -> int:
    """Tricks left to play in a best-card position: the most cards any player still holds."""
    hands = position.get("hands") or {}
    return max((len(cards) for cards in hands.values() if isinstance(cards, list)), default=0)


def entry(
    variant: str, position: dict[str, Any], answers: list[str], themes: list[str], difficulty: int
) -> dict[str, Any]:
    """One puzzle as the file writes it (an endgame of two tricks or fewer tagged ``short-endgame``)."""
    tags = list(themes)
    if tricks_left(position) <= 2 and SHORT_ENDGAME not in tags:
        tags.insert(len(tags) - ("endgame" in tags), SHORT_ENDGAME)
    return {
        "key": puzzle_key(variant, position),
        "task": str(Task.BEST_CARD),
        "position": position,
        "answers": list(answers),
        "themes": tags,
        "difficulty": difficulty,
    }


def drill_entry(variant: str, drill: Drill) -> dict[str, Any]:
    """One rule drill as the file writes it: its prompt in every language, its family as its theme."""
    return {
        "key": puzzle_key(variant, drill.position, drill.task),
        "task": drill.task,
        "position": drill.position,
        "answers": list(drill.answers),
        "prompt": drill_prompt(drill.task, drill.position),
        "rules": [r for r in drill.rules if r in RULE_IDS],
        "themes": [drill.family],
        "difficulty": drill.difficulty,
    }


def drill_prompt(task: str, position: dict[str, Any]) -> dict[str, str]:
    """The question of a rule drill in every language (the table shows the cards and the trump)."""
    variant = position["variant"]
    out = {}
    for lang in LANGS:
        with translation.override(lang):
            seat = messages.seat_name(position.get("seat", "S"), variant, lang)
            texts = {
                Task.ALL_LEGAL: _("You are {seat}. Select every card you may play.").format(seat=seat),
                Task.PLAY: _(
                    "You are {seat}. Most of your cards may not be played now: play one that may."
                ).format(seat=seat),
                Task.TRICK_WINNER: _("The trick is complete. Who wins it?"),
                Task.COUNT: _("The trick is complete. How many card points does it hold?"),
                Task.SCORE: _(
                    "The hand is over: the card points and the tricks each team took are shown. "
                    "How many points does each team score?"
                ),
                # «مشاريع» in Saudi words, «إعلانات» elsewhere (msgctxt "saudi").
                Task.PROJECTS: variant_gettext(
                    gettext_noop("These are the players' cards. Which team counts its projects?"), variant
                ),
                Task.BID: _("It is your turn to speak. Besides passing, what may you say?"),
            }
            out[lang] = texts[Task(task)]
    return out


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
    header = DRILLS_HEADER if path.stem.endswith(RULES_SUFFIX) else HEADER
    temporary.write_text(header + text, encoding="utf-8")
    temporary.replace(path)
    return len(added), len(puzzles)


HEADER = (
    "# Best-card puzzles found by the solver: `manage.py generate_puzzles --out` adds to this file.\n"
    "# load_curriculum solves each one again; the keys come from the positions (lessons/generated.py).\n"
)
DRILLS_HEADER = (
    "# Rule drills made by the engine: `manage.py generate_puzzles --kind rules --out` adds to this file.\n"
    "# load_curriculum checks each answer with the engine again (lessons/generated.py).\n"
)
