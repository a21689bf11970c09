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

The sentences are the site's own (``gettext``, each variant in its own words through the
catalogs' variant contexts); cards, seats, suits, calls and projects are named by
:mod:`engine.messages`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_noop

from engine import messages
from engine.advice import Advice, advise, advise_declaration
from engine.bots import view_of
from engine.cards import JACK, NINE, Card, Seat
from engine.explain import Reason
from engine.hand import Hand, Phase
from lessons.checking import call_figure
from lessons.practice.display import Say
from lessons.practice.state import COACH_SEED, BadMove, PositionPlay, Table, hints_used
from lessons.templatetags.baloot import variant_gettext

# The sentence of each reason (and case), with its %(name)s params (see :func:`_values`).
SENTENCES: dict[str, str] = {
    "hint.forced": gettext_noop("You may play only one card: %(card)s."),
    "hint.count-trumps": gettext_noop(
        "Count the trumps: %(left)s are still in the other hands. Lead %(card)s to draw them out "
        "before they cut your winners."
    ),
    "hint.cash": gettext_noop("Cash %(card)s: it is the master card, no card left out can beat it."),
    "hint.lead-short": gettext_noop(
        "Lead your short suit: play %(card)s, and once you have no %(suit)s left you can ruff it."
    ),
    "hint.lead-long": gettext_noop(
        "Lead your long suit: play %(card)s. With %(count)s cards of %(suit)s, once the high cards "
        "have fallen your small ones win."
    ),
    "hint.partner-winning:overtrump": gettext_noop(
        "Your partner (%(partner)s) is winning this trick: don't overtrump them. Play %(card)s "
        "and keep your high trumps."
    ),
    "hint.partner-winning:overtake": gettext_noop(
        "Your partner (%(partner)s) is winning this trick: don't take it from them. Play %(card)s."
    ),
    "hint.partner-winning:follow": gettext_noop(
        "Your partner (%(partner)s) is winning this trick: no need to beat them. Play %(card)s."
    ),
    "hint.beat-cheap": gettext_noop(
        "Beat %(top)s with %(card)s: the smallest card that does it, so that you keep your stronger ones."
    ),
    "hint.give-points": gettext_noop(
        "Your partner (%(partner)s) is sure to win this trick: give them points with %(card)s."
    ),
    "hint.ruff": gettext_noop("You have no %(led)s: ruff with %(card)s to take the trick."),
    "hint.overruff": gettext_noop("%(seat)s has trumped: overruff with %(card)s."),
    "hint.win": gettext_noop("Take the trick with %(card)s: no card still to come can beat it."),
    "hint.duck": gettext_noop(
        "Duck: let %(seat)s have this trick, play %(card)s and keep %(kept)s for later."
    ),
    "hint.low": gettext_noop("You cannot win this trick: play %(card)s, your card worth the least."),
    "hint.keep-guard": gettext_noop(
        "Keep a guard: play %(card)s and keep the small card that protects %(kept)s."
    ),
    "hint.discard-short": gettext_noop(
        "Discard from your short suit: play %(card)s, and soon you will have no %(suit)s left."
    ),
    "hint.lead-partner": gettext_noop(
        "Lead your partner's suit: %(partner)s led %(suit)s, so play %(card)s back to them."
    ),
    "hint.force-buyer": gettext_noop(
        "Force the buyer to trump: %(seat)s has none of this suit, so %(card)s makes them spend a trump."
    ),
    "hint.lead-through": gettext_noop(
        "Lead through the buyer: %(seat)s must play right after you, before your partner. Play %(card)s."
    ),
    "hint.last-trick": gettext_noop(
        "Keep the master for the last trick: play %(card)s now, and your team takes the last "
        "trick and its 10 points."
    ),
    "hint.unblock": gettext_noop(
        "Unblock: play %(card)s now, so that your partner's cards of that suit win the next tricks."
    ),
    "hint.belote": gettext_noop(
        "Say “%(word)s” with this card, because you hold the king and the queen of trumps."
    ),
    "hint.estimate": gettext_noop(
        "No simple rule decides here: played out over %(samples)s deals that fit what you have seen, "
        "%(card)s did best."
    ),
    "hint.equal": gettext_noop(
        "Your cards that may be played are as good as each other here: play %(card)s."
    ),
    "hint.thumb": gettext_noop("A good player's rules of thumb choose %(card)s here."),
    "hint.estimate:call": gettext_noop(
        "Played out over %(samples)s deals that fit your cards, “%(call)s” did best."
    ),
    "hint.bid-trump": gettext_noop(
        "With %(cards)s, “%(call)s” is a good call: the jack and the 9 are the strongest trumps, "
        "and you would hold %(count)s of them."
    ),
    "hint.bid-trump:long": gettext_noop(
        "With %(count)s cards of %(suit)s, “%(call)s” is a good call: length in trumps wins tricks."
    ),
    "hint.bid-trump:safer": gettext_noop(
        "In Sun this hand is weak; with %(cards)s, Hokm in %(suit)s is safer."
    ),
    "hint.bid-sun": gettext_noop(
        "With %(cards)s, “%(call)s” is a good call: aces and tens win tricks when nothing is trump."
    ),
    "hint.bid-pass": gettext_noop(
        "Pass: without the jack or the 9 of %(suit)s and with few aces, your hand is too weak to "
        "take the contract."
    ),
    "hint.bid-pass:few-trumps": gettext_noop(
        "Pass: %(cards)s are not enough alone. With %(count)s cards of %(suit)s and few aces, your "
        "hand is too weak to take the contract."
    ),
    "hint.double": gettext_noop(
        "Say “%(call)s”: over %(samples)s deals that fit your cards, it brought your team more than passing."
    ),
    "hint.double-pass": gettext_noop(
        "Pass: over %(samples)s deals that fit your cards, doubling would cost your team more than it brings."
    ),
    "hint.declare": gettext_noop("Announce %(projects)s: you hold them."),
    "hint.declare-none": gettext_noop("You hold no project: choose “Nothing to declare”."),
    "hint.belote-later": gettext_noop("You hold %(cards)s: say “%(word)s” when you play the first of them."),
}

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

_CARD_KEYS = ("card", "kept", "top")
_SEAT_KEYS = ("seat", "partner")


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
    """One reason in the page's language and the variant's words."""
    params = reason.params
    key = reason.rule
    case = params.get("case")
    if reason.rule == "hint.estimate" and "call" in params:
        key = "hint.estimate:call"
    elif reason.rule == "hint.bid-trump":
        if case == "safer" and params.get("cards"):
            key = "hint.bid-trump:safer"
        elif not any(Card(c).rank in (JACK, NINE) for c in params.get("cards", [])):
            key = "hint.bid-trump:long"
    elif reason.rule == "hint.bid-sun" and not params.get("cards"):
        key = "hint.estimate:call"
    elif case:
        key = f"{reason.rule}:{case}"
    template = SENTENCES.get(key) or SENTENCES.get(reason.rule)
    if template is None:
        return ""
    return _say(template, say.variant, **_values(params, say))


def _values(params: dict[str, Any], say: Say) -> dict[str, Any]:
    """Each param as the sentence names it."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key in _CARD_KEYS:
            out[key] = say.definite(value)
        elif key in _SEAT_KEYS:
            out[key] = say.seat(value)
        elif key in ("suit", "led"):
            out[key] = messages.suit_name(value, say.variant, say.lang, say.deck)
        elif key == "cards":
            out[key] = messages.join_list(
                (messages.card_name(c, say.variant, say.lang, say.deck) for c in value), say.variant, say.lang
            )
        elif key == "call":
            out[key] = say.call(value)
        elif key == "projects":
            out[key] = messages.join_list(
                (
                    messages.text(
                        "project.listed",
                        {"type": p["type"], "cards": p["cards"]},
                        say.variant,
                        say.lang,
                        say.deck,
                    )
                    for p in value
                ),
                say.variant,
                say.lang,
            )
        else:
            out[key] = value
    word = "baloot" if say.variant == "saudi" else "belote"
    out.setdefault("word", messages.project_name(word, say.variant, say.lang))
    return out


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
