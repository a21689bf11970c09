"""Playing a card: which cards are legal now, why the others are not, and who wins a trick.

Two paths over the same rules (docs/rules.md §2):

- :func:`legal_mask` answers *which cards* with a few bit operations on masks;
  the hand runner, the bots and the solver call it millions of times.
- :func:`explain_play` answers *why*: for every illegal card the reasons, each
  citing a rule ID. It is slower and only runs when someone asks.

A property test checks that the two paths always agree.

The current player's position in the trick is ``len(trick)``; their partner
played at position ``len(trick) - 2``. Legality needs no seat names.

Emitted rule IDs and their params:

==========================  =====================================================================
rule                        params
==========================  =====================================================================
``play.must-follow``        ``suit`` (led suit), ``cards`` (the cards of that suit held)
``play.must-trump``         ``trump``, ``led`` (led suit), ``cards`` (trumps held),
                            ``winner`` (seat winning now, when known), ``case``: ``"opponent"``
                            (an opponent wins) or ``"always"`` (french ``always_undertrump``)
``play.must-overtrump``     ``trump``, ``card`` (best trump in the trick), ``cards`` (higher trumps
                            held), ``case``: ``"always"`` (even over partner) or ``"opponent"``
``play.must-overruff``      ``trump``, ``card`` (best trump in the trick), ``cards`` (higher trumps
                            held), ``case``: ``"opponent"`` or ``"partner"`` (discarding was allowed,
                            but a trump must beat the partner's)
``play.ekka``               ``trump``, ``led``, ``cards``; ``case``: ``"must-trump"`` (no Ekka:
                            trump even over partner) or ``"overtrump"`` (an opponent trumped the
                            Ekka card: overtrump if able)
``play.partner-winning``    (a basis, not a refusal) ``winner`` (the partner's seat, when known)
``trick.win``               ``seat`` (when known), ``card``, ``case``: ``"trump"`` or ``"led"``,
                            ``suit`` (trump or led suit), ``points``; from :func:`card_effect`,
                            what one card does to a trick: ``case`` ``"beaten"`` (``by`` beats
                            ``card``; ``trumped`` when ``by`` is a trump and ``card`` is not),
                            ``"off-suit"`` (``card`` is neither of the ``led`` suit nor a trump),
                            ``"over-partner"`` (``card`` takes the trick from the partner ``seat``,
                            who was winning it with ``by``)
==========================  =====================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.cards import CARDS, SUIT_MASK, Card, Seat, cards_of
from engine.explain import Reason
from engine.ranking import HIGHER, NO_TRUMP, POINTS, trick_winner_index
from engine.variants import RuleSet

ACE = 7

_ReasonFor = Callable[[Card], list[Reason]]


def _ekka_rules(rules: RuleSet) -> bool:
    return bool(getattr(rules, "ekka", False))


def legal_mask(hand: int, trick: Sequence[int], trump: int, rules: RuleSet, ekka: bool = False) -> int:
    """The mask of the cards of ``hand`` that may be played on ``trick`` (cards in play order).

    ``ekka``: the leader called Ekka (saudi option ``ekka``).

    >>> from engine.cards import mask_of, Card
    >>> from engine.variants import rules_for
    >>> hand = mask_of(Card.parse(c) for c in ["KC", "7C", "AS"])
    >>> cards_of(legal_mask(hand, [Card.parse("9C")], NO_TRUMP, rules_for("saudi")))
    [Card.parse('7C'), Card.parse('KC')]
    """
    # One implementation: the rule set's options are read once, in legal_mask_for.
    return legal_mask_for(rules)(hand, trick, trump, ekka)


LegalFn = Callable[[int, Sequence[int], int, bool], int]
"""``(hand, trick, trump, ekka) -> mask``: :func:`legal_mask` for one rule set."""

# By the rule set's id, with the rule set itself (holding it keeps the id from being reused):
# hashing a rule set hashes all its fields, too slow for legal_mask on every query.
_LEGAL_FNS: dict[int, tuple[RuleSet, LegalFn]] = {}


def legal_mask_for(rules: RuleSet) -> LegalFn:
    """:func:`legal_mask` with the rule set's options read once, for loops over one rule set.

    Same answers as :func:`legal_mask` (a property test checks it); the house-rule
    look-ups are done here instead of on every query.

    >>> from engine.cards import mask_of, Card
    >>> from engine.variants import rules_for
    >>> legal = legal_mask_for(rules_for("saudi"))
    >>> hand = mask_of(Card.parse(c) for c in ["KC", "7C", "AS"])
    >>> cards_of(legal(hand, [Card.parse("9C")], NO_TRUMP, False))
    [Card.parse('7C'), Card.parse('KC')]
    """
    entry = _LEGAL_FNS.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    if len(_LEGAL_FNS) >= 256:  # rule sets made per request would pile up otherwise
        _LEGAL_FNS.clear()
    fn = _make_legal(rules)
    _LEGAL_FNS[id(rules)] = (rules, fn)
    return fn


LEGAL_OPTIONS = (
    "overtrump_always",
    "overtrump_on_trump_lead",
    "ekka",
    "always_undertrump",
    "must_overruff",
)
"""The rule set's options that legality reads, in the order of :func:`legal_options`' bits."""


def legal_options(rules: RuleSet) -> int:
    """The options of ``rules`` that decide legality, one bit each in :data:`LEGAL_OPTIONS`' order
    (bit 0: ``overtrump_always``). The solver's C core mirrors :func:`legal_mask_for` from these
    bits; a property test compares the two on random positions of every rule set."""
    bits = 0
    for i, name in enumerate(LEGAL_OPTIONS):
        if bool(getattr(rules, name, False)):
            bits |= 1 << i
    return bits


def _make_legal(rules: RuleSet) -> LegalFn:
    options = legal_options(rules)
    overtrump_always = bool(options & 1)
    overtrump_on_trump_lead = bool(options & 2)
    ekka_rules = bool(options & 4)
    always_undertrump = bool(options & 8)
    must_overruff = bool(options & 16)
    suit_mask = SUIT_MASK

    # The body of legal_mask, branch for branch, with the options above as constants.
    def legal(hand: int, trick: Sequence[int], trump: int, ekka: bool = False) -> int:
        n = len(trick)
        if n == 0:
            return hand
        led = trick[0] >> 3
        follow = hand & suit_mask[led]
        if led == trump:
            if not follow:
                return hand
            wi = trick_winner_index(trick, trump)
            if overtrump_always or (overtrump_on_trump_lead and wi != n - 2):
                higher = follow & HIGHER[trump][trick[wi]]
                if higher:
                    return higher
            return follow
        if follow:
            return follow
        if trump == NO_TRUMP:
            return hand
        trumps = hand & suit_mask[trump]
        if not trumps:
            return hand
        wi = trick_winner_index(trick, trump)
        best = trick[wi]
        higher = trumps & HIGHER[trump][best] if best >> 3 == trump else trumps
        if ekka_rules:
            if n == 2 and (ekka or trick[0] & 7 == ACE):
                if trick[1] >> 3 == trump:
                    return higher or hand
                return hand
            return trumps
        if wi != n - 2:
            if must_overruff and higher:
                return higher
            return trumps
        if always_undertrump:
            return higher or trumps
        if must_overruff:
            return (hand & ~suit_mask[trump]) | (higher or trumps)
        return hand

    return legal


@dataclass(frozen=True)
class PlayVerdict:
    """The explaining path's answer: legal cards in hand order, reasons for the others."""

    legal: list[Card]
    illegal: dict[Card, list[Reason]]
    basis: list[Reason] = field(default_factory=list)
    """Rules that widened the choice (``play.partner-winning``), for a learner's 'why?'."""


def explain_play(
    hand: Sequence[Card],
    trick: Sequence[tuple[Seat | None, Card]],
    trump: int,
    rules: RuleSet,
    ekka: bool = False,
) -> PlayVerdict:
    """Which cards of ``hand`` are legal on ``trick`` (``(seat, card)`` pairs), and why not the rest."""
    cards = [c for _, c in trick]
    n = len(cards)
    hand_mask = 0
    for c in hand:
        hand_mask |= 1 << c
    legal = legal_mask(hand_mask, cards, trump, rules, ekka)
    basis: list[Reason] = []
    illegal: dict[Card, list[Reason]] = {}
    if n:
        reason_for = _reasons(hand_mask, trick, trump, rules, ekka, basis)
        for c in hand:
            if not legal >> c & 1:
                illegal[c] = reason_for(c)
    return PlayVerdict([c for c in hand if legal >> c & 1], illegal, basis)


def _reasons(
    hand: int,
    trick: Sequence[tuple[Seat | None, Card]],
    trump: int,
    rules: RuleSet,
    ekka: bool,
    basis: list[Reason],
) -> _ReasonFor:
    cards = [c for _, c in trick]
    n = len(cards)
    led = cards[0] >> 3
    follow = hand & SUIT_MASK[led]
    wi = trick_winner_index(cards, trump)
    best = CARDS[cards[wi]]
    winner = trick[wi][0]
    partner_winning = wi == n - 2
    winner_param = {"winner": winner} if winner is not None else {}

    if follow:
        must_follow = Reason("play.must-follow", {"suit": led, "cards": cards_of(follow)})
        if led != trump:
            return lambda c: [must_follow]
        higher = cards_of(follow & HIGHER[trump][best])
        # "always" says "even when your partner is winning": only when the partner is (never
        # with two players, where the other card of a trick is the opponent's).
        case = "always" if rules.overtrump_always and partner_winning else "opponent"
        overtrump = Reason(
            "play.must-overtrump", {"trump": trump, "card": best, "cards": higher, "case": case}
        )
        return lambda c: [overtrump] if c >> 3 == led else [must_follow]

    trumps = hand & SUIT_MASK[trump] if trump != NO_TRUMP else 0
    higher_mask = trumps & HIGHER[trump][best] if best >> 3 == trump else trumps
    higher = cards_of(higher_mask)
    trump_params = {"trump": trump, "led": led, "cards": cards_of(trumps)}

    if _ekka_rules(rules):
        if n == 2 and (ekka or cards[0] & 7 == ACE):
            r = Reason("play.ekka", {**trump_params, "cards": higher, "case": "overtrump", "card": best})
            return lambda c: [r]
        r = Reason("play.ekka", {**trump_params, "case": "must-trump", **winner_param})
        if partner_winning:
            return lambda c: [r]
        return lambda c: [Reason("play.must-trump", {**trump_params, "case": "opponent", **winner_param})]

    always = bool(getattr(rules, "always_undertrump", False))
    # "partner" says discarding was allowed; under always_undertrump it was not.
    overruff_case = "opponent" if not partner_winning else "always" if always else "partner"
    overruff = Reason(
        "play.must-overruff", {"trump": trump, "card": best, "cards": higher, "case": overruff_case}
    )

    def trump_or_overruff(case: str) -> _ReasonFor:
        must_trump = Reason("play.must-trump", {**trump_params, "case": case, **winner_param})
        return lambda c: [overruff] if c >> 3 == trump else [must_trump]

    if not partner_winning:
        return trump_or_overruff("opponent")
    if always:
        return trump_or_overruff("always")
    basis.append(Reason("play.partner-winning", dict(winner_param)))
    return lambda c: [overruff]


@dataclass(frozen=True)
class TrickResult:
    winner: Seat
    card: Card
    points: int
    reason: Reason


def explain_trick(trick: Sequence[tuple[Seat, Card]], trump: int) -> TrickResult:
    """Who wins a complete trick (``trick.win``), with its card points (no last-trick bonus)."""
    cards = [c for _, c in trick]
    wi = trick_winner_index(cards, trump)
    seat, card = trick[wi]
    points = sum(POINTS[trump][c] for c in cards)
    trumped = card >> 3 == trump
    reason = Reason(
        "trick.win",
        {
            "seat": seat,
            "card": card,
            "case": "trump" if trumped else "led",
            "suit": trump if trumped else cards[0] >> 3,
            "points": points,
        },
    )
    return TrickResult(seat, card, points, reason)


def why_not_winning(trick: Sequence[tuple[Seat | None, Card]], index: int, trump: int) -> Reason | None:
    """Why the card at ``index`` of ``trick`` (complete or not) does not win it (``trick.win``), or
    None when it does: the card that beats it, or that it is neither of the suit led nor a trump."""
    cards = [c for _, c in trick]
    wi = trick_winner_index(cards, trump)
    if wi == index:
        return None
    seat, best = trick[wi]
    card, led = cards[index], cards[0] >> 3
    where = {"seat": seat} if seat is not None else {}
    if card >> 3 not in (led, trump):
        return Reason("trick.win", {"case": "off-suit", "card": card, "by": best, "led": led, **where})
    trumped = {"trumped": True} if best >> 3 == trump and card >> 3 != trump else {}
    return Reason("trick.win", {"case": "beaten", "card": card, "by": best, **where, **trumped})


def card_effect(trick: Sequence[tuple[Seat | None, Card]], card: Card, trump: int) -> Reason | None:
    """What playing ``card`` on the trick in progress does, seen from the trick alone (``trick.win``):
    it does not win it (:func:`why_not_winning`), or it takes it from a partner who was winning it.
    None when it leads the trick or takes it from an opponent: the trick alone says nothing then."""
    if not trick:
        return None
    n = len(trick)
    lost = why_not_winning([*trick, (None, card)], n, trump)
    if lost is not None:
        return lost
    wi = trick_winner_index([c for _, c in trick], trump)
    if wi == n - 2:
        seat, best = trick[wi]
        where = {"seat": seat} if seat is not None else {}
        return Reason("trick.win", {"case": "over-partner", "card": card, "by": best, **where})
    return None
