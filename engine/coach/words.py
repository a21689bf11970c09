"""The coach's principles in words: the sentence of each hint reason (``hint.*``) and its case.

The engine gives a hint's reasons as rule IDs and params (:mod:`engine.advice`); this module puts
one into a sentence in a language and a variant's own words, through the same catalogs as every
other sentence (:mod:`engine.messages`; the msgid is the English sentence, with ``%(name)s``
params, and a variant's context words it its own way). The practice table's hints and the
command line's ``advise`` and ``review`` (their ``message``) both say them from here.

>>> from engine.cards import Card
>>> sentence(Reason("hint.cash", {"card": Card.parse("AH")}), "french", "en")
'Cash the ace of hearts: it is the master card, no card left out can beat it.'
"""

from __future__ import annotations

from typing import Any

from engine import messages
from engine.cards import JACK, NINE, Card
from engine.explain import Reason
from engine.messages import gettext_noop

CARD_KEYS = ("card", "kept", "top")
"""Params that name a card."""
SEAT_KEYS = ("seat", "partner")
"""Params that name a seat."""

# The sentence of each reason (and case), with its %(name)s params (see :func:`_values`).
SENTENCES: dict[str, str] = {
    key: marked.msgid
    for key, marked in {
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
            "Say “%(call)s”: over %(samples)s deals that fit your cards, "
            "it brought your team more than passing."
        ),
        "hint.double-pass": gettext_noop(
            "Pass: over %(samples)s deals that fit your cards, "
            "doubling would cost your team more than it brings."
        ),
        "hint.declare": gettext_noop("Announce %(projects)s: you hold them."),
        "hint.declare-none": gettext_noop("You hold no project: choose “Nothing to declare”."),
        "hint.belote-later": gettext_noop(
            "You hold %(cards)s: say “%(word)s” when you play the first of them."
        ),
    }.items()
}


def key_of(reason: Reason) -> str:
    """The key of :data:`SENTENCES` that words ``reason``: its rule, or one of its cases."""
    params = reason.params
    case = params.get("case")
    if reason.rule == "hint.estimate" and "call" in params:
        return "hint.estimate:call"
    if reason.rule == "hint.bid-trump":
        if case == "safer" and params.get("cards"):
            return "hint.bid-trump:safer"
        if not any(Card(c).rank in (JACK, NINE) for c in params.get("cards", [])):
            return "hint.bid-trump:long"
        return reason.rule
    if reason.rule == "hint.bid-sun" and not params.get("cards"):
        return "hint.estimate:call"
    return f"{reason.rule}:{case}" if case else reason.rule


def sentence(reason: Reason, variant: str, lang: str, deck: str = "french") -> str:
    """``reason`` in ``lang`` and the variant's words; "" when no sentence words it."""
    template = SENTENCES.get(key_of(reason)) or SENTENCES.get(reason.rule)
    if template is None:
        return ""
    text = messages.lookup(template, variant, lang)
    try:
        return text % _values(reason.params, variant, lang, deck)
    except (KeyError, ValueError, TypeError):
        return text


def _values(params: dict[str, Any], variant: str, lang: str, deck: str) -> dict[str, Any]:
    """Each param as the sentence names it."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key in CARD_KEYS:
            out[key] = messages.card_definite_name(value, variant, lang, deck)
        elif key in SEAT_KEYS:
            out[key] = messages.seat_name(value, variant, lang)
        elif key in ("suit", "led"):
            out[key] = messages.suit_name(value, variant, lang, deck)
        elif key == "cards":
            out[key] = messages.join_list(
                (messages.card_name(c, variant, lang, deck) for c in value), variant, lang
            )
        elif key == "call":
            out[key] = messages.call_name(value, variant, lang, deck)
        elif key == "projects":
            out[key] = messages.join_list(
                (
                    messages.text(
                        "project.listed", {"type": p["type"], "cards": p["cards"]}, variant, lang, deck
                    )
                    for p in value
                ),
                variant,
                lang,
            )
        else:
            out[key] = value
    word = "baloot" if variant == "saudi" else "belote"
    out.setdefault("word", messages.project_name(word, variant, lang))
    return out
