"""A whole deal: deal, auction, doubling, declarations, eight tricks, score.

:class:`Hand` strings the one-concept modules together and records every
action as a frozen event, so a hand can be replayed, explained or stored::

    hand = Hand(rules_for("saudi"), dealer=Seat.S, seed=42)
    hand.call("hokm")               # the auction (engine.auction)
    ...
    hand.double("pass", Seat.E)     # saudi doubling, when it applies
    hand.play(card)                 # eight tricks (engine.tricks)
    hand.score()                    # engine.scoring, steps included

:meth:`Hand.with_contract` skips the auction (practice positions, benchmarks).
Undoing a card (:meth:`Hand.undo`) is as cheap as playing one.

>>> from engine.variants import rules_for
>>> from engine.auction import Contract
>>> hand = Hand.with_contract(rules_for("french"), Seat.S, Contract("hokm", 1, Seat.E, Seat.E), seed=3)
>>> while hand.phase is Phase.PLAY:
...     _ = hand.play(cards_of(hand.legal())[0])
>>> score = hand.score()
>>> sum(hand.tricks.points), score.result in ("made", "dedans", "capot")
(162, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import Enum
from typing import NamedTuple

from engine.auction import Auction, Call, Contract, Doubling, Void, first_leader, new_auction
from engine.cards import KING, QUEEN, SEATS, TEAMS, Card, Seat, Team, card, cards_of
from engine.deal import FirstDeal, complete_deal, first_deal
from engine.declaring import DeclarationCheck, belote_reason, check_declaration
from engine.explain import Reason
from engine.projects import (
    Belote,
    Counting,
    Project,
    belote_counts,
    best_split_mask,
    count_projects,
    counted_team,
    declaration_window,
    judge_belote,
)
from engine.ranking import NO_TRUMP
from engine.scoring import HandFacts, HandScore, score_hand, score_penalty
from engine.tricks import Played, TrickPlay, TrickTaken
from engine.variants import RuleSet, Saudi


class Phase(Enum):
    AUCTION = "auction"
    DOUBLING = "doubling"
    PLAY = "play"
    DONE = "done"
    VOID = "void"


class WrongPhase(ValueError):
    """An action that does not belong to the hand's current phase."""

    def __init__(self, action: str, phase: Phase) -> None:
        super().__init__(f"cannot {action} during the {phase.value} phase")
        self.action = action
        self.phase = phase


# ---------------------------------------------------------------- events


class Dealt(NamedTuple):
    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]  # the first five cards of each seat, indexed by Seat
    bidding_card: Card


class Called(NamedTuple):
    seat: Seat
    call: str


class Sold(NamedTuple):
    """The auction's outcome: a contract, or a void hand."""

    contract: Contract | Void


class Doubled(NamedTuple):
    seat: Seat
    call: str


class Completed(NamedTuple):
    """The rest of the deal: each seat's full eight cards."""

    hands: tuple[tuple[Card, ...], ...]


class Declared(NamedTuple):
    seat: Seat
    projects: tuple[Project, ...]


class Scored(NamedTuple):
    score: HandScore


Event = Dealt | Called | Sold | Doubled | Completed | Declared | Played | TrickTaken | Scored


# ---------------------------------------------------------------- the hand


class Hand:
    """One deal from the shuffle to the score."""

    def __init__(
        self,
        rules: RuleSet,
        dealer: Seat,
        seed: int | random.Random | None = None,
        deck: list[Card] | None = None,
        game_score: tuple[int, int] = (0, 0),
        pot: int = 0,
        declaring: Iterable[Seat] = (),
        khaysh: bool = False,
    ) -> None:
        self.rules = rules
        # Seats that declare for themselves (engine.declaring): nobody declares for them, and a
        # false or missed declaration costs what the variant says; ``khaysh``: the table plays
        # seed 002's penalty (saudi only).
        self.declaring = frozenset(Seat(s) for s in declaring)
        self.khaysh = khaysh and isinstance(rules, Saudi)
        self.checks: dict[Seat, DeclarationCheck] = {}
        self.belote_said: set[Seat] = set()
        self.belote_missed: set[Seat] = set()
        self._belote_call: Seat | None = None
        self.offence: tuple[Seat, str] | None = None
        """The first broken declaration rule that the table's penalty punishes: (seat, rule)."""
        self.dealer = dealer if type(dealer) is Seat else Seat(dealer)
        self.game_score = game_score
        self.pot = pot
        self.first: FirstDeal = first_deal(rules, self.dealer, seed, deck)
        self._auction: Auction | None = None
        self.doubling: Doubling | None = None
        self.contract: Contract | None = None
        self.tricks: TrickPlay | None = None
        self.declared: dict[Seat, list[Project]] = {}
        self.full_hands: tuple[int, int, int, int] = (0, 0, 0, 0)
        # The record after the deal. Dealt (first) and Completed list every card, so they are
        # built when the record is read; _completed_at is where Completed goes in _events.
        self._events: list[Event] = []
        self._dealt: Dealt | None = None
        self._completed: Completed | None = None
        self._completed_at: int | None = None
        self._score: HandScore | None = None
        self.phase = Phase.AUCTION

    @property
    def auction(self) -> Auction:
        """The auction so far (built on first use: a hand with a given contract never needs one)."""
        if self._auction is None:
            self._auction = new_auction(self.rules, self.dealer, self.first.bidding_card)
        return self._auction

    @classmethod
    def with_contract(
        cls,
        rules: RuleSet,
        dealer: Seat,
        contract: Contract,
        seed: int | random.Random | None = None,
        deck: list[Card] | None = None,
        game_score: tuple[int, int] = (0, 0),
        pot: int = 0,
        declaring: Iterable[Seat] = (),
        khaysh: bool = False,
    ) -> Hand:
        """A hand whose auction is already decided (no doubling)."""
        hand = cls(rules, dealer, seed, deck, game_score, pot, declaring, khaysh)
        hand._sold(contract, doubling=False)
        return hand

    # -- auction
    def call(self, call: Call | str, seat: Seat | None = None, hand_cards: list[Card] | None = None) -> None:
        """A call by the player to act (``seat`` checks whose turn it is)."""
        if self.phase is not Phase.AUCTION:
            raise WrongPhase("bid", self.phase)
        to_act = self.auction.to_act
        self._auction = self.auction.call(call, seat, hand_cards)
        assert to_act is not None
        self._events.append(Called(to_act, str(self.auction.history[-1].call)))
        result = self.auction.contract
        if isinstance(result, Void):
            self._events.append(Sold(result))
            self.phase = Phase.VOID
        elif result is not None:
            self._sold(result)

    def _sold(self, contract: Contract, doubling: bool = True) -> None:
        self.contract = contract
        self._events.append(Sold(contract))
        hands = complete_deal(self.first, contract.receiver, self.rules)
        self.full_hands = hands
        self._completed_at = len(self._events)
        leader = _first_leader(self.rules, self.dealer, contract)
        self.tricks = TrickPlay(self.rules, hands, contract.trump, leader)
        if doubling and isinstance(self.rules, Saudi):
            self.doubling = Doubling(self.rules, contract, self.game_score)
            if not self.doubling.allowed(Seat((contract.taker + 1) % 4)) and self.doubling.is_over:
                self._start_play()
            else:
                self.phase = Phase.DOUBLING
        else:
            self._start_play()

    # -- doubling (saudi)
    def double(self, call: Call | str, seat: Seat) -> None:
        if self.phase is not Phase.DOUBLING or self.doubling is None:
            raise WrongPhase("double", self.phase)
        self.doubling = self.doubling.call(call, seat)
        self._events.append(Doubled(Seat(seat), str(self.doubling.history[-1][1])))
        if self.doubling.is_over:
            self._start_play()

    def doubling_open(self) -> bool:
        """Whether a doubling word may still be said (Sun without the score condition: no)."""
        return self.doubling is not None and self.doubling.words_left

    # -- declarations and play
    def _start_play(self) -> None:
        assert self.tricks is not None and self.contract is not None
        trump = self.contract.trump
        if getattr(self.rules, "no_declarations", False):
            self.declared = {}
        else:
            hands, rules = self.tricks.hands, self.rules
            for seat in SEATS:
                if seat in self.declaring:
                    continue
                projects = best_split_mask(hands[seat], rules, trump)
                if projects:
                    self.declared[seat] = projects
                    self._events.append(Declared(seat, tuple(projects)))
        self.phase = Phase.PLAY

    def legal(self) -> int:
        """Mask of the cards the player to act may play."""
        if self.phase is not Phase.PLAY or self.tricks is None:
            raise WrongPhase("play", self.phase)
        return self.tricks.legal()

    @property
    def to_play(self) -> Seat | None:
        return Seat(self.tricks.to_play) if self.phase is Phase.PLAY and self.tricks else None

    # -- a seat's own declarations (engine.declaring)
    def may_declare(self, seat: Seat) -> bool:
        """Whether ``seat`` declares for itself and may still announce its projects now."""
        t = self.tricks
        if self.phase is not Phase.PLAY or t is None or seat not in self.declaring or seat in self.checks:
            return False
        if not declaration_window(self.rules).declarations:
            return False
        return self._cards_played_by(seat) < declaration_window(self.rules).before_card

    def declare(self, seat: Seat, announced: Sequence[str]) -> DeclarationCheck:
        """``seat`` announces the types of its projects; the engine checks them (nothing: ``()``)."""
        if not self.may_declare(seat):
            raise WrongPhase("declare", self.phase)
        assert self.contract is not None
        check = check_declaration(self.rules, self.contract.trump, self.full_hands[seat], announced, seat)
        self.checks[seat] = check
        if check.credited:
            self.declared[seat] = list(check.credited)
            self._events.append(Declared(seat, check.credited))
        if check.false and self.khaysh and self.offence is None:
            self.offence = (seat, declaration_window(self.rules).rule)
        return check

    def say_belote(self, seat: Seat) -> None:
        """``seat`` says Baloot (belote) with the card it plays next."""
        self._belote_call = seat

    def belote_pair(self, seat: Seat) -> int:
        """Mask of the K+Q of trump when ``seat`` was dealt both, else 0."""
        if self.contract is None or self.contract.trump == NO_TRUMP:
            return 0
        trump = self.contract.trump
        pair = (1 << card(trump, KING)) | (1 << card(trump, QUEEN))
        return pair if self.full_hands[seat] & pair == pair else 0

    def declaration_reasons(self, seat: Seat) -> list[Reason]:
        """What the engine found of ``seat``'s own declarations so far, with the rules."""
        out = list(self.checks[seat].reasons) if seat in self.checks else []
        if seat in self.belote_said:
            out.append(belote_reason(self.rules, seat, True))
        if seat in self.belote_missed:
            out.append(belote_reason(self.rules, seat, False))
        return out

    def _cards_played_by(self, seat: Seat) -> int:
        t = self.tricks
        return 0 if t is None else sum(1 for p in t.moves if p.seat == seat)

    def _own_declaring(self, seat: Seat, c: int) -> None:
        """Before ``seat`` plays ``c``: a window closing on an undeclared hand, the Baloot call."""
        closing = declaration_window(self.rules).before_card - 1
        if self.may_declare(seat) and self._cards_played_by(seat) == closing:
            self.declare(seat, ())  # nothing announced: what it held is missed
        call, self._belote_call = self._belote_call, None
        pair = self.belote_pair(seat)
        if not pair or not pair >> c & 1:
            return
        t = self.tricks
        assert t is not None
        first_gone = any(p.seat == seat and pair >> p.card & 1 for p in t.moves)
        number = 2 if first_gone else 1
        window = declaration_window(self.rules)
        if call == seat and number in window.belote_calls:
            self.belote_said.add(seat)
        elif number == 2 and seat not in self.belote_said:
            self.belote_missed.add(seat)
            if self.khaysh and self.offence is None:
                self.offence = (seat, window.belote_rule)

    def play(self, card: int, check: bool = True) -> TrickTaken | None:
        """Play ``card`` for the player to act; returns the trick when this card completed it."""
        t = self.tricks
        if self.phase is not Phase.PLAY or t is None:
            raise WrongPhase("play", self.phase)
        if self.declaring:
            self._own_declaring(Seat(t.to_play), card)
        taken = len(t.taken)
        t.push(card, check)
        if t.is_over():
            self.phase = Phase.DONE
        return t.taken[-1] if len(t.taken) > taken else None

    def playout(self, rng: random.Random) -> None:
        """Play the rest of the hand with random legal cards (see :meth:`TrickPlay.playout`)."""
        t = self.tricks
        if self.phase is not Phase.PLAY or t is None:
            raise WrongPhase("play", self.phase)
        t.playout(rng)
        self.phase = Phase.DONE

    def undo(self) -> Played:
        """Take back the last card played."""
        t = self.tricks
        if t is None or not t.moves:
            raise WrongPhase("undo", self.phase)
        self._score = None
        self.phase = Phase.PLAY
        return t.pop()

    # -- score
    def counting(self) -> Counting:
        assert self.contract is not None
        return count_projects(self.rules, self.contract.trump, self.dealer, self.declared)

    def belote(self) -> Belote:
        """Who held the K+Q of trump, and whether it counts."""
        assert self.contract is not None
        holder, projects = self._belote_holder()
        return judge_belote(holder, self.contract.trump, self.rules, projects)

    def _belote_holder(self) -> tuple[Seat | None, list[Project]]:
        """Who held the K+Q of trump, and the projects judge_belote looks at."""
        assert self.contract is not None
        trump = self.contract.trump
        holder = None
        if trump != NO_TRUMP:
            pair = (1 << card(trump, KING)) | (1 << card(trump, QUEEN))
            for seat in SEATS:
                if self.full_hands[seat] & pair == pair:
                    holder = seat
                    break
        return holder, self.declared.get(holder, []) if holder is not None else []

    def score(self) -> HandScore:
        """The hand's score with its steps (only once all 32 cards are played)."""
        if self.phase is not Phase.DONE or self.tricks is None or self.contract is None:
            raise WrongPhase("score", self.phase)
        if self._score is not None:
            return self._score
        t = self.tricks
        trump = self.contract.trump
        # What counting() and belote() decide, without their explanations (not part of the score's).
        counted = counted_team(self.rules, trump, self.dealer, self.declared)
        holder, holder_projects = self._belote_holder()
        belote_team = (
            TEAMS[holder & 1]
            if holder is not None
            and holder not in self.belote_missed
            and belote_counts(holder, trump, self.rules, holder_projects)
            else None
        )
        d = self.doubling
        if self.offence is not None:
            # The table's penalty (seed 002): the offending team loses the hand.
            offender, broken = self.offence
            self._score = score_penalty(
                self.rules,
                trump,
                offender.team,
                projects=[(seat.team, p.value) for seat, ps in self.declared.items() for p in ps],
                counted_team=counted,
                belote=belote_team,
                multiplier=d.multiplier if d else 1,
                gahwa=d.gahwa if d else False,
                game_score={Team.NS: self.game_score[0], Team.EW: self.game_score[1]},
                broken_rule=broken,
            )
            return self._score
        facts = HandFacts(
            self.rules,
            trump,
            self.contract.team,
            card_points={Team.NS: t.points[0], Team.EW: t.points[1]},
            tricks={Team.NS: t.tricks[0], Team.EW: t.tricks[1]},
            projects=[(seat.team, p.value) for seat, ps in self.declared.items() for p in ps],
            counted_team=counted,
            belote=belote_team,
            multiplier=d.multiplier if d else 1,
            gahwa=d.gahwa if d else False,
            bidding_card=self.first.bidding_card if isinstance(self.rules, Saudi) else None,
            pot=self.pot,
            game_score={Team.NS: self.game_score[0], Team.EW: self.game_score[1]},
        )
        self._score = score_hand(facts)
        return self._score

    # -- the record
    @property
    def events(self) -> list[Event]:
        """Everything that happened, in order (plays and tricks interleaved as they happened)."""
        if self._dealt is None:
            first = self.first
            self._dealt = Dealt(self.dealer, _card_lists(first.hands), first.bidding_card)
        out: list[Event] = [self._dealt]
        at = self._completed_at
        if at is None:
            out += self._events
        else:
            if self._completed is None:
                self._completed = Completed(_card_lists(self.full_hands))
            out += self._events[:at]
            out.append(self._completed)
            out += self._events[at:]
        if self.tricks is not None:
            taken = iter(self.tricks.taken)
            for i, played in enumerate(self.tricks.moves):
                out.append(played)
                if i % 4 == 3:
                    out.append(next(taken))
        if self._score is not None:
            out.append(Scored(self._score))
        return out


def _card_lists(hands: tuple[int, int, int, int]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(cards_of(m)) for m in hands)


# The first leader depends only on the rule set, the dealer and the contract: remembered.
_FIRST_LEADERS: dict[tuple[RuleSet, Seat, Contract], Seat] = {}


def _first_leader(rules: RuleSet, dealer: Seat, contract: Contract) -> Seat:
    key = (rules, dealer, contract)
    leader = _FIRST_LEADERS.get(key)
    if leader is None:
        if len(_FIRST_LEADERS) >= 4096:
            _FIRST_LEADERS.clear()
        leader = _FIRST_LEADERS[key] = first_leader(rules, dealer, contract)
    return leader
