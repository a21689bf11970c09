"""The search: fail-soft alpha-beta on card points, with a transposition table.

The game is zero-sum in card points: whatever one team takes from here the
other does not, so one number describes a position and one side maximises it.

- :meth:`Search.trick` searches from the start of a trick to the end of the hand and
  returns the points of the **leader's team**. One call plays a whole trick:
  four nested loops, one per player, maximising for the leader and the
  partner, minimising for the two opponents, each with its own window and
  cut-off; the next trick is a recursive call. So the recursion is one frame
  per trick (a Python call is the costliest thing here), and the hands travel
  as one small integer: the cards left, changed by one XOR per card. Cards
  never change hands, so a seat's hand is its hand at the root less the cards
  played (``left & owners[seat]``).
- :meth:`Search.follow` (NS's points) finishes a trick already in progress; only
  the root and the principal line use it.
- Transposition table, at the start of tricks (a position there is fully
  described by the cards left and the leader): key ``left | leader << 32``
  (small enough to hash fast), value ``(lower, upper, best lead)`` for the
  leader's team: a cut-off search proves only a bound, packed in one ``int``
  (:func:`entry`).
- Enhanced transposition cut-off: before the fourth player searches, the
  table is asked about every way the trick can end; one that already settles
  the node ends it. The fourth player also reads a trick ending's bounds
  before calling the search on it.
- Move ordering: the table's best lead first (in a position not met yet, the
  lead that was best with the same hand elsewhere), then the top live card of
  a suit (most points first), then the cheapest cards; following, a partner's
  trick gets points on the last card, a trick that can be taken is taken by
  the cheapest winner, otherwise the cheapest card. A reply that cuts the
  search off moves to the front of the remembered replies (a killer move):
  the same hand meeting the same cards elsewhere tries it first.
- Equivalent cards (:mod:`engine.solver.equivalence`) are searched once
  (:meth:`Search.representatives` applies that module's tables).
- Legality comes from :func:`engine.play.legal_mask_for`, the hand runner's path;
  the ordered replies to a trick so far are remembered per hand, since every
  null-window search walks the same tree again.
- Quick bounds: a team never takes more than the points still in play plus
  the last-trick bonus, nor less than nothing; and in Hokm a trump above
  every trump of the other team wins whatever trick it falls in, so its
  points are its team's (a position not in the table starts from those
  bounds: about 6 % fewer nodes). Quick tricks, in Sun too: when nobody but
  the leader can ruff, the leader's cards above every card of their suit held
  by the others win one after another, so their points are the leader's
  team's, and all of them if every card of the leader is such a card.

Everything in the inner loop is an ``int``: cards, masks, seats, points. The
node functions are methods of one class with typed attributes, so that mypyc
(:mod:`engine.solver.core`) compiles them to direct C calls on machine
integers; run as Python they are the reference.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.play import LegalFn, legal_mask_for
from engine.ranking import HIGHER, LAST_TRICK_BONUS, NO_TRUMP, POINTS, STRENGTH
from engine.solver.equivalence import MERGEABLE, SUIT_TABLES
from engine.variants import RuleSet

if TYPE_CHECKING:
    # A machine integer for mypyc; to Python, and so to the pure-Python search, an ``int``.
    from mypy_extensions import i64

INFINITY: Final = 1 << 16  # beyond any number of points
BONUS: Final = LAST_TRICK_BONUS
# ``BIT32 >> (32 - c)`` is ``1 << c`` for a card ``c``: mypyc compiles ``1 << c`` of a machine
# integer ``c`` as a shift of the C ``int`` 1, wrong for c = 31; this constant is 64-bit in C.
BIT32: Final = 1 << 32


def entry(lo: int, hi: int, best: int) -> int:
    """A table entry: the bounds ``lo``-``hi`` on the leader's team's points and the best lead
    (-1: none), packed in one ``int`` (points stay below 512)."""
    return lo | hi << 9 | (best + 1) << 18


def entry_lower(e: int) -> int:
    return e & 511


def entry_upper(e: int) -> int:
    return e >> 9 & 511


def entry_best(e: int) -> int:
    """The best lead of a table entry, -1 when none is known."""
    return (e >> 18) - 1


def _to_front(moves: list[int], k: int) -> None:
    """Put the reply ``k`` first in a remembered list of replies: it refuted this trick so far once,
    so it is tried first the next time the same hand meets the same cards (a killer move)."""
    moves.remove(k)
    moves.insert(0, k)


def _cards_left(hands: list[int]) -> int:
    """The cards still in the four hands, one mask."""
    return hands[0] | hands[1] | hands[2] | hands[3]


class Search:
    """Search state for one deal: the hands, the table, a node count.

    ``hands`` (masks) are changed and restored by the root's trick (:meth:`follow`);
    from the start of a trick on, the search carries the hands as one key.

    ``ekka_trick``/``ekka``: the trick in progress at the root and whether its leader called Ekka.
    ``table``: the transposition table of an earlier search of the same deal (same rules, trump
    and hands as dealt), to start from what it proved; its values are :func:`entry` numbers.
    """

    rules: RuleSet
    trump: int
    hands: list[int]
    owners: list[int]
    step: int
    table: dict[int, int]
    nodes: int
    ekka_trick: list[int] | None
    ekka: bool
    legal: LegalFn
    pts: bytes
    strength: bytes
    above: bytes
    trumps: int
    mergeable: int
    eq_mask: list[int]
    eq_width: list[int]
    eq_table: list[tuple[int, ...]]
    fixed: dict[int, list[int]]
    legal_cache: dict[int, int]
    order_cache: dict[int, list[int]]
    lead_killer: dict[int, int]

    def __init__(
        self,
        rules: RuleSet,
        trump: int,
        hands: list[int],
        ekka_trick: list[int] | None = None,
        ekka: bool = False,
        table: dict[int, int] | None = None,
    ) -> None:
        self.rules = rules
        self.trump = trump
        self.hands = hands
        # Cards never change hands: a seat's hand is always its root hand less the cards
        # played, so the cards left (one 32-bit mask) and the leader tell a position.
        self.owners = list(hands)
        self.step = -1 if rules.clockwise else 1
        # A table may be shared by the searches of one deal: a key (cards left, leader) means the
        # same position for all of them, since every hand is its deal's hand less the cards played.
        self.table = {} if table is None else table
        self.nodes = 0
        self.ekka_trick = ekka_trick
        self.ekka = ekka
        self.legal = legal_mask_for(rules)
        # Per card, as bytes (read without a Python object): its points, its strength, and the
        # cards of its suit above it (a byte to shift to the suit's place).
        self.pts = bytes(POINTS[trump])
        self.strength = bytes(STRENGTH[trump])
        self.above = bytes(HIGHER[trump][c] >> (c & 24) for c in range(32))
        self.trumps = 0xFF << (8 * trump) if trump != NO_TRUMP else 0
        self.mergeable = MERGEABLE[trump]
        self.eq_mask = [t[1] for t in SUIT_TABLES[trump]]
        self.eq_width = [t[2] for t in SUIT_TABLES[trump]]
        self.eq_table = [t[3] for t in SUIT_TABLES[trump]]
        # The replies to a trick so far, remembered: the same hand meets the same
        # trick again and again (other hands differ, and every null-window search
        # revisits the tree). ``code`` packs the trick: cards at bits 32, 37, 42 and
        # one bit per card at 47-49, so ``hand | code`` and ``moves | code`` are keys.
        self.fixed = {}  # hand | code -> replies, when no card of the hand can merge
        self.legal_cache = {}  # hand | code -> legal mask
        self.order_cache = {}  # moves | code -> replies
        self.lead_killer = {}  # a hand -> its best lead in the last position searched with it

    def key(self, leader: int) -> int:
        """The table's key for the start of a trick led by ``leader``."""
        return _cards_left(self.hands) | leader << 32

    def best_lead(self, leader: int) -> int:
        """The best lead the table knows for the trick ``leader`` leads now, -1 when none."""
        e = self.table.get(self.key(leader))
        return -1 if e is None else entry_best(e)

    def done(self) -> None:
        """The solve is over: the table given is already up to date (it is the one searched)."""

    def lead(self, seat: int, rem: int, alpha: int, beta: int, only: int = -1) -> int:
        """NS's points from the start of a trick led by ``seat`` (``only``: that lead alone)."""
        hk = _cards_left(self.hands)
        left = (hk & self.owners[seat]).bit_count()
        if not seat & 1:
            return int(self.trick(seat, hk, left, rem, alpha, beta, only))
        top = rem + BONUS
        return top - int(self.trick(seat, hk, left, rem, top - beta, top - alpha, only))

    def beats(self, c: i64, w: i64) -> bool:
        """Whether card ``c`` beats ``w``, the card winning a trick (of the suit led, or a trump)."""
        st = self.strength
        return st[c] > st[w] and (c >> 3 == w >> 3 or c >> 3 == self.trump)

    def higher(self, c: i64) -> i64:
        """The cards of ``c``'s suit above it."""
        return self.above[c] << (c & 24)

    def representatives(self, cards: i64, live: i64) -> i64:
        """:func:`engine.solver.equivalence.representatives` with that module's tables, compiled."""
        z = cards & self.mergeable
        if not z & (z - 1):
            return cards
        for s in range(4):
            mask: i64 = self.eq_mask[s]
            shift: i64 = 8 * s
            held = (cards >> shift) & mask
            if held & (held - 1):
                width: i64 = self.eq_width[s]
                drop: i64 = self.eq_table[s][((live >> shift) & mask) << width | held]
                cards &= ~(drop << shift)
        return cards

    def lead_order(self, moves: i64, live: i64, first: i64) -> list[int]:
        """Leads as sort keys (card in the low 5 bits): remembered best, top cards, cheapest."""
        pts = self.pts
        strength = self.strength
        keys: list[int] = []
        while moves:
            low = moves & -moves
            c: i64 = int(low).bit_length() - 1
            moves ^= low
            if c == first:
                keys.append(c)
            elif not self.higher(c) & live:
                keys.append((64 - pts[c]) << 5 | c)
            else:
                keys.append((128 + strength[c] * 32 + pts[c]) << 5 | c)
        keys.sort()
        return keys

    def follow_order(self, moves: i64, wcard: i64, led: i64, ours: bool, last: bool) -> list[int]:
        """Following cards as sort keys; ``ours``: the player's team holds the trick now."""
        if not moves & (moves - 1):
            return [int(moves).bit_length() - 1]
        pts = self.pts
        strength = self.strength
        keys: list[int] = []
        while moves:
            low = moves & -moves
            c: i64 = int(low).bit_length() - 1
            moves ^= low
            p: i64 = pts[c]
            beats = self.beats(c, wcard)
            if ours and not beats and last:
                keys.append((64 - p) << 5 | c)  # partner holds the trick: give points
            elif beats:
                keys.append((64 + strength[c]) << 5 | c)  # take it with the cheapest winner
            else:
                keys.append((128 + p * 8 + strength[c]) << 5 | c)
        keys.sort()
        return keys

    def replies(
        self, hand: i64, code: i64, live: i64, wcard: i64, led: i64, ours: bool, last: bool
    ) -> list[int]:
        """The ordered legal replies (one per equivalent run) of ``hand`` to the trick in ``code``.

        The search asks ``fixed`` first and calls this only when it does not know.
        """
        legal: i64 = self.legal_cache.get(hand | code, -1)
        if legal < 0:
            n = 1 + (code >> 48 & 1) + (code >> 49 & 1)
            t: list[int] = [code >> 32 & 31, code >> 37 & 31, code >> 42 & 31][:n]
            legal = self.legal(hand, t, self.trump, False)
            self.legal_cache[hand | code] = legal
            z = legal & self.mergeable
            if not z & (z - 1):
                # Nothing can merge: the replies do not depend on the other hands.
                keys = self.follow_order(legal, wcard, led, ours, last)
                self.fixed[hand | code] = keys
                return keys
        moves = self.representatives(legal, live)
        known = self.order_cache.get(moves | code)
        if known is not None:
            return known
        keys = self.follow_order(moves, wcard, led, ours, last)
        self.order_cache[moves | code] = keys
        return keys

    def last_trick(self, seat: i64, left: i64) -> i64:
        """Everyone holds one card: the trick plays itself. Points of ``seat``'s team."""
        owners = self.owners
        pts = self.pts
        step: i64 = self.step
        c: i64 = int(left & owners[seat]).bit_length() - 1
        total: i64 = pts[c] + BONUS
        wseat = seat
        wcard = c
        for i in range(1, 4):
            p = (seat + step * i) & 3
            d: i64 = int(left & owners[p]).bit_length() - 1
            total += pts[d]
            if self.beats(d, wcard):
                wseat = p
                wcard = d
        return total if not (wseat ^ seat) & 1 else 0

    def trick(self, leader: i64, hk: i64, left: i64, rem: i64, alpha: i64, beta: i64, only: i64 = -1) -> i64:
        """Points of the leader's team from the start of a trick to the end of the hand.

        ``hk``: the cards left in the four hands (one mask); ``left``: the cards in each hand;
        ``rem``: their card points. ``only``: search that lead alone (then the table is neither
        read nor written for this position).
        """
        self.nodes += 1
        owners = self.owners
        hand0: i64 = hk & owners[leader]
        if left == 1:
            return self.last_trick(leader, hk)
        table = self.table
        pts = self.pts
        # Card c beats w, the card winning the trick (w of the suit led, or a trump), exactly when
        # st[c] > st[w] and c is of the suit led or a trump (:meth:`beats`, written out here).
        st = self.strength
        trump: i64 = self.trump
        fixed = self.fixed
        key = hk | leader << 32
        top = rem + BONUS
        e0: i64 = table.get(key, -1) if only < 0 else -1
        lo: i64 = 0
        hi: i64 = top
        first: i64 = only
        if e0 < 0:
            if only < 0:
                # A new position: the lead that was best with the same hand elsewhere first.
                first = self.lead_killer.get(hand0, -1)
            trumps: i64 = self.trumps
            above = self.above
            live_trumps = hk & trumps
            team: i64 = owners[leader] | owners[leader ^ 2]
            if only < 0 and not live_trumps & ~hand0:
                # Quick tricks: nobody else can ruff (Sun, or no trump left but the leader's), so
                # a card of the leader above every card of its suit held by the others wins when
                # led, and the leader keeps the lead to cash the next one: their points are sure
                # (a bound on the best lead, so not when one lead is imposed). A partner's ruff
                # would win the trick too, but could take the lead away.
                others = hk ^ hand0
                m = hand0
                masters: i64 = 0
                while m:
                    low = m & -m
                    c: i64 = int(low).bit_length() - 1
                    m ^= low
                    if not above[c] << (c & 24) & others:
                        masters += 1
                        if not low & trumps:
                            lo += pts[c]  # trump masters are counted below
                if masters == left:
                    # Every card of the leader wins its trick: the leader's team takes everything.
                    lo = top
            if live_trumps and lo < top:
                # Master trumps: each team's trumps above every trump of the other.
                ours = live_trumps & team
                theirs = live_trumps ^ ours
                if ours:
                    m = ours
                    while m:
                        low = m & -m
                        c = int(low).bit_length() - 1
                        m ^= low
                        if not above[c] << (c & 24) & theirs:
                            lo += pts[c]
                if theirs and lo == 0:
                    m = theirs
                    while m:
                        low = m & -m
                        c = int(low).bit_length() - 1
                        m ^= low
                        if not above[c] << (c & 24) & ours:
                            hi -= pts[c]
        else:
            lo = e0 & 511
            hi = e0 >> 9 & 511
            first = (e0 >> 18) - 1
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        a_in = a
        b_in = b
        step: i64 = self.step
        s1 = (leader + step) & 3
        s2 = (leader + 2 * step) & 3
        s3 = (leader + 3 * step) & 3
        hand1: i64 = hk & owners[s1]
        hand2: i64 = hk & owners[s2]
        hand3: i64 = hk & owners[s3]
        live = hk
        nleft = left - 1
        moves0 = [int(only)] if only >= 0 else self.lead_order(self.representatives(hand0, live), live, first)
        best0: i64 = -1
        best_card: i64 = -1
        for k0 in moves0:
            # First card: the leader (maximises).
            c0: i64 = k0 & 31
            hk0 = hk ^ (BIT32 >> (32 - c0))
            led = c0 >> 3
            p0: i64 = pts[c0]
            code1 = c0 << 32 | 1 << 47
            moves1 = fixed.get(hand1 | code1)
            if moves1 is None:
                moves1 = self.replies(hand1, code1, live, c0, led, False, False)
            best1: i64 = INFINITY
            b1 = b
            for k1 in moves1:
                # Second card: an opponent (minimises).
                c1: i64 = k1 & 31
                hk1 = hk0 ^ (BIT32 >> (32 - c1))
                p1 = p0 + pts[c1]
                if st[c1] > st[c0] and (c1 >> 3 == led or c1 >> 3 == trump):
                    w1 = s1
                    wc1 = c1
                else:
                    w1 = leader
                    wc1 = c0
                code2 = code1 | c1 << 37 | 1 << 48
                moves2 = fixed.get(hand2 | code2)
                if moves2 is None:
                    moves2 = self.replies(hand2, code2, live, wc1, led, w1 == leader, False)
                best2: i64 = -1
                a2 = a
                for k2 in moves2:
                    # Third card: the partner (maximises).
                    c2: i64 = k2 & 31
                    hk2 = hk1 ^ (BIT32 >> (32 - c2))
                    p2 = p1 + pts[c2]
                    if st[c2] > st[wc1] and (c2 >> 3 == led or c2 >> 3 == trump):
                        w2 = s2
                        wc2 = c2
                    else:
                        w2 = w1
                        wc2 = wc1
                    sw2 = st[wc2]
                    code3 = code2 | c2 << 42 | 1 << 49
                    moves3 = fixed.get(hand3 | code3)
                    if moves3 is None:
                        moves3 = self.replies(hand3, code3, live, wc2, led, w2 == s1, True)
                    best3: i64 = INFINITY
                    b3 = b1
                    ends: list[int] = []
                    if left > 2:
                        # Enhanced transposition cut-off: does a trick ending already settle it?
                        # The entries read are kept for the loop below: no search in between
                        # can change them (they are positions of the same depth).
                        for k3 in moves3:
                            c3: i64 = k3 & 31
                            w3 = s3 if st[c3] > sw2 and (c3 >> 3 == led or c3 >> 3 == trump) else w2
                            e: i64 = table.get(hk2 ^ (BIT32 >> (32 - c3)) | w3 << 32, -1)
                            ends.append(e)
                            if e >= 0:
                                won = p2 + pts[c3]
                                if (w3 ^ leader) & 1:
                                    ub = rem - won + BONUS - (e & 511)
                                else:
                                    ub = won + (e >> 9 & 511)
                                if ub <= a2:
                                    best3 = ub
                                    break
                    if best3 == INFINITY:
                        for i3, k3 in enumerate(moves3):
                            # Fourth card: an opponent (minimises); the trick is complete.
                            c3 = k3 & 31
                            won = p2 + pts[c3]
                            w3 = s3 if st[c3] > sw2 and (c3 >> 3 == led or c3 >> 3 == trump) else w2
                            r = rem - won
                            hk3 = hk2 ^ (BIT32 >> (32 - c3))
                            if left == 2:
                                # The last trick plays itself.
                                last = self.last_trick(w3, hk3)
                                v = won + last if not (w3 ^ leader) & 1 else r + BONUS - last
                            elif (w3 ^ leader) & 1:
                                # The opponents won it: the leader's team gets what they do not.
                                rt = r + BONUS
                                # The table's bounds may answer without a call (as the call would).
                                e = ends[i3]
                                if e >= 0 and (e & 511) >= rt - a2:
                                    v = rt - (e & 511)
                                elif e >= 0 and (e >> 9 & 511) <= rt - b3:
                                    v = rt - (e >> 9 & 511)
                                else:
                                    v = rt - self.trick(w3, hk3, nleft, r, rt - b3, rt - a2)
                            else:
                                e = ends[i3]
                                if e >= 0 and (e & 511) >= b3 - won:
                                    v = won + (e & 511)
                                elif e >= 0 and (e >> 9 & 511) <= a2 - won:
                                    v = won + (e >> 9 & 511)
                                else:
                                    v = won + self.trick(w3, hk3, nleft, r, a2 - won, b3 - won)
                            if v < best3:
                                best3 = v
                                if v < b3:
                                    b3 = v
                                    if b3 <= a2:
                                        if k3 != moves3[0]:
                                            _to_front(moves3, k3)
                                        break
                    if best3 > best2:
                        best2 = best3
                        if best3 > a2:
                            a2 = best3
                            if a2 >= b1:
                                if k2 != moves2[0]:
                                    _to_front(moves2, k2)
                                break
                if best2 < best1:
                    best1 = best2
                    if best2 < b1:
                        b1 = best2
                        if b1 <= a:
                            if k1 != moves1[0]:
                                _to_front(moves1, k1)
                            break
            if best1 > best0:
                best0 = best1
                best_card = c0
                if best1 > a:
                    a = best1
                    if a >= b:
                        break
        if only < 0:
            # The bounds this search proved (fail-soft: ``best0`` may lie beyond the window).
            if best0 <= a_in:
                hi = best0
            elif best0 >= b_in:
                lo = best0
            else:
                lo = best0
                hi = best0
            table[key] = lo | hi << 9 | (best_card + 1) << 18
            self.lead_killer[hand0] = best_card
        return best0

    def follow(
        self,
        seat: int,
        n: int,
        trick_cards: list[int],
        wseat: int,
        wcard: int,
        tpts: int,
        rem: int,
        live: int,
        alpha: int,
        beta: int,
    ) -> int:
        """NS's points from the ``n``-th card (1-3) of a trick in progress to the end of the hand.

        ``wseat``/``wcard`` hold the trick so far, ``tpts`` are its points, ``rem`` the
        card points in the hands, ``live`` the hands and the trick's cards.
        """
        self.nodes += 1
        hands = self.hands
        pts = self.pts
        hand = hands[seat]
        legal = self.legal(hand, trick_cards, self.trump, self.ekka and trick_cards is self.ekka_trick)
        led = trick_cards[0] >> 3
        moves = self.follow_order(
            self.representatives(legal, live), wcard, led, not (wseat ^ seat) & 1, n == 3
        )
        maximise = not seat & 1
        best = -1 if maximise else INFINITY
        a = alpha
        b = beta
        nxt = (seat + self.step) & 3
        for k in moves:
            c = k & 31
            p = pts[c]
            wins = self.beats(c, wcard)
            hands[seat] = hand ^ (1 << c)
            if n < 3:
                trick_cards.append(c)
                if wins:
                    v = self.follow(nxt, n + 1, trick_cards, seat, c, tpts + p, rem - p, live, a, b)
                else:
                    v = self.follow(nxt, n + 1, trick_cards, wseat, wcard, tpts + p, rem - p, live, a, b)
                trick_cards.pop()
            else:
                winner = seat if wins else wseat
                ns = tpts + p if not winner & 1 else 0
                hk = _cards_left(hands)
                if not hk:
                    v = ns + BONUS if not winner & 1 else 0
                else:
                    left = (hk & self.owners[winner]).bit_count()
                    if not winner & 1:
                        v = ns + int(self.trick(winner, hk, left, rem - p, a - ns, b - ns))
                    else:
                        rt = rem - p + BONUS
                        v = rt - int(self.trick(winner, hk, left, rem - p, rt - b, rt - a))
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
