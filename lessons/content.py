"""Reading and checking the lesson content files, before anything touches the database.

Layout (the site brief's content format)::

    lessons/content/<variant>/course.yaml       variant, title, description, optional order
    lessons/content/<variant>/NN-<slug>.yaml    one lesson: slug, title, summary, steps
    lessons/content/<variant>/NNc-<slug>.yaml   the checkpoint after lesson NN (see below)

The directory's name is the course's key, its name in the address /learn/<key>/: a variant's rules
course is in the directory named after the variant; another course of the same variant is in
``<variant>-<name>/`` (saudi-playing-well/, "playing well"), its course.yaml naming the variant.

A step's ``table`` with ``plays`` is a demonstration, stepped through card by card on the page
(lessons/demo.py): the four hands as dealt and the cards played, each checked with the engine.

A checkpoint closes a group of lessons (those after the previous checkpoint, up to lesson NN):
a short mixed quiz of 5 to 8 puzzles on the rules the group practised, after a text step that
introduces it. Its puzzles give no hint (a checkpoint asks what the lessons taught) and it needs
no key points.

:func:`read_curriculum` reads every file, checks every puzzle with the engine (the same command
functions as ``python -m engine``) and returns plain records, or raises :class:`CurriculumError`
listing every problem found, each naming the file, the puzzle key and the reason. The loader
(``manage.py load_curriculum``) writes the records only when there is no problem at all.

Accepted answers are stored normalized: cards as the engine writes them (``"10H"`` → ``"TH"``),
one-answer tasks as a one-item list, for ``all-legal`` the engine's legal cards, and for
``best-card`` the cards the exact solver proves best (answers written in the file must be those).

``why_not`` gives the author's reason for a wrong answer, in every language:
``why_not: {KS: {en: ..., ar: ..., fa: ..., fr: ...}}`` (cards for card tasks, else the answer as
posted: a seat, a team, a call). A ``play`` puzzle must give a reason for every legal card that is
not an answer, unless the engine has one (:func:`lessons.checking.play_effect`: the card loses the
trick to a card already played, or takes it from a winning partner): no wrong card is answered
with "not the best" alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine import rule_ids as engine_rule_ids
from engine.cards import Card, NotationError, Seat
from engine.cli import COMMANDS
from engine.messages import error_message
from engine.notation import InputError
from lessons import checking, demo, positions
from lessons import claims as claim_checks
from lessons.claims import Claim, ClaimError
from lessons.models import TASK_COMMANDS, Task, Variant

CONTENT_DIR = Path(__file__).resolve().parent / "content"
REFERENCE = "reference"
# generated/ holds the solver's puzzles, one file per variant (lessons/generated.py), not a course.
GENERATED = "generated"
GUIDED = "guided"
LANGS = ("en", "ar", "fa", "fr")

# A puzzle's `rules` must name rules of docs/rules.md, so a typo cannot reach a learner.
RULE_IDS = frozenset(engine_rule_ids.RULE_IDS)

COURSE_KEYS = frozenset({"variant", "title", "description", "order", "first_hand_after"})
LESSON_KEYS = frozenset({"slug", "title", "summary", "recap", "steps", "claims"})
# A lesson ends with a recap of its key points: a few short ones, the same number in every language.
RECAP_POINTS = (2, 5)
STEP_KEYS = frozenset({"text", "table", "puzzle", "claims"})
PUZZLE_KEYS = frozenset(
    {"key", "task", "command", "position", "answers", "prompt", "hint", "explanation", "rules", "themes",
     "difficulty", "why_not"}
)  # fmt: skip

LESSON_FILE = re.compile(r"^(\d{2})(c?)-([a-z0-9][a-z0-9-]*)\.yaml$")
# A checkpoint's puzzles: a short quiz, not a lesson of its own.
CHECKPOINT_PUZZLES = (5, 8)
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")
TEAM_ANSWERS = ("NS", "EW", "none")

Text = dict[str, str]


# ---------------------------------------------------------------- records


@dataclass(frozen=True)
class PuzzleSpec:
    key: str
    variant: str
    task: str
    position: dict[str, Any]
    answers: list[Any]
    prompt: Text
    hint: Text
    explanation: Text
    rules: list[str]
    themes: list[str]
    difficulty: int
    why_not: dict[str, Text] = field(default_factory=dict)


@dataclass(frozen=True)
class StepSpec:
    kind: str  # "text" | "puzzle"
    body: Text
    table: dict[str, Any] | None
    puzzle: PuzzleSpec | None
    # What the step's text states, checked by the engine (lessons/claims.py, docs/claims.md).
    claims: list[Claim] = field(default_factory=list)


@dataclass(frozen=True)
class LessonSpec:
    slug: str
    order: int
    title: Text
    summary: Text
    steps: list[StepSpec]
    path: Path
    recap: dict[str, list[str]] = field(default_factory=dict)  # language → key points
    checkpoint: bool = False
    # What the summary and the recap state, checked by the engine.
    claims: list[Claim] = field(default_factory=list)

    @property
    def puzzles(self) -> list[PuzzleSpec]:
        return [s.puzzle for s in self.steps if s.puzzle is not None]

    @property
    def all_claims(self) -> list[Claim]:
        return [*self.claims, *(c for s in self.steps for c in s.claims)]


@dataclass(frozen=True)
class CourseSpec:
    key: str  # the course's name in its address: the variant's for its rules course
    variant: str
    order: int
    title: Text
    description: Text
    lessons: list[LessonSpec] = field(default_factory=list)
    path: Path | None = None
    # The lesson after which the learner has seen every rule: it ends with "now play your first hand".
    first_hand_after: str = ""

    @property
    def puzzles(self) -> list[PuzzleSpec]:
        return [s.puzzle for lesson in self.lessons for s in lesson.steps if s.puzzle is not None]

    @property
    def claims(self) -> list[Claim]:
        return [c for lesson in self.lessons for c in lesson.all_claims]


# ---------------------------------------------------------------- errors


class ContentError(Exception):
    """One problem in one file: ``path: puzzle KEY: where: reason``."""

    def __init__(self, path: Path, reason: str, key: str | None = None, where: str | None = None) -> None:
        self.path = path
        self.reason = reason
        self.key = key
        self.where = where
        super().__init__(str(self))

    def __str__(self) -> str:
        parts = [_shown_path(self.path)]
        if self.key:
            parts.append(f"puzzle {self.key}")
        if self.where:
            parts.append(self.where)
        parts.append(self.reason)
        return ": ".join(parts)


class CurriculumError(Exception):
    """Every problem found in the content; nothing may be loaded."""

    def __init__(self, errors: list[ContentError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


class _Invalid(Exception):
    """Raised inside a file's checks; turned into a ContentError naming the file."""

    def __init__(self, where: str | None, reason: str) -> None:
        super().__init__(reason)
        self.where = where
        self.reason = reason


def _shown_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# ---------------------------------------------------------------- YAML


class _StrictLoader(yaml.SafeLoader):
    """safe_load, but a key given twice in one mapping is an error instead of the last one winning."""


def _mapping_without_duplicates(loader: _StrictLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {key!r} given twice", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_without_duplicates)


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_StrictLoader)
    except (OSError, UnicodeDecodeError) as e:
        raise _Invalid(None, f"cannot read the file ({e})") from None
    except yaml.YAMLError as e:
        raise _Invalid(None, f"not valid YAML: {e}".replace("\n", " ")) from None
    if not isinstance(data, dict):
        raise _Invalid(None, "the file must hold a mapping (key: value lines)")
    return data


# ---------------------------------------------------------------- the curriculum


def read_curriculum(root: Path = CONTENT_DIR) -> list[CourseSpec]:
    """Every course under ``root``, fully checked; :class:`CurriculumError` if anything is wrong."""
    errors: list[ContentError] = []
    courses: list[CourseSpec] = []
    if not root.is_dir():
        raise CurriculumError([ContentError(root, "no such directory")])
    # reference/ holds the rules explainer and the glossary (lessons/reference.py), not a course;
    # generated/ the solver's puzzles (lessons/generated.py); guided/ the practice table's guided
    # first hands (lessons/practice/guided.py).
    directories = (p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
    for directory in sorted(p for p in directories if p.name not in (REFERENCE, GENERATED, GUIDED)):
        course = _read_course(directory, errors)
        if course is not None:
            courses.append(course)
    _check_unique_keys(courses, errors)
    if errors:
        raise CurriculumError(errors)
    return courses


def _check_unique_keys(courses: list[CourseSpec], errors: list[ContentError]) -> None:
    first_seen: dict[str, Path] = {}
    for course in courses:
        for lesson in course.lessons:
            for puzzle in (s.puzzle for s in lesson.steps if s.puzzle is not None):
                if puzzle.key in first_seen:
                    other = _shown_path(first_seen[puzzle.key])
                    errors.append(ContentError(lesson.path, f"key already used in {other}", key=puzzle.key))
                else:
                    first_seen[puzzle.key] = lesson.path


def _read_course(directory: Path, errors: list[ContentError]) -> CourseSpec | None:
    course_file = directory / "course.yaml"
    # The directory is the course's key: the variant's name for its rules course, "<variant>-<name>"
    # for another course of the same variant (saudi-playing-well).
    key = directory.name
    variant = next((v for v in Variant.values if key == v or key.startswith(f"{v}-")), None)
    if variant is None:
        errors.append(
            ContentError(
                directory, f"not a course directory (<variant> or <variant>-<name>, {Variant.values})"
            )
        )
        return None
    if not course_file.is_file():
        errors.append(ContentError(course_file, "missing: every variant directory needs a course.yaml"))
        return None
    try:
        data = _read_yaml(course_file)
        _check_keys(data, COURSE_KEYS, None)
        if data.get("variant") != variant:
            raise _Invalid("variant", f"{data.get('variant')!r} in the {variant!r} directory")
        order = data.get("order", Variant.values.index(variant) + 1)
        course = CourseSpec(
            key=key,
            variant=variant,
            order=_int(order, "order", 0, 1000),
            title=_text(data.get("title"), "title"),
            description=_text(data.get("description"), "description", required=False),
            path=course_file,
            first_hand_after=str(data.get("first_hand_after") or ""),
        )
    except _Invalid as e:
        errors.append(ContentError(course_file, e.reason, where=e.where))
        return None

    orders: dict[tuple[int, bool], Path] = {}
    # "03-x.yaml" sorts before "03c-y.yaml": a checkpoint comes right after the lesson it follows.
    for path in sorted(directory.glob("*.yaml")):
        if path.name == "course.yaml":
            continue
        match = LESSON_FILE.match(path.name)
        if match is None:
            errors.append(
                ContentError(
                    path,
                    "a lesson file is named NN-<slug>.yaml (like 01-follow-suit.yaml),"
                    " a checkpoint NNc-<slug>.yaml",
                )
            )
            continue
        order, checkpoint = int(match.group(1)), bool(match.group(2))
        if (order, checkpoint) in orders:
            other = orders[(order, checkpoint)].name
            what = "checkpoint after lesson" if checkpoint else "lesson number"
            errors.append(ContentError(path, f"{what} {order:02d} also used by {other}"))
            continue
        if checkpoint and (order, False) not in orders:
            errors.append(
                ContentError(path, f"a checkpoint follows a lesson: there is no lesson {order:02d}")
            )
            continue
        orders[(order, checkpoint)] = path
        lesson = _read_lesson(path, order, match.group(3), variant, errors, checkpoint)
        if lesson is not None:
            course.lessons.append(lesson)
    if len(course.lessons) == len(orders):
        _check_checkpoint_rules(course, errors)
    slugs = [lesson.slug for lesson in course.lessons]
    if course.first_hand_after and course.first_hand_after not in slugs and len(slugs) == len(orders):
        reason = f"{course.first_hand_after!r} is not a lesson of this course"
        errors.append(ContentError(course_file, reason, where="first_hand_after"))
    return course


def _read_lesson(
    path: Path, order: int, slug: str, variant: str, errors: list[ContentError], checkpoint: bool = False
) -> LessonSpec | None:
    try:
        data = _read_yaml(path)
        _check_keys(data, LESSON_KEYS, None)
        if data.get("slug") != slug:
            raise _Invalid("slug", f"{data.get('slug')!r} does not match the file name ({slug!r})")
        title = _text(data.get("title"), "title")
        summary = _text(data.get("summary"), "summary", required=False)
        recap = {} if checkpoint and data.get("recap") is None else _recap(data.get("recap"), "recap")
        raw_steps = data.get("steps")
        if not isinstance(raw_steps, list) or not raw_steps:
            raise _Invalid("steps", "a lesson needs a list of steps")
        covered = [title, summary, *({lang: " ".join(points)} for lang, points in recap.items())]
        lesson_claims = _claims(data.get("claims"), "claims", variant, covered)
    except _Invalid as e:
        errors.append(ContentError(path, e.reason, where=e.where))
        return None

    steps: list[StepSpec] = []
    failed = False
    for i, raw in enumerate(raw_steps):
        where = f"steps[{i}]"
        key = _puzzle_key(raw)
        try:
            steps.append(_read_step(raw, where, variant))
        except _Invalid as e:
            # Inside a puzzle its key says where; without a usable key, the step number does.
            inner = (
                e.where if key or not e.where or e.where.startswith(where) else f"{where}.puzzle.{e.where}"
            )
            errors.append(ContentError(path, e.reason, key=key, where=inner))
            failed = True
    if failed:
        return None
    lesson = LessonSpec(
        slug=slug, order=order, title=title, summary=summary, steps=steps, path=path, recap=recap,
        checkpoint=checkpoint, claims=lesson_claims,
    )  # fmt: skip
    if checkpoint:
        try:
            _check_checkpoint(lesson)
        except _Invalid as e:
            errors.append(ContentError(path, e.reason, where=e.where))
            return None
    return lesson


def _check_checkpoint(lesson: LessonSpec) -> None:
    """A short quiz: an introduction first, then 5 to 8 puzzles, none of them with a hint."""
    lo, hi = CHECKPOINT_PUZZLES
    if lesson.steps[0].kind != "text":
        raise _Invalid("steps[0]", "a checkpoint starts with a text that introduces it")
    if not lo <= len(lesson.puzzles) <= hi:
        raise _Invalid("steps", f"a checkpoint holds {lo} to {hi} puzzles, not {len(lesson.puzzles)}")
    for i, step in enumerate(lesson.steps):
        if step.puzzle is not None and step.puzzle.hint:
            raise _Invalid(f"steps[{i}].puzzle.hint", f"{step.puzzle.key}: a checkpoint offers no hint")


def _check_checkpoint_rules(course: CourseSpec, errors: list[ContentError]) -> None:
    """A checkpoint asks about its group: every rule its puzzles practise, some puzzle of the
    group's lessons (after the previous checkpoint, up to the one it follows) practised first."""
    practised: set[str] = set()
    for lesson in course.lessons:
        rules = {rule for puzzle in lesson.puzzles for rule in puzzle.rules}
        if not lesson.checkpoint:
            practised |= rules
            continue
        unknown = sorted(rules - practised)
        if unknown:
            reason = f"its puzzles practise {', '.join(unknown)}, which no lesson of its group practises"
            errors.append(ContentError(lesson.path, reason, where="steps"))
        practised = set()


def _puzzle_key(raw: Any) -> str | None:
    puzzle = raw.get("puzzle") if isinstance(raw, dict) else None
    key = puzzle.get("key") if isinstance(puzzle, dict) else None
    return key if isinstance(key, str) and SLUG.match(key) else None


def _read_step(raw: Any, where: str, variant: str) -> StepSpec:
    if not isinstance(raw, dict):
        raise _Invalid(where, "a step is a mapping with text, table and/or puzzle")
    _check_keys(raw, STEP_KEYS, where)
    table = raw.get("table")
    if table is not None:
        table = _check_table(table, f"{where}.table", variant)
    if "puzzle" in raw:
        body = _text(raw.get("text"), f"{where}.text", required=False)
        puzzle = _read_puzzle(raw["puzzle"], variant)
        covered = [body, puzzle.prompt, puzzle.hint, puzzle.explanation, *puzzle.why_not.values()]
        step_claims = _claims(raw.get("claims"), f"{where}.claims", variant, covered, puzzle)
        return StepSpec("puzzle", body, table, puzzle, step_claims)
    if "text" not in raw:
        raise _Invalid(where, "a step needs text or a puzzle")
    body = _text(raw["text"], f"{where}.text")
    return StepSpec("text", body, table, None, _claims(raw.get("claims"), f"{where}.claims", variant, [body]))


def _claims(
    raw: Any, where: str, variant: str, texts: list[Text], puzzle: PuzzleSpec | None = None
) -> list[Claim]:
    """The step's (or lesson's) claims, each worked out by the engine and mentioned by its text in
    every language the text is written in (docs/claims.md)."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise _Invalid(where, "a list of claims: [{kind: taker-needs, mode: hokm, points: 86}, ...]")
    out: list[Claim] = []
    languages = [lang for lang in LANGS if any(lang in text for text in texts)]
    for i, item in enumerate(raw):
        at = f"{where}[{i}]"
        try:
            claim = claim_checks.check_claim(item, variant)
            if claim.kind == "simulated-answer":
                if puzzle is None:
                    raise ClaimError(claim.kind, "stands beside a puzzle: it checks the puzzle's answers")
                claim_checks.check_answers(claim.params, puzzle.answers)
        except ClaimError as e:
            raise _Invalid(at, str(e)) from None
        for number in claim_checks.shown_numbers(claim):
            missing = [
                lang for lang in languages
                if not any(claim_checks.mentions(text.get(lang, ""), number) for text in texts)
            ]  # fmt: skip
            if missing:
                raise _Invalid(at, f"{claim.kind}: the text never says {number} (in {', '.join(missing)})")
        out.append(claim)
    return out


# ---------------------------------------------------------------- field checks


def _check_keys(data: Mapping[str, Any], allowed: frozenset[str], where: str | None) -> None:
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise _Invalid(where, f"unknown key(s) {', '.join(unknown)} (allowed: {', '.join(sorted(allowed))})")


def _text(value: Any, where: str, required: bool = True) -> Text:
    """A translated text: ``{en: ..., ar: ..., fa: ..., fr: ...}``; English is never optional."""
    if value is None:
        if required:
            raise _Invalid(where, "missing (give at least the English text: {en: ...})")
        return {}
    if not isinstance(value, dict):
        raise _Invalid(where, "a text is a mapping by language: {en: ..., ar: ..., fa: ..., fr: ...}")
    unknown = sorted(str(k) for k in value if k not in LANGS)
    if unknown:
        raise _Invalid(where, f"unknown language(s) {', '.join(unknown)} (expected {', '.join(LANGS)})")
    out: Text = {}
    for lang, text in value.items():
        if text is None:
            continue
        if not isinstance(text, str):
            raise _Invalid(f"{where}.{lang}", "must be text (quote it)")
        if text.strip():
            out[lang] = text.strip()
    if "en" not in out:
        raise _Invalid(where, "missing English text (en)")
    return out


def _recap(value: Any, where: str) -> dict[str, list[str]]:
    """The key points ending a lesson: ``{en: [...], ar: [...], fa: [...], fr: [...]}``, every
    language, the same number of points in each (a point left untranslated would go unseen)."""
    lo, hi = RECAP_POINTS
    if not isinstance(value, dict) or set(value) != set(LANGS):
        raise _Invalid(where, f"the lesson's key points in {', '.join(LANGS)} (all four): {{en: [...], ...}}")
    recap: dict[str, list[str]] = {}
    for lang in LANGS:
        points = value[lang]
        if not isinstance(points, list) or not lo <= len(points) <= hi:
            raise _Invalid(f"{where}.{lang}", f"a list of {lo} to {hi} key points")
        if not all(isinstance(p, str) and p.strip() and "\n" not in p.strip() for p in points):
            raise _Invalid(f"{where}.{lang}", "each key point is one line of text")
        recap[lang] = [p.strip() for p in points]
    counts = {len(points) for points in recap.values()}
    if len(counts) > 1:
        raise _Invalid(where, "the same number of key points in every language")
    return recap


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _Invalid(where, f"must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def _str_list(value: Any, where: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _Invalid(where, "must be a list of names")
    if len(set(value)) != len(value):
        raise _Invalid(where, "a name is listed twice")
    return list(value)


def _check_table(table: Any, where: str, variant: str) -> dict[str, Any]:
    """A drawing of a table: only its variant, cards and seats are checked (no engine question)."""
    if not isinstance(table, dict):
        raise _Invalid(where, "a table is a mapping like a puzzle position")
    if table.get("variant", variant) != variant:
        raise _Invalid(f"{where}.variant", f"{table.get('variant')!r} in a {variant} course")
    placed: list[tuple[str, Card]] = []
    try:
        for name in ("seat", "dealer"):
            if table.get(name) is not None:
                Seat.parse(table[name])
        for i, card in enumerate(_list(table.get("hand"), f"{where}.hand")):
            placed.append((f"hand[{i}]", Card.parse(card)))
        for i, play in enumerate(_list(table.get("trick"), f"{where}.trick")):
            if not isinstance(play, list) or len(play) != 2:
                raise _Invalid(f"{where}.trick[{i}]", "a play is [seat, card], like [E, 9C]")
            Seat.parse(play[0])
            placed.append((f"trick[{i}]", Card.parse(play[1])))
        hands = table.get("hands") or {}
        if not isinstance(hands, dict):
            raise _Invalid(f"{where}.hands", "a mapping of seat to cards")
        for seat, cards in hands.items():
            Seat.parse(seat)
            for i, card in enumerate(_list(cards, f"{where}.hands.{seat}")):
                placed.append((f"hands.{seat}[{i}]", Card.parse(card)))
        if table.get("bidding_card") is not None:
            placed.append(("bidding_card", Card.parse(table["bidding_card"])))
    except NotationError as e:
        raise _Invalid(where, str(e)) from None
    seen: dict[int, str] = {}
    for place, card in placed:
        if card in seen:
            raise _Invalid(f"{where}.{place}", f"{card} also at {seen[card]}")
        seen[card] = place
    if demo.is_demo(table):
        # A demonstration: every card it plays is checked with the engine (lessons/demo.py).
        try:
            demo.check({**table, "variant": variant})
        except demo.DemoError as e:
            raise _Invalid(f"{where}.{e.where}", e.reason) from None
    return table


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _Invalid(where, "must be a list")
    return value


# ---------------------------------------------------------------- puzzles


def _read_puzzle(raw: Any, variant: str) -> PuzzleSpec:
    if not isinstance(raw, dict):
        raise _Invalid("puzzle", "a puzzle is a mapping (key, task, position, answers, ...)")
    key = raw.get("key")
    if not isinstance(key, str) or not SLUG.match(key):
        raise _Invalid("key", f"{key!r} is not a key (lowercase letters, digits and dashes)")
    _check_keys(raw, PUZZLE_KEYS, None)
    task = raw.get("task")
    if task not in Task.values:
        raise _Invalid("task", f"unknown task {task!r} (expected one of {', '.join(Task.values)})")
    command = TASK_COMMANDS[Task(task)]
    if raw.get("command", command) != command:
        raise _Invalid(
            "command", f"task {task} is checked with the {command!r} command, not {raw['command']!r}"
        )
    position = raw.get("position")
    if not isinstance(position, dict):
        raise _Invalid("position", "missing: the engine input of the puzzle")
    # A découverte puzzle is French Belote's two-player game, posed in a French course.
    expected = TWO_PLAYER_VARIANTS.get(variant) if task == Task.DECOUVERTE_CARD else variant
    if position.get("variant") != expected:
        raise _Invalid("position.variant", f"{position.get('variant')!r} in a {variant} course")
    if "lang" in position:
        raise _Invalid("position.lang", "the language is the learner's: leave it out")
    output = engine_answer(command, position)
    answers = ANSWER_CHECKS[task](raw.get("answers"), position, output)
    rules = _str_list(raw.get("rules"), "rules")
    unknown = [r for r in rules if r not in RULE_IDS]
    if unknown:
        raise _Invalid("rules", f"unknown rule ID(s) {', '.join(unknown)} (see docs/rules.md)")
    themes = _str_list(raw.get("themes"), "themes")
    bad_themes = [t for t in themes if not SLUG.match(t)]
    if bad_themes:
        raise _Invalid("themes", f"{', '.join(bad_themes)}: a theme is lowercase letters, digits and dashes")
    return PuzzleSpec(
        key=key,
        variant=variant,
        task=task,
        position=position,
        answers=answers,
        # A best-card puzzle asks the same question every time: the page words it (the seat to play).
        prompt=_text(
            raw.get("prompt"), "prompt", required=task not in (Task.BEST_CARD, Task.DECOUVERTE_CARD)
        ),
        hint=_text(raw.get("hint"), "hint", required=False),
        explanation=_text(raw.get("explanation"), "explanation", required=False),
        rules=rules,
        themes=themes,
        difficulty=_int(raw.get("difficulty", 1), "difficulty", 1, 5),
        why_not=_why_not(raw.get("why_not"), task, position, answers, output),
    )


CARD_TASKS = (Task.PLAY, Task.ALL_LEGAL, Task.BEST_CARD, Task.DECOUVERTE_CARD)
# The two-player game of a variant, whose positions its courses may pose (decouverte-card).
TWO_PLAYER_VARIANTS = {"french": "french-2p"}


def _why_not(
    raw: Any, task: str, position: dict[str, Any], answers: list[Any], output: dict[str, Any]
) -> dict[str, Text]:
    """The authors' reasons for wrong answers, keyed like the answers; a play puzzle must have one
    (or the engine's) for every legal card that is not an answer."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise _Invalid(
            "why_not",
            "a mapping from a wrong answer to its reason: {KS: {en: ..., ar: ..., fa: ..., fr: ...}}",
        )
    reasons: dict[str, Text] = {}
    for key, value in raw.items():
        answer = str(key)
        if task in CARD_TASKS:
            try:
                answer = str(Card.parse(answer))
            except (NotationError, ValueError):
                raise _Invalid(f"why_not.{key}", f"{key!r} is not a card") from None
        if answer in answers:
            raise _Invalid(f"why_not.{key}", f"{answer} is a right answer: it needs no reason")
        text = _text(value, f"why_not.{key}")
        missing = [lang for lang in LANGS if lang not in text]
        if missing:
            raise _Invalid(f"why_not.{key}", f"missing language(s) {', '.join(missing)}")
        reasons[answer] = text
    if task == Task.PLAY:
        for card in output["legal"]:
            if card in answers or card in reasons or checking.play_effect(position, card, "en"):
                continue
            raise _Invalid(
                "why_not",
                f"{card} may be played but is not an answer, and the engine cannot say why it is worse:"
                f" give the reason (why_not: {{{card}: {{en: ..., ar: ..., fa: ..., fr: ...}}}})",
            )
    return reasons


class InvalidPuzzle(ValueError):
    """A puzzle the loader would refuse: ``where`` (the field at fault, or None) and ``reason``."""

    def __init__(self, where: str | None, reason: str) -> None:
        super().__init__(f"{where}: {reason}" if where else reason)
        self.where = where
        self.reason = reason


def check_puzzle(raw: Any, variant: str) -> PuzzleSpec:
    """One puzzle written as in a lesson file, checked exactly as the loader checks it.

    Teachers' puzzles (lessons/classroom/teacher_puzzles.py) go through here, so a position the engine
    refuses, or an answer it disagrees with, can no more be saved than loaded.
    """
    try:
        return _read_puzzle(raw, variant)
    except _Invalid as e:
        raise InvalidPuzzle(e.where, e.reason) from None


LOADER_COMMANDS = {"best-card": positions.best_card_answer}


def engine_answer(command: str, position: dict[str, Any]) -> dict[str, Any]:
    """The engine's output for a position, in English; a bad position names the engine's error."""
    # first-lead, double, violation, best-card, sheet, trumps-left and contract-made have no command
    # line: lessons.positions asks the engine. A best-card answer needs only the best cards, not
    # the lines that explain them.
    function = COMMANDS.get(command) or LOADER_COMMANDS.get(command) or positions.COMMANDS.get(command)
    if function is None:
        raise _Invalid("task", f"the engine has no {command!r} command yet")
    try:
        return function(position, "en")
    except InputError as e:
        params = {**e.params, "field": e.field} if e.field else dict(e.params)
        where = f"position.{e.field}" if e.field else "position"
        raise _Invalid(where, f"{e.code}: {error_message(e.code, 'en', params)}") from None
    except Exception as e:  # an engine failure must name the puzzle, not crash the loader
        raise _Invalid("position", f"the engine failed: {type(e).__name__}: {e}") from None


def _one(answers: Any, what: str) -> Any:
    """One-answer tasks: ``answers: X`` or ``answers: [X]``."""
    if isinstance(answers, list):
        if len(answers) != 1:
            raise _Invalid("answers", f"this task has exactly one answer ({what})")
        return answers[0]
    if answers is None:
        raise _Invalid("answers", f"missing: the answer ({what})")
    return answers


def _cards(answers: Any) -> list[str]:
    if not isinstance(answers, list) or not answers:
        raise _Invalid("answers", "a non-empty list of cards, like [KC, 7C]")
    out: list[str] = []
    for i, value in enumerate(answers):
        try:
            card = str(Card.parse(value))
        except (NotationError, TypeError, ValueError):
            raise _Invalid(f"answers[{i}]", f"{value!r} is not a card") from None
        if card in out:
            raise _Invalid(f"answers[{i}]", f"{card} is listed twice")
        out.append(card)
    return out


def _check_play(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    cards = _cards(answers)
    for i, card in enumerate(cards):
        if card in output["illegal"]:
            reason = output["illegal"][card][0]
            raise _Invalid(
                f"answers[{i}]", f"{card} is not legal here: {reason['rule']}: {reason['message']}"
            )
        if card not in output["legal"]:
            # A best-card position shows four hands: say whose (the legal command's has one).
            whose = f" of {output['seat']}" if "seat" in output else ""
            raise _Invalid(f"answers[{i}]", f"{card} is not in the hand{whose}")
    return cards


def _check_all_legal(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    legal = list(output["legal"])
    if answers is not None and set(_cards(answers)) != set(legal):
        raise _Invalid("answers", f"the legal cards are {', '.join(legal)} (or leave answers out)")
    return legal


def _check_trick_winner(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    seat = _one(answers, "a seat: N, E, S or W")
    if seat not in ("N", "E", "S", "W"):
        raise _Invalid("answers", f"{seat!r} is not a seat (N, E, S or W)")
    if seat != output["winner"]:
        raise _Invalid("answers", f"{output['winner']} wins this trick, not {seat}: {output['message']}")
    return [seat]


def _check_count(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    points = _one(answers, "the card points in the trick")
    if isinstance(points, bool) or not isinstance(points, int):
        raise _Invalid("answers", f"{points!r} is not a number of points")
    if points != output["points"]:
        raise _Invalid("answers", f"the trick holds {output['points']} points, not {points}")
    return [points]


def _check_score(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    points = _one(answers, "{NS: points, EW: points}")
    if (
        not isinstance(points, dict)
        or set(points) != {"NS", "EW"}
        or any(isinstance(v, bool) or not isinstance(v, int) for v in points.values())
    ):
        raise _Invalid("answers", f"{points!r}: write {{NS: points, EW: points}}")
    expected = output["points"]
    if points != expected:
        steps = " ".join(f"{s['rule']}: {s['text']}" for s in output.get("steps", []))
        raise _Invalid("answers", f"the engine scores NS {expected['NS']}, EW {expected['EW']}. {steps}")
    return [dict(points)]


def _check_projects(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    team = _one(answers, "the counted team: NS, EW or none")
    if team not in TEAM_ANSWERS:
        raise _Invalid("answers", f"{team!r}: write NS, EW or none")
    expected = output["counted_team"] or "none"
    if team != expected:
        steps = " ".join(f"{s['rule']}: {s['text']}" for s in output.get("steps", []))
        raise _Invalid("answers", f"the counted team is {expected}, not {team}. {steps}")
    return [team]


def _check_bid(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    if output.get("to_act") is None:
        raise _Invalid("position.calls", "the auction is over: there is no call to choose")
    if not isinstance(answers, list) or not answers or not all(isinstance(a, str) for a in answers):
        raise _Invalid("answers", "a non-empty list of calls, like [pass] or [hokm]")
    for i, call in enumerate(answers):
        if call in output.get("refused", {}):
            reason = output["refused"][call][0]
            raise _Invalid(f"answers[{i}]", f"{call} is refused here: {reason['rule']}: {reason['message']}")
        if call not in output["allowed"]:
            raise _Invalid(
                f"answers[{i}]", f"{call!r} is not a call here (allowed: {', '.join(output['allowed'])})"
            )
    if len(set(answers)) != len(answers):
        raise _Invalid("answers", "a call is listed twice")
    return list(answers)


def _check_first_lead(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    seat = _one(answers, "the seat that leads: N, E, S or W")
    if seat not in ("N", "E", "S", "W"):
        raise _Invalid("answers", f"{seat!r} is not a seat (N, E, S or W)")
    if seat != output["leader"]:
        raise _Invalid(
            "answers", f"{output['leader']} leads the first trick, not {seat}: {output['message']}"
        )
    return [seat]


def _check_double(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    if not output["allowed"]:
        reasons = " ".join(f"{r['rule']}: {r['message']}" for r in output["refused"].get("pass", []))
        raise _Invalid("position.seat", f"{position.get('seat')} may say nothing here. {reasons}".strip())
    if not isinstance(answers, list) or not answers or not all(isinstance(a, str) for a in answers):
        raise _Invalid("answers", "a non-empty list of doubling words, like [double] or [pass]")
    for i, word in enumerate(answers):
        if word in output["refused"]:
            reason = output["refused"][word][0]
            raise _Invalid(f"answers[{i}]", f"{word} is refused here: {reason['rule']}: {reason['message']}")
        if word not in output["allowed"]:
            raise _Invalid(
                f"answers[{i}]", f"{word!r} is not a doubling word (allowed: {', '.join(output['allowed'])})"
            )
    if len(set(answers)) != len(answers):
        raise _Invalid("answers", "a word is listed twice")
    return list(answers)


def _check_best_card(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    """The solver's best cards are the answers; written ones must be exactly those."""
    best = list(output["best"])
    if answers is None:
        return best
    cards = _check_play(answers, position, output)  # each a legal card of the hand
    if set(cards) != set(best):
        losses = "; ".join(f"{c} gives away {output['loss'][c]} card points" for c in cards if c not in best)
        found = f"the solver's best cards are {', '.join(best)}, not {', '.join(cards)}"
        raise _Invalid("answers", f"{found}: {losses}" if losses else found + " (or leave answers out)")
    return best


def _check_decouverte_card(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    """The evaluator's best cards are the answers; written ones must be exactly those."""
    best = list(output["best"])
    if answers is None:
        return best
    cards = _cards(answers)
    for i, card in enumerate(cards):
        if card not in output["legal"]:
            raise _Invalid(f"answers[{i}]", f"{card} is not a face-up card {output['seat']} may play now")
    if set(cards) != set(best):
        losses = "; ".join(
            f"{c} loses {output['loss'][c]} card points on average" for c in cards if c not in best
        )
        raise _Invalid(
            "answers", f"the evaluator's best cards are {', '.join(best)}, not {', '.join(cards)}: {losses}"
        )
    return best


def _check_violation(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    seat = _one(answers, "the seat that broke a rule (N, E, S or W), or none")
    if seat not in ("N", "E", "S", "W", "none"):
        raise _Invalid("answers", f"{seat!r}: write N, E, S, W or none")
    expected = output["offender"] or "none"
    if seat != expected:
        if output["offender"] is None:
            raise _Invalid("answers", f"every card of this trick was legal: the answer is none, not {seat}")
        reason = output["reasons"][0]
        found = f"{expected} broke a rule with {output['card']}, not {seat}"
        raise _Invalid("answers", f"{found}: {reason['rule']}: {reason['message']}")
    return [seat]


def _check_sheet(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    line = _one(answers, "the number of the wrong line (1 for the first hand)")
    wrong = output["wrong"]
    if len(wrong) != 1:
        found = ", ".join(str(n) for n in wrong) or "none"
        raise _Invalid("sheet", f"exactly one line must differ from its hand's score (lines wrong: {found})")
    if isinstance(line, bool) or not isinstance(line, int) or line != wrong[0]:
        right = output["lines"][wrong[0] - 1]["points"]
        raise _Invalid("answers", f"line {wrong[0]} is the wrong one (the hand scores {right}), not {line!r}")
    return [line]


def _check_trumps_left(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    left = _one(answers, "the number of trumps the others still hold")
    if isinstance(left, bool) or not isinstance(left, int):
        raise _Invalid("answers", f"{left!r} is not a number of trumps")
    if left != output["left"]:
        out = ", ".join(output["out"])
        raise _Invalid("answers", f"the others hold {output['left']} trumps ({out}), not {left}")
    return [left]


def _check_contract_made(answers: Any, position: dict[str, Any], output: dict[str, Any]) -> list[Any]:
    outcome = _one(answers, "made, open or lost")
    if outcome != output["verdict"]:
        verdict = output["verdict"]
        raise _Invalid("answers", f"the contract is {verdict} (scored at both extremes), not {outcome!r}")
    return [outcome]


AnswerCheck = Callable[[Any, dict[str, Any], dict[str, Any]], list[Any]]

ANSWER_CHECKS: dict[str, AnswerCheck] = {
    Task.PLAY: _check_play,
    Task.ALL_LEGAL: _check_all_legal,
    Task.TRICK_WINNER: _check_trick_winner,
    Task.COUNT: _check_count,
    Task.SCORE: _check_score,
    Task.PROJECTS: _check_projects,
    Task.BID: _check_bid,
    Task.FIRST_LEAD: _check_first_lead,
    Task.DOUBLE: _check_double,
    Task.VIOLATION: _check_violation,
    Task.BEST_CARD: _check_best_card,
    Task.SHEET: _check_sheet,
    Task.TRUMPS_LEFT: _check_trumps_left,
    Task.CONTRACT_MADE: _check_contract_made,
    Task.DECOUVERTE_CARD: _check_decouverte_card,
}
