"""What the engine's sentences say, word for word where a word was wrong (RULES.md §5, the catalogs).

Named after the rule each sentence explains. The catalogs are read as the site reads them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.auction import new_auction
from engine.cards import CARDS, Card, Seat, Team
from engine.explain import Reason
from engine.messages import LANGUAGES, card_definite_name, parse_po, render
from engine.play import explain_play
from engine.projects import count_projects, explain_split
from engine.ranking import NO_TRUMP
from engine.scoring import HandFacts, score_hand
from engine.variants import rules_for

NS, EW = Team.NS, Team.EW
S, H, D, C = range(4)
SAUDI, MOROCCAN = rules_for("saudi"), rules_for("moroccan")
LOCALE = Path(__file__).resolve().parents[2] / "locale"


def saudi_hand(trump: int, buyer_points: int, tricks: tuple[int, int] = (5, 3), **kw: object) -> list[str]:
    """The English steps of a Saudi hand where NS bought and took ``buyer_points``."""
    total = 130 if trump == NO_TRUMP else 162
    facts = HandFacts(SAUDI, trump, NS, {NS: buyer_points, EW: total - buyer_points},
                      {NS: tricks[0], EW: tricks[1]}, **kw)  # type: ignore[arg-type]
    return [render(s, "saudi", "en") for s in score_hand(facts).steps]


def test_score_sa_kaboot_doubled_projects_are_shown_multiplied() -> None:
    # One Sira (2) in a doubled Hokm Kaboot: 25 + 2 × 2, not "25, plus 4 for projects".
    (text,) = saudi_hand(S, 162, (8, 0), projects=[(NS, 2)], counted_team=NS, multiplier=2)
    assert "2 × 2 = 4" in text and "never multiplied" in text and text.endswith("score nothing.")
    # The same in Sun (44, a Sira is 4 there): and no Baloot to mention.
    (text,) = saudi_hand(NO_TRUMP, 130, (8, 0), projects=[(NS, 4)], counted_team=NS, multiplier=2)
    assert "44" in text and "4 × 2 = 8" in text and "Baloot" not in text


def test_score_sa_buyer_wins_doubled_hand_is_not_split() -> None:
    steps = saudi_hand(H, 120, multiplier=2)
    buyer_wins = next(t for t in steps if t.startswith("The buyers"))
    assert "each team scores its total" not in buyer_wins
    assert "not shared" in buyer_wins
    undoubled = saudi_hand(H, 120)
    assert any("each team scores its total" in t for t in undoubled)


def test_score_sa_failure_in_sun_mentions_no_baloot() -> None:
    steps = saudi_hand(NO_TRUMP, 40)
    for lang, word in (("en", "Baloot"), ("ar", "البلوت"), ("fa", "بلوت"), ("fr", "Baloot")):
        facts = HandFacts(SAUDI, NO_TRUMP, NS, {NS: 40, EW: 90}, {NS: 3, EW: 5})
        failure = [s for s in score_hand(facts).steps if s.rule == "score.sa.failure"]
        assert word not in render(failure[0], "saudi", lang), lang
    assert any("fail" in t for t in steps)


def test_score_sa_round_sun_a_value_ending_in_5_stays() -> None:
    (text, *_) = saudi_hand(NO_TRUMP, 75)
    assert "stays as it is" in text and "rounded to 75" not in text


def test_score_sa_game_both_teams_past_152_say_so_and_who_has_more() -> None:
    steps = saudi_hand(H, 100, game_score={NS: 150, EW: 148})
    assert steps[-1] == ("Both teams passed 152 on this hand; North–South have more "
                         "(North–South 160, East–West 154) and win the game.")


def test_score_ma_litige_keeps_the_belote_only_when_the_takers_hold_it() -> None:
    def litige(belote: Team | None) -> str:
        facts = HandFacts(MOROCCAN, H, NS, {NS: 81, EW: 81}, {NS: 4, EW: 4}, belote=belote)
        steps = score_hand(facts).steps
        return next(render(s, "moroccan", "en") for s in steps if s.rule == "score.ma.litige")

    assert "belote" not in litige(None)
    assert "belote" not in litige(EW)
    assert "the takers keep their belote" in litige(NS)


def test_bid_sa_redeal_without_a_hand_says_none_was_given() -> None:
    rules = rules_for("saudi", {"redeal_worthless_hand": True})
    auction = new_auction(rules, Seat.N, Card.parse("7H"))
    (reason,) = auction.refusals()["redeal"]
    assert "no hand was given" in render(reason, "saudi", "en")
    hand = [Card.parse(c) for c in ["AS", "KS", "7D", "8D", "9C"]]
    (reason,) = auction.refusals(hand)["redeal"]
    text = render(reason, "saudi", "en")
    assert "no hand was given" not in text and "A♠" in text


def test_play_must_overtrump_saudi_says_a_trump_was_led() -> None:
    # West (an opponent) led the 9 of trumps; East holds a higher trump and a lower one.
    hand = [Card.parse(c) for c in ["7S", "JS", "8H"]]
    verdict = explain_play(hand, [(Seat.W, Card.parse("9S"))], S, SAUDI)
    reasons = verdict.illegal[Card.parse("7S")]
    texts = [render(r, "saudi", "en") for r in reasons if r.rule == "play.must-overtrump"]
    assert texts and all(t.startswith("A trump was led") for t in texts)


def test_proj_sa_one_team_english_team_names_take_a_plural_verb() -> None:
    declared = {Seat.N: explain_split_projects("QH KH AH")}
    counting = count_projects(SAUDI, H, Seat.W, declared)
    text = render(counting.steps[0], "saudi", "en")
    assert text.startswith("Only North–South have projects: they count")


def explain_split_projects(cards: str) -> list:  # type: ignore[type-arg]
    from engine.projects import best_split

    return best_split([Card.parse(c) for c in cards.split()], SAUDI, H)


def test_proj_sa_declare_best_split_steps_do_not_contradict_each_other() -> None:
    steps = [render(s, "saudi", "en") for s in explain_split(
        [Card.parse(c) for c in ["7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD"]], SAUDI, H)]
    assert not any("the best other split" in t for t in steps)
    tie = next(t for t in steps if t.startswith("The same cards"))
    # Both splits are shown project by project.
    assert "Hundred (7♦, 8♦, 9♦, 10♦ and J♦) and Sira (Q♦, K♦ and A♦)" in tie


def test_bid_ma_forced_jack_arabic_names_the_jack() -> None:
    reason = Reason("bid.ma.forced-jack", {"card": Card.parse("JH"), "seat": Seat.W})
    text = render(reason, "moroccan", "ar")
    # The Moroccan seed's words: the jack is الـ10 (J on a French face), never the Gulf «ولد».
    assert "الـ10" in text and "J♥" in text
    assert "ولد" not in text


# ---------------------------------------------------------------- French: articles and typography


@pytest.mark.parametrize("deck", ["french", "spanish"])
def test_french_card_names_take_their_article(deck: str) -> None:
    for card in CARDS:
        name = card_definite_name(card, "french" if deck == "french" else "moroccan", "fr", deck)
        rank = card.rank
        if rank == 7:  # the ace: elided
            assert name.startswith("l'as de "), name
        elif rank == 5 and deck == "french":  # the queen
            assert name.startswith("la dame de "), name
        else:
            assert name.startswith("le "), name
    assert card_definite_name(Card.parse("QC"), "french", "fr") == "la dame de trèfle"
    assert card_definite_name(Card.parse("AS"), "french", "fr") == "l'as de pique"
    assert card_definite_name(Card.parse("KH"), "french", "fr") == "le roi de cœur"
    assert card_definite_name(Card.parse("QC"), "french", "en") == "the queen of clubs"


def test_french_catalog_has_no_article_glued_to_a_card_name() -> None:
    text = (LOCALE / "fr" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    entries, _ = parse_po(text)
    for (_, msgid), msgstr in entries.items():
        assert not re.search(r"\b(le|la|l')\s*(%\(card\)s|\{card(:long)?\})", msgstr), (msgid, msgstr)


def test_french_typography_a_no_break_space_before_double_punctuation() -> None:
    entries, _ = parse_po((LOCALE / "fr" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"))
    for (_, msgid), msgstr in entries.items():
        plain = re.sub(r"\{[^}]*\}|%\([a-z_]+\)[sd]|https?://\S+", "X", msgstr)
        for m in re.finditer(r"(.)([:;!?»])", plain):
            if m.group(2) == "»" or m.group(1) != "\u00a0":
                assert m.group(1) in "\u00a0\u202f", (msgid, msgstr)


def test_french_catalog_addresses_the_reader_as_vous() -> None:
    # The site says «vous» to its French reader, on every page and in every message.
    entries, _ = parse_po((LOCALE / "fr" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"))
    familiar = re.compile(r"\b(?:tu|toi|ton|ta|tes)\b|\bt[’']", re.IGNORECASE)
    found = [(msgid, text) for (_, msgid), text in entries.items() if familiar.search(text)]
    assert found == []


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "over 1 deal that fits"), ("fr", "sur 1 donne compatible")]
)
def test_coach_verdict_over_a_single_deal_says_it_in_the_singular(lang: str, said: str) -> None:
    # Late in a hand every card is known: the evaluator samples the one deal that is left.
    verdict = Reason("coach.best", {"card": Card.parse("7H"), "seat": Seat.W, "value": 0, "samples": 1})
    assert said in render(verdict, "french", lang)


# ---------------------------------------------------------------- one spelling per word


def test_play_ekka_one_spelling_in_the_engine_and_the_lessons() -> None:
    # Seed 002 calls it «أكه»; «إكة» is the Ace (RULES.md §6), so the call is never spelt like it.
    ar, _ = parse_po((LOCALE / "ar" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"))
    assert "أكه" in ar[("", "title:play.ekka")]
    lesson = (Path(__file__).resolve().parents[2] / "lessons" / "content" / "saudi"
              / "14-ekka-and-penalties.yaml").read_text(encoding="utf-8")
    for wrong in ("عادة الإكة", "قال إكة", "قال «إكة»", "تعتبر إكة"):
        assert wrong not in lesson


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_entry_of_the_engine_has_its_text(lang: str) -> None:
    entries, _ = parse_po((LOCALE / lang / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"))
    assert ("", "card.definite") in entries


def test_picture_cards_named_in_words_in_arabic_and_persian_sentences() -> None:
    from engine.messages import card_name

    king, queen = Card.parse("KC"), Card.parse("QH")
    assert card_name(king, "saudi", "ar") == "شايب♣"
    assert card_name(queen, "saudi", "ar") == "بنت♥"
    assert card_name(queen, "moroccan", "ar") == "ملكة♥"
    assert card_name(king, "french", "fa") == "شاه♣"
    assert card_name(king, "french", "fr") == "R♣"  # French keeps its printed index
    assert card_name(Card.parse("9S"), "saudi", "ar") == "9♠"


@pytest.mark.parametrize(("variant", "cards", "said"), [
    ("saudi", "7H 8H 9H", "elle compte son projet (Sira), 2 en tout"),
    ("saudi", "7H 8H 9H TD JD QD", "elle compte ses projets (Sira et Sira), 4 en tout"),
    ("french", "7H 8H 9H", "elle compte son annonce (tierce), 20 points en tout"),
    ("moroccan", "7H 8H 9H KD QD JD TD", "elle compte ses annonces (quarte et tierce), 70 points en tout"),
])
def test_proj_sa_one_team_and_decl_best_french_agree_with_the_team(
    variant: str, cards: str, said: str
) -> None:
    # «Seule l'équipe Nord–Sud a des projets : elle compte son projet (Sira)», not "ils comptent tous".
    rules = rules_for(variant)
    declared = {Seat.N: best_split_of(cards, rules)}
    counting = count_projects(rules, H, Seat.W, declared)
    text = render(counting.steps[0], variant, "fr")
    assert said in text and "tous" not in text and "toutes" not in text, text


def best_split_of(cards: str, rules: object) -> list:  # type: ignore[type-arg]
    from engine.projects import best_split

    return best_split([Card.parse(c) for c in cards.split()], rules, H)  # type: ignore[arg-type]


def test_saudi_rules_in_french_say_acheteur_as_the_saudi_course_does() -> None:
    # The Saudi course's French buys («l'acheteur»); «preneur» is French Belote's taker.
    entries, _ = parse_po((LOCALE / "fr" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"))
    saudi = [(ctx, msgid, text) for (ctx, msgid), text in entries.items()
             if ctx == "saudi" or ".sa." in msgid or msgid.removeprefix("title:").startswith("double.")]
    assert saudi and not [s for s in saudi if "preneu" in s[2]], [s for s in saudi if "preneu" in s[2]][:3]
    assert any("acheteur" in text for _, _, text in saudi)
