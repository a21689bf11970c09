"""What one seat can see of a hand: the only thing a bot is given.

A :class:`View` is built from a :class:`engine.hand.Hand` by :func:`view_of`
and holds public facts plus the seat's own cards, nothing else:

- the seat's own cards now (five during the auction, then eight less those played),
- the dealer, the bidding card, the calls so far, the contract, the doubling words,
- the projects shown so far (see below) and who announced the belote,
- every card played so far, in order, with who played it, and the trick in progress,
- the game score before the hand and the litige pot,
- what the seat may do now: the calls or doubling words allowed, or the legal cards.

Chosen readings of what is public:

- Projects (``proj.sa.declare``, ``decl.ma.best``, ``decl.fr.best``): the hand
  declares every seat's best split when play starts. A seat sees its own at
  once; another seat's are seen from the trick where they are shown: saudi the
  second trick (``shown_at_trick``), moroccan the third (declared before the
  second card, shown after that trick), french the second (declared with the
  first card, shown after that trick).
- Belote (``decl.ma.belote``, ``decl.fr.belote``): the holder says "belote" with
  the first of the two cards, so from that card on the View names the holder.
  In saudi the Baloot is announced with the second card, which everyone sees anyway.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.auction import Contract
from engine.cards import FULL_DECK, KING, QUEEN, SEATS, Card, Seat, card, cards_of
from engine.hand import Called, Doubled, Hand, Phase
from engine.projects import Project, declaration_window
from engine.ranking import NO_TRUMP
from engine.tricks import Played
from engine.variants import RuleSet


@dataclass(frozen=True)
class View:
    """One seat's knowledge of a hand at one moment (see the module docstring)."""

    rules: RuleSet
    seat: Seat
    phase: Phase
    dealer: Seat
    hand: int
    """The seat's own cards now, as a mask."""
    bidding_card: Card
    calls: tuple[Called, ...]
    contract: Contract | None
    doubles: tuple[Doubled, ...]
    multiplier: int
    gahwa: bool
    projects: tuple[tuple[Seat, tuple[Project, ...]], ...]
    """Projects seen by this seat, by seat (its own, and the others' once shown)."""
    belote: Seat | None
    """Who announced the belote (moroccan, french) so far."""
    plays: tuple[Played, ...]
    """Every card played so far, in order."""
    leader: Seat | None
    """Who led the trick in progress (``None`` outside the play)."""
    trick: tuple[Card, ...]
    """The cards of the trick in progress, in play order."""
    to_act: Seat | None
    """Who speaks or plays next (``None`` during the doubling, where a whole team speaks)."""
    choices: tuple[str, ...]
    """The calls (auction) or words (doubling) this seat may say now; empty when it may not speak."""
    legal: int
    """The cards this seat may play now, as a mask (0 when it is not its turn to play)."""
    game_score: tuple[int, int]
    pot: int

    @property
    def trump(self) -> int:
        return self.contract.trump if self.contract is not None else NO_TRUMP

    @property
    def played(self) -> int:
        """Mask of every card played so far, the trick in progress included."""
        m = 0
        for p in self.plays:
            m |= 1 << p.card
        return m

    @property
    def unseen(self) -> int:
        """Cards this seat has not seen: in the other hands (or, before the deal is complete, the stock)."""
        return FULL_DECK & ~self.hand & ~self.played

    @property
    def trick_number(self) -> int:
        return len(self.plays) >> 2

    def projects_of(self, seat: Seat) -> tuple[Project, ...]:
        for s, ps in self.projects:
            if s == seat:
                return ps
        return ()


def shown_from(rules: RuleSet) -> int:
    """The trick (0-based) from which the other seats' projects are seen."""
    window = declaration_window(rules)
    return window.shown_at_trick if window.shown_at_trick is not None else window.trick + 1


def _belote_announced(hand: Hand, plays: tuple[Played, ...]) -> Seat | None:
    contract = hand.contract
    if contract is None or contract.trump == NO_TRUMP or hand.rules.name == "saudi":
        return None
    pair = (card(contract.trump, KING), card(contract.trump, QUEEN))
    for p in plays:
        if p.card in pair:
            both = (1 << pair[0]) | (1 << pair[1])
            return p.seat if hand.full_hands[p.seat] & both == both else None
    return None


def view_of(hand: Hand, seat: Seat) -> View:
    """What ``seat`` sees of ``hand`` now."""
    seat = SEATS[seat]
    phase = hand.phase
    events = hand.events
    calls = tuple(e for e in events if isinstance(e, Called))
    doubles = tuple(e for e in events if isinstance(e, Doubled))
    t = hand.tricks
    playing = t is not None and phase in (Phase.PLAY, Phase.DONE)
    if t is not None and hand.contract is not None:
        own = t.hands[seat] if playing else hand.full_hands[seat]
    else:
        own = hand.first.hands[seat]
    plays: tuple[Played, ...] = tuple(t.moves) if t is not None and playing else ()
    trick: tuple[Card, ...] = tuple(Card(c) for c in t.trick) if t is not None and playing else ()
    leader = SEATS[t.leader] if t is not None and phase is Phase.PLAY else None

    projects: list[tuple[Seat, tuple[Project, ...]]] = []
    if playing:
        shown = (len(plays) >> 2) >= shown_from(hand.rules)
        for s in SEATS:
            ps = hand.declared.get(s)
            if ps and (s == seat or shown):
                projects.append((s, tuple(ps)))

    to_act: Seat | None = None
    choices: tuple[str, ...] = ()
    legal = 0
    if phase is Phase.AUCTION:
        to_act = hand.auction.to_act
        if to_act == seat:
            choices = tuple(hand.auction.allowed(cards_of(own)))
    elif phase is Phase.DOUBLING:
        d = hand.doubling
        if d is not None and seat in d.speakers:
            choices = tuple(d.allowed(seat))
    elif phase is Phase.PLAY and t is not None:
        to_act = SEATS[t.to_play]
        if to_act == seat:
            legal = hand.legal()

    d = hand.doubling
    return View(
        rules=hand.rules,
        seat=seat,
        phase=phase,
        dealer=hand.dealer,
        hand=own,
        bidding_card=hand.first.bidding_card,
        calls=calls,
        contract=hand.contract,
        doubles=doubles,
        multiplier=d.multiplier if d is not None else 1,
        gahwa=d.gahwa if d is not None else False,
        projects=tuple(projects),
        belote=_belote_announced(hand, plays),
        plays=plays,
        leader=leader,
        trick=trick,
        to_act=to_act,
        choices=choices,
        legal=legal,
        game_score=hand.game_score,
        pot=hand.pot,
    )
