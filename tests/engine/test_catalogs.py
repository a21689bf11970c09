"""The catalogs are complete: nothing untranslated, and every engine sentence in every language.

The engine's sentences are keyed by rule ID (``engine.rule_ids``); each language words each key
in its own catalog (no English falling through) with only params the rule's English sentences use, so
nothing renders a missing parameter (``…``) in one language that renders cleanly in another.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from engine.messages import MESSAGE_KEYS, VARIANTS, parse_po
from engine.rule_ids import AUCTION_EXTRA_IDS, RULE_IDS, SOLVER_IDS

LOCALE = Path(__file__).resolve().parents[2] / "locale"
TRANSLATED = ("ar", "fa", "fr")


def po_text(lang: str) -> str:
    return (LOCALE / lang / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")


def entries_of(text: str) -> list[dict[str, object]]:
    """Every entry of a .po file (the header left out) with its msgstr(s) and flags, as written."""
    out: list[dict[str, object]] = []
    for block in re.split(r"\n\s*\n", text):
        lines = [ln for ln in block.strip().splitlines() if not ln.startswith("#~")]
        if not any(ln.startswith("msgid ") for ln in lines):
            continue
        fields: dict[str, str] = {}
        key = ""
        fuzzy = any(ln.startswith("#,") and "fuzzy" in ln for ln in lines)
        for ln in lines:
            if ln.startswith("#"):
                continue
            if ln.startswith('"'):
                fields[key] += ln[1:-1]
                continue
            key, _, rest = ln.partition(" ")
            fields[key] = rest.strip()[1:-1]
        if fields.get("msgid") == "" and "msgctxt" not in fields:
            continue  # the header
        strs = [v for k, v in fields.items() if k.startswith("msgstr")]
        ctx = fields.get("msgctxt", "")
        out.append({"id": fields.get("msgid"), "ctx": ctx, "strs": strs, "fuzzy": fuzzy})
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_untranslated_or_fuzzy_entry(lang: str) -> None:
    bad = [(e["ctx"], e["id"]) for e in entries_of(po_text(lang))
           if e["fuzzy"] or not e["strs"] or any(s == "" for s in e["strs"])]  # type: ignore[union-attr]
    assert not bad, f"{lang}: {len(bad)} untranslated or fuzzy: {bad[:10]}"


def test_the_check_sees_an_untranslated_entry() -> None:
    sample = 'msgid ""\nmsgstr "Language: fr\\n"\n\nmsgid "a"\nmsgstr ""\n\n#, fuzzy\nmsgid "b"\nmsgstr "c"\n'
    found = [(e["id"], e["fuzzy"], e["strs"]) for e in entries_of(sample)]
    assert found == [("a", False, [""]), ("b", True, ["c"])]


def placeholders(template: str) -> set[str]:
    return {name.split(".")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


ENGINE_IDS = (*RULE_IDS, *AUCTION_EXTRA_IDS, *SOLVER_IDS)


def test_every_rule_id_has_engine_keys() -> None:
    keyed = {k.msgid.removeprefix("title:").split(":")[0] for k in MESSAGE_KEYS}
    assert set(ENGINE_IDS) <= keyed


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_engine_sentence_is_worded_in_each_language_with_the_params_english_uses(lang: str) -> None:
    english, _ = parse_po(po_text("en"))
    own, _ = parse_po(po_text(lang))
    # The params a rule's steps carry: all those its English sentences use, whatever the case.
    known: dict[str, set[str]] = {}
    for (_, msgid), text in english.items():
        known.setdefault(msgid.split(":")[0], set()).update(placeholders(text))
    problems = []
    for key in MESSAGE_KEYS:
        rule = key.msgid.removeprefix("title:").split(":")[0]
        if rule not in ENGINE_IDS:
            continue
        for variant in ([key.context] if key.context else VARIANTS):
            # As engine.messages looks a key up: the variant's context first, then none.
            template = own.get((variant, key.msgid), own.get(("", key.msgid)))
            reference = english.get((variant, key.msgid), english.get(("", key.msgid)))
            if reference is None:
                continue
            if template is None:
                problems.append((variant, key.msgid, "missing"))
            elif not placeholders(template) <= known[key.msgid.split(":")[0]]:
                problems.append((variant, key.msgid, placeholders(template) - placeholders(reference)))
    assert not problems, f"{lang}: {problems[:10]}"


# ---------------------------------------------------------------- digits and separators


NATIVE_DIGIT = re.compile("[\u0660-\u0669\u06f0-\u06f9]")


@pytest.mark.parametrize("lang", ["ar", "fa"])
def test_engine_sentences_write_western_digits_for_the_site_to_localize(lang: str) -> None:
    # «يخلي البلوت (+٢)» stays Arabic-Indic for a learner who chose Western digits.
    engine_ids = {k.msgid for k in MESSAGE_KEYS}
    bad = [(ctx, msgid, text) for (ctx, msgid), text in parse_po(po_text(lang))[0].items()
           if msgid in engine_ids and NATIVE_DIGIT.search(text)]
    assert not bad, bad[:5]


@pytest.mark.parametrize("lang", ["ar", "fa"])
def test_no_middle_dot_separator_in_arabic_and_persian_catalogs(lang: str) -> None:
    # « ٧/٧ · ١٠٠% » reads as ٧/٧٠١٠٠%: a title such as "A guided first hand · ..." uses a bar.
    bad = [(e["id"], e["strs"]) for e in entries_of(po_text(lang))
           if any("·" in s for s in e["strs"])]  # type: ignore[union-attr]
    assert not bad, bad[:5]
