"""A pupil's wrong answer told to their teacher: the rule it breaks, by name, and a sentence about it.

The learner reads the engine's sentence written to them ("You must follow hearts: you hold…").
Their teacher reads about the pupil, in the third person: "Chose A♦, which does not follow
hearts.", with the rule's name linked to its section of the rules page, and the rule ID only as a
small code beside it. The sentence is made here, in the presentation layer, from what the engine
decided (the rule, the card, the led suit, the points a card loses), through the gettext catalogs.

:func:`explain` tells one wrong answer; :func:`class_rules` counts the rules a class got wrong
in a period (the dashboard's "what the class gets wrong this week"), each with the drill theme
that practises it, so that a teacher makes a drill of it in one click.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from engine import messages
from engine.cards import Card, NotationError
from lessons import checking
from lessons import themes as puzzle_themes
from lessons.models import Attempt, Puzzle, Task

# The most frequent (puzzle, answer) pairs of a period told apart by the engine: each one not yet
# in the cache runs the puzzle's check, so the dashboard reads a bounded number of them.
PAIRS_MAX = 100
RULES_SHOWN = 5  # rules in the dashboard's list

# The drill theme (lessons/themes.py) that practises a rule, by the rule ID's family; the
# solver's explanations take the puzzle's own endgame theme instead.
RULE_FAMILY_THEMES = {
    "play": "legal-cards",
    "trick": "trick-winner",
    "proj": "projects",
    "decl": "projects",
    "score": "scoring",
    "bid": "bidding",
    "double": "bidding",
}
CARD_TASKS = (Task.PLAY, Task.BEST_CARD)


@dataclass(frozen=True)
class Mistake:
    """One wrong answer in the teacher's words."""

    rule: str  # the rule ID ("" when no rule is named: an allowed card that is not the best)
    rule_name: str
    rule_url: str  # its section on the rules page ("" for the solver's explanations)
    sentence: str  # "Chose A♦, which does not follow hearts."
    theme: str  # the drill theme that practises it ("" when none does)


def explain(
    puzzle: Puzzle, answer: Any, lang: str, deck: str = "french", content: tuple[Any, ...] | None = None
) -> Mistake | None:
    """The teacher's words for a wrong ``answer`` to ``puzzle`` (None for a right one).
    ``content``: the puzzle's :func:`content_key`, when the caller tells many answers to it."""
    key = content if content is not None else content_key(puzzle)
    return _explain(*key, json.dumps(answer, sort_keys=True), lang, deck)


def content_key(puzzle: Puzzle) -> tuple[Any, ...]:
    """What the teacher's words depend on in a puzzle: part of the cache's key, so that a puzzle
    edited in place is never told from the cache."""
    return (
        puzzle.pk,
        puzzle.task,
        puzzle.variant,
        json.dumps(puzzle.position, sort_keys=True),
        json.dumps(puzzle.answers, sort_keys=True),
        json.dumps(puzzle.why_not or {}, sort_keys=True),
        json.dumps(puzzle.rules or [], sort_keys=True),
        json.dumps(puzzle.themes or [], sort_keys=True),
    )


@functools.lru_cache(maxsize=4096)
def _explain(
    pk: int,
    task: str,
    variant: str,
    position: str,
    answers: str,
    why_not: str,
    rules: str,
    themes: str,
    answer_json: str,
    lang: str,
    deck: str,
) -> Mistake | None:
    # The puzzle's content is part of the cache key: an edited puzzle is never told from the cache.
    puzzle = Puzzle(
        pk=pk,
        task=task,
        variant=variant,
        position=json.loads(position),
        answers=json.loads(answers),
        why_not=json.loads(why_not),
        rules=json.loads(rules),
        themes=json.loads(themes),
    )
    answer = json.loads(answer_json)
    try:
        verdict = checking.check(puzzle, answer, lang, deck)
    except Exception:  # an answer stored before a content change may no longer fit: say nothing
        return None
    if verdict.correct:
        return None
    rule = next((item["rule"] for item in [*verdict.wrong, *verdict.reasons] if item["rule"]), "")
    if not rule and puzzle.rules and not verdict.legal_but_not_best:
        rule = str(puzzle.rules[0])  # the rule the puzzle asks about, which this answer missed
    with translation.override(lang):
        sentence = _sentence(puzzle, answer, rule, verdict, lang, deck)
        name = messages.rule_title(rule, variant, lang) if rule else ""
    url = ""
    if rule:
        from lessons.views import rule_url  # the views import the classroom's modules

        url = rule_url(variant, rule)
    return Mistake(rule, name, url, sentence, _theme(rule, puzzle))


def _sentence(puzzle: Puzzle, answer: Any, rule: str, verdict: checking.Verdict, lang: str, deck: str) -> str:
    """What the pupil did and why it is wrong, said of the pupil (never to them)."""
    from lessons.classroom.dashboard import answer_label  # the dashboard imports this module

    label = answer_label(puzzle, answer, lang, deck)
    card = _card(answer) if puzzle.task in CARD_TASKS else None
    led = _led_suit(puzzle.position)
    variant = puzzle.variant
    if card is not None and rule == "play.must-follow" and led is not None:
        return _("Chose %(card)s, which does not follow %(suit)s.") % {
            "card": label,
            "suit": messages.suit_name(led, variant, lang, deck),
        }
    if card is not None and rule == "play.must-trump" and led is not None:
        # The rule's name, in the variant's own words, stands beside: no trump word here.
        return _("Chose %(card)s: with no %(suit)s in hand, that card breaks this rule.") % {
            "card": label,
            "suit": messages.suit_name(led, variant, lang, deck),
        }
    if card is not None and rule in ("play.must-overtrump", "play.must-overruff"):
        return _("Chose %(card)s, lower than the card winning the trick, though they could beat it.") % {
            "card": label
        }
    if card is not None and verdict.lost:
        return translation.ngettext(
            "Chose %(card)s, which gives away %(points)s card point against the best play.",
            "Chose %(card)s, which gives away %(points)s card points against the best play.",
            verdict.lost,
        ) % {"card": label, "points": verdict.lost}
    if verdict.legal_but_not_best:
        return _("Chose %(answer)s, which is allowed but not the best choice here.") % {"answer": label}
    if verdict.missing:
        return _("Ticked %(answer)s and left out cards that may be played.") % {"answer": label}
    right = verdict.solution.labels if verdict.solution is not None else []
    if len(right) == 1 and puzzle.task not in (*CARD_TASKS, Task.ALL_LEGAL):
        # One right answer (a seat, a count, a team, a call): the teacher reads both.
        return _("Answered %(answer)s instead of %(right)s.") % {"answer": label, "right": right[0]}
    if rule:
        return _("Answered %(answer)s, against this rule.") % {"answer": label}
    return _("Answered %(answer)s, which is wrong.") % {"answer": label}


def _card(answer: Any) -> Card | None:
    try:
        return Card.parse(answer)
    except NotationError:
        return None


def _led_suit(position: Any) -> int | None:
    """The suit led in the trick in progress, or None when the trick is empty or unreadable."""
    try:
        return Card.parse(position["trick"][0][1]).suit
    except (KeyError, IndexError, TypeError, NotationError):
        return None


def _theme(rule: str, puzzle: Puzzle) -> str:
    """The drill theme that practises ``rule``: a rule family's, or the puzzle's endgame theme."""
    family = RULE_FAMILY_THEMES.get(rule.split(".", 1)[0])
    if family is not None:
        return family
    for theme in puzzle.themes or []:
        if theme in puzzle_themes.ENDGAME_THEMES:
            return str(theme)
    return ""


# ---------------------------------------------------------------- what a class gets wrong


@dataclass
class RuleCount:
    """A rule the class got wrong in a period: how many answers, by how many pupils."""

    variant: str
    rule: str
    name: str
    url: str
    theme: str
    mistakes: int = 0
    pupils: set[int] = field(default_factory=set)
    drill_url: str = ""  # the new drill of this theme

    @property
    def pupil_count(self) -> int:
        return len(self.pupils)

    @property
    def sentence(self) -> str:
        """ "3 pupils, 7 mistakes" (each count agreeing with its own words)."""
        pupils = translation.ngettext("%(n)s pupil", "%(n)s pupils", self.pupil_count) % {
            "n": self.pupil_count
        }
        mistakes = translation.ngettext("%(n)s mistake", "%(n)s mistakes", self.mistakes) % {
            "n": self.mistakes
        }
        return _("%(pupils)s, %(mistakes)s") % {"pupils": pupils, "mistakes": mistakes}


def class_rules(
    classroom_id: int,
    drill_ids: Iterable[int],
    student_ids: Iterable[int],
    since: dt.datetime,
    lang: str,
    shown: int = RULES_SHOWN,
) -> list[RuleCount]:
    """The rules most often broken in the class's drills since ``since``, most pupils first:
    two queries (the wrong answers grouped by puzzle, answer and pupil; their puzzles)."""
    drills, students = list(drill_ids), list(student_ids)
    if not drills or not students:
        return []
    wrong = (
        Attempt.objects.filter(drill_id__in=drills, user_id__in=students, correct=False, created__gte=since)
        .order_by()
        .values("puzzle_id", "answer", "user_id")
        .annotate(n=Count("id"))
        .values_list("puzzle_id", "answer", "user_id", "n")
    )
    by_pair: dict[tuple[int, str], list[tuple[int, int]]] = defaultdict(list)
    for puzzle_id, answer, user_id, n in wrong:
        by_pair[(puzzle_id, json.dumps(answer, sort_keys=True))].append((user_id, n))
    frequent = sorted(by_pair.items(), key=lambda kv: (-sum(n for _u, n in kv[1]), kv[0]))[:PAIRS_MAX]
    puzzles = Puzzle.objects.in_bulk({puzzle_id for (puzzle_id, _a), _w in frequent})
    contents = {pk: content_key(puzzle) for pk, puzzle in puzzles.items()}
    counts: dict[tuple[str, str], RuleCount] = {}
    for (puzzle_id, answer_json), who in frequent:
        puzzle = puzzles.get(puzzle_id)
        if puzzle is None:
            continue
        mistake = _explain(*contents[puzzle_id], answer_json, lang, "french")
        if mistake is None or not mistake.rule:
            continue
        key = (puzzle.variant, mistake.rule)
        if key not in counts:
            counts[key] = RuleCount(
                puzzle.variant, mistake.rule, mistake.rule_name, mistake.rule_url, mistake.theme
            )
        row = counts[key]
        row.mistakes += sum(n for _u, n in who)
        row.pupils.update(u for u, _n in who)
    rows = sorted(counts.values(), key=lambda r: (-r.pupil_count, -r.mistakes, r.name))[:shown]
    new_drill = reverse("drills-new", args=[classroom_id])
    for row in rows:
        if row.theme:
            row.drill_url = f"{new_drill}?theme={row.theme}"
    return rows
