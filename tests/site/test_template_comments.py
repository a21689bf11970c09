"""A template's ``{# … #}`` comment holds on one line: Django prints one spread over several lines
as text on the page. Longer comments are ``{% comment %}`` blocks."""

from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_no_template_comment_spreads_over_several_lines():
    spread = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            rest = line
            while "{#" in rest:
                rest = rest.split("{#", 1)[1]
                if "#}" not in rest:
                    spread.append(f"{path.relative_to(TEMPLATES)}:{n}")
                    break
                rest = rest.split("#}", 1)[1]
    assert spread == []
