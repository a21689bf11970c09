"""The templates as Django reads them: a ``{# #}`` comment ends on its own line, else Django prints
it to the reader as text (a longer note is a ``{% comment %}`` block)."""

from __future__ import annotations

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# An opening {# with no closing #} before the end of its line.
UNCLOSED_COMMENT = re.compile(r"\{#(?:(?!#\}).)*$", re.MULTILINE)


def test_no_one_line_comment_of_a_template_runs_onto_the_next_line():
    found = [
        f"{path.relative_to(TEMPLATES)}:{text[: m.start()].count(chr(10)) + 1}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for text in [path.read_text(encoding="utf-8")]
        for m in UNCLOSED_COMMENT.finditer(text)
    ]
    assert found == []
