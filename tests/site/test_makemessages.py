"""``manage.py makemessages`` finds every string the site says, the variant-worded ones included
(lessons/management/commands/makemessages.py): run on a copy of the tree, it leaves each catalog
with no obsolete entry, no fuzzy one, and no site string untranslated.

The catalogs are written by hand; this keeps them in step with the code without rewriting them.
"""

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("ar", "en", "fa", "fr")
TREE = ("manage.py", "baloot_site", "engine", "lessons", "templates", "locale")
FIELD = re.compile(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) (".*")$')


def catalog(text: str) -> dict[tuple[str, str], dict[str, object]]:
    """(msgctxt, msgid) → {"msgstr": the translations joined, "fuzzy", "obsolete"} of a .po file."""
    found: dict[tuple[str, str], dict[str, object]] = {}
    entries: list[dict[str, object]] = []
    fields: dict[str, str] = {}
    flags: list[str] = []
    field = None
    for line in text.splitlines():
        obsolete = line.startswith("#~ ")
        line = line[3:] if obsolete else line
        if line.startswith("#,"):
            flags.append(line)
        elif match := FIELD.match(line):
            field = match.group(1)
            # An entry starts at its msgctxt, or at a msgid that follows a finished entry.
            if field == "msgctxt" or (field == "msgid" and ("msgid" in fields or not fields)):
                fields = {}
                entries.append(
                    {"fields": fields, "fuzzy": any("fuzzy" in f for f in flags), "obsolete": obsolete}
                )
                flags = []
            fields[field] = ast.literal_eval(match.group(2))
        elif line.startswith('"') and field:
            fields[field] += ast.literal_eval(line)
    for entry in entries:
        values: dict[str, str] = entry["fields"]  # type: ignore[assignment]
        if values.get("msgid"):
            found[(values.get("msgctxt", ""), values["msgid"])] = {
                "msgstr": "".join(v for k, v in values.items() if k.startswith("msgstr")),
                "fuzzy": entry["fuzzy"],
                "obsolete": entry["obsolete"],
            }
    return found


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """Each language's catalog as the repository has it, and as makemessages leaves it on a copy."""
    if shutil.which("xgettext") is None:
        pytest.fail("gettext is missing: `make messages` installs it")
    copy = tmp_path_factory.mktemp("tree")
    for name in TREE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo", "*.so"))
        else:
            shutil.copy2(source, copy / name)
    subprocess.run(
        [
            sys.executable,
            "manage.py",
            "makemessages",
            *(f"--locale={lang}" for lang in LANGUAGES),
            "--no-location",
        ],
        cwd=copy,
        check=True,
        capture_output=True,
        timeout=300,
    )
    path = "locale/{}/LC_MESSAGES/django.po"
    return {
        lang: (
            catalog((ROOT / path.format(lang)).read_text("utf-8")),
            catalog((copy / path.format(lang)).read_text("utf-8")),
        )
        for lang in LANGUAGES
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_entry_of_the_catalog_is_obsolete(made, lang):
    _, after = made[lang]
    obsolete = sorted(key for key, entry in after.items() if entry["obsolete"])
    assert obsolete == [], (
        f"{lang}: entries no code uses (or a new variant wording not in lessons/variant_words.py)"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_entry_becomes_fuzzy(made, lang):
    before, after = made[lang]
    fuzzy = sorted(
        key for key, entry in after.items() if entry["fuzzy"] and not before.get(key, {}).get("fuzzy")
    )
    assert fuzzy == []


@pytest.mark.parametrize("lang", ["ar", "fa", "fr"])
def test_every_string_of_the_site_is_in_the_catalog(made, lang):
    # A variant's own wording (with a context) is optional: the plain entry serves without it. The
    # engine's keys have their own rules (tests/engine/test_catalogs.py).
    from engine.messages import MESSAGE_KEYS

    engine_keys = {key.msgid for key in MESSAGE_KEYS}
    before, after = made[lang]
    missing = sorted(
        msgid
        for context, msgid in after
        if not context and (context, msgid) not in before and msgid not in engine_keys
    )
    assert missing == []
