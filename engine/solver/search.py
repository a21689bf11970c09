"""The search: fail-soft alpha-beta on card points, with a transposition table.

The game is zero-sum in card points: whatever one team takes from here the
other does not. Every function below returns the points **NS** takes from
the position on (the cards of the trick in progress included, the last-trick
bonus included); NS maximises it, EW minimises it.

- One function per kind of node: :func:`Search.lead` starts a trick (the
  only place the transposition table is used: a position between tricks is
  fully described by the four hands and the leader), ``follow`` plays the
  second, third and fourth cards.
- Transposition table: key ``hands[0] | hands[1] << 32 | hands[2] << 64 |
  hands[3] << 96 | leader << 128``, value ``(lower, upper, best lead)``:
  bounds on NS's points, since a cut-off search only proves a bound.
- Move ordering: the table's best lead first; then cards that win the trick
  now, most points first, when they can; otherwise the cheapest cards.
- Equivalent cards (:mod:`engine.solver.equivalence`) are searched once.
- Legality comes from :func:`engine.play.legal_mask`, the same fast path the
  hand runner uses.
- Quick bounds: NS can never take more than the points still in play plus
  the last-trick bonus, nor less than nothing.

Everything in the inner loop is an ``int``: cards, masks, seats, points.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.play import legal_mask
from engine.ranking import HIGHER, LAST_TRICK_BONUS, POINTS, STRENGTH
from engine.solver.equivalence import representatives
from engine.variants import RuleSet

INFINITY = 1 << 16  # beyond any number of points

TTEntry = tuple[int, int, int]


class Search:
    """Search state for one deal: the hands (masks, mutated and restored), the table, a node count."""

    def __init__(
        self,
        rules: RuleSet,
        trump: int,
        hands: list[int],
        clockwise: bool,
        ekka_trick: list[int] | None = None,
        ekka: bool = False,
    ) -> None:
        self.rules = rules
        self.trump = trump
        self.hands = hands
        self.step = -1 if clockwise else 1
        self.table: dict[int, TTEntry] = {}
        self.counter = [0]
        self.lead, self.follow = _build(self, ekka_trick, ekka)

    @property
    def nodes(self) -> int:
        return self.counter[0]


LeadFn = Callable[[int, int, int, int], int]
FollowFn = Callable[[int, int, list[int], int, int, int, int, int, int, int], int]


def _build(s: Search, ekka_trick: list[int] | None, ekka: bool) -> tuple[LeadFn, FollowFn]:
    """The two node functions as closures over the deal's constants (fast local look-ups)."""
    rules = s.rules
    trump = s.trump
    hands = s.hands
    step = s.step
    table = s.table
    table_get = table.get
    counter = s.counter
    pts = POINTS[trump]
    strength = STRENGTH[trump]
    higher = HIGHER[trump]
    bonus = LAST_TRICK_BONUS
    # One trick list per number of tricks left, so a trick never allocates.
    pool: list[list[int]] = [[] for _ in range(9)]

    def last_trick(seat: int) -> int:
        """Everyone holds one card: the trick plays itself."""
        c = hands[seat]
        c = c.bit_length() - 1
        total = pts[c] + bonus
        wseat, wcard, led = seat, c, c >> 3
        for i in (1, 2, 3):
            p = (seat + step * i) & 3
            d = hands[p].bit_length() - 1
            total += pts[d]
            if strength[d] > strength[wcard] and (d >> 3 == led or d >> 3 == trump):
                wseat, wcard = p, d
        return total if not wseat & 1 else 0

    def lead(seat: int, rem: int, alpha: int, beta: int) -> int:
        """NS's points from the start of a trick led by ``seat``; ``rem``: card points in the hands."""
        counter[0] += 1
        hand = hands[seat]
        left = hand.bit_count()
        if left == 1:
            return last_trick(seat)
        key = hands[0] | hands[1] << 32 | hands[2] << 64 | hands[3] << 96 | seat << 128
        entry = table_get(key)
        if entry is None:
            lo, hi, first = 0, rem + bonus, -1
        else:
            lo, hi, first = entry
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        a0, b0 = a, b
        live = hands[0] | hands[1] | hands[2] | hands[3]
        trick = pool[left]
        nxt = (seat + step) & 3
        moves = representatives(hand, live, trump)
        # Order: the remembered best lead, then the top live card of a suit
        # (most points first), then the rest cheapest first.
        keys = []
        m = moves
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if c == first:
                keys.append(c)
            elif not higher[c] & live:
                keys.append((64 - pts[c]) << 5 | c)
            else:
                keys.append((128 + strength[c] * 32 + pts[c]) << 5 | c)
        keys.sort()
        maximise = not seat & 1
        best = -1 if maximise else INFINITY
        best_card = -1
        for k in keys:
            c = k & 31
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            v = follow(nxt, 1, trick, seat, c, pts[c], rem - pts[c], live, a, b)
            trick.pop()
            if maximise:
                if v > best:
                    best, best_card = v, c
                    if v > a:
                        a = v
                        if a >= b:
                            break
            elif v < best:
                best, best_card = v, c
                if v < b:
                    b = v
                    if a >= b:
                        break
        hands[seat] = hand
        # Bounds proved by this search (fail-soft: ``best`` is a bound beyond the window).
        if best <= a0:
            hi = best
        elif best >= b0:
            lo = best
        else:
            lo = hi = best
        table[key] = (lo, hi, best_card)
        return best

    def follow(
        seat: int,
        n: int,
        trick: list[int],
        wseat: int,
        wcard: int,
        tpts: int,
        rem: int,
        live: int,
        alpha: int,
        beta: int,
    ) -> int:
        """NS's points from the ``n``-th card (1-3) of a trick; ``wseat``/``wcard`` win it so far."""
        counter[0] += 1
        top = tpts + rem + bonus
        if top <= alpha:
            return top
        if beta <= 0:
            return 0
        hand = hands[seat]
        legal = legal_mask(hand, trick, trump, rules, ekka and trick is ekka_trick)
        moves = representatives(legal, live, trump)
        led = trick[0] >> 3
        ws = strength[wcard]
        ours = (wseat ^ seat) & 1 == 0
        keys = []
        m = moves
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            p = pts[c]
            beats = strength[c] > ws and (c >> 3 == led or c >> 3 == trump)
            if ours and not beats and n == 3:
                # Partner holds the trick: give points.
                keys.append((64 - p) << 5 | c)
            elif beats:
                # Take the trick: on the last card with the most points, else the cheapest winner.
                keys.append((64 + strength[c]) << 5 | c)
            else:
                keys.append((128 + p * 8 + strength[c]) << 5 | c)
        keys.sort()
        maximise = not seat & 1
        best = -1 if maximise else INFINITY
        a, b = alpha, beta
        if n < 3:
            nxt = (seat + step) & 3
            for k in keys:
                c = k & 31
                hands[seat] = hand ^ (1 << c)
                trick.append(c)
                if strength[c] > ws and (c >> 3 == led or c >> 3 == trump):
                    v = follow(nxt, n + 1, trick, seat, c, tpts + pts[c], rem - pts[c], live, a, b)
                else:
                    v = follow(nxt, n + 1, trick, wseat, wcard, tpts + pts[c], rem - pts[c], live, a, b)
                trick.pop()
                if maximise:
                    if v > best:
                        best = v
                        if v > a:
                            a = v
                            if a >= b:
                                break
                elif v < best:
                    best = v
                    if v < b:
                        b = v
                        if a >= b:
                            break
        else:
            if rem or hand & (hand - 1):
                # Enhanced transposition cut-off: a trick already solved may settle this node.
                base = hands[0] | hands[1] << 32 | hands[2] << 64 | hands[3] << 96
                sh = 32 * seat
                for k in keys:
                    c = k & 31
                    winner = seat if strength[c] > ws and (c >> 3 == led or c >> 3 == trump) else wseat
                    entry = table_get(base ^ (1 << (c + sh)) | winner << 128)
                    if entry is not None:
                        ns = tpts + pts[c] if not winner & 1 else 0
                        if maximise:
                            if ns + entry[0] >= beta:
                                return ns + entry[0]
                        elif ns + entry[1] <= alpha:
                            return ns + entry[1]
            for k in keys:
                c = k & 31
                p = pts[c]
                won = tpts + p
                winner = seat if strength[c] > ws and (c >> 3 == led or c >> 3 == trump) else wseat
                hands[seat] = hand ^ (1 << c)
                if rem == p and not (hands[0] | hands[1] | hands[2] | hands[3]):
                    v = won + bonus if not winner & 1 else 0
                else:
                    ns = won if not winner & 1 else 0
                    v = ns + lead(winner, rem - p, a - ns, b - ns)
                if maximise:
                    if v > best:
                        best = v
                        if v > a:
                            a = v
                            if a >= b:
                                break
                elif v < best:
                    best = v
                    if v < b:
                        b = v
                        if a >= b:
                            break
        hands[seat] = hand
        return best

    return lead, follow
