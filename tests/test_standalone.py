"""The checkout stands alone: no file in it reads, runs or links anything outside it.

A clone into an empty folder must install, test and explain itself; a path that reaches out
(``../somewhere``, a machine's absolute path, the checkout's parent folder) works only on the
machine where it was written.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Files that are not the project's text: compiled catalogs, images, fonts, vendored scripts.
SKIPPED_SUFFIXES = {".mo", ".png", ".jpg", ".ico", ".svg", ".woff", ".woff2", ".gz"}

# "../x" or "..\\x": a relative path going up, to be resolved from the file that holds it.
UP_PATH = re.compile(r"(?:\.\.[/\\])+[\w.\-/\\]*")
# Absolute paths of a particular machine's folders.
MACHINE_PATH = re.compile(r"(?<![\w.:])/(?:work|home|Users)/[\w.\-]")
# Code reaching the checkout's parent folder from its root (``ROOT.parent / "x"``).
PARENT_OF_ROOT = re.compile(r"\b(?:ROOT|REPO|BASE_DIR|PROJECT_DIR)\.parent\b")
# A Markdown link's target: [text](target).
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")


def project_files() -> list[Path]:
    """The files of the checkout: tracked, plus new ones not ignored."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=ROOT, capture_output=True, check=True,
        ).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):  # no git, or not a clone: an exported tree
        ignored = {".git", ".venv", "node_modules", "__pycache__", ".pytest_cache", ".mypy_cache"}
        paths = [p for p in ROOT.rglob("*") if p.is_file() and not ignored & set(p.relative_to(ROOT).parts)]
        return sorted(paths)
    return sorted(ROOT / name for name in listed if name and (ROOT / name).is_file())


def outside_references(path: Path, text: str) -> list[str]:
    """What in ``text`` (the content of ``path``) points outside the checkout."""
    found = []
    for match in UP_PATH.finditer(text):
        # A document's link is relative to the document; code's path may be relative to the file
        # or to the working folder (the root), so it must stay inside from both.
        relative = match.group().replace("\\", "/")
        starts = (path.parent,) if path.suffix == ".md" else (path.parent, ROOT)
        if not all((start / relative).resolve().is_relative_to(ROOT) for start in starts):
            found.append(match.group())
    found += MACHINE_PATH.findall(text)
    found += PARENT_OF_ROOT.findall(text)
    if path.suffix == ".md":
        for target in MARKDOWN_LINK.findall(text):
            if re.match(r"[a-z][a-z0-9+.-]*:|#", target):  # https:, mailto:, an anchor on the page
                continue
            linked = (path.parent / target.split("#")[0]).resolve()
            if not linked.is_relative_to(ROOT) or not linked.exists():
                found.append(target)
    return found


def texts() -> list[tuple[Path, str]]:
    result = []
    for path in project_files():
        if path.suffix in SKIPPED_SUFFIXES or path == Path(__file__).resolve():
            continue
        try:
            result.append((path, path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:  # a binary file
            continue
    return result


def test_it_finds_the_project_files():
    names = {path.relative_to(ROOT).as_posix() for path, _ in texts()}
    assert {"README.md", "Makefile", "docs/rules.md", "engine/rule_ids.py", "templates/base.html"} <= names


def test_it_finds_no_reference_outside_the_checkout():
    outside = {
        path.relative_to(ROOT).as_posix(): found
        for path, text in texts()
        if (found := outside_references(path, text))
    }
    assert outside == {}


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("tests/engine/test_x.py", 'RULES = ROOT.parent / "sibling" / "RULES.md"'),
        ("tests/engine/test_x.py", 'open("../../sibling/RULES.md")'),
        ("README.md", "the rules of [RULES.md](../sibling/RULES.md)"),
        ("README.md", "see [the guide](docs/NOT-THERE.md)"),
        ("Makefile", "include /work/shared/make.inc"),
    ],
)
def test_it_catches_a_reference_outside(name, text):
    assert outside_references(ROOT / name, text)


def test_it_lets_links_inside_the_checkout_through():
    text = "[rules](docs/rules.md), [deploy](docs/DEPLOY.md#performance-notes), [site](https://example.org)"
    assert outside_references(ROOT / "README.md", text) == []
    assert outside_references(ROOT / "docs" / "rules.md", "[the readme](../README.md)") == []
