"""The checkout stands alone: no file in it reads, runs or links anything outside it.

A clone into an empty folder must install, test and explain itself; a path that reaches out
(``../somewhere``, a machine's absolute path, the checkout's parent folder, code climbing from its
own file above the root) works only on the machine where it was written.
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
# Code climbing from its own file: Path(__file__).resolve().parents[3], Path(__file__).parent.parent,
# os.path.dirname(os.path.dirname(__file__)), os.path.join(os.path.dirname(__file__), "..", "..").
FILE_PARENTS = re.compile(
    r"Path\(__file__\)(?:\.resolve\(\)|\.absolute\(\))?(?:\.parents\[(\d+)\]|((?:\.parent\b)+))"
)
FILE_DIRNAMES = re.compile(
    r"((?:(?:os\.path\.)?dirname\(\s*)+)(?:(?:os\.path\.)?(?:abspath|realpath)\(\s*)?__file__"
)
FILE_JOIN_UP = re.compile(
    r"dirname\(\s*(?:(?:os\.path\.)?(?:abspath|realpath)\(\s*)?__file__\s*\)\s*\)?\s*((?:,\s*[\"']\.\.[\"']\s*)+)"
)


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
    found += [m.group() for m in _climbs_from_the_file(path, text) if not _inside(path, m)]
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


def _climbs_from_the_file(path: Path, text: str) -> list[re.Match[str]]:
    return [*FILE_PARENTS.finditer(text), *FILE_DIRNAMES.finditer(text), *FILE_JOIN_UP.finditer(text)]


def _inside(path: Path, match: re.Match[str]) -> bool:
    """Whether the folder ``match`` climbs to from ``path`` (the file's own) is in the checkout."""
    text = match.group()
    if match.re is FILE_PARENTS:
        up = int(match.group(1)) + 1 if match.group(1) is not None else match.group(2).count(".parent")
    elif match.re is FILE_DIRNAMES:
        up = match.group(1).count("dirname(")
    else:  # the file's folder, then each ".."
        up = 1 + text.count("..")
    parents = path.resolve().parents
    return up <= len(parents) and parents[up - 1].is_relative_to(ROOT)


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
        ("tests/engine/test_x.py", 'RULES = Path(__file__).resolve().parents[3] / "sibling" / "RULES.md"'),
        ("tests/engine/test_x.py", 'RULES = Path(__file__).parent.parent.parent.parent / "RULES.md"'),
        ("tests/test_x.py", "UP = dirname(dirname(dirname(os.path.abspath(__file__))))"),
        ("tests/engine/test_x.py", 'open(os.path.join(os.path.dirname(__file__), "..", "..", "..", "x"))'),
        ("tests/engine/test_x.py", 'join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")'),
    ],
)
def test_it_catches_a_reference_outside(name, text):
    assert outside_references(ROOT / name, text)


def test_it_lets_links_inside_the_checkout_through():
    text = "[rules](docs/rules.md), [deploy](docs/DEPLOY.md#performance-notes), [site](https://example.org)"
    assert outside_references(ROOT / "README.md", text) == []
    assert outside_references(ROOT / "docs" / "rules.md", "[the readme](../README.md)") == []
    code = 'ROOT = Path(__file__).resolve().parents[2]\nDOCS = join(os.path.dirname(__file__), "..", "..")'
    assert outside_references(ROOT / "tests" / "engine" / "test_x.py", code) == []
    assert outside_references(ROOT / "tests" / "test_x.py", "HERE = Path(__file__).parent.parent") == []
    assert outside_references(ROOT / "tests" / "test_x.py", "HERE = dirname(dirname(__file__))") == []
