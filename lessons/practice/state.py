"""A practice game kept server-side: what is stored, and the table rebuilt from it on every request.

A :class:`~lessons.models.PracticeGame` stores no hand of cards, only what deals them again and
what everyone did, in ``hands`` (one record per hand of the game)::

    {"dealer": "W", "seed": 8841, "deck": ["9H", "KC", ...32 cards],
     "game_score": [0, 0], "pot": 0,
     "actions": [["call", "S", "pass"], ["call", "E", "hokm"], ..., ["play", "S", "KC"], ...],
     "result": {...}}                      # once the hand is over (see :meth:`Table._result`)

Replaying the actions through :class:`engine.hand.Hand` rebuilds the table exactly: the engine
checks every one of them again, so a stored game can only hold what the rules allow. The deck
is stored beside its seed so that a game survives a change of the shuffle.

A puzzle position played out (``PracticeGame.setup``, see :mod:`lessons.practice.scenario`)
is either a whole hand (``kind: "hand"``: a deal arranged around the position, the calls already
made as the first actions) or the rest of a hand from a position in its middle
(``kind: "position"``: the hands, the trick in progress, the cards already gone), played by
:class:`PositionPlay` — eight tricks or fewer, no auction, no score, only the points taken.

The learner sits at South in a game, at the puzzle's seat in a position. The bots answer in the
same request until it is the learner's turn again or the hand is over.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.utils import timezone

from engine.auction import Contract, IllegalCall, Void
from engine.bots import BeginnerBot, Bot, HeuristicBot, View, view_of
from engine.bots.strong import StrongBot
from engine.bots.table import doubling_word
from engine.cards import CARDS, SEATS, SUIT_LETTERS, Card, NotationError, Seat, Team, cards_of, next_seat
from engine.deal import shuffled_deck
from engine.explain import Reason
from engine.hand import Hand, Phase, WrongPhase
from engine.ranking import LAST_TRICK_BONUS, NO_TRUMP
from engine.tricks import IllegalPlay, TrickPlay
from engine.variants import RuleSet, rules_for
from lessons.models import BotLevel, PracticeGame

LEARNER = Seat.S
# The table's coaching settings (PracticeGame.coach). ``declare_for_me``: who announces the
# learner's projects and Baloot: "first" (the table, in the first hand only; then the learner),
# "always" (the table) or "never" (the learner). ``khaysh``: a Saudi table punishes a false
# declaration or an unsaid Baloot by seed 002's penalty (penalty.sa.khaysh).
COACH_DEFAULTS: dict[str, Any] = {"declare_for_me": "first", "khaysh": False}
DECLARE_FOR_ME = ("first", "always", "never")
# Phases in which someone still has to act.
LIVE = (Phase.AUCTION, Phase.DOUBLING, Phase.PLAY)


COACH_SEED = 0
"""The seed of every hint and of the hand review (engine.coach.evaluator): the same decision is
valued on the same sampled deals by both."""


class Move(NamedTuple):
    """One action at the table: a call of the auction, a word of the doubling, or a card."""

    kind: str  # "call" | "double" | "play"
    seat: Seat
    value: str

    # kinds: also "declare" (value: the project types announced, comma-separated, "" for none)
    # and "belote" (value: a card, played saying Baloot or belote with it).

    def as_json(self) -> list[str]:
        return [self.kind, str(self.seat), self.value]

    @classmethod
    def from_json(cls, item: list[str]) -> Move:
        kind, seat, value = item
        return cls(kind, Seat.parse(seat), value)


class Refused(Exception):
    """The rules refuse this call or card now; ``reasons`` (docs/rules.md IDs and params) say why."""

    def __init__(self, kind: str, value: str, reasons: list[Reason]) -> None:
        super().__init__(f"{kind} {value} refused: {', '.join(r.rule for r in reasons)}")
        self.kind = kind
        self.value = value
        self.reasons = reasons


class BadMove(Exception):
    """A move that is no choice at this table at all (a tampered form, a stale page).

    ``code``: ``stale`` (the form was made for an earlier state), ``not-a-card``,
    ``not-in-hand``, ``not-a-call``, ``not-your-turn``, ``wrong-phase``.
    """

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class BrokenGame(Exception):
    """A stored game that the engine no longer replays (its rules changed): it is started afresh."""


# What a stored game that no longer replays raises.
REPLAY_ERRORS = (KeyError, IndexError, TypeError, ValueError, NotationError, WrongPhase, Refused, BadMove)


# ---------------------------------------------------------------- a position in the middle of a hand


@dataclass(frozen=True)
class PositionView(View):
    """A seat's view of a position: the cards of the earlier tricks are gone, not unseen."""

    gone: int = 0

    @property
    def played(self) -> int:
        m = self.gone
        for p in self.plays:
            m |= 1 << p.card
        return m


def _mask(codes: list[str]) -> int:
    m = 0
    for code in codes:
        m |= 1 << Card.parse(code)
    return m


def trump_of(letter: str | None) -> int:
    return NO_TRUMP if letter is None else SUIT_LETTERS.index(letter)


class PositionPlay:
    """The rest of a hand from a puzzle position: the play only, with a contract assumed for the bots.

    ``setup``: ``trump`` (letter or None), ``hands`` (each seat's cards when the trick in
    progress began), ``leader``, ``trick`` (the cards of that trick already on the table),
    ``gone`` (the cards of the earlier tricks), ``taker`` (assumed: the position does not say),
    ``ekka``.
    """

    def __init__(self, rules: RuleSet, setup: dict[str, Any]) -> None:
        self.rules = rules
        trump = trump_of(setup["trump"])
        hands = [_mask(setup["hands"][str(seat)]) for seat in SEATS]
        self.leader = Seat.parse(setup["leader"])
        self.tricks = TrickPlay(rules, hands, trump, self.leader)
        self.gone = _mask(setup.get("gone", []))
        taker = Seat.parse(setup["taker"])
        self.contract = Contract("sun" if trump == NO_TRUMP else "hokm", trump, taker, taker)
        self.dealer = next_seat(self.leader, not rules.clockwise)
        self.total = sum(h.bit_count() for h in hands)
        self.declared: dict[Seat, list[Any]] = {}
        self.doubling = None
        self.phase = Phase.PLAY if self.total else Phase.DONE
        for seat, code in setup.get("trick", []):
            if Seat.parse(seat) != self.tricks.to_play:
                raise ValueError("the trick in progress is not in turn order")
            self.play(Card.parse(code), check=False)
        if setup.get("ekka") and self.tricks.trick:
            self.tricks.ekka = True

    @property
    def to_play(self) -> Seat | None:
        return SEATS[self.tricks.to_play] if self.phase is Phase.PLAY else None

    def legal(self) -> int:
        if self.phase is not Phase.PLAY:
            raise WrongPhase("play", self.phase)
        return self.tricks.legal()

    def play(self, card: int, check: bool = True) -> None:
        if self.phase is not Phase.PLAY:
            raise WrongPhase("play", self.phase)
        self.tricks.push(card, check)
        if len(self.tricks.moves) == self.total:
            self.phase = Phase.DONE

    @property
    def full(self) -> bool:
        """Eight tricks: the engine counts the last-trick bonus itself."""
        return self.total == 32

    def points(self) -> tuple[int, int]:
        """Card points each team took from the position on, the last trick's 10 included."""
        ns, ew = self.tricks.points
        taken = self.tricks.taken
        if taken and self.phase is Phase.DONE and not self.full:
            if taken[-1].winner.team is Team.NS:
                ns += LAST_TRICK_BONUS
            else:
                ew += LAST_TRICK_BONUS
        return ns, ew

    def view(self, seat: Seat) -> PositionView:
        t = self.tricks
        own = t.hands[seat]
        to_act = self.to_play
        plays = tuple(t.moves)
        return PositionView(
            rules=self.rules,
            seat=seat,
            phase=self.phase,
            dealer=self.dealer,
            hand=own,
            # A card of the seat's own: nobody else is taken to hold a bidding card.
            bidding_card=CARDS[(own & -own).bit_length() - 1] if own else plays[0].card,
            calls=(),
            contract=self.contract,
            doubles=(),
            multiplier=1,
            gahwa=False,
            projects=(),
            belote=None,
            plays=plays,
            leader=SEATS[t.leader] if self.phase is Phase.PLAY else None,
            trick=tuple(CARDS[c] for c in t.trick),
            to_act=to_act,
            choices=(),
            legal=t.legal() if to_act == seat else 0,
            game_score=(0, 0),
            pot=0,
            gone=self.gone,
        )


Table_Hand = Hand | PositionPlay


# ---------------------------------------------------------------- bots


def make_bots(level: str, seed: int, strong_allowed: bool = True) -> list[Bot]:
    """One bot per seat (the learner's seat is never asked). Strong bots need the whole hand's history."""
    bots: list[Bot] = []
    for seat in SEATS:
        s = seed * 4 + seat
        if level == BotLevel.RANDOM:
            # Random cards, but the calls of a cautious beginner (not Sun at every deal).
            bots.append(BeginnerBot(seed=s))
        elif level == BotLevel.STRONG and strong_allowed:
            bots.append(StrongBot(seed=s))
        else:
            bots.append(HeuristicBot())
    return bots


# ---------------------------------------------------------------- the table


def new_record(
    dealer: Seat,
    game_score: tuple[int, int] = (0, 0),
    pot: int = 0,
    coach: dict[str, Any] | None = None,
    first: bool = True,
) -> dict[str, Any]:
    seed = secrets.randbelow(2**31)
    record = {
        "dealer": str(dealer),
        "seed": seed,
        "deck": [str(c) for c in shuffled_deck(seed)],
        "game_score": list(game_score),
        "pot": pot,
        "actions": [],
    }
    record.update(coaching(coach, first))
    return record


def coaching(coach: dict[str, Any] | None, first: bool) -> dict[str, bool]:
    """What a hand's record keeps of the table's settings: does the learner declare, is khaysh played."""
    settings = {**COACH_DEFAULTS, **(coach or {})}
    mode = settings["declare_for_me"]
    for_me = mode == "always" or (mode == "first" and first)
    return {"declare_self": not for_me, "khaysh": bool(settings["khaysh"])}


def hints_used(record: dict[str, Any]) -> int:
    """Hints asked in one hand: each decision counted once (lessons.practice.hints keeps them)."""
    return len(record.get("hints", []))


def first_dealer(rules: RuleSet, learner: Seat = LEARNER) -> Seat:
    """The dealer whose next player is the learner: the learner speaks first in the first hand."""
    return next(s for s in SEATS if next_seat(s, rules.clockwise) == learner)


class Table:
    """A game as it stands now: the current hand rebuilt from the stored record, and the moves on it."""

    def __init__(self, game: PracticeGame) -> None:
        self.game = game
        self.setup: dict[str, Any] = game.setup or {}
        try:
            self.rules = rules_for(game.variant, game.options)
            self.learner = Seat.parse(self.setup.get("seat", "S"))
            self.records: list[dict[str, Any]] = game.hands
            self.index = len(self.records) - 1
            self.record = self.records[-1]
            self.hand: Table_Hand = self.replay(self.record)
        except REPLAY_ERRORS as e:
            raise BrokenGame(str(e)) from e

    # -- rebuilding
    def deal(self, record: dict[str, Any]) -> Table_Hand:
        if self.setup.get("kind") == "position":
            return PositionPlay(self.rules, self.setup)
        dealer = Seat.parse(record["dealer"])
        deck = [Card.parse(c) for c in record["deck"]]
        game_score = (record["game_score"][0], record["game_score"][1])
        if record.get("contract"):
            # A position that starts after the auction (lessons.practice.scenario).
            c = record["contract"]
            contract = Contract(
                c["mode"], trump_of(c["trump"]), Seat.parse(c["taker"]), Seat.parse(c["receiver"])
            )
            return Hand.with_contract(
                self.rules, dealer, contract, deck=deck, game_score=game_score, **self._declaring(record)
            )
        return Hand(
            self.rules, dealer, deck=deck, game_score=game_score, pot=record["pot"], **self._declaring(record)
        )

    def _declaring(self, record: dict[str, Any]) -> dict[str, Any]:
        """Whether the learner declares in this hand (a record from before the setting: the table did)."""
        if not record.get("declare_self"):
            return {}
        return {"declaring": (self.learner,), "khaysh": bool(record.get("khaysh"))}

    def replay(self, record: dict[str, Any], upto: int | None = None) -> Table_Hand:
        """The hand of ``record`` with its actions (the first ``upto`` of them) played again."""
        hand = self.deal(record)
        for item in record["actions"][:upto]:
            apply(hand, Move.from_json(item))
        return hand

    @property
    def is_position(self) -> bool:
        return isinstance(self.hand, PositionPlay)

    @property
    def is_scenario(self) -> bool:
        return bool(self.setup)

    @property
    def phase(self) -> Phase:
        return self.hand.phase

    @property
    def actions(self) -> list[list[str]]:
        actions: list[list[str]] = self.record["actions"]
        return actions

    # -- whose turn
    def learner_to_act(self) -> bool:
        hand = self.hand
        if hand.phase is Phase.AUCTION and isinstance(hand, Hand):
            return hand.auction.to_act == self.learner
        if hand.phase is Phase.DOUBLING and isinstance(hand, Hand):
            d = hand.doubling
            return d is not None and self.learner in d.speakers
        if hand.phase is Phase.PLAY:
            return hand.to_play == self.learner
        return False

    def learner_cards(self) -> int:
        """The learner's cards now: five during the auction, then what is left of eight."""
        hand = self.hand
        if isinstance(hand, PositionPlay) or hand.tricks is not None:
            assert hand.tricks is not None
            return hand.tricks.hands[self.learner]
        return hand.first.hands[self.learner]

    # -- the learner's moves
    def learner_call(self, word: str) -> None:
        """A call of the auction or a word of the doubling, whichever the hand is in."""
        hand = self.hand
        if not isinstance(hand, Hand) or hand.phase not in (Phase.AUCTION, Phase.DOUBLING):
            raise BadMove("wrong-phase")
        if not self.learner_to_act():
            raise BadMove("not-your-turn")
        kind = "call" if hand.phase is Phase.AUCTION else "double"
        self._learner_move(Move(kind, self.learner, word.strip().lower()))

    def learner_declare(self, types: list[str]) -> None:
        """The learner announces the types of their projects (none: ``[]``); the engine checks them."""
        hand = self.hand
        if not isinstance(hand, Hand) or not hand.may_declare(self.learner):
            raise BadMove("wrong-phase")
        move = Move("declare", self.learner, ",".join(types))
        apply(hand, move)
        self.actions.append(move.as_json())

    def learner_declares(self) -> bool:
        hand = self.hand
        return isinstance(hand, Hand) and self.learner in hand.declaring

    def learner_play(self, code: str, belote: bool = False) -> None:
        hand = self.hand
        if hand.phase is not Phase.PLAY:
            raise BadMove("wrong-phase")
        try:
            card = Card.parse(code)
        except NotationError:
            raise BadMove("not-a-card") from None
        if not self.learner_cards() >> card & 1:
            raise BadMove("not-in-hand")
        if not self.learner_to_act():
            raise BadMove("not-your-turn")
        self._learner_move(Move("belote" if belote else "play", self.learner, str(card)))

    def _learner_move(self, move: Move) -> None:
        try:
            apply(self.hand, move)
        except NotationError:
            raise BadMove("not-a-call") from None
        self.actions.append(move.as_json())
        self.advance()

    # -- taking a move back
    def may_take_back(self) -> bool:
        """Only at the beginner level, in a hand still being played: never once the hand is scored
        (its result is shown and the next hand waits), nor in a game whose end is scored, nor in a
        game assigned by a teacher (``setup["assigned"]``, or a drill's hand)."""
        assigned = self.setup.get("assigned") or self.game.drill_item_id is not None
        if self.game.level != BotLevel.RANDOM or self.game.finished or assigned:
            return False
        if "result" in self.record or self.hand.phase not in LIVE:
            return False
        return self._take_back_point() is not None

    def _take_back_point(self) -> int | None:
        """How many actions stay when the learner's last free choice is taken back (None: nothing to)."""
        for i in range(len(self.actions) - 1, -1, -1):
            move = Move.from_json(self.actions[i])
            if move.seat != self.learner or move.kind not in ("call", "double", "play", "declare", "belote"):
                continue
            before = self.replay(self.record, i)
            saved, self.hand = self.hand, before
            try:
                forced = self._forced_learner_move() is not None
            finally:
                self.hand = saved
            if not forced:
                return i
        return None

    def take_back(self) -> None:
        """Undo the learner's last call or card and what the bots did after it: the learner chooses again."""
        if not self.may_take_back():
            raise BadMove("wrong-phase")
        point = self._take_back_point()
        assert point is not None
        del self.actions[point:]
        self.record.pop("result", None)
        self.record["takebacks"] = self.record.get("takebacks", 0) + 1
        self.hand = self.replay(self.record)

    # -- the bots
    def advance(self) -> None:
        """Let the bots act until the learner's turn or the end of the hand, then note the result."""
        hand = self.hand
        bots = make_bots(
            self.game.level,
            (self.record.get("seed") or 0) + len(self.actions),
            strong_allowed=not (isinstance(hand, PositionPlay) and hand.gone),
        )
        while hand.phase in LIVE:
            if self.learner_to_act():
                move = self._forced_learner_move()
                if move is None:
                    break
            else:
                move = bot_move(hand, bots)
            apply(hand, move)
            self.actions.append(move.as_json())
        if hand.phase not in LIVE and "result" not in self.record:
            self.record["result"] = self._result()
            if self.is_scenario or self.record["result"].get("over"):
                self.game.finished = True

    def _forced_learner_move(self) -> Move | None:
        """The learner's word when the rules leave none to choose (a doubling where only pass is allowed)."""
        hand = self.hand
        d = hand.doubling if isinstance(hand, Hand) and hand.phase is Phase.DOUBLING else None
        if d is not None and d.allowed(self.learner) == ["pass"]:
            return Move("double", self.learner, "pass")
        return None

    def _result(self) -> dict[str, Any]:
        hand = self.hand
        if isinstance(hand, PositionPlay):
            ns, ew = hand.points()
            return {"NS": ns, "EW": ew, "tricks": list(hand.tricks.tricks)}
        if hand.phase is Phase.VOID:
            contract = hand.auction.contract
            assert isinstance(contract, Void)
            return {
                "void": True,
                "next_dealer": str(contract.next_dealer),
                "game": list(hand.game_score),
                "pot": hand.pot,
            }
        score = hand.score()
        game = score.game_score or {Team.NS: hand.game_score[0], Team.EW: hand.game_score[1]}
        return {
            "NS": score.points[Team.NS],
            "EW": score.points[Team.EW],
            "result": score.result,
            "game": [game[Team.NS], game[Team.EW]],
            "pot": score.pot,
            "over": score.game_over,
            "winner": None if score.winner is None else str(score.winner),
        }

    # -- the game
    def can_deal_next(self) -> bool:
        return not self.is_scenario and not self.game.finished and "result" in self.record

    def next_hand(self) -> None:
        if not self.can_deal_next():
            raise BadMove("wrong-phase")
        result = self.record["result"]
        if result.get("void"):
            dealer = Seat.parse(result["next_dealer"])
        else:
            dealer = next_seat(Seat.parse(self.record["dealer"]), self.rules.clockwise)
        record = new_record(
            dealer, (result["game"][0], result["game"][1]), result["pot"], self.game.coach, first=False
        )
        self.records.append(record)
        self.index += 1
        self.record = record
        self.hand = self.deal(record)
        self.advance()

    def save(self, expected_move: int) -> bool:
        """Store the new state unless another request changed the game first (a double submit)."""
        game = self.game
        game.move = expected_move + 1
        updated = PracticeGame.objects.filter(pk=game.pk, move=expected_move).update(
            hands=self.records, move=game.move, finished=game.finished, updated=timezone.now()
        )
        return updated == 1


# ---------------------------------------------------------------- moves


def apply(hand: Table_Hand, move: Move) -> None:
    """Make ``move`` on ``hand``; raise :class:`Refused` with the engine's reasons when the rules say no."""
    if move.kind == "declare":
        if not isinstance(hand, Hand) or not hand.may_declare(move.seat):
            raise BadMove("wrong-phase")
        hand.declare(move.seat, [t for t in move.value.split(",") if t])
        return
    if move.kind in ("play", "belote"):
        if hand.to_play != move.seat:
            raise BadMove("not-your-turn")
        card = Card.parse(move.value)
        if move.kind == "belote":
            if not isinstance(hand, Hand):
                raise BadMove("wrong-phase")
            hand.say_belote(move.seat)
        try:
            hand.play(card)
        except IllegalPlay as e:
            raise Refused("play", move.value, e.reasons) from None
        return
    if not isinstance(hand, Hand):
        raise BadMove("wrong-phase")
    try:
        if move.kind == "call":
            if hand.phase is not Phase.AUCTION:
                raise BadMove("wrong-phase")
            hand.call(move.value, move.seat, cards_of(hand.first.hands[move.seat]))
        elif move.kind == "double":
            if hand.phase is not Phase.DOUBLING:
                raise BadMove("wrong-phase")
            hand.double(move.value, move.seat)
        else:
            raise BadMove("wrong-phase")
    except IllegalCall as e:
        raise Refused(move.kind, move.value, e.reasons) from None


def bot_move(hand: Table_Hand, bots: list[Bot]) -> Move:
    """What the bot to act does now (in the doubling, as engine.bots.table.step decides for a team)."""
    if isinstance(hand, PositionPlay):
        seat = hand.to_play
        assert seat is not None
        return Move("play", seat, str(bots[seat].play(hand.view(seat))))
    phase = hand.phase
    if phase is Phase.AUCTION:
        seat = hand.auction.to_act
        assert seat is not None
        return Move("call", seat, bots[seat].bid(view_of(hand, seat)))
    if phase is Phase.DOUBLING:
        seat, word = doubling_word(hand, bots)
        return Move("double", seat, word)
    seat = hand.to_play
    assert seat is not None
    return Move("play", seat, str(bots[seat].play(view_of(hand, seat))))


# ---------------------------------------------------------------- starting


def start_game(
    variant: str,
    level: str,
    options: dict[str, Any],
    session_key: str,
    user: Any = None,
    coach: dict[str, Any] | None = None,
) -> PracticeGame:
    """A new game at the practice table, played up to the learner's first turn."""
    rules = rules_for(variant, options)
    coach = {**COACH_DEFAULTS, **(coach or {})}
    game = PracticeGame(
        session_key=session_key,
        user=user,
        variant=variant,
        level=level,
        options=options,
        coach=coach,
        hands=[new_record(first_dealer(rules), coach=coach)],
    )
    return _started(game)


def start_scenario(
    setup: dict[str, Any],
    record: dict[str, Any],
    variant: str,
    level: str,
    options: dict[str, Any],
    session_key: str,
    user: Any = None,
    puzzle: Any = None,
) -> PracticeGame:
    """A puzzle position to play out (``setup`` and its one hand record: lessons.practice.scenario)."""
    game = PracticeGame(
        session_key=session_key,
        user=user,
        variant=variant,
        level=level,
        options=options,
        puzzle=puzzle,
        setup=setup,
        hands=[record],
    )
    return _started(game)


def _started(game: PracticeGame) -> PracticeGame:
    table = Table(game)
    table.advance()
    game.hands = table.records
    game.save()
    return game
