"""A puzzle's hint, the second stage of the feedback: the author's, else one made from the puzzle.

A hint narrows the question down without answering it. Without an authored hint, each puzzle
kind says what to look at, read off the position: the suit led and whether you hold it (legal
cards), the trump suit (who wins the trick, its card points), the first step of the count
(score), to score each line of a sheet yourself, to count the trumps trick by trick, to score
both extremes of what is still in play (contract made), each team's best project, the idea of an endgame
or the suit its best cards are in (best card), else the rules the puzzle practises. In each
course's own words: a sentence that names the trump or the projects has a ``saudi`` entry
(حكم, مشاريع) beside the plain one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from engine import messages
from engine.cards import SUIT_LETTERS, Card, NotationError
from engine.notation import InputError
from lessons import themes
from lessons.models import Puzzle, Task
from lessons.templatetags.baloot import variant_gettext


def hint_for(puzzle: Puzzle, lang: str, deck: str = "french") -> str:
    """The hint of ``puzzle`` in ``lang``: the author's, else :func:`default_hint`."""
    if puzzle.hint:
        return str(puzzle.hint)
    with translation.override(lang):
        return default_hint(puzzle, lang, deck)


def default_hint(puzzle: Puzzle, lang: str, deck: str = "french") -> str:
    """A hint made from the puzzle by its kind, in the active language ("" if none can be made)."""
    try:
        text = _MADE[puzzle.task](puzzle, lang, deck) if puzzle.task in _MADE else ""
    except (InputError, NotationError, KeyError, TypeError, ValueError):
        text = ""
    return text or _rules_hint(puzzle, lang)


def _say(msgid: str, variant: str, **params: Any) -> str:
    text = variant_gettext(msgid, variant)
    return text % params if params else text


def _suit(puzzle: Puzzle, letter: Any, lang: str, deck: str) -> str:
    return messages.suit_name(SUIT_LETTERS.index(str(letter).upper()), puzzle.variant, lang, deck)


def _legal_cards(puzzle: Puzzle, lang: str, deck: str) -> str:
    trick = puzzle.position.get("trick") or []
    if not trick:
        return ""
    led = messages.suit_name(Card.parse(str(trick[0][1])).suit, puzzle.variant, lang, deck)
    if puzzle.position.get("trump"):
        msgid = gettext_noop(
            "The first card of this trick is %(suit)s: do you hold any? If not, look at your trumps."
        )
    else:
        msgid = gettext_noop("The first card of this trick is %(suit)s: do you hold any?")
    return _say(msgid, puzzle.variant, suit=led)


def _trick_winner(puzzle: Puzzle, lang: str, deck: str) -> str:
    trump = puzzle.position.get("trump")
    if not trump:
        return _say(gettext_noop("No suit is trump here: which cards are of the suit led?"), puzzle.variant)
    msgid = gettext_noop("%(suit)s is trump here: was a trump played in this trick?")
    return _say(msgid, puzzle.variant, suit=_suit(puzzle, trump, lang, deck))


def _count(puzzle: Puzzle, lang: str, deck: str) -> str:
    trump = puzzle.position.get("trump")
    if not trump:
        msgid = gettext_noop(
            "Which cards of this trick are worth points? The Ace and the 10 are worth the most."
        )
        return _say(msgid, puzzle.variant)
    msgid = gettext_noop(
        "Which cards of this trick are worth points? In the trump suit, %(suit)s, the Jack and the 9 are "
        "worth the most."
    )
    return _say(msgid, puzzle.variant, suit=_suit(puzzle, trump, lang, deck))


def _score(puzzle: Puzzle, lang: str, deck: str) -> str:
    from lessons.checking import engine_output  # checking's verdicts use this module's sentences

    steps = engine_output(puzzle, lang, deck).get("steps", [])
    rule = next((s["rule"] for s in steps if s["rule"].startswith("score.")), "")
    if not rule:
        return ""
    return _("Start with this step of the count: %(step)s.") % {
        "step": messages.rule_title(rule, puzzle.variant, lang)
    }


def _projects(puzzle: Puzzle, lang: str, deck: str) -> str:
    return _say(gettext_noop("Which is each team's best declaration? Compare those first."), puzzle.variant)


def _sheet(puzzle: Puzzle, lang: str, deck: str) -> str:
    msgid = gettext_noop(
        "Score each hand yourself, one line at a time: who took, the card points, the declarations "
        "and the belote. Then compare with the sheet."
    )
    return _say(msgid, puzzle.variant)


def _trumps_left(puzzle: Puzzle, lang: str, deck: str) -> str:
    msgid = gettext_noop("Go through the tricks one by one and count every trump played; then count yours.")
    return _say(msgid, puzzle.variant)


def _contract_made(puzzle: Puzzle, lang: str, deck: str) -> str:
    msgid = gettext_noop(
        "Add up each side's card points so far. Then give everything still in play to one side, "
        "then to the other: does the result change?"
    )
    return _say(msgid, puzzle.variant)


def best_card_hint(puzzle: Puzzle, lang: str, deck: str) -> str:
    """An endgame's hint: the suit its best card is in (when the hand holds several), else the
    idea of the puzzle (a theme the solver tags). "" without either."""
    variant = puzzle.variant
    if puzzle.answers:
        best = Card.parse(str(puzzle.answers[0]))
        hands: dict[str, list[str]] = puzzle.position.get("hands") or {}
        hand = next((h for h in hands.values() if str(best) in h), [])
        if len({Card.parse(c).suit for c in hand}) > 1:
            suit = messages.suit_name(best.suit, variant, lang, deck)
            return _("Look at your {suit}: the best card is one of them.").format(suit=suit)
    # One suit in hand: naming it says nothing. The idea of the puzzle does.
    idea = next((t for t in puzzle.themes or [] if t in themes.ENDGAME_THEMES and t != "short-endgame"), "")
    if idea:
        return _("Think of this idea: {theme}.").format(theme=themes.in_sentence(idea, variant, lang))
    return ""


def _rules_hint(puzzle: Puzzle, lang: str) -> str:
    if not puzzle.rules:
        return ""
    titles = [messages.rule_title(str(r), puzzle.variant, lang) for r in puzzle.rules[:2]]
    return _("Think of the rule: {rules}.").format(rules=messages.join_list(titles, puzzle.variant, lang))


# Keyed by the puzzle's task as stored (a plain string).
_MADE: dict[str, Callable[[Puzzle, str, str], str]] = {
    Task.PLAY: _legal_cards,
    Task.ALL_LEGAL: _legal_cards,
    Task.TRICK_WINNER: _trick_winner,
    Task.COUNT: _count,
    Task.SCORE: _score,
    Task.PROJECTS: _projects,
    Task.BEST_CARD: best_card_hint,
    Task.SHEET: _sheet,
    Task.TRUMPS_LEFT: _trumps_left,
    Task.CONTRACT_MADE: _contract_made,
}
