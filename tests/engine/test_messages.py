"""The presentation layer: every rule of RULES.md speaks every language, in each variant's words."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from engine import messages
from engine.cards import CARDS, Card, Seat, Team, cards_of
from engine.explain import Reason, Step
from engine.messages import (
    DECKS,
    ERROR_CODES,
    LANGUAGES,
    MESSAGE_KEYS,
    VARIANTS,
    card_long_name,
    card_name,
    catalog,
    error_message,
    parse_po,
    render,
    rule_title,
    suit_name,
)
from engine.play import explain_play, explain_trick
from engine.ranking import NO_TRUMP
from engine.variants import rules_for

REPO = Path(__file__).resolve().parents[2]
# CI lays shared/ beside the clone, as on the development machines.
RULES_MD = REPO.parent / "shared" / "RULES.md"
LOCALE = REPO / "locale"

C = Card.parse


def rule_ids() -> list[str]:
    if not RULES_MD.exists():
        raise FileNotFoundError(f"RULES.md not found at {RULES_MD}: shared/ must sit beside the repository")
    families = "play|trick|bid|double|lead|proj|decl|score|penalty"
    ids = re.findall(rf"`((?:{families})\.[a-z0-9.-]+)`", RULES_MD.read_text(encoding="utf-8"))
    return sorted(set(ids))


RULE_IDS = rule_ids()


def variants_of(rule: str) -> tuple[str, ...]:
    """The variants whose explanations can cite ``rule`` (from the ID's family tag)."""
    tag = rule.split(".")[1] if rule.count(".") >= 2 else ""
    return {"sa": ("saudi",), "ma": ("moroccan",), "fr": ("french",)}.get(tag, VARIANTS)


def assert_clean(text: str, what: object) -> None:
    assert text, what
    assert "{" not in text and "}" not in text, (what, text)
    assert messages.MISSING not in text, (what, text)


# ---------------------------------------------------------------- sample params of the emitting modules

KC, QC, SEVEN_C, JH, NINE_H, KH = C("KC"), C("QC"), C("7C"), C("JH"), C("9H"), C("KH")

# Every case of every rule, with the params its module documents (engine/play.py, ...).
SAMPLES: dict[str, list[dict[str, Any]]] = {
    "play.must-follow": [{"suit": 3, "cards": [KC, SEVEN_C]}],
    "play.must-trump": [
        {"trump": 1, "led": 3, "cards": [NINE_H, JH], "winner": Seat.E, "case": "opponent"},
        {"trump": 1, "led": 3, "cards": [NINE_H], "case": "opponent"},
        {"trump": 1, "led": 3, "cards": [NINE_H], "winner": Seat.N, "case": "always"},
    ],
    "play.must-overtrump": [
        {"trump": 1, "card": KH, "cards": [JH], "case": "always"},
        {"trump": 1, "card": KH, "cards": [JH, NINE_H], "case": "opponent"},
    ],
    "play.must-overruff": [
        {"trump": 1, "card": KH, "cards": [JH], "case": "opponent"},
        {"trump": 1, "card": KH, "cards": [JH], "case": "partner"},
    ],
    "play.ekka": [
        {"trump": 1, "led": 3, "cards": [NINE_H], "case": "must-trump", "winner": Seat.N},
        {"trump": 1, "led": 3, "cards": [JH], "case": "overtrump", "card": KH},
    ],
    "play.partner-winning": [{"winner": Seat.N}, {}],
    "trick.win": [
        {"seat": Seat.W, "card": C("7H"), "case": "trump", "suit": 1, "points": 21},
        {"seat": Seat.S, "card": C("AC"), "case": "led", "suit": 3, "points": 1},
        {"card": C("AC"), "case": "led", "suit": 3, "points": 0},
    ],
}


def sample_items() -> list[tuple[str, str, dict[str, Any]]]:
    return [(variant, rule, params) for rule, cases in SAMPLES.items() for params in cases
            for variant in variants_of(rule)]


# ---------------------------------------------------------------- coverage of RULES.md

# Rule families whose messages are written so far; the others follow their modules.
WRITTEN = ("play", "trick")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_of_rules_md_has_a_title_and_a_message(lang: str) -> None:
    own = {msgid for _, msgid in catalog(lang).entries}
    missing = []
    for rule in (r for r in RULE_IDS if r.split(".")[0] in WRITTEN):
        if f"title:{rule}" not in own:
            missing.append(f"title:{rule}")
        if rule not in own and not any(m.startswith(rule + ":") for m in own):
            missing.append(rule)
    assert not missing, f"{lang}: {missing}"


def test_rules_md_is_parsed() -> None:
    assert len(RULE_IDS) >= 50
    assert {"play.must-follow", "score.sa.round-sun", "bid.sa.no-ashkal-round2"} <= set(RULE_IDS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rule_titles_are_translated(lang: str) -> None:
    for rule in RULE_IDS:
        for variant in variants_of(rule):
            title = rule_title(rule, variant, lang)
            assert title.strip() and title != f"title:{rule}", (rule, lang)
            assert "{" not in title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_error_codes_have_messages(lang: str) -> None:
    own = {msgid for _, msgid in catalog(lang).entries}
    for code in ERROR_CODES:
        assert f"error.{code}" in own, (lang, code)
        text = error_message(code, lang, {"field": "hand", "value": "XX", "expected": "8"})
        assert_clean(text, code)


def test_error_params_are_quoted_verbatim() -> None:
    text = error_message("unknown-suit", "en", {"field": "trump", "value": "S"})
    assert "“S”" in text and "South" not in text and "spades" not in text


# ---------------------------------------------------------------- rendering with the documented params

@pytest.mark.parametrize("lang", LANGUAGES)
def test_documented_params_render_cleanly(lang: str) -> None:
    for variant, rule, params in sample_items():
        text = render(Reason(rule, params), variant, lang)
        assert_clean(text, (variant, lang, rule, params))
        assert text != rule
        for deck in DECKS:
            assert_clean(render(Step(rule, params), variant, lang, deck), (variant, lang, rule, deck))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cases_get_their_own_sentences(lang: str) -> None:
    base = {"trump": 1, "card": KH, "cards": [JH]}
    opponent = render(Reason("play.must-overruff", {**base, "case": "opponent"}), "french", lang)
    partner = render(Reason("play.must-overruff", {**base, "case": "partner"}), "french", lang)
    assert opponent != partner


def test_play_reasons_from_random_positions_render_cleanly() -> None:
    rng = random.Random(2026)
    seen: set[str] = set()
    for _ in range(300):
        variant = rng.choice(VARIANTS)
        options = {"ekka": rng.random() < 0.3} if variant == "saudi" else (
            {"always_undertrump": rng.random() < 0.3} if variant == "french" else {})
        rules = rules_for(variant, options)
        trump = rng.choice([0, 1, 2, 3, NO_TRUMP] if variant == "saudi" else [0, 1, 2, 3])
        deck = rng.sample(range(32), 32)
        n = rng.randrange(1, 4)
        leader = Seat(rng.randrange(4))
        trick = [(Seat((leader + i) % 4), CARDS[deck[i]]) for i in range(n)]
        hand = [CARDS[c] for c in deck[n:n + 8]]
        verdict = explain_play(hand, trick, trump, rules, ekka=rng.random() < 0.5)
        reasons = [r for rs in verdict.illegal.values() for r in rs] + verdict.basis
        for r in reasons:
            seen.add(r.rule)
            for lang in LANGUAGES:
                assert_clean(render(r, variant, lang), (variant, lang, r))
        full = trick + [(Seat((leader + i) % 4), CARDS[deck[i + 8]]) for i in range(n, 4)]
        for lang in LANGUAGES:
            assert_clean(render(explain_trick(full, trump).reason, variant, lang), (variant, lang, full))
    assert {"play.must-follow", "play.must-trump", "play.must-overtrump"} <= seen


def test_missing_params_never_raise() -> None:
    for _, msgid in MESSAGE_KEYS:
        for lang in LANGUAGES:
            for variant in VARIANTS:
                text = messages.text(msgid, {}, variant, lang)
                assert text and "{" not in text, (msgid, lang)


def test_unknown_params_are_ignored_and_a_missing_one_is_marked() -> None:
    r = Reason("play.must-follow", {"suit": 3, "cards": [KC], "surplus": 7})
    assert render(r, "french", "en") == "You must follow clubs: you hold K♣."
    assert render(Reason("play.must-follow", {"suit": 3}), "french", "en") == (
        f"You must follow clubs: you hold {messages.MISSING}."
    )


def test_a_broken_template_is_returned_rather_than_raising(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = messages.Catalog({("", "play.must-follow"): "Follow {suit"}, lambda n: int(n != 1))
    monkeypatch.setattr(messages, "catalog", lambda lang: broken)
    assert render(Reason("play.must-follow", {"suit": 0}), "french", "en") == "Follow {suit"


def test_unknown_rule_falls_back_to_its_id_and_unknown_language_to_english() -> None:
    assert render(Reason("play.no-such-rule", {}), "saudi", "ar") == "play.no-such-rule"
    english = render(Reason("play.must-follow", {"suit": 3, "cards": [KC]}), "french", "en")
    assert render(Reason("play.must-follow", {"suit": 3, "cards": [KC]}), "french", "xx") == english
    assert render(Reason("play.must-follow", {"suit": 3, "cards": [KC]}), "french", "fr-CA") != english


def test_json_params_render_like_typed_ones() -> None:
    typed = Reason("play.must-trump", {"trump": 1, "led": 3, "cards": [NINE_H], "winner": Seat.E,
                                       "case": "opponent"})
    as_json = Reason("play.must-trump", {"trump": "H", "led": "C", "cards": ["9H"], "winner": "E",
                                         "case": "opponent"})
    for lang in LANGUAGES:
        assert render(typed, "moroccan", lang) == render(as_json, "moroccan", lang)


# ---------------------------------------------------------------- each variant's own words

def test_play_must_trump_saudi_says_hokm_moroccan_says_atout() -> None:
    params = {"trump": 1, "led": 3, "cards": [NINE_H], "winner": Seat.E, "case": "opponent"}
    saudi = render(Reason("play.must-trump", params), "saudi", "ar")
    moroccan = render(Reason("play.must-trump", params), "moroccan", "ar")
    assert "حكم" in saudi and "أتو" not in saudi
    assert "أتو" in moroccan and "حكم" not in moroccan
    assert "شريا" in saudi  # clubs, in Saudi words


def test_play_must_follow_saudi_arabic_is_in_dialect() -> None:
    params = {"suit": 1, "cards": [JH]}
    assert "لازم" in render(Reason("play.must-follow", params), "saudi", "ar")
    assert "يجب" in render(Reason("play.must-follow", params), "moroccan", "ar")


def test_suit_names_per_variant_and_deck() -> None:
    assert [suit_name(s, "saudi", "ar") for s in range(4)] == ["سبيت", "هاص", "ديمن", "شريا"]
    spanish = [suit_name(s, "moroccan", "ar", "spanish") for s in range(4)]
    assert spanish == ["السيوف", "الكؤوس", "الذهب", "العصي"]
    assert [suit_name(s, "french", "fa") for s in range(4)] == ["پیک", "دل", "خشت", "گشنیز"]
    assert [suit_name(s, "french", "fr") for s in range(4)] == ["pique", "cœur", "carreau", "trèfle"]
    assert suit_name(NO_TRUMP, "saudi", "ar") == "صن"


def test_card_names() -> None:
    assert card_name(KC, "french", "en") == "K♣"
    assert card_name(KC, "french", "fr") == "R♣"
    assert card_long_name(C("QH"), "french", "en") == "queen of hearts"
    assert card_long_name(C("QH"), "french", "fr") == "dame de cœur"
    assert card_long_name(C("QH"), "saudi", "ar") == "بنت هاص"
    assert card_long_name(C("QH"), "french", "fa") == "بی‌بی دل"
    # Spanish deck (RULES.md §6): Q plays as the 11 (caballo), the jack as the 10 (sota), the ten as the 7.
    assert card_name(C("QH"), "moroccan", "ar", "spanish") == "11 من الكؤوس"
    assert card_name(C("JD"), "moroccan", "en", "spanish") == "10 of coins"
    assert card_name(C("TS"), "moroccan", "en", "spanish") == "7 of swords"
    assert card_name(C("7C"), "moroccan", "en", "spanish") == "4 of batons"
    assert card_name(C("AD"), "moroccan", "fr", "spanish") == "1 de oros"


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_card_names_are_unique_and_not_empty(variant: str, lang: str, deck: str) -> None:
    for name in (card_name, card_long_name):
        names = [name(c, variant, lang, deck) for c in CARDS]
        assert all(n.strip() for n in names)
        assert len(set(names)) == 32, (name.__name__, names)
        assert not any("{" in n or messages.MISSING in n for n in names)


def test_seats_and_teams() -> None:
    assert render(Reason("trick.win", {"seat": Seat.N, "card": KC, "case": "led", "suit": 3, "points": 4}),
                  "saudi", "ar").startswith("الشمال")
    assert messages.team_name(Team.EW, "french", "fr") == "Est\u2013Ouest"
    assert messages.text("x", {"teams": {"NS": 74, "EW": 56}}, "", "en") == "x"


def test_lists_in_each_language() -> None:
    cards = [KC, QC, SEVEN_C]
    assert messages.join_list([card_name(c, "", "en") for c in cards], "", "en") == "K♣, Q♣ and 7♣"
    assert messages.join_list([card_name(c, "", "fr") for c in cards[:2]], "", "fr") == "R♣ et D♣"
    assert messages.join_list(["K♣", "7♣"], "saudi", "ar") == "K♣ و7♣"
    assert messages.join_list(["K♣", "7♣"], "", "fa") == "K♣ و 7♣"


def trick_won(points: int) -> Reason:
    return Reason("trick.win", {"seat": Seat.S, "card": C("7S"), "case": "led", "suit": 0, "points": points})


def test_plural_forms_follow_the_catalog() -> None:
    assert render(trick_won(1), "french", "en").endswith("1 card point.")
    assert render(trick_won(2), "french", "en").endswith("2 card points.")
    assert render(trick_won(0), "french", "fr").endswith("0 point.")  # French: 0 and 1 are singular
    assert render(trick_won(2), "french", "fr").endswith("2 points.")
    arabic = catalog("ar").plural
    assert [arabic(n) for n in (0, 1, 2, 3, 11, 100)] == [0, 1, 2, 3, 4, 5]


# ---------------------------------------------------------------- the catalog files

def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "django.po"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_keys_are_marked_for_makemessages(lang: str) -> None:
    """Keys missing from MESSAGE_KEYS would turn obsolete when the site runs makemessages."""
    entries, _ = parse_po(po_path(lang).read_text(encoding="utf-8"))
    engine_keys = {k for k in entries if not k[1][:1].isupper() and " " not in k[1]}
    assert engine_keys <= set(MESSAGE_KEYS), sorted(engine_keys - set(MESSAGE_KEYS))


def test_every_marked_key_is_in_some_catalog() -> None:
    keys: set[tuple[str, str]] = set()
    for lang in LANGUAGES:
        keys |= set(parse_po(po_path(lang).read_text(encoding="utf-8"))[0])
    assert set(MESSAGE_KEYS) <= keys
    assert list(MESSAGE_KEYS) == sorted(MESSAGE_KEYS, key=lambda k: (k.msgid, k.context))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_header(lang: str) -> None:
    _, header = parse_po(po_path(lang).read_text(encoding="utf-8"))
    assert header["language"] == lang
    assert "charset=UTF-8" in header["content-type"]
    assert header["plural-forms"].startswith("nplurals=6" if lang == "ar" else "nplurals=2")
    text = po_path(lang).read_text(encoding="utf-8")
    assert "#, fuzzy" not in text and "#~" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_is_sorted_by_msgid(lang: str) -> None:
    text = po_path(lang).read_text(encoding="utf-8")
    ids = re.findall(r'^(?:msgctxt "([^"]*)"\n)?msgid "(.+)"$', text, re.M)
    engine_ids = [(msgid, ctx) for ctx, msgid in ids]
    assert engine_ids == sorted(engine_ids)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_context_overrides_are_complete(lang: str) -> None:
    """A variant that words one case of a rule its own way words the rule's fallback too."""
    entries = catalog(lang).entries
    for context, msgid in entries:
        if context and ":" in msgid and not msgid.startswith("title:"):
            bare = msgid.split(":")[0]
            if any(m == bare for _, m in entries):
                assert (context, bare) in entries, (lang, context, msgid)


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_msgfmt_compiles_and_the_po_reader_agrees(lang: str, tmp_path: Path) -> None:
    mo = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(mo), str(po_path(lang))], check=True)
    from_mo = messages._mo_catalog(mo)
    from_po = messages._po_catalog(po_path(lang))
    assert from_mo.entries == from_po.entries
    assert [from_mo.plural(n) for n in range(120)] == [from_po.plural(n) for n in range(120)]


def test_a_stale_mo_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    directory = tmp_path / "en" / "LC_MESSAGES"
    directory.mkdir(parents=True)
    po = directory / "django.po"
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "play.must-follow"\nmsgstr "fresh {points}"\n', encoding="utf-8")
    (directory / "django.mo").write_bytes(b"not a catalog")
    import os
    os.utime(directory / "django.mo", (1, 1))
    monkeypatch.setattr(messages, "LOCALE_DIR", tmp_path)
    messages.clear_cache()
    try:
        assert render(Reason("play.must-follow", {"points": 2}), "french", "en") == "fresh 2"
    finally:
        monkeypatch.undo()
        messages.clear_cache()


def test_po_reader_skips_fuzzy_obsolete_and_empty_entries() -> None:
    text = (
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        '#, fuzzy\nmsgid "a"\nmsgstr "A"\n\n'
        '#~ msgid "b"\n#~ msgstr "B"\n\n'
        'msgid "c"\nmsgstr ""\n\n'
        '# comment\nmsgctxt "saudi"\nmsgid "d"\nmsgstr ""\n"line one\\n"\n"\\"two\\""\n'
    )
    entries, header = parse_po(text)
    assert entries == {("saudi", "d"): 'line one\n"two"'}
    assert header["plural-forms"].startswith("nplurals=2")


def test_cards_of_every_suit_render_in_sentences() -> None:
    for lang in LANGUAGES:
        for suit in range(4):
            held = cards_of(0xFF << (8 * suit))
            reason = Reason("play.must-follow", {"suit": suit, "cards": held})
            assert_clean(render(reason, "moroccan", lang, "spanish"), (lang, suit))
