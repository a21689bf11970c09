"""Which search the solver runs: :mod:`engine.solver.search` compiled to C, or the same in Python.

``make compiled`` (part of ``make venv``) compiles ``search.py`` with mypyc
into ``engine/solver/_search_c*.so`` and writes the SHA-256 of the source it
compiled beside it. The compiled search is the same code: it runs a few times
faster and finds the same values. It is used only when it was built from the
``search.py`` there now, so a changed search is never answered by a stale
build; otherwise, without a C compiler, or with ``ENGINE_PURE_PYTHON=1`` in the
environment, the pure-Python search runs. The pure-Python search stays the
reference: the tests run both.
"""

from __future__ import annotations

import hashlib
import importlib
import os
from pathlib import Path
from types import ModuleType

from engine.solver import search as pure

__all__ = ["COMPILED", "Search", "compiled_module", "pure"]

_HERE = Path(__file__).resolve().parent
BUILT_FROM = _HERE / "_search_c.sha256"
"""The SHA-256 of the ``search.py`` the compiled module was made from."""


def compiled_module() -> ModuleType | None:
    """The compiled search when it is built from the current ``search.py``, else None."""
    try:
        built_from = BUILT_FROM.read_text().strip()
    except OSError:
        return None
    if built_from != hashlib.sha256((_HERE / "search.py").read_bytes()).hexdigest():
        return None
    try:
        return importlib.import_module("engine.solver._search_c")
    except ImportError:
        return None


_compiled = None if os.environ.get("ENGINE_PURE_PYTHON") else compiled_module()

COMPILED = _compiled is not None
"""Whether :data:`Search` is the compiled one."""

Search: type[pure.Search] = _compiled.Search if _compiled is not None else pure.Search
