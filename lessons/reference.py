"""The reference pages: the rules of each variant explained, and the glossary of its words.

Their text is content, like the lessons: ``lessons/content/reference/rules-<variant>.yaml``
explains every rule of the variant (organised in the sections of docs/rules.md) and
``lessons/content/reference/glossary.yaml`` names the game's concepts in each language, both
written in en, ar, fa and fr so that translators see the four side by side. Rule titles come
from the engine's catalogs (:func:`engine.messages.rule_title`), so a rule is called the same
on every page.

A rules file is checked when it is read (:func:`read_rules`): each rule of docs/rules.md that
applies to the variant (lessons/rulebook.py) is explained exactly once, in its section; a
house rule names an option of the variant; every text is there in the four languages. The
pages link each rule to the lessons and puzzles that practise it (``Puzzle.rules``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from engine import messages
from engine.cards import RANK_LETTERS, SUIT_LETTERS
from engine.notation import option_names
from engine.ranking import NO_TRUMP, PLAIN_ORDER, POINTS, TRUMP_ORDER
from engine.variants import rules_for
from lessons.content import CONTENT_DIR, LANGS
from lessons.models import Course, Puzzle, Source, Step, Variant
from lessons.rulebook import SECTIONS, VARIANTS, rules_by_section
from lessons.views import get_prefs

REFERENCE_DIR = CONTENT_DIR / "reference"

# Section headings, in the page language. Saudi players speak of projects, the others of declarations.
SECTION_TITLES = {
    "deck": _("The cards and their order"),
    "play": _("Playing a card"),
    "bidding": _("Bidding, doubling and the first lead"),
    "projects": _("Declarations"),
    "scoring": _("Scoring"),
    "house-rules": _("House rules"),
}
SAUDI_PROJECTS = _("Projects")
OTHER_BIDDING = _("Bidding and the first lead")

Text = dict[str, str]


class ReferenceFileError(ValueError):
    """A reference file that cannot be shown: names the file, the place and the reason."""

    def __init__(self, path: Path, where: str, reason: str) -> None:
        super().__init__(f"{path.name}: {where}: {reason}" if where else f"{path.name}: {reason}")
        self.path = path
        self.where = where
        self.reason = reason


# ---------------------------------------------------------------- reading the files


@dataclass(frozen=True)
class Entry:
    """An explained item: a rule (docs/rules.md, ``rule``), a topic (``topic``), a house rule (``option``)."""

    text: Text
    rule: str = ""
    topic: str = ""
    option: str = ""
    title: Text = field(default_factory=dict)


@dataclass(frozen=True)
class RulesFile:
    variant: str
    intro: Text
    sections: dict[str, list[Entry]]


def _text(value: Any, path: Path, where: str) -> Text:
    if not isinstance(value, dict) or set(value) != set(LANGS):
        raise ReferenceFileError(path, where, f"a text in {', '.join(LANGS)} (all four)")
    for lang, text in value.items():
        if not isinstance(text, str) or not text.strip():
            raise ReferenceFileError(path, f"{where}.{lang}", "missing text")
    return {lang: text.strip() for lang, text in value.items()}


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise ReferenceFileError(path, "", f"cannot be read: {e}") from None
    if not isinstance(data, dict):
        raise ReferenceFileError(path, "", "the file must hold a mapping")
    return data


def read_rules(variant: str, directory: Path = REFERENCE_DIR) -> RulesFile:
    """``rules-<variant>.yaml``, checked against the rule table (see the module docstring)."""
    path = directory / f"rules-{variant}.yaml"
    data = _read_yaml(path)
    if data.get("variant") != variant:
        raise ReferenceFileError(path, "variant", f"{data.get('variant')!r}, expected {variant!r}")
    raw_sections = data.get("sections")
    slugs = [s.slug for s in SECTIONS]
    if not isinstance(raw_sections, dict) or list(raw_sections) != slugs:
        raise ReferenceFileError(path, "sections", f"the sections, in this order: {', '.join(slugs)}")
    options = set(option_names(variant))
    expected = dict((section.slug, rules) for section, rules in rules_by_section(variant))
    sections: dict[str, list[Entry]] = {}
    for slug, items in raw_sections.items():
        if not isinstance(items, list):
            raise ReferenceFileError(path, f"sections.{slug}", "a list of entries")
        entries = [_entry(item, path, f"sections.{slug}[{i}]", options) for i, item in enumerate(items)]
        rules = [e.rule for e in entries if e.rule and not e.option]
        if sorted(rules) != sorted(expected[slug]):
            missing = sorted(set(expected[slug]) - set(rules))
            extra = sorted(set(rules) - set(expected[slug]))
            twice = sorted({r for r in rules if rules.count(r) > 1})
            problems = [f"missing {', '.join(missing)}" if missing else "",
                        f"not of this section or variant: {', '.join(extra)}" if extra else "",
                        f"explained twice: {', '.join(twice)}" if twice else ""]  # fmt: skip
            raise ReferenceFileError(path, f"sections.{slug}", "; ".join(p for p in problems if p))
        sections[slug] = entries
    return RulesFile(variant, _text(data.get("intro"), path, "intro"), sections)


def _entry(item: Any, path: Path, where: str, options: set[str]) -> Entry:
    if not isinstance(item, dict):
        raise ReferenceFileError(path, where, "an entry is a mapping (rule, topic or option, and text)")
    unknown = set(item) - {"rule", "topic", "option", "title", "text"}
    if unknown:
        raise ReferenceFileError(path, where, f"unknown key(s) {', '.join(sorted(unknown))}")
    text = _text(item.get("text"), path, f"{where}.text")
    rule, topic, option = (str(item.get(k) or "") for k in ("rule", "topic", "option"))
    if option:
        if option not in options:
            raise ReferenceFileError(path, where, f"{option!r} is not an option of this variant")
        return Entry(text, rule=rule, option=option, title=_text(item.get("title"), path, f"{where}.title"))
    if topic:
        return Entry(text, topic=topic, title=_text(item.get("title"), path, f"{where}.title"))
    if not rule:
        raise ReferenceFileError(path, where, "name a rule, a topic or an option")
    if "title" in item:
        raise ReferenceFileError(path, where, "a rule's title comes from the catalogs: leave it out")
    return Entry(text, rule=rule)


@dataclass(frozen=True)
class Concept:
    """A row of the glossary: the concept in the page language, and its words at each table."""

    label: Text
    words: dict[str, str]  # column → word ("" when that table has no such word)
    note: Text
    definition: Text = field(default_factory=dict)
    examples: dict[str, Text] = field(default_factory=dict)  # variant → the word in use at its table


GLOSSARY_COLUMNS = ("en", "saudi", "moroccan", "fa", "fr")
COLUMN_LANGS = {"en": "en", "saudi": "ar", "moroccan": "ar", "fa": "fa", "fr": "fr"}


def read_glossary(directory: Path = REFERENCE_DIR) -> list[Concept]:
    path = directory / "glossary.yaml"
    data = _read_yaml(path)
    items = data.get("concepts")
    if not isinstance(items, list) or not items:
        raise ReferenceFileError(path, "concepts", "a list of concepts")
    concepts = []
    for i, item in enumerate(items):
        where = f"concepts[{i}]"
        if not isinstance(item, dict):
            raise ReferenceFileError(path, where, "a concept is a mapping (label, words, note)")
        words = item.get("words")
        if not isinstance(words, dict) or set(words) != set(GLOSSARY_COLUMNS):
            columns = ", ".join(GLOSSARY_COLUMNS)
            raise ReferenceFileError(path, f"{where}.words", f"one word per column: {columns}")
        note = _text(item["note"], path, f"{where}.note") if item.get("note") else {}
        examples = item.get("examples")
        if not isinstance(examples, dict) or set(examples) != set(VARIANTS):
            expected = ", ".join(VARIANTS)
            raise ReferenceFileError(path, f"{where}.examples", f"one example per variant: {expected}")
        concepts.append(
            Concept(
                _text(item.get("label"), path, f"{where}.label"),
                {k: str(v or "") for k, v in words.items()},
                note,
                _text(item.get("definition"), path, f"{where}.definition"),
                {v: _text(examples[v], path, f"{where}.examples.{v}") for v in VARIANTS},
            )
        )
    return concepts


@functools.cache
def _cached_rules(variant: str) -> RulesFile:
    return read_rules(variant)


@functools.cache
def _cached_glossary() -> list[Concept]:
    return read_glossary()


@functools.cache
def rule_anchors(variant: str) -> frozenset[str]:
    """The rule IDs that have a section of their own (``#rule-<id>``) on the variant's rules page."""
    if variant not in VARIANTS:
        return frozenset()
    book = _cached_rules(variant)
    return frozenset(e.rule for entries in book.sections.values() for e in entries if e.rule and not e.option)


@dataclass(frozen=True)
class HouseRule:
    """A yes/no house rule of a variant as a player chooses it: its name and explanation in the
    reader's language (the rules page's own words), the engine's default, and the page's anchor."""

    option: str
    title: str
    text: str
    default: bool
    anchor: str


def house_rules(variant: str, lang: str) -> list[HouseRule]:
    """The yes/no house rules of ``variant``, in the order of its rules page (the game's length,
    a number, is chosen apart)."""
    if variant not in VARIANTS:
        return []
    defaults = rules_for(variant).options()
    return [
        HouseRule(
            e.option, _in(e.title, lang), _in(e.text, lang), bool(defaults[e.option]), "option-" + e.option
        )
        for e in _cached_rules(variant).sections["house-rules"]
        if e.option and isinstance(defaults.get(e.option), bool)
    ]


# ---------------------------------------------------------------- what practises a rule


@dataclass
class Practice:
    """A lesson whose puzzles practise a rule: the lesson, and the step numbers of those puzzles."""

    title: str
    url: str
    steps: list[tuple[int, str]]  # (step number, url)


def practice_by_rule(variant: str) -> dict[str, list[Practice]]:
    """For every rule, the curriculum lessons of ``variant`` with puzzles practising it, in course order."""
    steps = (
        Step.objects.filter(lesson__course__variant=variant)
        .select_related("lesson__course", "puzzle")
        .order_by("lesson__course__order", "lesson__course__key", "lesson__order", "order")
    )
    numbers: dict[int, int] = {}  # the step's place in its lesson is its URL number
    found: dict[str, dict[int, Practice]] = {}
    for step in steps:
        lesson = step.lesson
        n = numbers[lesson.pk] = numbers.get(lesson.pk, 0) + 1
        puzzle: Puzzle | None = step.puzzle
        if puzzle is None or puzzle.source != Source.CURRICULUM:
            continue
        for rule in puzzle.rules or []:
            by_lesson = found.setdefault(rule, {})
            if lesson.pk not in by_lesson:
                url = reverse("lessons-lesson", args=[lesson.course.key, lesson.slug])
                by_lesson[lesson.pk] = Practice(lesson.title, url, [])
            step_url = reverse("lessons-step", args=[lesson.course.key, lesson.slug, n])
            by_lesson[lesson.pk].steps.append((n, step_url))
    return {rule: list(by_lesson.values()) for rule, by_lesson in found.items()}


# ---------------------------------------------------------------- views


def _in(text: Text, lang: str) -> str:
    return text.get(lang) or text.get("en", "")


def _ranking(variant: str, lang: str) -> list[dict[str, Any]]:
    """The order and points of the cards, strongest first, from the engine's tables."""

    def name(rank: int) -> str:
        return messages.lookup(f"rank.{RANK_LETTERS[rank]}", variant, lang)

    # Rank r of spades is card r: the points of a rank are the same in every suit.
    return [
        {
            "trump": name(trump),
            "trump_points": POINTS[0][trump],
            "plain": name(plain),
            "plain_points": POINTS[NO_TRUMP][plain],
        }
        for trump, plain in zip(TRUMP_ORDER, PLAIN_ORDER, strict=True)
    ]


@require_safe
def rules(request: HttpRequest, variant: str) -> HttpResponse:
    if variant not in VARIANTS:
        raise Http404
    lang = get_language() or "en"
    book = _cached_rules(variant)
    practice = practice_by_rule(variant)
    course = Course.objects.filter(key=variant).first()  # the rules course of the variant
    sections = []
    for section in SECTIONS:
        title = SECTION_TITLES[section.slug]
        if section.slug == "projects" and variant == "saudi":
            title = SAUDI_PROJECTS
        if section.slug == "bidding" and variant != "saudi":
            title = OTHER_BIDDING  # only Saudi Baloot has doubling
        entries = []
        for entry in book.sections[section.slug]:
            if entry.rule and not entry.option:
                entry_title = messages.rule_title(entry.rule, variant, lang)
                anchor = "rule-" + entry.rule
            else:
                entry_title = _in(entry.title, lang)
                anchor = "option-" + entry.option if entry.option else "topic-" + entry.topic
            entries.append(
                {
                    "anchor": anchor,
                    "title": entry_title,
                    "rule": entry.rule,
                    "option": entry.option,
                    "text": _in(entry.text, lang),
                    "linked": bool(entry.option and entry.rule),
                    "practice": [] if entry.option else practice.get(entry.rule, []),
                }
            )
        sections.append({"slug": section.slug, "title": title, "entries": entries})
    ctx = {
        "variant": variant,
        "variant_name": course.title if course else Variant(variant).label,
        "course": course,
        "intro": _in(book.intro, lang),
        "sections": sections,
        "ranking": _ranking(variant, lang),
        "has_sun": variant == "saudi",
        "others": [v for v in VARIANTS if v != variant],
        "variant_names": dict(Variant.choices),
        "prefs": get_prefs(request),
    }
    return render(request, "reference/rules.html", ctx)


@require_safe
def glossary(request: HttpRequest) -> HttpResponse:
    lang = get_language() or "en"
    names = dict(Variant.choices)
    concepts = [
        {
            "anchor": f"term-{n}",
            "label": _in(c.label, lang),
            "words": [(c.words[k], COLUMN_LANGS[k]) for k in GLOSSARY_COLUMNS],
            "note": _in(c.note, lang),
            "definition": _in(c.definition, lang),
            "examples": [(names[v], _in(c.examples[v], lang)) for v in VARIANTS],
        }
        for n, c in enumerate(_cached_glossary(), 1)
    ]
    ctx = {
        "columns": [
            ("en", _("English")),
            ("saudi", _("Saudi Arabic")),
            ("moroccan", _("Moroccan Arabic")),
            ("fa", _("Persian")),
            ("fr", _("French")),
        ],
        "concepts": concepts,
        # Arabic and Persian lists take their own comma «،».
        "list_separator": pgettext("between the items of a list", ", "),
        "spanish": _spanish_deck(lang),
        "variant_names": dict(Variant.choices),
        "prefs": get_prefs(request),
    }
    return render(request, "reference/glossary.html", ctx)


def _spanish_deck(lang: str) -> dict[str, Any]:
    """The Spanish deck beside the French one, named in the page language (Moroccan words)."""
    ranks = []
    for rank in reversed(range(8)):  # A K Q J 10 9 8 7
        letter = RANK_LETTERS[rank]
        ranks.append(
            {
                "number": messages.SPANISH_NUMBERS[rank],
                "spanish": messages.lookup(f"rank.spanish.{letter}", "moroccan", lang),
                "french": messages.lookup(f"rank.{letter}", "moroccan", lang),
                "index": messages.lookup(f"rank.short.{letter}", "french", lang),
            }
        )
    suits = [
        {
            "spanish": messages.suit_name(suit, "moroccan", lang, "spanish"),
            "french": messages.suit_name(suit, "moroccan", lang),
            "symbol": messages.SUIT_SYMBOLS[suit],
            "letter": SUIT_LETTERS[suit],
        }
        for suit in range(4)
    ]
    return {"ranks": ranks, "suits": suits}
