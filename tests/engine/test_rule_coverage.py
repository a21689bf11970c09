"""Every rule of RULES.md is cited by the engine and has a test named after it."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from engine.rule_ids import RULE_IDS

ROOT = Path(__file__).resolve().parents[2]
RULES_MD = ROOT.parent / "shared" / "RULES.md"
RULE_ID = re.compile(r"`((?:play|trick|bid|double|lead|proj|decl|score|penalty)\.[a-z0-9.-]+[a-z0-9])`")


def rule_ids() -> list[str]:
    if not RULES_MD.exists():
        pytest.fail(f"RULES.md not found at {RULES_MD}: the rules live in shared/ beside the checkout")
    return sorted(set(RULE_ID.findall(RULES_MD.read_text(encoding="utf-8"))))


@functools.cache
def engine_source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "engine").glob("*.py")))


@functools.cache
def defined_test_names() -> frozenset[str]:
    names: set[str] = set()
    for path in (ROOT / "tests" / "engine").glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    return frozenset(names)


def slug(rule: str) -> str:
    return "test_" + re.sub(r"[.-]", "_", rule)


def test_rules_md_lists_the_rules():
    assert len(rule_ids()) >= 45


@pytest.mark.parametrize("rule", rule_ids())
def test_rule_is_cited_by_the_engine(rule):
    assert f'"{rule}"' in engine_source(), f"{rule} is never emitted by engine/"


@pytest.mark.parametrize("rule", rule_ids())
def test_rule_has_a_test_named_after_it(rule):
    names = defined_test_names()
    assert any(name == slug(rule) or name.startswith(slug(rule) + "_") for name in names), (
        f"no test named {slug(rule)}[_...] in tests/engine/"
    )


def test_engine_rule_ids_are_exactly_those_of_rules_md():
    assert sorted(RULE_IDS) == rule_ids()
    assert len(set(RULE_IDS)) == len(RULE_IDS)
