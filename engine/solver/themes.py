"""Puzzle themes: what a best-card position teaches, read off the position and its solution.

Each theme is a yes/no test over a :class:`~engine.solver.position.BestCardPosition`
and its :class:`~engine.solver.Solution` (the best card is ``solution.best[0]``;
the best cards are one group of equivalent cards in a generated puzzle, so any
of them answers the same). A theme is a translation key ``theme.<key>``.

===================  =======================================================================
key                  when
===================  =======================================================================
``ruff``             a plain suit is led, the player is void in it, no trump is in the trick
                     yet, and the best card is a trump
``overruff``         a plain suit is led, a trump already holds the trick, and the best card
                     is a higher trump
``unblock``          the best card is a high card of a suit of which a lower card was also
                     legal, and later in the principal line the partner wins a trick with a
                     card of that suit that the best card would have beaten (kept, it would
                     have blocked the partner)
``duck``             an opponent holds the trick, a legal card would beat it now, the best
                     card does not, and the opponents take the trick in the principal line
``cash``             the best card takes the trick (principal line) and is worth the most
                     points of the legal cards
``last-trick``       after the best card the player's team takes the last trick (its 10),
                     after some other legal card the opponents do (principal lines)
``counting-trumps``  Hokm, the player leads, holds a plain card too, the opponents still
                     hold trumps, and the best card is a trump: drawing them
``discard``          the player is void in the suit led, may play a plain card of another
                     suit, and the best card is such a discard while another discard was legal
``endgame``          always: every generated puzzle is the end of a hand
===================  =======================================================================

Each theme also has a *shape* (:data:`SHAPES`): a test of the position alone, before solving,
that every position of the theme passes (a duck needs an opponent holding the trick and a legal
card that beats it and one that does not). A search for one theme solves only positions of its
shape.

>>> from engine.solver.position import read_position
>>> from engine.solver import solve
>>> p = read_position({"variant": "moroccan", "contract": {"mode": "hokm", "trump": "S", "taker": "S"},
...     "hands": {"S": ["7S", "TD", "8C"], "E": ["KH", "AD", "9C"], "N": ["TC", "9D"], "W": ["AC", "7D"]},
...     "trick": [["N", "AH"], ["W", "7H"]], "points": {"NS": 60, "EW": 35}})
>>> s = solve(p.rules, p.trump, p.hands, p.to_play, p.leader, p.trick, p.points_so_far, p.taker)
>>> [str(c) for c in s.best], themes_of(p, s)
(['TD'], ['last-trick', 'discard', 'endgame'])
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards import SUIT_MASK, Card, Seat
from engine.ranking import NO_TRUMP, POINTS, STRENGTH, trick_winner_index
from engine.solver.equivalence import equivalent_to, representatives
from engine.solver.position import BestCardPosition
from engine.solver.solution import Solution, line_after

Play = tuple[Seat, Card]
Theme = Callable[[BestCardPosition, Solution], bool]


def _led(p: BestCardPosition) -> int:
    return p.trick[0] >> 3 if p.trick else -1


def _void_in_led(p: BestCardPosition) -> bool:
    return bool(p.trick) and not p.hands[p.to_play] & SUIT_MASK[_led(p)]


def _winning(p: BestCardPosition) -> tuple[int, Card]:
    """The trick's current winner: its index in the trick and its card."""
    i = trick_winner_index(p.trick, p.trump)
    return i, p.trick[i]


def _beats(p: BestCardPosition, card: int, other: int) -> bool:
    """``card`` beats ``other`` (the trick's winner so far) in the trick in progress."""
    led = _led(p)
    return STRENGTH[p.trump][card] > STRENGTH[p.trump][other] and card >> 3 in (led, p.trump)


def _tricks(p: BestCardPosition, line: list[Play]) -> list[list[Play]]:
    """The tricks of ``line`` played from ``p``, the trick in progress completed first."""
    plays = [*p.plays(), *line]
    return [plays[i : i + 4] for i in range(0, len(plays), 4)]


def _winner(trick: list[Play], trump: int) -> Play:
    return trick[trick_winner_index([c for _, c in trick], trump)]


def ruff(p: BestCardPosition, s: Solution) -> bool:
    best = s.best[0]
    if p.trump == NO_TRUMP or not _void_in_led(p) or _led(p) == p.trump:
        return False
    no_trump_yet = all(c >> 3 != p.trump for c in p.trick)
    return no_trump_yet and best >> 3 == p.trump


def overruff(p: BestCardPosition, s: Solution) -> bool:
    best = s.best[0]
    if p.trump == NO_TRUMP or not p.trick or _led(p) == p.trump:
        return False
    _, top = _winning(p)
    return top >> 3 == p.trump and best >> 3 == p.trump and _beats(p, best, top)


def unblock(p: BestCardPosition, s: Solution) -> bool:
    best = s.best[0]
    suit = best >> 3
    strength = STRENGTH[p.trump]
    lower_legal = [
        c for c in range(8 * suit, 8 * suit + 8) if p.legal() >> c & 1 and strength[c] < strength[best]
    ]
    if not lower_legal:
        return False
    partner = p.to_play.partner
    for trick in _tricks(p, s.line)[1:]:
        seat, card = _winner(trick, p.trump)
        if seat == partner and card >> 3 == suit and strength[card] < strength[best]:
            return True
    return False


def duck(p: BestCardPosition, s: Solution) -> bool:
    if not p.trick:
        return False
    best = s.best[0]
    i, top = _winning(p)
    if i == len(p.trick) - 2:  # the partner holds the trick: playing under it is no duck
        return False
    legal = p.legal()
    could_win = any(_beats(p, c, top) for c in range(32) if legal >> c & 1)
    if not could_win or _beats(p, best, top):
        return False
    seat, _ = _winner(_tricks(p, s.line)[0], p.trump)
    return seat & 1 != p.to_play & 1


def cash(p: BestCardPosition, s: Solution) -> bool:
    best = s.best[0]
    seat, card = _winner(_tricks(p, s.line)[0], p.trump)
    if seat != p.to_play or card != best:
        return False
    points = POINTS[p.trump]
    legal = p.legal()
    return points[best] > 0 and all(points[c] <= points[best] for c in range(32) if legal >> c & 1)


def last_trick(p: BestCardPosition, s: Solution) -> bool:
    team = p.to_play & 1
    seat, _ = _winner(_tricks(p, s.line)[-1], p.trump)
    if seat & 1 != team:
        return False
    for c in _alternatives(p, s):
        _, line = line_after(p.rules, p.trump, p.hands, p.to_play, p.leader, c, p.trick, p.ekka)
        seat, _ = _winner(_tricks(p, line)[-1], p.trump)
        if seat & 1 != team:
            return True
    return False


def counting_trumps(p: BestCardPosition, s: Solution) -> bool:
    best = s.best[0]
    if p.trump == NO_TRUMP or p.trick or best >> 3 != p.trump:
        return False
    trumps = SUIT_MASK[p.trump]
    opponents = p.hands[(p.to_play + 1) % 4] | p.hands[(p.to_play + 3) % 4]
    holds_plain = bool(p.hands[p.to_play] & ~trumps)
    return holds_plain and bool(opponents & trumps)


def discard(p: BestCardPosition, s: Solution) -> bool:
    best = s.best[0]
    if not _void_in_led(p):
        return False
    legal = p.legal()
    plain = legal & ~(SUIT_MASK[p.trump] if p.trump != NO_TRUMP else 0)
    if not plain >> best & 1:
        return False
    return bool(plain & ~equivalent_to(best, legal, _live(p), p.trump))


def endgame(p: BestCardPosition, s: Solution) -> bool:
    return True


def _live(p: BestCardPosition) -> int:
    live = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
    for c in p.trick:
        live |= 1 << c
    return live


def _representatives(p: BestCardPosition, cards: int) -> int:
    return representatives(cards, _live(p), p.trump)


def _alternatives(p: BestCardPosition, s: Solution) -> list[Card]:
    """One legal card per run of equivalent cards, the best run left out."""
    best = set(s.best)
    reps = _representatives(p, p.legal())
    return [c for c in s.values if reps >> c & 1 and c not in best]


THEMES: dict[str, Theme] = {
    "ruff": ruff,
    "overruff": overruff,
    "unblock": unblock,
    "duck": duck,
    "cash": cash,
    "last-trick": last_trick,
    "counting-trumps": counting_trumps,
    "discard": discard,
    "endgame": endgame,
}
"""Every theme by key, in the order a puzzle lists them."""


def themes_of(position: BestCardPosition, solution: Solution) -> list[str]:
    """The keys of the themes that apply (``endgame`` always, last)."""
    return [key for key, test in THEMES.items() if test(position, solution)]


# ---------------------------------------------------------------- shapes: what a theme needs before solving


def _holds(p: BestCardPosition, cards: int) -> bool:
    return bool(p.legal() & cards)


def _trumps(p: BestCardPosition) -> int:
    return SUIT_MASK[p.trump] if p.trump != NO_TRUMP else 0


def ruff_shape(p: BestCardPosition) -> bool:
    """A plain suit led, the player void in it, no trump in the trick, a trump legal."""
    return (
        p.trump != NO_TRUMP
        and _void_in_led(p)
        and _led(p) != p.trump
        and all(c >> 3 != p.trump for c in p.trick)
        and _holds(p, _trumps(p))
    )


def overruff_shape(p: BestCardPosition) -> bool:
    """A plain suit led, a trump holds the trick, and a legal trump beats it."""
    if p.trump == NO_TRUMP or not p.trick or _led(p) == p.trump:
        return False
    _, top = _winning(p)
    legal = p.legal()
    return top >> 3 == p.trump and any(_beats(p, c, top) for c in range(32) if legal >> c & 1)


def unblock_shape(p: BestCardPosition) -> bool:
    """Two legal cards of one suit, and the partner holds a card of that suit below the higher one."""
    legal = p.legal()
    strength = STRENGTH[p.trump]
    partner = p.hands[p.to_play.partner]
    for suit in range(4):
        mine = legal & SUIT_MASK[suit]
        if mine.bit_count() >= 2:
            top = max(strength[c] for c in range(8 * suit, 8 * suit + 8) if mine >> c & 1)
            if any(strength[c] < top for c in range(8 * suit, 8 * suit + 8) if partner >> c & 1):
                return True
    return False


def duck_shape(p: BestCardPosition) -> bool:
    """An opponent holds the trick; one legal card beats it, another does not."""
    if not p.trick:
        return False
    i, top = _winning(p)
    if i == len(p.trick) - 2:
        return False
    legal = [c for c in range(32) if p.legal() >> c & 1]
    winners = sum(_beats(p, c, top) for c in legal)
    return 0 < winners < len(legal)


def cash_shape(p: BestCardPosition) -> bool:
    """A legal card worth points."""
    points = POINTS[p.trump]
    legal = p.legal()
    return any(points[c] > 0 for c in range(32) if legal >> c & 1)


def counting_trumps_shape(p: BestCardPosition) -> bool:
    """Hokm, the player leads holding trumps and a plain card, and the opponents hold trumps."""
    if p.trump == NO_TRUMP or p.trick:
        return False
    trumps = _trumps(p)
    hand = p.hands[p.to_play]
    opponents = p.hands[(p.to_play + 1) % 4] | p.hands[(p.to_play + 3) % 4]
    return bool(hand & trumps) and bool(hand & ~trumps) and bool(opponents & trumps)


def discard_shape(p: BestCardPosition) -> bool:
    """The player is void in the suit led and two plain cards are legal."""
    return _void_in_led(p) and (p.legal() & ~_trumps(p)).bit_count() >= 2


def _any_shape(p: BestCardPosition) -> bool:
    return True


SHAPES: dict[str, Callable[[BestCardPosition], bool]] = {
    "ruff": ruff_shape,
    "overruff": overruff_shape,
    "unblock": unblock_shape,
    "duck": duck_shape,
    "cash": cash_shape,
    "last-trick": _any_shape,
    "counting-trumps": counting_trumps_shape,
    "discard": discard_shape,
    "endgame": _any_shape,
}
"""For each theme, a test of the position alone that every position of that theme passes.

It reads no solution, so it costs next to nothing: a search for puzzles of one theme
(:func:`engine.solver.generate.generate_themed`) solves only the positions of its shape. A shape
is a necessary condition, never a sufficient one: the theme itself is decided by
:data:`THEMES` once the position is solved.
"""
