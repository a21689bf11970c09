"""The rule IDs that docs/rules.md documents: one heading per rule, in the engine's order."""

from __future__ import annotations

import re
from pathlib import Path

RULES_DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
# A rule's heading: "#### `play.must-follow` — follow suit".
RULE_HEADING = re.compile(r"^#{2,4} `([a-z]+(?:\.[a-z0-9-]+)+)`", re.MULTILINE)


def documented_rule_ids() -> list[str]:
    """The IDs of docs/rules.md's rule headings, in the page's order."""
    return RULE_HEADING.findall(RULES_DOC.read_text(encoding="utf-8"))
