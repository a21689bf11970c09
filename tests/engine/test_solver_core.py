"""The compiled search: used when built from the current source, never when stale."""

from __future__ import annotations

import os

import pytest

from engine.solver import core


def test_solver_core_compiled_search_is_built_in_ci():
    # CI builds it on a fresh clone (make test -> make compiled): a broken build must show.
    if not os.environ.get("CI"):
        pytest.skip("only CI must have the compiled search")
    assert core.compiled_module() is not None


def test_solver_core_ignores_a_build_of_another_source(tmp_path, monkeypatch):
    stale = tmp_path / "_search_c.sha256"
    stale.write_text("0" * 64)
    monkeypatch.setattr(core, "BUILT_FROM", stale)
    assert core.compiled_module() is None


def test_solver_core_without_a_build_runs_python(tmp_path, monkeypatch):
    monkeypatch.setattr(core, "BUILT_FROM", tmp_path / "missing.sha256")
    assert core.compiled_module() is None
    assert core.pure.Search.__module__ == "engine.solver.search"
