"""Solving a position: the value of every legal card, the best cards, the principal line.

A *position* is the four hands (masks), the trick in progress and who plays
next; everything is open (double dummy). Values are card points taken
**from the position on**: the cards already in the trick in progress, every
later trick, and the last-trick bonus. Points of the tricks finished before
the position are carried apart in :attr:`Solution.so_far`, so
``so_far + values[card]`` adds up to 162 (130 in Sun) for a real hand.

**Hand result by card points** (:meth:`Solution.outcome`, when the taking
team is given): the taking team's card points for the whole hand (``so_far``
plus the value, last trick included), judged by the scoring module's own rule
(:func:`engine.scoring.card_point_verdict`): Saudi rounds them to game points
and a tie fails the buyers, Moroccan 81-81 is a litige (``"tie"``), French 81 is
made. Declarations, belote/baloot and doubling are the scorer's business, not
the solver's.

The Ekka call (saudi option ``ekka``) is honoured for the trick in progress
(``ekka=True``); the search makes no new calls in later tricks, as
:class:`engine.tricks.TrickPlay` makes none. A led plain Ace counts as Ekka
without a call (``play.ekka``) in every trick, since legality says so.

>>> from engine.cards import Card, mask_of
>>> from engine.variants import rules_for
>>> h = lambda *cs: mask_of(Card.parse(c) for c in cs)
>>> s = solve(rules_for("saudi"), NO_TRUMP, (h("AS", "7H"), h("TS", "8H"), h("KS", "9H"), h("QS", "JH")),
...           to_play=Seat.S, leader=Seat.S)
>>> {str(c): v for c, v in s.values.items()}
{'AS': (28, 12), '7H': (38, 2)}
>>> [str(c) for c in s.best], [f"{seat}{card}" for seat, card in s.line]
(['7H'], ['S7H', 'E8H', 'N9H', 'WJH', 'WQS', 'SAS', 'ETS', 'NKS'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine.cards import CARDS, SEATS, Card, Seat, Team, cards_of
from engine.play import legal_mask
from engine.ranking import LAST_TRICK_BONUS, NO_TRUMP, POINTS, STRENGTH, trick_winner_index
from engine.scoring import CardPointVerdict, card_point_verdict
from engine.solver import core
from engine.solver.equivalence import equivalent_to, representatives
from engine.solver.native import Table
from engine.solver.search import Search
from engine.tricks import TrickPlay
from engine.variants import RuleSet

__all__ = ["NO_TRUMP", "Solution", "line_after", "solve", "solve_trickplay"]


@dataclass(frozen=True)
class Solution:
    """The exact values of a position, for every legal card of the player to act."""

    trump: int
    to_play: Seat
    so_far: tuple[int, int]
    """Card points (NS, EW) of the tricks finished before the position."""
    values: dict[Card, tuple[int, int]]
    """For each legal card: card points (NS, EW) from the position on, with best play after it."""
    best: list[Card]
    """Every legal card that reaches the best value for the player to act."""
    line: list[tuple[Seat, Card]]
    """A principal line: the cards in order from the position to the end of the hand."""
    nodes: int
    """Search nodes: trick starts searched, plus the cards tried in the trick in progress."""
    taker: Team | None = None
    rules: RuleSet | None = None
    """The rule set whose contract :meth:`outcome` applies."""

    @property
    def value(self) -> tuple[int, int]:
        """Card points (NS, EW) from the position on with best play on both sides."""
        return self.values[self.best[0]]

    def totals(self, card: Card) -> tuple[int, int]:
        """Card points (NS, EW) of the whole hand if ``card`` is played, then best play."""
        ns, ew = self.values[card]
        return self.so_far[0] + ns, self.so_far[1] + ew

    def loss(self, card: Card) -> int:
        """Card points the player to act gives away by playing ``card`` instead of a best card."""
        team = self.to_play & 1
        return self.value[team] - self.values[card][team]

    def outcome(self, card: Card) -> Literal["made", "tie", "failed"] | None:
        """``"made"``, ``"tie"`` or ``"failed"`` by card points (see the module); None without a taker."""
        verdict = self.verdict(card)
        return None if verdict is None else verdict.outcome

    def verdict(self, card: Card) -> CardPointVerdict | None:
        """The contract on card points if ``card`` is played (:func:`engine.scoring.card_point_verdict`)."""
        if self.taker is None or self.rules is None:
            return None
        return card_point_verdict(self.rules, self.trump, self.totals(card)[self.taker])


class _Position:
    """A position outside the search's hot loop: the root and the steps of the principal line."""

    def __init__(self, search: Search, seat: int, trick: list[int], leader: int, ekka: bool) -> None:
        self.search = search
        self.seat = seat
        self.trick = trick
        self.leader = leader
        self.ekka = ekka
        trump = search.trump
        self.tpts = sum(POINTS[trump][c] for c in trick)
        self.rem = sum(POINTS[trump][c] for h in search.hands for c in cards_of(h))
        self.live = search.hands[0] | search.hands[1] | search.hands[2] | search.hands[3]
        for c in trick:
            self.live |= 1 << c
        if trick:
            wi = trick_winner_index(trick, trump)
            self.wseat, self.wcard = (leader + search.step * wi) & 3, trick[wi]
        else:
            self.wseat, self.wcard = seat, -1

    def legal(self) -> int:
        s = self.search
        return legal_mask(s.hands[self.seat], self.trick, s.trump, s.rules, self.ekka)

    def value_after(self, c: int, alpha: int, beta: int) -> int:
        """NS's points from here if ``c`` is played (fail-soft outside ``alpha``-``beta``)."""
        s = self.search
        trump, hands, seat, n = s.trump, s.hands, self.seat, len(self.trick)
        if not n:
            return s.lead(seat, self.rem, alpha, beta, c)
        p = POINTS[trump][c]
        if STRENGTH[trump][c] > STRENGTH[trump][self.wcard] and (
            c >> 3 == self.trick[0] >> 3 or c >> 3 == trump
        ):
            wseat, wcard = seat, c
        else:
            wseat, wcard = self.wseat, self.wcard
        hands[seat] ^= 1 << c
        try:
            if n < 3:
                self.trick.append(c)
                try:
                    nxt = (seat + s.step) & 3
                    return s.follow(
                        nxt,
                        n + 1,
                        self.trick,
                        wseat,
                        wcard,
                        self.tpts + p,
                        self.rem - p,
                        self.live,
                        alpha,
                        beta,
                    )
                finally:
                    self.trick.pop()
            won = self.tpts + p
            if not (hands[0] | hands[1] | hands[2] | hands[3]):
                return won + LAST_TRICK_BONUS if not wseat & 1 else 0
            ns = won if not wseat & 1 else 0
            return ns + s.lead(wseat, self.rem - p, alpha - ns, beta - ns)
        finally:
            hands[seat] ^= 1 << c

    def play(self, c: int) -> _Position:
        """The position after ``c`` (the search's hands are changed for good)."""
        s = self.search
        s.hands[self.seat] ^= 1 << c
        if len(self.trick) < 3:
            # The same list: the search recognises the root trick (and its Ekka call) by identity.
            self.trick.append(c)
            return _Position(s, (self.seat + s.step) & 3, self.trick, self.leader, self.ekka)
        trick = [*self.trick, c]
        wi = trick_winner_index(trick, s.trump)
        winner = (self.leader + s.step * wi) & 3
        return _Position(s, winner, [], winner, False)

    def candidates(self) -> list[int]:
        """The legal cards, one per equivalent run, in the search's order (its best lead first)."""
        s = self.search
        moves = representatives(self.legal(), self.live, s.trump)
        if not self.trick:
            keys = s.lead_order(moves, self.live, s.best_lead(self.seat))
        else:
            ours = not (self.wseat ^ self.seat) & 1
            keys = s.follow_order(moves, self.wcard, self.trick[0] >> 3, ours, len(self.trick) == 3)
        return [k & 31 for k in keys]

    def gained(self, c: int) -> int:
        """NS's points for the trick ``c`` completes (0 when it completes none or EW wins it)."""
        if len(self.trick) < 3:
            return 0
        s = self.search
        trick = [*self.trick, c]
        winner = (self.leader + s.step * trick_winner_index(trick, s.trump)) & 3
        if winner & 1:
            return 0
        last = (s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]) == 1 << c
        return self.tpts + POINTS[s.trump][c] + (LAST_TRICK_BONUS if last else 0)

    def is_over(self) -> bool:
        h = self.search.hands
        return not (h[0] | h[1] | h[2] | h[3]) and not self.trick


def _check(hands: Sequence[int], to_play: int, leader: int, trick: Sequence[int], clockwise: bool) -> None:
    seen = 0
    for m in (*hands, *(1 << c for c in trick)):
        if m & seen:
            raise ValueError("a card is in two places")
        seen |= m
    if len(trick) > 3:
        raise ValueError("a trick in progress holds at most three cards")
    step = -1 if clockwise else 1
    if (leader + step * len(trick)) % 4 != to_play:
        raise ValueError("the player to act is not the next one after the trick's cards")
    played = {(leader + step * i) % 4 for i in range(len(trick))}
    left = hands[to_play].bit_count()
    for seat in range(4):
        expected = left - 1 if seat in played else left
        if hands[seat].bit_count() != expected:
            raise ValueError("the hands do not hold the same number of cards")
    if not left:
        raise ValueError("the hand is over: nothing to solve")


def solve(
    rules: RuleSet,
    trump: int,
    hands: tuple[int, int, int, int] | list[int],
    to_play: Seat,
    leader: Seat,
    trick: Sequence[int] = (),
    points_so_far: tuple[int, int] = (0, 0),
    taker: Team | None = None,
    ekka: bool = False,
    table: dict[int, int] | Table | None = None,
) -> Solution:
    """Solve a position exactly: every legal card's value, the best cards and a principal line.

    ``hands``: four masks indexed by seat; ``trick``: the cards of the trick in
    progress in play order, led by ``leader``; ``to_play`` acts next.
    ``points_so_far``: card points (NS, EW) taken before the position.
    ``taker``: the taking team, for :meth:`Solution.outcome`.
    ``ekka``: the trick's leader called Ekka (saudi option ``ekka``).
    ``table``: a table shared by the solves of positions of one deal (same rules and trump), each
    starting from what the others proved; empty at first (:func:`engine.solver.core.new_table`
    makes the kind the search in use reads fastest; a dict always works).
    """
    _check(hands, to_play, leader, trick, rules.clockwise)
    if ekka and not trick:
        raise ValueError("Ekka is called on a card already led")
    root_trick = list(trick)
    # A C table comes only from core.new_table, for the C core.
    search = core.Search(rules, trump, list(hands), root_trick, ekka, table)  # type: ignore[arg-type]
    root = _Position(search, to_play, root_trick, leader, ekka)
    legal = root.legal()
    reps = representatives(legal, root.live, trump)
    ns_values: dict[int, int] = {}
    rest = root.tpts + root.rem + LAST_TRICK_BONUS
    guess = _greedy(root)
    # Cards of one suit are usually worth about the same: each card's first test is at the value
    # of the last card of its suit solved (3 % fewer nodes than at the last card's value).
    by_suit: dict[int, int] = {}
    for c in root.candidates():
        ns_values[c] = guess = _exact(root, c, by_suit.get(c >> 3, guess), rest)
        by_suit[c >> 3] = guess
    values: dict[Card, tuple[int, int]] = {}
    for c in cards_of(legal):
        rep = (equivalent_to(c, legal, root.live, trump) & reps).bit_length() - 1
        values[c] = (ns_values[rep], rest - ns_values[rep])
    team = to_play & 1
    target = max(v[team] for v in values.values())
    best = [c for c in cards_of(legal) if values[c][team] == target]
    line = _principal_line(root, best[0], values[best[0]][0])
    search.done()
    return Solution(trump, to_play, points_so_far, values, best, line, search.nodes, taker, rules)


def line_after(
    rules: RuleSet,
    trump: int,
    hands: tuple[int, int, int, int] | list[int],
    to_play: Seat,
    leader: Seat,
    card: Card,
    trick: Sequence[int] = (),
    ekka: bool = False,
) -> tuple[tuple[int, int], list[tuple[Seat, Card]]]:
    """If ``card`` is played, then best play: card points (NS, EW) from the position on, and a line.

    The line starts with ``card``; the values agree with :func:`solve`'s
    ``values[card]``. Cheaper than solving the position after ``card``: only
    that card is valued. Arguments as for :func:`solve`.
    """
    _check(hands, to_play, leader, trick, rules.clockwise)
    if ekka and not trick:
        raise ValueError("Ekka is called on a card already led")
    root_trick = list(trick)
    search = core.Search(rules, trump, list(hands), root_trick, ekka)
    root = _Position(search, to_play, root_trick, leader, ekka)
    if not root.legal() >> card & 1:
        raise ValueError(f"{CARDS[card]} may not be played now")
    rest = root.tpts + root.rem + LAST_TRICK_BONUS
    ns = _exact(root, card, _greedy(root), rest)
    return (ns, rest - ns), _principal_line(root, CARDS[card], ns)


def _greedy(root: _Position) -> int:
    """NS's points if everyone plays the search's first choice: a first guess for the values."""
    s = root.search
    hands = list(s.hands)
    n = len(root.trick)
    pos = root
    ns = 0
    while not pos.is_over():
        c = pos.candidates()[0]
        ns += pos.gained(c)
        pos = pos.play(c)
    s.hands[:] = hands
    del root.trick[n:]
    return ns


def _exact(pos: _Position, card: int, guess: int, top: int) -> int:
    """The exact value of ``card`` by null-window searches that close in on it.

    Each search only answers "at least ``beta``?", which cuts far more than a
    full window, and proves a bound (fail-soft: often better than asked).
    The first test is at ``guess``; while only one side is proved the tests
    gallop away from it (steps 1, 2, 4, ...: values are usually near the
    guess, but are fine-grained card points, so plain MTD(f)'s one-point
    steps can take dozens of searches); once both sides are proved, bisection.
    The table keeps every bound proved, so each search starts where the last
    one stopped.
    """
    lo, hi = 0, top  # lo <= value <= hi
    beta = min(max(guess, 1), top)
    below = above = False  # a search has proved the upper / the lower bound
    step = 2
    while lo < hi:
        g = pos.value_after(card, beta - 1, beta)
        if g < beta:
            hi, below = g, True
        else:
            lo, above = g, True
        if below and above:
            beta = (lo + hi + 1) // 2
        elif below:
            beta = max(lo + 1, hi + 1 - step)
        else:
            beta = min(hi, lo + step)
        step *= 2
    return lo


def _principal_line(root: _Position, first: Card, ns_value: int) -> list[tuple[Seat, Card]]:
    """Follow a card of exact value at each step; the search's table makes each check cheap."""
    line: list[tuple[Seat, Card]] = []
    pos = root
    card: int = first
    target = ns_value  # NS's points from ``pos`` on
    while True:
        line.append((SEATS[pos.seat], CARDS[card]))
        target -= pos.gained(card)
        pos = pos.play(card)
        if pos.is_over():
            return line
        ns_to_play = not pos.seat & 1
        for c in pos.candidates():
            # A null window at the target: a card of the player's best value reaches it.
            if ns_to_play:
                found = pos.value_after(c, target - 1, target) >= target
            else:
                found = pos.value_after(c, target, target + 1) <= target
            if found:
                card = c
                break
        else:  # pragma: no cover - the value was proved above
            raise AssertionError("no card reaches the solved value")


def solve_trickplay(t: TrickPlay, taker: Team | None = None) -> Solution:
    """Solve the current position of a :class:`TrickPlay` (its state is left as it was)."""
    hands = (t.hands[0], t.hands[1], t.hands[2], t.hands[3])
    return solve(
        t.rules,
        t.trump,
        hands,
        SEATS[t.to_play],
        SEATS[t.leader],
        list(t.trick),
        (t.points[0], t.points[1]),
        taker,
        t.ekka,
    )
