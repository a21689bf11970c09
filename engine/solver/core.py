"""Which search the solver runs: its hot loop in C, :mod:`engine.solver.search` compiled, or in Python.

``make compiled`` (part of ``make venv``) builds two things, each optional:

- ``engine/solver/_native*.so`` from ``_native.c`` with gcc: the search's inner loop
  (:meth:`~engine.solver.search.Search.trick`) in C (:mod:`engine.solver.native`), fastest;
- ``engine/solver/_search_c*.so``: ``search.py`` compiled by mypyc, a few times faster than Python.

Each build writes the SHA-256 of the source it was made from beside it, and is used only when
that source is there now, so a changed search is never answered by a stale build. The first
one built is used; without any (no C compiler), or with ``ENGINE_PURE_PYTHON=1`` in the
environment, the pure-Python search runs. ``ENGINE_NO_NATIVE=1`` skips the C core only. Every
search finds the same values; the pure-Python search stays the reference: the tests run all.
"""

from __future__ import annotations

import hashlib
import importlib
import os
from pathlib import Path
from types import ModuleType

from engine.solver import search as pure
from engine.solver.native import Table, search_class

__all__ = ["COMPILED", "NATIVE", "Search", "compiled_module", "native_module", "new_table", "pure"]

_HERE = Path(__file__).resolve().parent
BUILT_FROM = _HERE / "_search_c.sha256"
"""The SHA-256 of the ``search.py`` the compiled module was made from."""
NATIVE_BUILT_FROM = _HERE / "_native.sha256"
"""The SHA-256 of the ``_native.c`` the C core was built from."""


def _built(stamp: Path, source: str, module: str) -> ModuleType | None:
    try:
        built_from = stamp.read_text().strip()
    except OSError:
        return None
    if built_from != hashlib.sha256((_HERE / source).read_bytes()).hexdigest():
        return None
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def compiled_module() -> ModuleType | None:
    """The compiled search when it is built from the current ``search.py``, else None."""
    return _built(BUILT_FROM, "search.py", "engine.solver._search_c")


def native_module() -> ModuleType | None:
    """The C core when it is built from the current ``_native.c``, else None."""
    return _built(NATIVE_BUILT_FROM, "_native.c", "engine.solver._native")


_pure_only = bool(os.environ.get("ENGINE_PURE_PYTHON"))
_native = None if _pure_only or os.environ.get("ENGINE_NO_NATIVE") else native_module()
_compiled = None if _pure_only else compiled_module()

NATIVE = _native is not None
"""Whether :data:`Search` has its inner loop in C."""
COMPILED = _compiled is not None
"""Whether the mypyc-compiled search is there (used when the C core is not)."""

Search: type[pure.Search]
if _native is not None:
    Search = search_class(_native)
elif _compiled is not None:
    Search = _compiled.Search
else:
    Search = pure.Search


def new_table() -> dict[int, int] | Table:
    """An empty transposition table for the solves of one deal (``solve(..., table=...)``), of the
    kind the search in use reads fastest: a C table for the C core (a dict works too, but is
    copied in and out at each solve), a dict otherwise."""
    native: ModuleType | None = getattr(Search, "native", None)
    if native is not None:
        table: Table = native.Table()
        return table
    return {}
