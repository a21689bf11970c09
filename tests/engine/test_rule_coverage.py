"""Every rule of docs/rules.md is cited by the engine and has a test named after it."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from engine.rule_ids import RULE_IDS
from tests.documented_rules import RULES_DOC, documented_rule_ids

ROOT = Path(__file__).resolve().parents[2]
# Any rule ID quoted anywhere in the page, headings or not (a table, a cross-reference).
FAMILIES = "play|trick|bid|double|lead|proj|decl|score|penalty"
QUOTED_RULE_ID = re.compile(rf"`((?:{FAMILIES})\.[a-z0-9.-]+[a-z0-9])`")


def rule_ids() -> list[str]:
    return sorted(set(documented_rule_ids()))


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


def test_rules_doc_lists_the_rules():
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


def test_engine_rule_ids_are_exactly_those_of_the_rules_doc():
    # One heading per rule, in the order of the engine's catalogue.
    assert documented_rule_ids() == list(RULE_IDS)
    assert len(set(RULE_IDS)) == len(RULE_IDS)


def test_the_rules_doc_quotes_no_unknown_rule():
    quoted = set(QUOTED_RULE_ID.findall(RULES_DOC.read_text(encoding="utf-8")))
    assert quoted <= set(RULE_IDS), sorted(quoted - set(RULE_IDS))
