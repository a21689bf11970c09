"""What the practice table shows: the engine's state read into cards, seats, buttons and sentences.

Every word comes from :mod:`engine.messages` (cards, seats, calls, the rules' reasons and the
score's steps) or from the site's catalogs; nothing here decides what is legal: the engine does.
The table itself is drawn by ``templates/lessons/partials/table.html`` from a
:class:`~lessons.templatetags.table.TableView`, with the learner's seat at the bottom (a puzzle
position may seat the learner elsewhere than South: the table turns, the names stay).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise, permutations
from typing import Any

from engine import messages
from engine.auction import LADDER, PASS
from engine.bots import view_of
from engine.cards import SEATS, SUIT_LETTERS, Card, Seat, Team, cards_of
from engine.cards import TEAMS as TEAMS_BY_INDEX
from engine.explain import Reason, Step
from engine.hand import Hand, Phase
from engine.play import explain_play, explain_trick
from engine.ranking import LAST_TRICK_BONUS, NO_TRUMP, STRENGTH
from engine.tricks import TrickTaken
from lessons import themes
from lessons.checking import call_figure
from lessons.practice.state import PositionPlay, Table, hints_used
from lessons.templatetags.table import (
    TEAMS,
    CardFace,
    SeatView,
    TableView,
    card_face,
    contract_words,
    effective_deck,
    trump_words,
)

PLACES = ("south", "east", "north", "west")
# The project types a learner may announce, in the variant's order (engine.projects).
PROJECT_TYPES = {
    "saudi": ("sira", "fifty", "hundred", "four-hundred"),
    "moroccan": ("tierce", "quarte", "quinte", "carre"),
    "french": ("tierce", "quarte", "quinte", "carre"),
}


@dataclass
class Say:
    """Names and sentences in the variant's words, the page language and the learner's deck."""

    variant: str
    lang: str
    deck: str

    def face(self, card: int) -> CardFace:
        face = card_face(str(Card(card)), self.variant, self.lang, self.deck)
        assert face is not None
        return face

    def definite(self, card: int) -> str:
        """The card's full name with its article, as the object of a sentence."""
        return messages.card_definite_name(card, self.variant, self.lang, self.deck)

    def faces(self, cards: list[Card]) -> list[CardFace]:
        return [self.face(c) for c in cards]

    def seat(self, seat: int) -> str:
        return messages.seat_name(seat, self.variant, self.lang)

    def team(self, team: int) -> str:
        return messages.team_name(team, self.variant, self.lang)

    def call(self, call: str, round: int = 1) -> str:
        return messages.call_name(call, self.variant, self.lang, self.deck, round)

    def items(self, items: list[Reason] | list[Step]) -> list[dict[str, str]]:
        """Reasons or steps as the rule_item partial shows them: the rule, its title and the sentence."""
        return [
            {
                "rule": item.rule,
                "title": messages.rule_title(item.rule, self.variant, self.lang),
                "text": messages.render(item, self.variant, self.lang, self.deck),
            }
            for item in items
        ]


@dataclass
class CallButton:
    value: str
    label: str
    allowed: bool


@dataclass
class TrickShown:
    """A completed trick: its cards in play order, who won it and why, and its points."""

    number: int
    plays: list[tuple[str, CardFace]]
    winner: str
    why: list[dict[str, str]]
    points: int
    bonus: int
    # Where the winner and each card's player sit on the drawing: the trick slides to its winner.
    winner_place: str = ""
    places: list[str] = field(default_factory=list)


@dataclass
class Board:
    """Everything the board partial draws for the table as it stands."""

    phase: str
    table: TableView
    hand: list[CardFace]
    learner: str
    to_act: bool
    waiting_for: str
    calls: list[CallButton] = field(default_factory=list)
    refused_calls: list[CallButton] = field(default_factory=list)
    last_trick: TrickShown | None = None
    tricks_won: list[tuple[str, int, int]] = field(default_factory=list)  # (team, tricks, card points)
    trick_number: int = 0
    score: dict[str, Any] | None = None
    declarations: list[tuple[str, str, list[CardFace]]] = field(default_factory=list)
    contract: str = ""
    multiplier: int = 1
    # Every call of the hand in order, the doubling's words after the auction's (see auction_said).
    auction: list[AuctionCall] = field(default_factory=list)
    # The learner's own declaring: the types to announce now (value, name), the Baloot/belote
    # box of the play form (its word), and what the engine found of what they declared.
    declare_types: list[tuple[str, str]] = field(default_factory=list)
    belote_word: str = ""
    own_declarations: list[dict[str, str]] = field(default_factory=list)
    # The cards the engine allows now (their codes), where the keyboard's focus lands after a move.
    legal: frozenset[str] = frozenset()


@dataclass
class AuctionCall:
    """One call of the auction as the table shows it; ``new``: said since the learner last spoke,
    numbered from 1 so that the page can bring the bots' calls in one by one."""

    seat: str
    call: str
    new: int = 0


def auction_said(hand: Hand, learner: Seat, say: Say) -> list[AuctionCall]:
    """The whole auction of ``hand`` in the order it was said, then the doubling's words.

    The calls after the learner's own last call are numbered (``new``): those are what the
    learner has not seen said yet, and the page shows them one after another.
    """
    said: list[tuple[int, str]] = [(r.seat, say.call(str(r.call), r.round)) for r in hand.auction.history]
    if hand.doubling is not None:
        said += [(seat, say.call(str(word))) for seat, word in hand.doubling.history]
    last_own = max((i for i, (seat, _) in enumerate(said) if seat == learner), default=-1)
    return [
        AuctionCall(say.seat(seat), call, i - last_own if i > last_own else 0)
        for i, (seat, call) in enumerate(said)
    ]


@dataclass
class BoardTableView(TableView):
    """The practice table: its four players are always drawn, even before a card or a call."""

    @property
    def has_seats(self) -> bool:
        return True


def say_for(table: Table, lang: str, deck: str) -> Say:
    return Say(table.rules.name, lang, effective_deck(table.rules.name, deck))


def place_of(seat: int, learner: Seat) -> str:
    """Where ``seat`` sits on the drawing: the learner at the bottom, the turn going round the table."""
    return PLACES[(seat - learner) % 4]


# The suits as a player lays them out: black and red in turn (S H C D), so that two suits of one
# colour never sit side by side when the hand allows it. Presentation only: no rule depends on it.
RED_SUITS = frozenset({1, 2})  # hearts and diamonds, by engine.cards.SUIT_LETTERS
LAYOUT_ORDER = (0, 1, 3, 2)


def suit_order(suits: set[int], trump: int) -> list[int]:
    """The order in which the suits held are laid out: the trumps first (once the contract names
    them), then the others in the arrangement with the fewest neighbours of one colour."""
    first = [trump] if trump in suits else []
    rest = [s for s in LAYOUT_ORDER if s in suits and s not in first]

    def clashes(order: Iterable[int]) -> int:
        line = first + list(order)
        return sum((a in RED_SUITS) == (b in RED_SUITS) for a, b in pairwise(line))

    return first + list(min(permutations(rest), key=clashes))  # min keeps the first of equals


def sorted_hand(mask: int, trump: int) -> list[Card]:
    """The hand as a player holds it: grouped by suit (see :func:`suit_order`), the strongest card
    first within each suit, by the engine's trick strength for the contract."""
    strength = STRENGTH[trump]
    cards = cards_of(mask)
    place = {suit: i for i, suit in enumerate(suit_order({c.suit for c in cards}, trump))}
    return sorted(cards, key=lambda c: (place[c.suit], -strength[c]))


def board(table: Table, lang: str, deck: str) -> Board:
    say = say_for(table, lang, deck)
    hand = table.hand
    learner = table.learner
    trump = hand.contract.trump if hand.contract is not None else NO_TRUMP
    seats = {
        seat: SeatView(
            letter=str(seat),
            place=place_of(seat, learner),
            name=say.seat(seat),
            team=TEAMS[seat & 1],
        )
        for seat in SEATS
    }
    bidding_card = None
    trick: list[tuple[str, CardFace]] = []
    phase = hand.phase
    if isinstance(hand, Hand):
        seats[hand.dealer].dealer = True
        if phase in (Phase.AUCTION, Phase.DOUBLING, Phase.VOID):
            # Each seat's bubble: the last thing it said (the whole auction is listed under the table).
            for record in hand.auction.history:
                seats[record.seat].call = say.call(str(record.call), record.round)
            if hand.doubling is not None:
                for seat, word in hand.doubling.history:
                    seats[Seat(seat)].call = say.call(str(word))
        if phase is Phase.AUCTION:
            bidding_card = say.face(hand.first.bidding_card)
            speaker = hand.auction.to_act
            if speaker is not None:
                seats[speaker].to_act = True
    t = hand.tricks
    if t is not None and phase in (Phase.PLAY, Phase.DONE):
        step = -1 if table.rules.clockwise else 1
        for i, c in enumerate(t.trick):
            seat = Seat((t.leader + step * i) % 4)
            seats[seat].played = say.face(c)
            seats[seat].played_order = i + 1
            trick.append((say.seat(seat), say.face(c)))
        if phase is Phase.PLAY:
            seats[Seat(t.to_play)].to_act = True
    declarations = []
    for seat, names, faces in _declarations(table, say):
        seats[seat].cards = faces  # the cards of the projects, drawn by the seat that shows them
        declarations.append((say.seat(seat), names, faces))

    trump_text, trump_suit = "", ""
    contract_text = ""
    if hand.contract is not None and phase is not Phase.VOID:
        trump_text, trump_suit = _trump_words(trump, say)
        if isinstance(hand, Hand):
            contract_text = contract_words({"contract": hand.contract.as_json()}, say.variant, lang, say.deck)
    tv = BoardTableView(
        variant=say.variant,
        deck=say.deck,
        seats=[seats[s] for s in sorted(SEATS, key=lambda s: PLACES.index(place_of(s, learner)))],
        trick=trick,
        hand=[],
        hand_seat=say.seat(learner),
        # A whole hand's contract names its trump: the page shows it once, with the auction under it.
        trump="" if contract_text else trump_text,
        trump_suit="" if contract_text else trump_suit,
        bidding_card=bidding_card,
        calls=[],
        contract="",
        facts=[],
    )
    to_act = table.learner_to_act()
    b = Board(
        phase=phase.value,
        table=tv,
        hand=say.faces(sorted_hand(table.learner_cards(), trump)),
        learner=say.seat(learner),
        to_act=to_act,
        waiting_for=_waiting_for(table, say),
        declarations=declarations,
        contract=contract_text,
        multiplier=hand.doubling.multiplier if isinstance(hand, Hand) and hand.doubling else 1,
        auction=auction_said(hand, learner, say) if isinstance(hand, Hand) else [],
    )
    if to_act and phase in (Phase.AUCTION, Phase.DOUBLING):
        buttons = call_buttons(table, say)
        b.calls = [c for c in buttons if c.allowed]
        b.refused_calls = [c for c in buttons if not c.allowed]
    if to_act and phase is Phase.PLAY:
        b.legal = frozenset(str(c) for c in cards_of(hand.legal()))
    if t is not None and phase in (Phase.PLAY, Phase.DONE):
        b.trick_number = min(len(t.taken) + 1, 8)
        b.tricks_won = [(say.team(team), t.tricks[team], t.points[team]) for team in (Team.NS, Team.EW)]
        if t.taken:
            b.last_trick = trick_shown(table, t.taken[-1], len(t.taken), say)
    if isinstance(hand, Hand) and learner in hand.declaring:
        _own_declaring(b, hand, learner, say)
    if "result" in table.record:
        b.score = score_shown(table, say)
    return b


def _own_declaring(b: Board, hand: Hand, learner: Seat, say: Say) -> None:
    """What the table offers a learner who declares for themselves, and what the engine found."""
    if hand.may_declare(learner):
        b.declare_types = [
            (kind, messages.project_name(kind, say.variant, say.lang)) for kind in PROJECT_TYPES[say.variant]
        ]
    trump = hand.contract.trump if hand.contract is not None else NO_TRUMP
    done = learner in hand.belote_said or learner in hand.belote_missed
    if hand.phase is Phase.PLAY and b.to_act and trump != NO_TRUMP and not done:
        word = "baloot" if say.variant == "saudi" else "belote"
        b.belote_word = messages.project_name(word, say.variant, say.lang)
    b.own_declarations = say.items(hand.declaration_reasons(learner))


def _trump_words(trump: int, say: Say) -> tuple[str, str]:
    letter = None if trump == NO_TRUMP else SUIT_LETTERS[trump]
    return trump_words({"trump": letter}, say.variant, say.lang, say.deck)


def _waiting_for(table: Table, say: Say) -> str:
    """Who the table waits for, when it is not the learner (a hand over waits for nobody)."""
    hand = table.hand
    if hand.phase is Phase.AUCTION and isinstance(hand, Hand) and hand.auction.to_act is not None:
        return say.seat(hand.auction.to_act)
    if hand.phase is Phase.PLAY and hand.to_play is not None:
        return say.seat(hand.to_play)
    return ""


def call_buttons(table: Table, say: Say) -> list[CallButton]:
    """The calls the learner may make now, then the usual ones the rules refuse (to learn why)."""
    hand = table.hand
    assert isinstance(hand, Hand)
    if hand.phase is Phase.AUCTION:
        own = cards_of(hand.first.hands[table.learner])
        allowed = hand.auction.allowed(own)
        refused = list(hand.auction.refusals(own))
        round_ = hand.auction.round
    else:
        assert hand.doubling is not None
        allowed = hand.doubling.allowed(table.learner)
        # Every word of the ladder, as the puzzles show them: pressing one says why it is not now.
        refused = [word for word in (PASS, *LADDER) if word not in allowed]
        round_ = 1
    buttons = [CallButton(c, say.call(c, round_), True) for c in allowed]
    buttons += [CallButton(c, say.call(c, round_), False) for c in refused if c not in allowed]
    return buttons


def trick_shown(table: Table, taken: TrickTaken, number: int, say: Say) -> TrickShown:
    step = -1 if table.rules.clockwise else 1
    plays = [(Seat((taken.leader + step * i) % 4), Card(c)) for i, c in enumerate(taken.cards)]
    hand = table.hand
    trump = hand.contract.trump if hand.contract is not None else NO_TRUMP
    result = explain_trick(plays, trump)
    bonus = taken.points - result.points
    # A position played out from the middle of a hand: the engine gives the 10 only at 32 cards.
    last = isinstance(hand, PositionPlay) and hand.phase is Phase.DONE and number == len(hand.tricks.taken)
    if last and isinstance(hand, PositionPlay) and not hand.full:
        bonus = LAST_TRICK_BONUS
    return TrickShown(
        number=number,
        plays=[(say.seat(s), say.face(c)) for s, c in plays],
        winner=say.seat(result.winner),
        why=say.items([result.reason]),
        points=result.points,
        bonus=bonus,
        winner_place=place_of(result.winner, table.learner),
        places=[place_of(s, table.learner) for s, _ in plays],
    )


def _declarations(table: Table, say: Say) -> list[tuple[Seat, str, list[CardFace]]]:
    """Projects the learner can see now: its own from the start, the others once shown."""
    hand = table.hand
    if not isinstance(hand, Hand) or hand.phase not in (Phase.PLAY, Phase.DONE):
        return []
    if hand.phase is Phase.DONE:
        shown = [(s, tuple(ps)) for s, ps in hand.declared.items()]
    else:
        shown = list(view_of(hand, table.learner).projects)
    out = []
    for seat, projects in sorted(shown, key=lambda item: PLACES.index(place_of(item[0], table.learner))):
        names = messages.join_list(
            (messages.project_name(p.type, say.variant, say.lang) for p in projects), say.variant, say.lang
        )
        cards = [c for p in projects for c in p.cards]
        out.append((Seat(seat), names, say.faces(cards)))
    return out


def score_shown(table: Table, say: Say) -> dict[str, Any]:
    """The end of the hand: the engine's score step by step (a whole hand), or the points taken."""
    hand = table.hand
    result = table.record["result"]
    shown: dict[str, Any] = {"void": bool(result.get("void")), "position": isinstance(hand, PositionPlay)}
    if result.get("void"):
        assert isinstance(hand, Hand)
        closing = hand.auction.contract
        shown["steps"] = say.items(
            [Reason(getattr(closing, "rule", "bid.void"), {"seat": Seat.parse(result["next_dealer"])})]
        )
        return shown
    shown["points"] = [(say.team(team), result[str(Team(team))]) for team in (Team.NS, Team.EW)]
    if isinstance(hand, PositionPlay):
        shown["tricks"] = [
            (say.team(team), n) for team, n in zip((Team.NS, Team.EW), result["tricks"], strict=True)
        ]
        shown["bonus"] = not hand.full
        return shown
    score = hand.score()
    shown["result"] = messages.result_name(score.result, say.variant, say.lang)
    shown["steps"] = say.items(score.steps)
    shown["game"] = [(say.team(team), result["game"][team]) for team in (Team.NS, Team.EW)]
    shown["over"] = bool(result.get("over"))
    shown["winner"] = say.team(Team.parse(result["winner"])) if result.get("winner") else ""
    return shown


def sheet(table: Table, say: Say) -> dict[str, Any]:
    """The running score sheet (القيد): each hand's points and the totals after it."""
    rows = []
    total = list(table.record["game_score"])
    for n, record in enumerate(table.records, 1):
        result = record.get("result")
        if result is None or "game" not in result:  # a position played out has no game score
            continue
        total = list(result["game"])
        if result.get("void"):
            rows.append(
                {
                    "n": n,
                    "void": True,
                    "ns": "",
                    "ew": "",
                    "total_ns": result["game"][0],
                    "total_ew": result["game"][1],
                    "hints": hints_used(record),
                }
            )
        else:
            rows.append(
                {
                    "n": n,
                    "void": False,
                    "ns": result["NS"],
                    "ew": result["EW"],
                    "total_ns": result["game"][0],
                    "total_ew": result["game"][1],
                    "hints": hints_used(record),
                }
            )
    return {
        "rows": rows,
        "teams": [say.team(Team.NS), say.team(Team.EW)],
        "total": total,
        "target": table.rules.target,
        "hints": sum(hints_used(r) for r in table.records),
    }


# ---------------------------------------------------------------- "why?"


@dataclass
class Why:
    leading: bool
    legal: list[CardFace]
    illegal: list[tuple[CardFace, list[dict[str, str]]]]
    basis: list[dict[str, str]]


def why(table: Table, lang: str, deck: str) -> Why | None:
    """Which of the learner's cards may be played now, and the rule that forbids each of the others."""
    hand = table.hand
    if hand.phase is not Phase.PLAY or not table.learner_to_act() or hand.tricks is None:
        return None
    say = say_for(table, lang, deck)
    t = hand.tricks
    trump = t.trump
    step = -1 if table.rules.clockwise else 1
    trick = [(Seat((t.leader + step * i) % 4), Card(c)) for i, c in enumerate(t.trick)]
    own = sorted_hand(t.hands[table.learner], trump)
    verdict = explain_play(own, trick, trump, table.rules, t.ekka)
    return Why(
        leading=not trick,
        legal=say.faces(verdict.legal),
        illegal=[(say.face(c), say.items(reasons)) for c, reasons in verdict.illegal.items()],
        basis=say.items(verdict.basis),
    )


def refusal(reasons: list[Reason], table: Table, lang: str, deck: str) -> list[dict[str, str]]:
    return say_for(table, lang, deck).items(reasons)


# ---------------------------------------------------------------- replay


@dataclass
class ReplayStep:
    """One trick of a finished hand, with everyone's cards before it (the replay shows all hands)."""

    number: int
    table: TableView
    trick: TrickShown
    totals: list[tuple[str, int]]


def replay(table: Table, index: int, lang: str, deck: str) -> dict[str, Any]:
    """A finished hand of the game, trick by trick, from its stored actions."""
    record = table.records[index]
    hand = table.replay(record)
    say = say_for(table, lang, deck)
    learner = table.learner
    out: dict[str, Any] = {"calls": [], "contract": "", "steps": [], "tricks": [], "declarations": []}
    if isinstance(hand, Hand):
        # A hand that started from a contract (a puzzle position) has an empty auction.
        out["calls"] = auction_said(hand, learner, say)
        if hand.contract is not None:
            out["contract"] = contract_words(
                {"contract": hand.contract.as_json()}, say.variant, lang, say.deck
            )
        if hand.phase is Phase.DONE:
            out["steps"] = say.items(hand.score().steps)
            out["declarations"] = [
                (
                    say.seat(seat),
                    messages.join_list(
                        (messages.project_name(p.type, say.variant, lang) for p in ps), say.variant, lang
                    ),
                    say.faces([c for p in ps for c in p.cards]),
                )
                for seat, ps in hand.declared.items()
            ]
    t = hand.tricks
    if t is None:
        return out
    holding = list(hand.full_hands) if isinstance(hand, Hand) else _start_hands(table)
    trump = t.trump
    trump_text, trump_suit = _trump_words(trump, say)
    totals = [0, 0]
    step = -1 if table.rules.clockwise else 1
    saved_hand = table.hand
    table.hand = hand  # trick_shown reads the contract and the end of the play from the table's hand
    try:
        for number, taken in enumerate(t.taken, 1):
            seats = []
            for seat in sorted(SEATS, key=lambda s: PLACES.index(place_of(s, learner))):
                seats.append(
                    SeatView(
                        letter=str(seat),
                        place=place_of(seat, learner),
                        name=say.seat(seat),
                        team=TEAMS[seat & 1],
                        cards=say.faces(sorted_hand(holding[seat], trump)),
                    )
                )
            by_letter = {s.letter: s for s in seats}
            plays = []
            for i, c in enumerate(taken.cards):
                seat = Seat((taken.leader + step * i) % 4)
                by_letter[str(seat)].played = say.face(c)
                by_letter[str(seat)].played_order = i + 1
                plays.append((say.seat(seat), say.face(c)))
                holding[seat] &= ~(1 << c)
            shown = trick_shown(table, taken, number, say)
            totals[taken.winner & 1] += shown.points + shown.bonus
            out["tricks"].append(
                ReplayStep(
                    number=number,
                    table=TableView(
                        variant=say.variant,
                        deck=say.deck,
                        seats=seats,
                        trick=plays,
                        hand=[],
                        hand_seat="",
                        trump=trump_text,
                        trump_suit=trump_suit,
                        bidding_card=None,
                        calls=[],
                        contract="",
                        facts=[],
                    ),
                    trick=shown,
                    totals=[(say.team(Team.NS), totals[0]), (say.team(Team.EW), totals[1])],
                )
            )
    finally:
        table.hand = saved_hand
    return out


def _start_hands(table: Table) -> list[int]:
    hands = table.setup["hands"]
    out = []
    for seat in SEATS:
        m = 0
        for code in hands[str(seat)]:
            m |= 1 << Card.parse(code)
        out.append(m)
    return out


# ---------------------------------------------------------------- the review of a hand


@dataclass
class MistakeShown:
    """A card the review found costly (lessons/practice/review.py), in the page's words."""

    trick: int
    played: CardFace
    played_name: str
    best: list[CardFace]
    best_names: str
    loss: int
    ideas: str
    """The themes of the position (what the best card teaches), named in the variant's words."""
    detail: str
    """The engine's own sentence (``solve.loses``) with every hand seen: the hindsight figure."""
    practised: bool = False
    principles: list[str] = field(default_factory=list)
    """Why the better card is better: the hint's principle, in words."""
    samples: int = 0
    """The sampled deals the verdict was judged on (0: a position judged with every hand open)."""
    practicable: bool = True
    """With every hand seen the card loses points too: the position makes a best-card puzzle."""


@dataclass
class BidShown:
    call: str
    best: str
    principles: list[str] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)
    """The call made and the better one: how often the contract is made, the average game points."""


@dataclass
class DoubleShown:
    """A doubling word the review marks: what was said, the strong bot's word, the game points it
    cost on average, whether the learner raised the stakes and whether the learner's team bought."""

    word: str
    best: str
    points: int
    raised: bool
    buyers: bool


@dataclass
class ReviewShown:
    status: str  # "pending", "done", "failed" (lessons.models.ReviewStatus), "none" (no review)
    mistakes: list[MistakeShown] = field(default_factory=list)
    bids: list[BidShown] = field(default_factory=list)
    doubles: list[DoubleShown] = field(default_factory=list)
    loss: int = 0

    @property
    def count(self) -> int:
        return len(self.mistakes) + len(self.bids) + len(self.doubles)

    def of_trick(self, number: int) -> MistakeShown | None:
        return next((m for m in self.mistakes if m.trick == number), None)


def review_shown(
    status: str, result: dict[str, Any], variant: str, lang: str, deck: str, practised: set[int]
) -> ReviewShown:
    """A stored review read into cards and names; the sentences are the template's."""
    say = Say(variant, lang, deck)
    shown = ReviewShown(status)
    if status != "done":
        return shown
    seat = Seat.parse(result.get("seat", "S"))
    from lessons.practice.hints import from_json, sentence  # the hints module imports this one

    def principles(reasons: list[list[Any]]) -> list[str]:
        return [t for t in (sentence(Reason(rule, from_json(params)), say) for rule, params in reasons) if t]

    for m in result.get("cards", []):
        played = Card.parse(m["played"])
        best = [Card.parse(c) for c in m["best"]]
        open_best = [Card.parse(c) for c in m.get("open", {}).get("best", m["best"])]
        reason = Reason(
            "solve.loses",
            {
                "card": played,
                "seat": seat,
                "team": TEAMS_BY_INDEX[m["team"]],
                "points": m.get("open", {}).get("loss", m["loss"]),
                "best": open_best,
                "got": m["got"],
                "could": m["could"],
                "total": m["total"],
            },
        )
        shown.mistakes.append(
            MistakeShown(
                trick=m["trick"],
                played=say.face(played),
                played_name=say.definite(played),
                best=say.faces(best),
                best_names=messages.join_list((say.definite(c) for c in best), variant, lang),
                loss=m["loss"],
                ideas=messages.join_list(
                    (themes.in_sentence(t, variant, lang) for t in m["themes"]), variant, lang
                ),
                detail=messages.render(reason, variant, lang, deck),
                practised=m["trick"] in practised,
                principles=principles(m.get("reasons", [])),
                samples=int(m.get("samples", 0)),
                practicable=int(m.get("open", {}).get("loss", m["loss"])) > 0,
            )
        )
    shown.bids = [
        BidShown(
            say.call(b["call"], b["round"]),
            say.call(b["best"], b["round"]),
            principles(b.get("reasons", [])),
            [
                call_figure(c, b["options"][c], variant, lang, deck, b["round"])
                for c in dict.fromkeys((b["call"], b["best"]))
                if c in b.get("options", {})
            ],
        )
        for b in result.get("bids", [])
    ]
    shown.doubles = [
        DoubleShown(
            say.call(d["word"]), say.call(d["best"]), int(d["points"]), d["word"] != "pass", bool(d["buyers"])
        )
        for d in result.get("doubles", [])
    ]
    shown.loss = int(result.get("loss", 0))
    return shown
