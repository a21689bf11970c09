"""The solver's tests run on both searches: the pure-Python reference and the compiled one."""

from __future__ import annotations

import pytest

from engine.solver import core


@pytest.fixture(params=["python", "compiled"])
def solver_core(request, monkeypatch):
    """Run the test with the pure-Python search, then with the compiled one (skipped when not built)."""
    if request.param == "python":
        monkeypatch.setattr(core, "Search", core.pure.Search)
    else:
        compiled = core.compiled_module()
        if compiled is None:
            pytest.skip("the compiled search is not built (make compiled)")
        monkeypatch.setattr(core, "Search", compiled.Search)
    return request.param
