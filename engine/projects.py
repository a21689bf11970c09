"""Projects (Saudi) and declarations (Moroccan, French): docs/rules.md §4.

A player's hand is split into disjoint projects worth the most (a card counts
in one project only; the Belote/Baloot pair is apart). Then only one team
counts its projects: the team holding the single strongest one.

The fast path is :func:`best_split_mask`: runs are read from tables indexed by
a suit's 8-bit mask (256 entries per suit, built once per variant and trump),
and only the few carrés a hand can hold are searched. The explaining path
(:func:`explain_split`, the steps of :func:`count_projects` and :func:`belote`)
may be slower: it is called only when someone asks why.

>>> from engine.cards import Card, HEARTS
>>> from engine.variants import rules_for
>>> hand = [Card.parse(t) for t in "7H 8H 9H TH JH QH KH AH".split()]
>>> [(p.type, p.value) for p in best_split(hand, rules_for("saudi"), HEARTS)]
[('hundred', 10), ('sira', 2)]
>>> classify([Card.parse(t) for t in "AD KD QD".split()], rules_for("moroccan"), HEARTS).type
'tierce'

Values are in the unit the variant adds to the hand score: game points for
``saudi`` (Sira 2 in Hokm, 4 in Sun), card points for ``moroccan`` and
``french`` (tierce 20).

Chosen readings where docs/rules.md leaves a gap:

- ``decl.ma.best``: two carrés of equal value (A, 10, K, Q are all 100) rank
  A > 10 > K > Q, the order of their card points.
- ``proj.sa.baloot``: the Baloot is lost only when the trump K and Q are both
  inside one Hundred of the holder (a sequence of five or more); a Sira or a
  Fifty holding them does not cancel it.
- A run of five or more cards is one project (a 6-card run is one Hundred or
  one quinte, with all six cards); an 8-card run is split into a Hundred and a
  Sira (12) rather than kept whole (10) or split into two Fifties (10).
- Between splits of equal worth, in Saudi Hokm the one that keeps the Baloot
  (trump K and Q not both inside one Hundred) wins: 7♠–J♠ + Q♠–A♠ rather than
  7♠–9♠ + 10♠–A♠, both 12, because the first also scores the Baloot's 2. Then
  the one whose strongest project is stronger, then the next strongest, and so
  on (the higher top only matters against an opposing Hundred).

Rule IDs emitted, and the params of each step. Every step has ``case`` (str);
``seat`` marked * is there only when the caller names the seat.

``proj.sa.declare`` / ``decl.ma.best`` / ``decl.fr.best`` (what a hand declares, :func:`explain_split`):

- ``project``: ``type`` (str), ``cards`` (list[Card]), ``value``, ``seat``*.
- ``worthless-carre``: ``rank`` (int 0-7, 7 = ace), ``cards``, ``seat``*: four 9s, 8s or 7s
  (saudi), four 8s or 7s (moroccan, french) are nothing.
- ``split``: ``total``, ``types`` (list[str]), ``alternative_total``, ``alternative_types``,
  ``seat``*: the chosen split is worth more than (or as much as) the best split made of
  other project types.
- ``tie-break``: ``total``, ``types``, ``alternative_types``, ``alternative_cards``
  (list[Card], all the rival split's cards), ``projects`` and ``alternative_projects``
  (the chosen and the rival split, each project as ``{"type", "cards"}``), ``seat``*: a split
  of equal worth lost because its strongest project is weaker; with ``baloot`` (True, saudi) because it puts
  the trump K and Q inside a Hundred, ``baloot_cards`` ([Q, K] of trump).

``proj.sa.one-team`` / ``decl.ma.best`` / ``decl.fr.best`` (which team counts, :func:`count_projects`):

- ``none``: no params; nobody has a project.
- ``unopposed``: ``seat``, ``team``, ``type``, ``cards`` (the strongest project), ``value``
  (the team's counted total), ``types`` (every counted project's type).
- a reason (below): as ``unopposed``, plus ``rival_seat``, ``rival_type``, ``rival_cards``
  (the other team's strongest); ``turn-order`` adds ``dealer``.
- ``tie`` (moroccan): ``seat``, ``type``, ``cards``, ``rival_seat``, ``rival_type``,
  ``rival_cards``; nobody counts.
- ``no-declarations`` (french): ``option`` (``"no_declarations"``); nothing is counted.

``proj.sa.baloot`` / ``decl.ma.belote`` / ``decl.fr.belote`` (:func:`judge_belote`):

- ``counted``: ``seat``, ``team``, ``cards`` ([Q, K] of trump), ``value`` (2, or 20).
- ``inside-hundred`` (saudi): ``seat``, ``team``, ``cards``, ``hundred`` (list[Card]),
  ``value`` (0).

Reasons a project beats the other team's best, per rule:

- ``proj.sa.one-team``: ``type`` (four-hundred > hundred > fifty > sira),
  ``sequence-over-carre`` (a 5-card sequence Hundred beats a four-of-a-kind one),
  ``top-card``, ``turn-order`` (still equal: earliest in speaking order).
- ``decl.ma.best``: ``value``, ``carre-over-sequence``, ``carre-rank``,
  ``longer``, ``top-card``, ``trump``; ``tie`` when nothing separates them.
- ``decl.fr.best``: ``carre-over-sequence``, ``carre-rank`` (J > 9 > A > 10 > K > Q),
  ``value``, ``top-card``, ``trump``, ``turn-order``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from engine.cards import (
    ACE,
    CARDS,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEATS,
    TEAMS,
    TEN,
    Card,
    Seat,
    Team,
    card,
    cards_of,
    mask_of,
    seats_from,
)
from engine.explain import Step
from engine.ranking import NO_TRUMP
from engine.variants import French, RuleSet

__all__ = [
    "BELOTE_RULE",
    "BEST_RULE",
    "DECLARE_RULE",
    "Belote",
    "Counting",
    "DeclarationWindow",
    "InvalidProject",
    "Project",
    "belote",
    "belote_counts",
    "belote_holder",
    "best_split",
    "best_split_mask",
    "classify",
    "count_projects",
    "counted_team",
    "declaration_window",
    "explain_split",
    "judge_belote",
]

# Project types.
SIRA, FIFTY, HUNDRED, FOUR_HUNDRED = "sira", "fifty", "hundred", "four-hundred"
TIERCE, QUARTE, QUINTE, CARRE = "tierce", "quarte", "quinte", "carre"

# The rule each variant cites for what a player declares, for which team counts, and for the belote.
DECLARE_RULE = {"saudi": "proj.sa.declare", "moroccan": "decl.ma.best", "french": "decl.fr.best"}
BEST_RULE = {"saudi": "proj.sa.one-team", "moroccan": "decl.ma.best", "french": "decl.fr.best"}
BELOTE_RULE = {"saudi": "proj.sa.baloot", "moroccan": "decl.ma.belote", "french": "decl.fr.belote"}

# Saudi game points (Hokm, Sun); a Four-hundred exists only in Sun (four Aces in Hokm are a Hundred).
_SA_VALUES = {SIRA: (2, 4), FIFTY: (5, 10), HUNDRED: (10, 20), FOUR_HUNDRED: (40, 40)}
_SA_TIER = {SIRA: 1, FIFTY: 2, HUNDRED: 3, FOUR_HUNDRED: 4}
_SA_CARRE_RANKS = (TEN, JACK, QUEEN, KING, ACE)  # four 9s, 8s, 7s are nothing

# Moroccan and French card points.
_DECL_SEQUENCE = {3: (TIERCE, 20), 4: (QUARTE, 50)}  # 5 or more: quinte, 100
_DECL_CARRE_VALUE = {JACK: 200, NINE: 150, ACE: 100, TEN: 100, KING: 100, QUEEN: 100}
# Carré order at equal value. Moroccan: A > 10 > K > Q (chosen reading); French: J > 9 > A > 10 > K > Q.
_MA_CARRE_ORDER = {ACE: 3, TEN: 2, KING: 1, QUEEN: 0, JACK: 0, NINE: 0}
_FR_CARRE_ORDER = {JACK: 5, NINE: 4, ACE: 3, TEN: 2, KING: 1, QUEEN: 0}

_ALL_SUITS_OF_RANK = 0x01010101


class InvalidProject(ValueError):
    """Cards that are not a project; ``reason`` says why.

    Reasons: ``duplicate-card``, ``too-few-cards``, ``mixed-suits``, ``not-consecutive``,
    ``worthless-carre`` (four 9s, 8s or 7s in saudi; four 8s or 7s otherwise).
    """

    def __init__(self, reason: str, cards: Sequence[int]) -> None:
        shown = " ".join(str(CARDS[c]) for c in cards)
        super().__init__(f"not a project ({reason}): {shown}")
        self.reason = reason
        self.cards = [CARDS[c] for c in cards]


@dataclass(frozen=True, slots=True)
class Project:
    """One project or declaration, valued and ranked for one variant and trump.

    ``cards`` are in sequence order (a carré's in suit order S H D C); ``top`` is
    the highest card (for a carré, its rank is the carré's rank). ``strength``
    compares projects of the same variant and trump: higher is stronger.
    """

    type: str
    cards: tuple[Card, ...]
    value: int
    top: Card
    is_sequence: bool
    suit: int | None
    strength: tuple[int, ...]
    mask: int

    @property
    def is_carre(self) -> bool:
        return not self.is_sequence

    def as_dict(self) -> dict[str, Any]:
        """The JSON shape of ``python -m engine projects``."""
        return {"type": self.type, "cards": [str(c) for c in self.cards], "value": self.value}


# ---------------------------------------------------------------- building projects


def _sequence(family: str, trump: int, suit: int, start: int, length: int) -> Project:
    top_rank = start + length - 1
    cards = tuple(card(suit, r) for r in range(start, start + length))
    if family == "saudi":
        kind = (SIRA, FIFTY)[length - 3] if length < 5 else HUNDRED
        value = _SA_VALUES[kind][trump == NO_TRUMP]
        strength: tuple[int, ...] = (_SA_TIER[kind], 1, top_rank)
    else:
        kind, value = _DECL_SEQUENCE.get(length, (QUINTE, 100))
        is_trump = int(suit == trump)
        if family == "moroccan":
            strength = (value, 0, length, top_rank, is_trump)
        else:
            strength = (0, value, top_rank, is_trump)
    return Project(kind, cards, value, cards[-1], True, suit, strength, mask_of(cards))


def _carre(family: str, trump: int, rank: int) -> Project | None:
    cards = tuple(card(s, rank) for s in range(4))
    if family == "saudi":
        if rank not in _SA_CARRE_RANKS:
            return None
        kind = FOUR_HUNDRED if rank == ACE and trump == NO_TRUMP else HUNDRED
        value = _SA_VALUES[kind][trump == NO_TRUMP]
        strength: tuple[int, ...] = (_SA_TIER[kind], 0, rank)
    else:
        if rank not in _DECL_CARRE_VALUE:
            return None
        kind, value = CARRE, _DECL_CARRE_VALUE[rank]
        if family == "moroccan":
            strength = (value, 1, _MA_CARRE_ORDER[rank], 0, 0)
        else:
            strength = (1, _FR_CARRE_ORDER[rank], 0, 0)
    return Project(kind, cards, value, cards[-1], False, None, strength, mask_of(cards))


# Runs within one suit: the best set of disjoint runs for each 8-bit mask, as (start, length).
# Lengths score 2/5/10 (3, 4, 5+ cards): every variant's sequence values are in that ratio,
# so one table serves all. Ties: the strongest run first (value, then length, then top rank).
# The Saudi trump suit has its own table, where a tie first keeps the Baloot (module docstring).
_RUN_SCORE = (0, 0, 0, 2, 5, 10, 10, 10, 10)
_BALOOT_BITS = (1 << QUEEN) | (1 << KING)


def _keeps_baloot(runs: Iterable[tuple[int, int]]) -> bool:
    """No run of five or more (a Saudi Hundred) holds both the Q and the K of its suit."""
    return not any(n >= 5 and ((1 << n) - 1) << s & _BALOOT_BITS == _BALOOT_BITS for s, n in runs)


def _best_runs(byte: int, baloot: bool = False) -> tuple[tuple[int, int], ...]:
    best: tuple[tuple[int, int], ...] = ()
    best_key: tuple[Any, ...] = (0, False, ())

    def walk(i: int, runs: tuple[tuple[int, int], ...]) -> None:
        nonlocal best, best_key
        if i >= 8:
            keys = sorted(((_RUN_SCORE[n], n, s + n - 1) for s, n in runs), reverse=True)
            key = (sum(k[0] for k in keys), baloot and _keeps_baloot(runs), tuple(keys))
            if key > best_key:
                best, best_key = runs, key
            return
        walk(i + 1, runs)
        for n in range(3, 9 - i):
            run = ((1 << n) - 1) << i
            if byte & run != run:
                break
            walk(i + n, (*runs, (i, n)))

    walk(0, ())
    return best


_RUNS_BY_BYTE = tuple(_best_runs(b) for b in range(256))
_RUNS_BY_BYTE_BALOOT = tuple(_best_runs(b, baloot=True) for b in range(256))
_strength_of = attrgetter("strength")


@dataclass(frozen=True)
class _Catalog:
    """Every project of one variant and trump, built once."""

    family: str
    sequences: dict[tuple[int, int, int], Project]  # (suit, start, length)
    runs: tuple[tuple[tuple[Project, ...], ...], ...]  # [suit][byte]: best runs, strongest first
    carres: tuple[Project | None, ...]  # [rank]
    carre_ranks: int  # bit r set when a carré of rank r counts
    baloot_mask: int  # the trump Q and K in saudi Hokm (proj.sa.baloot), else 0


_CATALOGS: dict[tuple[str, int], _Catalog] = {}


def _catalog(rules: RuleSet, trump: int) -> _Catalog:
    cat = _CATALOGS.get((rules.name, trump))
    if cat is None:
        cat = _build_catalog(rules, trump)
        _CATALOGS[(rules.name, trump)] = cat
    return cat


def _build_catalog(rules: RuleSet, trump: int) -> _Catalog:
    family = rules.name
    if family not in DECLARE_RULE:
        raise ValueError(f"{family!r} has no projects")
    if trump not in range(4) and not (trump == NO_TRUMP and rules.has_sun):
        raise ValueError(f"{trump!r} is not a trump of {family}")
    sequences = {
        (suit, start, n): _sequence(family, trump, suit, start, n)
        for suit in range(4)
        for n in range(3, 9)
        for start in range(9 - n)
    }
    baloot_suit = trump if family == "saudi" and trump in range(4) else None
    runs = tuple(
        tuple(
            tuple(
                sorted(
                    (
                        sequences[(suit, start, n)]
                        for start, n in (_RUNS_BY_BYTE_BALOOT if suit == baloot_suit else _RUNS_BY_BYTE)[byte]
                    ),
                    key=_strength_of,
                    reverse=True,
                )
            )
            for byte in range(256)
        )
        for suit in range(4)
    )
    carres = tuple(_carre(family, trump, rank) for rank in range(8))
    carre_ranks = sum(1 << r for r, p in enumerate(carres) if p is not None)
    baloot_mask = 0 if baloot_suit is None else _BALOOT_BITS << (8 * baloot_suit)
    return _Catalog(family, sequences, runs, carres, carre_ranks, baloot_mask)


# ---------------------------------------------------------------- the best split


def _runs_of(cat: _Catalog, mask: int) -> list[Project]:
    runs = cat.runs
    return [
        *runs[0][mask & 0xFF],
        *runs[1][(mask >> 8) & 0xFF],
        *runs[2][(mask >> 16) & 0xFF],
        *runs[3][(mask >> 24) & 0xFF],
    ]


def _split_key(projects: list[Project], baloot_mask: int = 0) -> tuple[int, bool, list[tuple[int, ...]]]:
    """Worth first, then (saudi Hokm) keeping the Baloot, then the strongest project, the next one, ..."""
    return (
        sum(p.value for p in projects),
        _split_keeps_baloot(projects, baloot_mask),
        [p.strength for p in projects],
    )


def _split_keeps_baloot(projects: Iterable[Project], baloot_mask: int) -> bool:
    """No Hundred of the split holds both Baloot cards (``baloot_mask`` 0: no Baloot to keep)."""
    if not baloot_mask:
        return False
    return not any(p.type == HUNDRED and p.mask & baloot_mask == baloot_mask for p in projects)


def best_split_mask(mask: int, rules: RuleSet, trump: int) -> list[Project]:
    """The projects worth the most in a hand given as a mask, strongest first.

    ``trump`` is a suit 0-3, or ``NO_TRUMP`` for Sun (saudi only).
    """
    cat = _CATALOGS.get((rules.name, trump))
    if cat is None:
        cat = _catalog(rules, trump)
    # Bit r is set when all four cards of rank r are in the hand.
    four = mask & (mask >> 8) & (mask >> 16) & (mask >> 24) & cat.carre_ranks & 0xFF
    if not four:
        # No carré: the best runs of each suit (_runs_of, inline: this runs for every hand dealt).
        by_byte = cat.runs
        runs = [
            *by_byte[0][mask & 0xFF],
            *by_byte[1][(mask >> 8) & 0xFF],
            *by_byte[2][(mask >> 16) & 0xFF],
            *by_byte[3][(mask >> 24) & 0xFF],
        ]
        if len(runs) > 1:
            runs.sort(key=_strength_of, reverse=True)
        return runs
    # An 8-card hand holds at most two carrés: try each subset of them, the rest in runs.
    ranks = [r for r in range(8) if four >> r & 1]
    held = _baloot_held(cat, mask)
    best: list[Project] = []
    best_key: tuple[int, bool, list[tuple[int, ...]]] = (-1, False, [])
    for subset in range(1 << len(ranks)):
        chosen = [cat.carres[r] for i, r in enumerate(ranks) if subset >> i & 1]
        carres = [p for p in chosen if p is not None]
        rest = mask
        for p in carres:
            rest &= ~p.mask
        projects = carres + _runs_of(cat, rest)
        projects.sort(key=_strength_of, reverse=True)
        key = _split_key(projects, held)
        if key > best_key:
            best, best_key = projects, key
    return best


def _baloot_held(cat: _Catalog, mask: int) -> int:
    """The Baloot pair when the hand holds both cards (saudi Hokm), else 0."""
    return cat.baloot_mask if cat.baloot_mask and mask & cat.baloot_mask == cat.baloot_mask else 0


def best_split(cards: Iterable[int], rules: RuleSet, trump: int) -> list[Project]:
    """The split of ``cards`` (up to 8) into disjoint projects worth the most, strongest first."""
    return best_split_mask(mask_of(cards), rules, trump)


# ---------------------------------------------------------------- classifying declared cards


def classify(cards: Iterable[int], rules: RuleSet, trump: int) -> Project:
    """The project that ``cards`` form; raise :class:`InvalidProject` when they form none."""
    given = list(cards)
    mask = mask_of(given)
    if len(given) != mask.bit_count():
        raise InvalidProject("duplicate-card", given)
    if len(given) < 3:
        raise InvalidProject("too-few-cards", given)
    cat = _catalog(rules, trump)
    ordered = cards_of(mask)
    ranks = {c.rank for c in ordered}
    if len(given) == 4 and len(ranks) == 1:
        project = cat.carres[ordered[0].rank]
        if project is None:
            raise InvalidProject("worthless-carre", given)
        return project
    if len({c.suit for c in ordered}) != 1:
        raise InvalidProject("mixed-suits", given)
    low, high = ordered[0].rank, ordered[-1].rank
    if high - low + 1 != len(ordered):
        raise InvalidProject("not-consecutive", given)
    return cat.sequences[(ordered[0].suit, low, len(ordered))]


# ---------------------------------------------------------------- explaining a split


def _candidates(cat: _Catalog, mask: int) -> list[Project]:
    """Every project the hand could declare, overlapping ones included."""
    found = [p for p in cat.sequences.values() if p.mask & mask == p.mask]
    found += [p for p in cat.carres if p is not None and p.mask & mask == p.mask]
    return found


def _all_splits(candidates: list[Project]) -> list[list[Project]]:
    """Every maximal split: disjoint projects, none of the candidates left that would still fit."""
    splits: list[list[Project]] = []

    def walk(i: int, used: int, chosen: list[Project]) -> None:
        if i == len(candidates):
            if chosen and all(p.mask & used for p in candidates):
                splits.append(sorted(chosen, key=_strength_of, reverse=True))
            return
        walk(i + 1, used, chosen)
        p = candidates[i]
        if not p.mask & used:
            walk(i + 1, used | p.mask, [*chosen, p])

    walk(0, 0, [])
    return splits


def explain_split(cards: Iterable[int], rules: RuleSet, trump: int, seat: Seat | None = None) -> list[Step]:
    """Steps describing the split :func:`best_split` chooses, and what it was chosen over."""
    mask = mask_of(cards)
    cat = _catalog(rules, trump)
    rule = DECLARE_RULE[cat.family]
    extra: dict[str, Any] = {} if seat is None else {"seat": seat}
    chosen = best_split_mask(mask, rules, trump)
    steps = [
        Step(rule, {"case": "project", "type": p.type, "cards": list(p.cards), "value": p.value, **extra})
        for p in chosen
    ]
    for rank in range(8):
        four = _ALL_SUITS_OF_RANK << rank
        if mask & four == four and cat.carres[rank] is None:
            steps.append(
                Step(rule, {"case": "worthless-carre", "rank": rank, "cards": cards_of(four), **extra})
            )
    if not chosen:
        return steps
    total = sum(p.value for p in chosen)
    types = [p.type for p in chosen]
    chosen_masks = sorted(p.mask for p in chosen)
    held = _baloot_held(cat, mask)
    others = [s for s in _all_splits(_candidates(cat, mask)) if sorted(p.mask for p in s) != chosen_masks]
    # Among rivals of equal worth, the one of fewest cards: a 6-card run's rival Hundred is
    # described as the five cards that make it, not six.
    others.sort(key=lambda s: (_split_key(s, held), -sum(len(p.cards) for p in s)), reverse=True)
    other_types = next((s for s in others if [p.type for p in s] != types), None)
    if other_types is not None:
        steps.append(
            Step(
                rule,
                {
                    "case": "split",
                    "total": total,
                    "types": types,
                    "alternative_total": sum(p.value for p in other_types),
                    "alternative_types": [p.type for p in other_types],
                    **extra,
                },
            )
        )
    tied = next((s for s in others if sum(p.value for p in s) == total), None)
    if tied is not None:
        # Kept for the Baloot when the rival split would put the trump K and Q inside its Hundred.
        for_baloot = _split_keeps_baloot(chosen, held) and not _split_keeps_baloot(tied, held)
        baloot: dict[str, Any] = (
            {"baloot": True, "baloot_cards": cards_of(held)} if for_baloot else {}
        )
        steps.append(
            Step(
                rule,
                {
                    "case": "tie-break",
                    "total": total,
                    "types": types,
                    "projects": [{"type": p.type, "cards": list(p.cards)} for p in chosen],
                    "alternative_types": [p.type for p in tied],
                    "alternative_cards": [c for p in tied for c in p.cards],
                    "alternative_projects": [{"type": p.type, "cards": list(p.cards)} for p in tied],
                    **baloot,
                    **extra,
                },
            )
        )
    return steps


# ---------------------------------------------------------------- which team counts


@dataclass(frozen=True)
class Counting:
    """Which team counts its projects (``None``: nobody has any, or an exact Moroccan tie).

    ``value`` is the sum of the counted team's projects; ``best`` is the single
    strongest project and ``seat`` its holder.
    """

    team: Team | None
    value: int
    best: Project | None
    seat: Seat | None
    steps: list[Step]


# Names of the strength-key positions, for the reason a project wins.
_REASONS = {
    "saudi": ("type", "sequence-over-carre", "top-card"),
    "moroccan": ("value", "carre-over-sequence", "longer", "top-card", "trump"),
    "french": ("carre-over-sequence", "value", "top-card", "trump"),
}
_CARRE_RANK_POSITION = {"moroccan": 2, "french": 1}


def _reason(family: str, winner: Project, rival: Project) -> str:
    for i, (a, b) in enumerate(zip(winner.strength, rival.strength, strict=True)):
        if a != b:
            if winner.is_carre and rival.is_carre and i == _CARRE_RANK_POSITION.get(family):
                return "carre-rank"
            return _REASONS[family][i]
    return "tie" if family == "moroccan" else "turn-order"


def count_projects(
    rules: RuleSet, trump: int, dealer: Seat, projects_by_seat: Mapping[Seat, Sequence[Project]]
) -> Counting:
    """Decide which team counts its projects (``proj.sa.one-team``, ``decl.ma.best``, ``decl.fr.best``).

    ``projects_by_seat`` holds each player's projects (from :func:`best_split` or
    :func:`classify`); seats may be missing. Equal projects go to the player earlier
    in turn order from the dealer's next player, except in ``moroccan``, where an
    exact tie between the teams means nobody counts.
    """
    family = rules.name
    rule = BEST_RULE[family]
    if isinstance(rules, French) and rules.no_declarations:
        return Counting(
            None, 0, None, None, [Step(rule, {"case": "no-declarations", "option": "no_declarations"})]
        )
    top, rival_entry = _strongest(rules, dealer, projects_by_seat)
    if top is None:
        return Counting(None, 0, None, None, [Step(rule, {"case": "none"})])
    project, seat = top
    params: dict[str, Any] = {"seat": seat, "type": project.type, "cards": list(project.cards)}
    if rival_entry is None:
        case = "unopposed"
    else:
        rival, rival_seat = rival_entry
        case = _reason(family, project, rival)
        params.update(rival_seat=rival_seat, rival_type=rival.type, rival_cards=list(rival.cards))
        if case == "turn-order":
            params["dealer"] = dealer
        if case == "tie":
            return Counting(None, 0, None, None, [Step(rule, {"case": case, **params})])
    team = TEAMS[seat & 1]
    counted = [p for s in (SEATS[team], SEATS[team + 2]) for p in projects_by_seat.get(s, ())]
    value = sum(p.value for p in counted)
    params.update(team=team, value=value, types=[p.type for p in counted])
    return Counting(team, value, project, seat, [Step(rule, {"case": case, **params})])


def counted_team(
    rules: RuleSet, trump: int, dealer: Seat, projects_by_seat: Mapping[Seat, Sequence[Project]]
) -> Team | None:
    """The team of :func:`count_projects`, without the explanation (scoring needs only the team)."""
    family = rules.name
    if family not in BEST_RULE:  # as count_projects
        raise KeyError(family)
    if isinstance(rules, French) and rules.no_declarations:
        return None
    top, rival_entry = _strongest(rules, dealer, projects_by_seat)
    if top is None or (rival_entry is not None and _reason(family, top[0], rival_entry[0]) == "tie"):
        return None
    return TEAMS[top[1] & 1]


def _strongest(
    rules: RuleSet, dealer: Seat, projects_by_seat: Mapping[Seat, Sequence[Project]]
) -> tuple[tuple[Project, Seat] | None, tuple[Project, Seat] | None]:
    """Each team's strongest project with its holder: the stronger first, then the other team's.

    Equal strengths go to the earlier player in turn order from the dealer's next player,
    within a team and between the teams.
    """
    clockwise = rules.clockwise
    # The turn order from the dealer's next player (next_seat, without building a Seat).
    order = seats_from((dealer - 1) % 4 if clockwise else (dealer + 1) % 4, clockwise)
    best: dict[Team, tuple[Project, Seat]] = {}
    for seat in order:
        projects = projects_by_seat.get(seat)
        if not projects:
            continue
        team = TEAMS[seat & 1]
        for p in projects:
            held = best.get(team)
            if held is None or p.strength > held[0].strength:
                best[team] = (p, seat)
    if not best:
        return None, None
    if len(best) == 1:
        ((project, seat),) = best.values()
        return (project, seat), None
    a, b = best.values()
    a_first = (a[0].strength, -order.index(a[1])) > (b[0].strength, -order.index(b[1]))
    return (a, b) if a_first else (b, a)


# ---------------------------------------------------------------- belote / baloot


@dataclass(frozen=True)
class Belote:
    """The K+Q of trump: who holds them, whether they count, and why."""

    seat: Seat | None
    counted: bool
    value: int
    steps: list[Step]


_BELOTE_VALUE = {"saudi": 2, "moroccan": 20, "french": 20}


def judge_belote(seat: Seat | None, trump: int, rules: RuleSet, projects: Sequence[Project] = ()) -> Belote:
    """Whether the K+Q of trump held by ``seat`` count (``proj.sa.baloot``, ``decl.*.belote``).

    ``projects`` are that player's declared projects: in ``saudi`` the Baloot does
    not count when both cards are inside one of its Hundreds (seeds 001, 002).
    """
    if seat is None or trump == NO_TRUMP:
        return Belote(None, False, 0, [])
    family = rules.name
    rule = BELOTE_RULE[family]
    queen, king = CARDS[8 * trump + QUEEN], CARDS[8 * trump + KING]
    pair = [queen, king]
    pair_mask = (1 << queen) | (1 << king)
    params: dict[str, Any] = {"seat": seat, "team": TEAMS[seat & 1], "cards": pair}
    hundred = _hundred_holding(family, pair_mask, projects)
    if hundred is not None:
        steps = [Step(rule, {"case": "inside-hundred", **params, "hundred": list(hundred.cards), "value": 0})]
        return Belote(seat, False, 0, steps)
    value = _BELOTE_VALUE[family]
    return Belote(seat, True, value, [Step(rule, {"case": "counted", **params, "value": value})])


def belote_counts(seat: Seat | None, trump: int, rules: RuleSet, projects: Sequence[Project] = ()) -> bool:
    """Whether :func:`judge_belote` counts the K+Q, without the explanation (scoring needs only that)."""
    if seat is None or trump == NO_TRUMP:
        return False
    family = rules.name
    if family not in BELOTE_RULE:  # as judge_belote
        raise KeyError(family)
    pair_mask = (1 << CARDS[8 * trump + QUEEN]) | (1 << CARDS[8 * trump + KING])
    return _hundred_holding(family, pair_mask, projects) is None


def _hundred_holding(family: str, pair_mask: int, projects: Sequence[Project]) -> Project | None:
    """The saudi Hundred holding both Baloot cards, which cancels the Baloot (``proj.sa.baloot``)."""
    if family == "saudi":
        for p in projects:
            if p.type == HUNDRED and p.mask & pair_mask == pair_mask:
                return p
    return None


def belote(
    hands_by_seat: Mapping[Seat, Iterable[int]],
    trump: int,
    rules: RuleSet,
    projects_by_seat: Mapping[Seat, Sequence[Project]] | None = None,
) -> Belote:
    """Find who holds the K+Q of trump and judge it with :func:`judge_belote`.

    Without ``projects_by_seat`` no Hundred is known, so the Saudi exception cannot apply.
    """
    if trump == NO_TRUMP:
        return Belote(None, False, 0, [])
    pair_mask = card(trump, QUEEN).bit | card(trump, KING).bit
    for seat, hand in hands_by_seat.items():
        if mask_of(hand) & pair_mask == pair_mask:
            projects = (projects_by_seat or {}).get(seat, ())
            return judge_belote(seat, trump, rules, projects)
    return Belote(None, False, 0, [])


def belote_holder(
    hands_by_seat: Mapping[Seat, Iterable[int]],
    trump: int,
    rules: RuleSet,
    projects_by_seat: Mapping[Seat, Sequence[Project]] | None = None,
) -> Seat | None:
    """The seat whose Belote/Baloot counts.

    ``None`` in Sun, when nobody holds the K+Q of trump, or when they do not count.
    """
    b = belote(hands_by_seat, trump, rules, projects_by_seat)
    return b.seat if b.counted else None


# ---------------------------------------------------------------- when to declare


@dataclass(frozen=True)
class DeclarationWindow:
    """When projects may be declared, and when the belote is announced.

    A player may declare until they play their card number ``before_card``
    (1-based; the card of trick ``trick``, 0-based): saudi before the first card,
    moroccan before the second, french with the first (during the first trick).
    ``shown_at_trick`` (0-based) is when the counted projects are shown (saudi: the
    second trick). ``belote_calls`` lists which of the two belote cards carry the
    call: saudi ``(2,)`` (with the second card), french and moroccan ``(1, 2)``
    ("belote", then "rebelote"). ``declarations`` is false under French
    ``no_declarations``, where only the belote counts.
    """

    rule: str
    before_card: int
    trick: int
    shown_at_trick: int | None
    belote_rule: str
    belote_calls: tuple[int, ...]
    declarations: bool


def declaration_window(rules: RuleSet) -> DeclarationWindow:
    family = rules.name
    if family == "saudi":
        return DeclarationWindow("proj.sa.declare", 1, 0, 1, BELOTE_RULE[family], (2,), True)
    if family == "moroccan":
        return DeclarationWindow("decl.ma.best", 2, 1, None, BELOTE_RULE[family], (1, 2), True)
    declarations = not (isinstance(rules, French) and rules.no_declarations)
    return DeclarationWindow("decl.fr.best", 1, 0, None, BELOTE_RULE[family], (1, 2), declarations)
