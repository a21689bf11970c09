"""The search with its hot loop in C: :class:`NativeSearch`, when ``make compiled`` built it.

``engine/solver/_native.c`` is :meth:`engine.solver.search.Search.trick` written in C: the same
bounds and move ordering, with a transposition table keyed on the cards left by relative rank
(positions that differ only in which zero-point cards are gone share an entry), so it visits a
few nodes fewer; the values are the Python search's (the tests compare them on many deals of
every variant). Everything else — the root's
trick in progress, the principal line, the point and strength tables, the equivalence
tables — is the Python code's. Legality inside the search is a compiled mirror of
:func:`engine.play.legal_mask_for`, driven by the rule set's options
(:func:`engine.play.legal_options`): calling back into Python for it was most of a solve's time.
engine/play.py stays the rules' one implementation; a property test checks the mirror against it
on random positions of every rule set, and that breaking any one option in the mirror is caught.
With ``compiled_legality`` off, the rule set's Python function is called back instead (once per
trick and hand's cards of the suit led and of the trump suit, remembered across searches). The
tables of :mod:`engine.ranking` and :mod:`engine.solver.equivalence` are handed in as data.

The transposition table is a :class:`Table` (``engine.solver._native.Table``): a C hash table
that several searches of one deal can share, as they share a dict in Python
(:func:`engine.solver.core.new_table` makes one; ``Table.reset()`` empties it and keeps its
memory). A dict given instead is copied in, and the entries are copied back when the solve is
done; its keys are the C core's own, for the C core's next solve of the deal. The memory of a
search's maps is kept for the next search, so solving many deals in a
row, as a Monte-Carlo evaluator does, allocates almost nothing.
"""

from __future__ import annotations

from types import ModuleType
from typing import Protocol, cast

from engine.play import LegalFn, legal_options
from engine.ranking import HIGHER, LAST_TRICK_BONUS, STRENGTH
from engine.solver import search as pure
from engine.solver.equivalence import SUIT_TABLES
from engine.variants import RuleSet


class Table(Protocol):
    """``engine.solver._native.Table``: the transposition table, (cards left | leader << 32) -> entry."""

    def get(self, key: int, default: int | None = None) -> int | None: ...

    def set(self, key: int, entry: int) -> None: ...

    def items(self) -> list[tuple[int, int]]: ...

    def reset(self) -> None: ...

    def __len__(self) -> int: ...


class Core(Protocol):
    """``engine.solver._native.Core``: one deal's search in C."""

    nodes: int
    table: Table

    def trick(
        self, leader: int, hk: int, left: int, rem: int, alpha: int, beta: int, only: int = -1
    ) -> int: ...

    def best_lead(self, leader: int, hk: int) -> int: ...


def search_class(native: ModuleType) -> type[pure.Search]:
    """The search whose :meth:`~engine.solver.search.Search.trick` is ``native``'s C core."""
    module = native

    # One ``Legality`` per legal-card function (one per rule set, engine.play.legal_mask_for) and
    # way of answering, by the function's id, with the function itself (holding it keeps the id
    # from being reused).
    legalities: dict[tuple[int, bool], tuple[LegalFn, object]] = {}

    def legality(legal: LegalFn, rules: RuleSet, compiled: bool) -> object:
        known = legalities.get((id(legal), compiled))
        if known is not None and known[0] is legal:
            return known[1]
        if len(legalities) >= 16:
            legalities.clear()
        if compiled:
            made = native.Legality(legal, legal_options(rules), STRENGTH, HIGHER)
        else:
            made = native.Legality(legal)
        legalities[(id(legal), compiled)] = (legal, made)
        return made

    class NativeSearch(pure.Search):
        """:class:`engine.solver.search.Search` with :meth:`trick` in C (module docstring)."""

        native: ModuleType = module
        # True: legality by the C core's mirror of engine.play (module docstring); False: the rule
        # set's Python function called back (the benchmark measures both).
        compiled_legality: bool = True
        core: Core
        shared: dict[int, int] | None

        def __init__(
            self,
            rules: RuleSet,
            trump: int,
            hands: list[int],
            ekka_trick: list[int] | None = None,
            ekka: bool = False,
            table: dict[int, int] | Table | None = None,
        ) -> None:
            super().__init__(rules, trump, hands, ekka_trick, ekka, None)
            # A dict: copied in now, back in done(); a native table: searched in place.
            self.shared = table if isinstance(table, dict) else None
            if table is None or isinstance(table, dict):
                native_table = cast(Table, native.Table())
                for k, v in (table or {}).items():
                    native_table.set(k, v)
            else:
                native_table = table
            self.core = cast(
                Core,
                native.Core(
                    self.owners,
                    self.step,
                    trump,
                    LAST_TRICK_BONUS,
                    self.pts,
                    self.strength,
                    self.above,
                    self.trumps,
                    self.mergeable,
                    SUIT_TABLES[trump],
                    legality(self.legal, rules, self.compiled_legality),
                    native_table,
                ),
            )

        # The root's cards (Python) and the trick starts (C) count together.
        @property
        def nodes(self) -> int:
            core = self.__dict__.get("core")
            return int(self.__dict__.get("root_nodes", 0)) + (core.nodes if core is not None else 0)

        @nodes.setter
        def nodes(self, value: int) -> None:
            core = self.__dict__.get("core")
            self.__dict__["root_nodes"] = value - (core.nodes if core is not None else 0)

        def trick(
            self, leader: int, hk: int, left: int, rem: int, alpha: int, beta: int, only: int = -1
        ) -> int:
            return self.core.trick(leader, hk, left, rem, alpha, beta, only)

        def best_lead(self, leader: int) -> int:
            h = self.hands
            return self.core.best_lead(leader, h[0] | h[1] | h[2] | h[3])

        def done(self) -> None:
            if self.shared is not None:
                self.shared.update(self.core.table.items())

    return NativeSearch
