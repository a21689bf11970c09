"""Hints at the practice table: the choice a strong player would make now, and why, in words.

The engine advises (:mod:`engine.advice`: the card, call, doubling word or declaration, and the
reasons as IDs and params, from what the learner's seat sees, never a hidden card); this module
asks it for the learner, keeps the answer in the hand's record and puts it into sentences.

A hand's record keeps the hint given for the decision now (``hint``: ``at``, the number of
actions when it was asked, so that it is shown until the learner acts) and the decisions a hint
was asked for (``hints``: their ``at``, each counted once however often it is asked)::

    {"hint": {"at": 12, "kind": "play", "choice": "AH", "source": "bot", "samples": 24,
              "reasons": [["hint.cash", {"card": "AH"}]]},
     "hints": [4, 12]}

A call's hint also keeps ``options``: each allowed call's average game points, its interval and
how often the contract it leads to is made, over the evaluator's sampled deals
(:mod:`engine.coach.evaluator`), shown under the reasons. The hint and the hand review use the same
seed (:data:`~lessons.practice.state.COACH_SEED`) and sample count: the review values the hinted
decision on the same deals, so it never marks it.

The principles' sentences are the engine's (:mod:`engine.coach.words`, so that the command line
says the same), read from the same catalogs, each variant in its own words through the catalogs'
variant contexts; the hint box's own lines are the site's (``gettext``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_noop

from engine import messages
from engine.advice import Advice, advise, advise_declaration
from engine.bots import view_of
from engine.cards import Card, Seat
from engine.coach import words
from engine.explain import Reason
from engine.hand import Hand, Phase
from lessons.checking import call_figure
from lessons.practice.display import Say
from lessons.practice.state import COACH_SEED, BadMove, PositionPlay, Table, hints_used
from lessons.templatetags.baloot import variant_gettext

# What the hint box says the suggestion is.
CHOICES = {
    "play": gettext_noop("Play %(choice)s."),
    "call": gettext_noop("Say “%(choice)s”."),
    "double": gettext_noop("Say “%(choice)s”."),
    "declare": gettext_noop("Announce: %(choice)s."),
    "declare-none": gettext_noop("Nothing to declare."),
}

# Where the suggestion comes from.
SOURCES = {
    "bot": gettext_noop("The strong player's choice, over %(n)s deals that fit what you see."),
    "solver": gettext_noop("Solved exactly on %(n)s deals that fit what you see."),
    "rules": gettext_noop("What the rules and your cards say."),
    "thumb": gettext_noop(
        "The rules of thumb of a good player (the cards gone before this position are not known)."
    ),
}

_CARD_KEYS = words.CARD_KEYS
_SEAT_KEYS = words.SEAT_KEYS


# ---------------------------------------------------------------- asking


def give(table: Table) -> None:
    """Ask the engine for the learner's decision now and keep the hint in the hand's record.

    Raises :class:`~lessons.practice.state.BadMove` when the learner has nothing to decide.
    """
    hand = table.hand
    if hand.phase not in (Phase.AUCTION, Phase.DOUBLING, Phase.PLAY):
        raise BadMove("wrong-phase")
    at = len(table.actions)
    record = table.record
    current = record.get("hint")
    if current and current.get("at") == at:
        return  # asked again for the same decision: the same hint, counted once
    keep(record, at, _advice(table))


def keep(record: dict[str, Any], at: int, advice: Advice) -> None:
    """Keep ``advice`` as the hint of the decision at ``at`` in a hand's ``record``."""
    record["hint"] = {
        "at": at,
        "kind": advice.kind,
        "choice": advice.choice,
        "source": advice.source,
        "samples": advice.samples,
        "reasons": [[r.rule, to_json(r.params)] for r in advice.reasons],
    }
    evaluation = advice.evaluation
    if (
        evaluation is not None
        and evaluation.kind == "call"
        and len(evaluation.options) > 1
        and evaluation.made
    ):
        # Each call's figures over the sampled deals: what the suggested call and the others bring
        # (where the evaluator counted how often each contract is made: not at the découverte table).
        record["hint"]["options"] = {
            c: {"value": e.value, "low": e.low, "high": e.high, "made": evaluation.made.get(c, 0.0)}
            for c, e in evaluation.options.items()
        }
    record["hints"] = sorted({*record.get("hints", []), at})


def _advice(table: Table) -> Advice:
    hand = table.hand
    learner = table.learner
    # The coach's own seed, the one the review of the hand uses too: the evaluator seeds its
    # samples from the learner's view and this number, so the review values this decision on the
    # same deals and never marks the hinted choice a mistake (the hidden cards play no part).
    seed = COACH_SEED
    if isinstance(hand, Hand) and hand.may_declare(learner) and hand.contract is not None:
        return advise_declaration(table.rules, hand.contract.trump, hand.full_hands[learner])
    if not table.learner_to_act():
        raise BadMove("not-your-turn")
    if isinstance(hand, PositionPlay):
        return advise(hand.view(learner), seed, full_history=not hand.gone)
    return advise(view_of(hand, learner), seed)


def used_in_game(table: Table) -> int:
    """Hints asked in the whole game."""
    return sum(hints_used(r) for r in table.records)


# ---------------------------------------------------------------- showing


@dataclass
class HintShown:
    choice: str
    """The suggestion in words: "Play the ace of hearts."."""
    card: Any
    """The face of a suggested card (else None)."""
    reasons: list[str]
    source: str
    value: str
    """The suggested card's code or call's word, to mark its button."""
    figures: list[str] = field(default_factory=list)
    """For a call: what each allowed call would likely bring (the suggested one first)."""


def shown(table: Table, say: Say) -> HintShown | None:
    """The hint for the decision now, in words; None when none was asked (or the learner has acted)."""
    hint = table.record.get("hint")
    if (
        not hint
        or hint.get("at") != len(table.actions)
        or table.hand.phase
        not in (
            Phase.AUCTION,
            Phase.DOUBLING,
            Phase.PLAY,
        )
    ):
        return None
    return described(hint, say)


def described(hint: dict[str, Any], say: Say) -> HintShown:
    """A kept hint (:func:`keep`) in words."""
    variant = say.variant
    kind, choice = hint["kind"], hint["choice"]
    face = None
    if kind == "play":
        card = Card.parse(choice)
        face = say.face(card)
        what = _say(CHOICES["play"], variant, choice=say.definite(card))
    elif kind == "declare" and not choice:
        what = _say(CHOICES["declare-none"], variant)
    elif kind == "declare":
        names = messages.join_list(
            (messages.project_name(t, variant, say.lang) for t in choice.split(",")), variant, say.lang
        )
        what = _say(CHOICES["declare"], variant, choice=names)
    else:
        what = _say(CHOICES[kind], variant, choice=say.call(choice))
    reasons = [sentence(Reason(rule, from_json(params)), say) for rule, params in hint["reasons"]]
    source = _say(
        SOURCES.get(hint.get("source", "rules"), SOURCES["rules"]), variant, n=hint.get("samples", 0)
    )
    options = hint.get("options") or {}
    order = [choice, *(c for c in options if c != choice)] if choice in options else []
    figures = [call_figure(c, options[c], variant, say.lang, say.deck) for c in order]
    return HintShown(what, face, reasons, source, choice, figures)


def sentence(reason: Reason, say: Say) -> str:
    """One reason in the page's language and the variant's words (:mod:`engine.coach.words`)."""
    return words.sentence(reason, say.variant, say.lang, say.deck)


def _say(msgid: str, variant: str, **params: Any) -> str:
    text = variant_gettext(msgid, variant)
    try:
        return text % params if params else text
    except (KeyError, ValueError, TypeError):
        return text


# ---------------------------------------------------------------- the record's JSON


def to_json(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Seat):
        return str(value)
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


def from_json(params: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key in _CARD_KEYS:
            out[key] = Card.parse(value)
        elif key in _SEAT_KEYS:
            out[key] = Seat.parse(value)
        elif key == "cards":
            out[key] = [Card.parse(c) for c in value]
        elif key == "projects":
            out[key] = [{"type": p["type"], "cards": [Card.parse(c) for c in p["cards"]]} for p in value]
        else:
            out[key] = value
    return out
