"""Advice for the seat to act: the choice a strong player would make, and the principle behind it.

A learner at the practice table asks for a hint; this module answers with an :class:`Advice`:
the suggested card, call, doubling word or declaration, and its reasons as data
(:class:`~engine.explain.Reason`, IDs ``hint.*`` and params; the site words them). Nothing here
looks at a hidden card: every function is given what the seat sees (a
:class:`~engine.bots.view.View`), as the bots are.

Where the suggestion comes from:

- **a card**: the evaluator (:mod:`engine.coach.evaluator`: the hidden hands sampled from what
  the seat has seen, each card played out on every sampled deal, exactly by the solver in the
  endgame); in the endgame the solver also names its themes that hold on most of those deals
  (:mod:`engine.solver.themes`: keeping the master for the last trick, unblocking);
- **a call or a doubling word**: the evaluator's estimate over sampled deals;
- **a declaration**: the rules: the best split of the hand (:func:`engine.projects.best_split_mask`).

The reasons name the principle in a beginner's terms, read off the seat's view and the card
(:func:`card_reasons`):

==========================  ================================================================
ID                          when (params)
==========================  ================================================================
``hint.forced``             the only legal card (``card``)
``hint.count-trumps``       Hokm, leading a trump while trumps are still out (``card``, ``left``)
``hint.cash``               leading (or winning with) the master card of its suit, worth points
                            (``card``)
``hint.lead-short``         Hokm, leading a plain suit of one or two cards while holding trumps:
                            once it is gone, it can be ruffed (``card``, ``suit``)
``hint.lead-long``          Sun, leading the longest suit, four cards or more (``card``, ``suit``,
                            ``count``)
``hint.partner-winning``    the partner holds the trick and the card does not overtake it
                            though another card would (``card``, ``partner``, ``case``:
                            ``overtrump`` or ``overtake``); ``follow``: no card need beat it
``hint.give-points``        the partner is sure to win the trick: the card gives the most
                            points (``card``, ``partner``)
``hint.ruff``               void in the plain suit led, no trump in the trick yet: a trump
                            (``card``, ``led``)
``hint.overruff``           an opponent's trump holds the trick: a higher trump (``card``, ``seat``)
``hint.win``                the card takes the trick and nobody left can beat it (``card``)
``hint.beat-cheap``         the card beats the opponent's card (``top``) and no weaker card of the
                            hand would (``card``, ``top``)
``hint.duck``               an opponent holds the trick, a card could beat it, the card does not
                            (``card``, ``seat``, ``kept``: the card that could have won)
``hint.low``                the trick cannot be won: the card worth the least (``card``)
``hint.keep-guard``         the cheapest card guards an honour (``kept``): another card goes
                            (``card``)
``hint.discard-short``      no card of the suit led and no trump played: a card of the shortest
                            plain suit (``card``, ``suit``)
``hint.lead-partner``       leading the suit the partner led before (``card``, ``partner``,
                            ``suit``)
``hint.force-buyer``        defending in Hokm: a suit the buyer has none of, while it still holds
                            trumps, makes it trump (``card``, ``seat``)
``hint.lead-through``       defending: the buyer plays right after the lead (``card``, ``seat``)
``hint.last-trick``         (endgame) keeping a winner for the last trick and its 10 (``card``)
``hint.unblock``            (endgame) a high card played so that the partner's cards win (``card``)
``hint.belote``             the card that carries the Baloot (belote) call: say it (``card``)
``hint.equal``              the legal cards are alike: adjacent and worth the same (``card``)
``hint.thumb``              no plainer principle, and no sampling: the rules of thumb (``card``)
``hint.estimate``           no plainer principle: best on average over the deals tried
                            (``card`` or ``call``, ``samples``)
``hint.bid-trump``          a trump call: the trumps that make it (``call``, ``suit``, ``cards``,
                            ``count``; ``case`` ``safer`` when Sun was allowed)
``hint.bid-sun``            Sun or Ashkal: the aces and tens that win without trumps (``call``,
                            ``cards``)
``hint.bid-pass``           pass: no J or 9 of the bidding card's suit and too few aces to buy
                            (``suit``); with ``case`` ``few-trumps``: the J or 9 (``cards``, with
                            the bidding card) but too few trumps and aces (``count``)
``hint.double``             a doubling word: the estimate says it gains (``call``, ``samples``)
``hint.double-pass``        pass in the doubling: doubling would cost more (``samples``)
``hint.declare``            announce these projects (``projects``, ``types``)
``hint.declare-none``       no project to announce
``hint.belote-later``       hold the K and Q of trumps: say Baloot (belote) with the card that
                            carries it (``cards``)
==========================  ================================================================
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.auction import ASHKAL, HOKM, PASS, SUN, TAKE
from engine.bots.heuristic import HeuristicBot
from engine.bots.knowledge import infer
from engine.bots.sampling import sample_hands
from engine.bots.view import View
from engine.cards import ACE, CARDS, JACK, KING, NINE, QUEEN, SEATS, SUIT_LETTERS, SUIT_MASK, TEN, Card, card
from engine.coach import evaluator
from engine.coach.evaluator import Evaluation, evaluate_call, evaluate_card, evaluate_double
from engine.explain import Reason
from engine.hand import Phase
from engine.projects import best_split_mask, declaration_window
from engine.ranking import NO_TRUMP, POINTS, STRENGTH, trick_winner_index
from engine.solver.position import BestCardPosition
from engine.solver.solution import line_after, solve
from engine.solver.themes import last_trick, unblock
from engine.variants import RuleSet

ENDGAME_SAMPLES = 16
"""Sampled deals solved for the endgame themes of a hint (the last trick, unblocking)."""
SAMPLES = evaluator.SAMPLES
"""Sampled deals per hint: the review samples as many, so that both judge alike."""


@dataclass(frozen=True)
class Advice:
    """A suggested choice and why: ``kind`` ``play``/``call``/``double``/``declare``."""

    kind: str
    choice: str
    """A card (``"AH"``), a call or doubling word, or the project types (``"sira,fifty"``)."""
    reasons: tuple[Reason, ...]
    source: str = "rules"
    """``bot`` (the strong bot's sampling), ``solver`` (sampled deals solved exactly), ``thumb``
    (the rule-of-thumb bot, where the hidden hands cannot be sampled) or ``rules``."""
    samples: int = 0
    evaluation: Evaluation | None = None
    """Every choice's value over the sampled deals (:mod:`engine.coach.evaluator`), when sampled."""


# ---------------------------------------------------------------- cards


def _mask(cards: tuple[Card, ...] | list[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _bits(mask: int) -> list[Card]:
    return [CARDS[c] for c in range(32) if mask >> c & 1]


def _beats(trump: int, led: int, c: int, other: int) -> bool:
    """``c`` beats ``other`` (the trick's winner so far) in a trick where ``led`` was led."""
    return STRENGTH[trump][c] > STRENGTH[trump][other] and c >> 3 in (led, trump)


def _master(view: View, c: int) -> bool:
    """No card still in another hand is stronger in ``c``'s suit."""
    strength = STRENGTH[view.trump]
    return not any(strength[x] > strength[c] for x in _bits(view.unseen & SUIT_MASK[c >> 3]))


def _trick_seats(view: View) -> list[int]:
    step = -1 if view.rules.clockwise else 1
    leader = view.leader if view.leader is not None else view.seat
    return [(leader + step * i) % 4 for i in range(len(view.trick))]


def card_reasons(view: View, c: int) -> list[Reason]:
    """The principles that make ``c`` a good card for ``view.seat`` now (the first is the main one)."""
    legal = view.legal
    trump = view.trump
    points = POINTS[trump]
    card_ = CARDS[c]
    reasons: list[Reason] = []
    if legal & (legal - 1) == 0:
        return [Reason("hint.forced", {"card": card_}), *_belote(view, c)]
    trick = list(view.trick)
    if not trick:
        trumps_out = (view.unseen & SUIT_MASK[trump]).bit_count() if trump != NO_TRUMP else 0
        plain_held = trump != NO_TRUMP and view.hand & ~SUIT_MASK[trump]
        if trump != NO_TRUMP and c >> 3 == trump and trumps_out and plain_held:
            reasons.append(Reason("hint.count-trumps", {"card": card_, "left": trumps_out}))
        elif points[c] > 0 and _master(view, c):
            reasons.append(Reason("hint.cash", {"card": card_}))
        elif trump != NO_TRUMP and c >> 3 != trump and view.hand & SUIT_MASK[trump]:
            if (view.hand & SUIT_MASK[c >> 3]).bit_count() <= 2:
                reasons.append(Reason("hint.lead-short", {"card": card_, "suit": c >> 3}))
        elif trump == NO_TRUMP:
            length = (view.hand & SUIT_MASK[c >> 3]).bit_count()
            if length >= 4 and all((view.hand & SUIT_MASK[s]).bit_count() <= length for s in range(4)):
                reasons.append(Reason("hint.lead-long", {"card": card_, "suit": c >> 3, "count": length}))
        if not reasons:
            reasons += _lead_reasons(view, c)
        return [*reasons, *_belote(view, c)]

    led = trick[0] >> 3
    seats = _trick_seats(view)
    wi = trick_winner_index(trick, trump)
    top, top_seat = trick[wi], seats[wi]
    partner = view.seat.partner
    last_to_play = len(trick) == 3
    beaters = [x for x in _bits(legal) if _beats(trump, led, x, top)]
    beats = _beats(trump, led, c, top)

    # Could a card still in another hand beat ``x`` in this trick? (An opponent void in the suit
    # led may trump: any trump out counts against a plain card.)
    def safe(x: int) -> bool:
        return last_to_play or not any(_beats(trump, led, y, x) for y in _bits(view.unseen))

    if top_seat == partner:
        if not beats and beaters:
            case = "overtrump" if top >> 3 == trump and trump != NO_TRUMP else "overtake"
            reasons.append(Reason("hint.partner-winning", {"card": card_, "partner": partner, "case": case}))
        elif not beats:
            others = [x for x in _bits(legal) if not _beats(trump, led, x, top)]
            if safe(top) and points[c] > 0 and all(points[x] <= points[c] for x in others):
                reasons.append(Reason("hint.give-points", {"card": card_, "partner": partner}))
            else:
                reasons.append(
                    Reason("hint.partner-winning", {"card": card_, "partner": partner, "case": "follow"})
                )
        return [*reasons, *_belote(view, c)]

    void = not view.hand & SUIT_MASK[led]
    if beats and trump != NO_TRUMP and c >> 3 == trump and led != trump and void:
        if top >> 3 == trump:
            reasons.append(Reason("hint.overruff", {"card": card_, "seat": SEATS[top_seat]}))
        else:
            reasons.append(Reason("hint.ruff", {"card": card_, "led": led}))
    elif beats and safe(c):
        reasons.append(Reason("hint.win", {"card": card_}))
    elif beats and all(STRENGTH[trump][x] >= STRENGTH[trump][c] for x in beaters):
        reasons.append(Reason("hint.beat-cheap", {"card": card_, "top": CARDS[top]}))
    elif beats and points[c] > 0 and _master(view, c):
        reasons.append(Reason("hint.cash", {"card": card_}))
    elif not beats and beaters:
        kept = max(beaters, key=lambda x: STRENGTH[trump][x])
        reasons.append(Reason("hint.duck", {"card": card_, "seat": SEATS[top_seat], "kept": kept}))
    elif not beaters and all(points[x] >= points[c] for x in _bits(legal)):
        reasons.append(Reason("hint.low", {"card": card_}))
    elif not beats:
        reasons += _keep_guard(view, c) or _discard_short(view, c, led)
    return [*reasons, *_belote(view, c)]


def _guarded(view: View, suit: int) -> int | None:
    """A high card of ``suit`` (worth points, exactly one stronger card still out) that another
    card of the seat's protects: the honour, or None."""
    trump = view.trump
    strength = STRENGTH[trump]
    held = view.hand & SUIT_MASK[suit]
    for h in sorted(_bits(held), key=lambda x: -strength[x]):
        above = sum(1 for x in _bits(view.unseen & SUIT_MASK[suit]) if strength[x] > strength[h])
        if above == 1 and POINTS[trump][h] >= 10 and held.bit_count() >= 2:
            return h
    return None


def _keep_guard(view: View, c: int) -> list[Reason]:
    """``c`` is not the cheapest card, but the cheapest one guards an honour: keep the guard."""
    points = POINTS[view.trump]
    cheapest = min(_bits(view.legal), key=lambda x: (points[x], STRENGTH[view.trump][x]))
    if cheapest == c or cheapest >> 3 == c >> 3:
        return []
    honour = _guarded(view, cheapest >> 3)
    if honour is None or (view.hand & SUIT_MASK[cheapest >> 3]).bit_count() > 2:
        return []
    return [Reason("hint.keep-guard", {"card": CARDS[c], "kept": CARDS[honour]})]


def _discard_short(view: View, c: int, led: int) -> list[Reason]:
    """Not following suit and not trumping: ``c`` comes from the shortest plain suit held."""
    trump = view.trump
    if view.hand & SUIT_MASK[led] or c >> 3 == trump:
        return []
    lengths = {s: (view.hand & SUIT_MASK[s]).bit_count() for s in range(4) if s != trump}
    lengths = {s: n for s, n in lengths.items() if n}
    if not lengths or lengths[c >> 3] != min(lengths.values()) or _master(view, c):
        return []
    return [Reason("hint.discard-short", {"card": CARDS[c], "suit": c >> 3})]


def _lead_reasons(view: View, c: int) -> list[Reason]:
    """A lead no plainer principle explains: the partner's suit, forcing the buyer to trump, or
    leading through the buyer."""
    card_ = CARDS[c]
    suit = c >> 3
    trump = view.trump
    contract = view.contract
    partner = view.seat.partner
    if any(p.seat == partner and p.card >> 3 == suit and i % 4 == 0 for i, p in enumerate(view.plays)):
        return [Reason("hint.lead-partner", {"card": card_, "partner": partner, "suit": suit})]
    if contract is None or int(contract.team) == view.seat & 1:
        return []
    buyer = contract.taker
    if trump != NO_TRUMP and suit != trump:
        knowledge = infer(view)
        voids = knowledge.void_suits(buyer)
        may_trump = view.unseen & SUIT_MASK[trump] & ~knowledge.forbidden[buyer]
        if suit in voids and may_trump:
            return [Reason("hint.force-buyer", {"card": card_, "seat": buyer})]
    step = -1 if view.rules.clockwise else 1
    if (view.seat + step) % 4 == buyer and suit != trump:
        return [Reason("hint.lead-through", {"card": card_, "seat": buyer})]
    return []


def _belote(view: View, c: int) -> list[Reason]:
    """``c`` carries the Baloot (belote) call: the K+Q of trumps were dealt to the seat."""
    trump = view.trump
    if trump == NO_TRUMP:
        return []
    pair = (card(trump, KING), card(trump, QUEEN))
    if c not in pair:
        return []
    mine = _mask([p.card for p in view.plays if p.seat == view.seat])
    dealt = view.hand | mine
    if not all(dealt >> x & 1 for x in pair):
        return []
    number = 2 if mine & _mask(list(pair)) else 1
    if number != min(declaration_window(view.rules).belote_calls):
        return []
    return [Reason("hint.belote", {"card": CARDS[c]})]


def advise_play(view: View, seed: int = 0, full_history: bool = True, samples: int = SAMPLES) -> Advice:
    """The card to play and why (``full_history``: the view holds every card played in the hand,
    so the hidden hands can be sampled; a position from the middle of a hand has no such record).

    The card is the evaluator's (:func:`engine.coach.evaluator.evaluate_card`): the same view,
    seed and sample count give the same card, so the review never marks a hinted card wrong."""
    legal = view.legal
    if not legal:
        raise ValueError("the seat has no card to play now")
    if legal & (legal - 1) == 0:
        c = legal.bit_length() - 1
        return Advice("play", str(CARDS[c]), tuple(card_reasons(view, c)))
    if not full_history or view.contract is None:
        c = int(HeuristicBot().play(view))
        reasons = card_reasons(view, c) or [Reason("hint.thumb", {"card": CARDS[c]})]
        return Advice("play", str(CARDS[c]), tuple(reasons), "thumb")
    evaluation = evaluate_card(view, seed, samples)
    return play_advice(view, evaluation, seed)


def play_advice(view: View, evaluation: Evaluation, seed: int = 0) -> Advice:
    """The advice for the evaluator's card: the principles that make it good."""
    c = Card.parse(evaluation.choice)
    reasons = card_reasons(view, c)
    if evaluation.exact and evaluation.samples > 1:
        reasons = [*_endgame_themes(view, c, seed), *reasons]
    if not reasons:
        if evaluation.samples > 1:
            reasons = _estimate(c, evaluation.samples)
        else:  # unsampled: the legal cards were all alike (adjacent, worth the same)
            reasons = [Reason("hint.equal", {"card": CARDS[c]})]
    source = "solver" if evaluation.exact else "bot"
    if evaluation.samples <= 1:
        source = "rules"
    return Advice("play", str(CARDS[c]), tuple(reasons), source, evaluation.samples, evaluation)


def _estimate(c: int, samples: int) -> list[Reason]:
    return [Reason("hint.estimate", {"card": CARDS[c], "samples": samples})]


def _endgame_themes(view: View, c: Card, seed: int) -> list[Reason]:
    """The solver's themes (the last trick, unblocking) that hold for ``c`` on most of
    :data:`ENDGAME_SAMPLES` deals sampled from what the seat has seen."""
    assert view.contract is not None
    rng = random.Random(seed)
    knowledge = infer(view)
    trump = view.trump
    leader = SEATS[view.leader] if view.leader is not None else view.seat
    found: Counter[str] = Counter()
    for _ in range(ENDGAME_SAMPLES):
        hands = sample_hands(knowledge, rng)
        h = (hands[0], hands[1], hands[2], hands[3])
        s = solve(view.rules, trump, h, view.seat, leader, list(view.trick), (0, 0), None)
        if c not in s.best:
            continue
        found["samples"] += 1
        p = BestCardPosition(view.rules, trump, h, leader, view.seat, list(view.trick), (0, 0), None)
        if s.best[0] != c:
            _, line = line_after(view.rules, trump, h, view.seat, leader, c, list(view.trick), False)
            s = replace(s, best=[c, *[b for b in s.best if b != c]], line=line)
        found["last-trick"] += last_trick(p, s)
        found["unblock"] += unblock(p, s)
    return [
        Reason(f"hint.{key}", {"card": c})
        for key in ("last-trick", "unblock")
        if found["samples"] and found[key] * 2 > found["samples"]
    ]


# ---------------------------------------------------------------- the auction and the doubling

_HONOURS = (JACK, NINE, ACE, TEN)


def _suit_of_call(call: str, bidding_card: int) -> int | None:
    word, _, suit = call.partition(":")
    if word not in (HOKM, TAKE):
        return None
    if suit:
        return SUIT_LETTERS.index(suit.upper())
    return bidding_card >> 3


def call_reasons(view: View, call: str, samples: int = 0) -> list[Reason]:
    """Why ``call`` suits the seat's five cards (and the bidding card it would take)."""
    return hand_call_reasons(
        view.hand, view.bidding_card, view.choices, call, samples, 1 << view.bidding_card
    )


def hand_call_reasons(
    mask: int, bidding_card: int, choices: Sequence[str], call: str, samples: int = 0, received: int = 0
) -> list[Reason]:
    """Why ``call`` suits the cards ``mask``; ``received``: the bidding card if the buyer gets it
    (not in two-player découverte, where it stays in the dealer's piles)."""
    word = call.partition(":")[0]
    suit = _suit_of_call(call, bidding_card)
    if suit is not None:
        with_card = mask | received if suit == bidding_card >> 3 else mask
        held = [card(suit, r) for r in _HONOURS if with_card >> card(suit, r) & 1]
        params: dict[str, Any] = {
            "call": call,
            "suit": suit,
            "cards": held,
            "count": (with_card & SUIT_MASK[suit]).bit_count(),
        }
        if SUN in choices:
            params["case"] = "safer"
        return [Reason("hint.bid-trump", params)]
    if word in (SUN, ASHKAL):
        held = [c for c in _bits(mask) if c.rank in (ACE, TEN)]
        return [Reason("hint.bid-sun", {"call": call, "cards": held})]
    if word == PASS:
        up = bidding_card >> 3
        with_card = mask | received
        top = [card(up, r) for r in (JACK, NINE) if with_card >> card(up, r) & 1]
        if not top:
            return [Reason("hint.bid-pass", {"suit": up})]
        count = (with_card & SUIT_MASK[up]).bit_count()
        return [Reason("hint.bid-pass", {"suit": up, "cards": top, "count": count, "case": "few-trumps"})]
    # Confirming, a redeal: no plainer rule than the estimate.
    return [Reason("hint.estimate", {"call": call, "samples": samples})]


def advise_call(view: View, seed: int = 0, samples: int = SAMPLES) -> Advice:
    """The call to make in the auction and why (the evaluator's estimate over sampled deals)."""
    if not view.choices:
        raise ValueError("the seat has no call to make now")
    evaluation = evaluate_call(view, seed, samples)
    call = evaluation.choice
    reasons = tuple(call_reasons(view, call, evaluation.samples))
    source = "bot" if len(evaluation.options) > 1 else "rules"
    return Advice("call", call, reasons, source, evaluation.samples, evaluation)


def advise_double(view: View, seed: int = 0, samples: int = SAMPLES) -> Advice:
    """The doubling word to say and why (the evaluator's estimate over sampled deals)."""
    if not view.choices:
        raise ValueError("the seat has no word to say now")
    evaluation = evaluate_double(view, seed, samples)
    word = evaluation.choice
    n = evaluation.samples
    reason = Reason("hint.double-pass" if word == PASS else "hint.double", {"call": word, "samples": n})
    source = "bot" if len(evaluation.options) > 1 else "rules"
    return Advice("double", word, (reason,), source, n, evaluation)


# ---------------------------------------------------------------- declaring


def advise_declaration(rules: RuleSet, trump: int, dealt: int) -> Advice:
    """The projects to announce for a hand of eight cards ``dealt`` (the rules decide: the best split)."""
    projects = best_split_mask(dealt, rules, trump)
    types = [p.type for p in projects]
    reasons: list[Reason] = []
    if projects:
        reasons.append(Reason("hint.declare", {"projects": [p.as_dict() for p in projects], "types": types}))
    else:
        reasons.append(Reason("hint.declare-none", {}))
    if trump != NO_TRUMP:
        pair = [card(trump, KING), card(trump, QUEEN)]
        if all(dealt >> c & 1 for c in pair):
            reasons.append(Reason("hint.belote-later", {"cards": pair}))
    return Advice("declare", ",".join(types), tuple(reasons))


def advise(view: View, seed: int = 0, full_history: bool = True, samples: int = SAMPLES) -> Advice:
    """The advice for whatever ``view.seat`` must decide now: a call, a doubling word or a card."""
    if view.phase is Phase.AUCTION:
        return advise_call(view, seed, samples)
    if view.phase is Phase.DOUBLING:
        return advise_double(view, seed, samples)
    if view.phase is Phase.PLAY:
        return advise_play(view, seed, full_history, samples)
    raise ValueError(f"nothing to decide in phase {view.phase.value}")
