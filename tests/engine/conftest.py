"""The solver's tests run on every search: the pure-Python reference, the compiled one and the C core."""

from __future__ import annotations

import pytest

from engine.solver import core
from engine.solver.native import search_class


@pytest.fixture(params=["python", "compiled", "native"])
def solver_core(request, monkeypatch):
    """Run the test with the pure-Python search, then the compiled one, then the C core (each skipped
    when not built)."""
    if request.param == "python":
        monkeypatch.setattr(core, "Search", core.pure.Search)
    elif request.param == "compiled":
        compiled = core.compiled_module()
        if compiled is None:
            pytest.skip("the compiled search is not built (make compiled)")
        monkeypatch.setattr(core, "Search", compiled.Search)
    else:
        native = core.native_module()
        if native is None:
            pytest.skip("the C core is not built (make compiled)")
        monkeypatch.setattr(core, "Search", search_class(native))
    return request.param
