"""Hints at the practice table: the suggested choice and its reason, counted, with and without htmx."""

import random
import re

import pytest

from engine.cards import Card, Seat
from lessons.practice.state import Table
from tests.site.practice.tools import HTMX, choice, post, rigged_hand, start


def ask(client, game, htmx=False, move=None, lang="en"):
    game.refresh_from_db()
    data = {"move": game.move if move is None else move}
    return client.post(f"/{lang}/practice/game/{game.pk}/hint", data, headers=HTMX if htmx else {})


@pytest.mark.django_db
def test_it_gives_a_call_and_its_reason_in_the_auction_without_javascript(client):
    game = start(client, "saudi", level="random")

    response = ask(client, game)

    assert response.status_code == 302
    page = client.get(response["Location"]).text
    assert 'id="hint"' in page
    game.refresh_from_db()
    hint = game.hands[-1]["hint"]
    assert hint["kind"] == "call" and hint["reasons"]
    assert game.hands[-1]["hints"] == [hint["at"]]
    assert "Hints used in this hand: 1" in page
    # Every allowed call with what it would likely bring, the suggested one first.
    if len(hint.get("options", {})) > 1:
        assert page.count('class="hint-figure"') == len(hint["options"])
        assert "game points on average" in page and "What each call would likely bring" in page


@pytest.mark.django_db
def test_it_gives_a_card_and_a_reason_with_htmx(client):
    game = start(client, "french", level="random")
    table = rigged_hand(game, lambda hand: True)  # the learner took: the play has begun
    legal = table.hand.legal()

    response = ask(client, game, htmx=True)

    assert response.status_code == 200
    assert 'id="practice-board"' in response.text and 'id="hint"' in response.text
    game.refresh_from_db()
    hint = game.hands[-1]["hint"]
    assert hint["kind"] == "play"
    assert legal >> Card.parse(hint["choice"]) & 1
    assert 'class="hint-reason"' in response.text
    # The suggested card is marked in the hand.
    assert re.search(rf'value="{hint["choice"]}" class="card[^"]* hinted"', response.text)


@pytest.mark.django_db
def test_it_counts_a_decision_once_and_the_hint_goes_with_the_move(client):
    game = start(client, "saudi", level="random")
    ask(client, game)
    ask(client, game)
    game.refresh_from_db()
    assert len(game.hands[-1]["hints"]) == 1

    post(client, game, *choice(game, random.Random(1)))

    game.refresh_from_db()
    page = client.get(f"/en/practice/game/{game.pk}/").text
    if Table(game).learner_to_act():
        assert 'id="hint"' not in page  # the hint was for the decision already made
    assert len(game.hands[-1]["hints"]) == 1


@pytest.mark.django_db
def test_a_stale_move_number_gets_a_message_not_an_error(client):
    game = start(client, "moroccan", level="random")

    response = ask(client, game, move=game.move + 5)

    assert response.status_code == 400
    assert "page was out of date" in response.text
    game.refresh_from_db()
    assert "hints" not in game.hands[-1]


@pytest.mark.django_db
def test_a_hint_when_the_learner_has_nothing_to_decide_gets_a_message(client):
    from tests.site.practice.tools import play_out_hand

    game = start(client, "saudi", level="random")
    play_out_hand(client, game)

    response = ask(client, game)

    assert response.status_code == 400
    assert "That cannot be done now" in response.text


@pytest.mark.django_db
def test_a_damaged_move_number_gets_a_message(client):
    game = start(client, "saudi", level="random")

    response = ask(client, game, move="x")

    assert response.status_code == 400
    assert "move number is damaged" in response.text


@pytest.mark.django_db
def test_a_declaration_hint_names_the_projects_held(client):
    from tests.site.practice.tools import holds

    game = start(client, "saudi", level="random")
    game.coach = {"declare_for_me": "never", "khaysh": False}
    game.hands[-1]["declare_self"] = True
    game.save()
    table = rigged_hand(game, holds(["sira"]))
    game.refresh_from_db()

    response = ask(client, game, htmx=True)

    assert response.status_code == 200
    game.refresh_from_db()
    hint = game.hands[-1]["hint"]
    assert hint["kind"] == "declare" and hint["choice"] == "sira"
    assert "Announce" in response.text
    assert table.learner == Seat.S


@pytest.mark.django_db
def test_the_score_sheet_counts_the_hints_of_each_hand(client):
    from tests.site.practice.tools import play_out_hand

    game = start(client, "saudi", level="random")
    ask(client, game)
    play_out_hand(client, game)
    page = client.get(f"/en/practice/game/{game.pk}/").text
    assert 'id="hand-hints"' in page
    assert '<td data-total="hints">1</td>' in page


# ---------------------------------------------------------------- the sentences

ALL_REASONS = [
    ("hint.forced", {"card": "AS"}),
    ("hint.count-trumps", {"card": "JH", "left": 5}),
    ("hint.cash", {"card": "AS"}),
    ("hint.lead-short", {"card": "JD", "suit": 2}),
    ("hint.lead-long", {"card": "7S", "suit": 0, "count": 4}),
    ("hint.partner-winning", {"card": "7C", "partner": "N", "case": "overtrump"}),
    ("hint.partner-winning", {"card": "7C", "partner": "N", "case": "overtake"}),
    ("hint.partner-winning", {"card": "7C", "partner": "N", "case": "follow"}),
    ("hint.beat-cheap", {"card": "TS", "top": "KS"}),
    ("hint.give-points", {"card": "TS", "partner": "N"}),
    ("hint.ruff", {"card": "7H", "led": 0}),
    ("hint.overruff", {"card": "9H", "seat": "W"}),
    ("hint.win", {"card": "AS"}),
    ("hint.duck", {"card": "9S", "seat": "W", "kept": "AS"}),
    ("hint.low", {"card": "7S"}),
    ("hint.keep-guard", {"card": "8C", "kept": "TS"}),
    ("hint.discard-short", {"card": "8C", "suit": 3}),
    ("hint.lead-partner", {"card": "KD", "partner": "N", "suit": 2}),
    ("hint.force-buyer", {"card": "AD", "seat": "E"}),
    ("hint.lead-through", {"card": "KD", "seat": "W"}),
    ("hint.last-trick", {"card": "AS"}),
    ("hint.unblock", {"card": "AS"}),
    ("hint.belote", {"card": "KH"}),
    ("hint.estimate", {"card": "7S", "samples": 24}),
    ("hint.thumb", {"card": "7S"}),
    ("hint.equal", {"card": "7S"}),
    ("hint.estimate", {"call": "pass", "samples": 24}),
    ("hint.bid-trump", {"call": "hokm", "suit": 1, "cards": ["JH", "9H"], "count": 3, "case": "safer"}),
    ("hint.bid-trump", {"call": "take", "suit": 1, "cards": ["JH", "9H"], "count": 3}),
    ("hint.bid-trump", {"call": "take", "suit": 1, "cards": ["AH"], "count": 4}),
    ("hint.bid-sun", {"call": "sun", "cards": ["AS", "TS"]}),
    ("hint.bid-pass", {"suit": 2}),
    ("hint.bid-pass", {"suit": 2, "cards": ["9D"], "count": 2, "case": "few-trumps"}),
    ("hint.double", {"call": "double", "samples": 20}),
    ("hint.double-pass", {"call": "pass", "samples": 20}),
    ("hint.declare", {"projects": [{"type": "sira", "cards": ["7S", "8S", "9S"]}], "types": ["sira"]}),
    ("hint.declare-none", {}),
    ("hint.belote-later", {"cards": ["KH", "QH"]}),
]

# Reasons only a Saudi table gives (Sun, the doubling).
SAUDI_ONLY = {"hint.double", "hint.double-pass", "hint.bid-sun"}


@pytest.mark.parametrize("lang", ["en", "ar", "fa", "fr"])
@pytest.mark.parametrize("variant", ["saudi", "moroccan", "french"])
def test_every_reason_is_a_whole_sentence_in_each_language(variant, lang):
    from django.utils import translation

    from engine.explain import Reason
    from lessons.practice.display import Say
    from lessons.practice.hints import from_json, sentence
    from tests.site.test_vocabulary import saudi_words_in

    say = Say(variant, lang, "french")
    found = []
    with translation.override(lang):
        for rule, params in ALL_REASONS:
            if variant != "saudi" and (rule in SAUDI_ONLY or params.get("case") == "safer"):
                continue
            if rule == "hint.declare" and variant != "saudi":
                params = {"projects": [{"type": "tierce", "cards": ["7S", "8S", "9S"]}], "types": ["tierce"]}
            text = sentence(Reason(rule, from_json(params)), say)
            assert text and "%(" not in text and "…" not in text, (rule, text)
            if lang != "en":
                assert text.isascii() is False or lang == "fr", (rule, text)  # translated, not English
            if variant != "saudi" and lang != "en":
                words = saudi_words_in(text, variant, lang)
                if words:
                    found.append((rule, words, text))
    assert not found, found


@pytest.mark.parametrize("lang", ["en", "ar", "fa", "fr"])
def test_saudi_baloot_is_said_with_the_second_card_elsewhere_the_first(lang):
    from django.utils import translation

    from engine.explain import Reason
    from lessons.practice.display import Say
    from lessons.practice.hints import from_json, sentence

    reason = Reason("hint.belote-later", from_json({"cards": ["KH", "QH"]}))
    with translation.override(lang):
        saudi = sentence(reason, Say("saudi", lang, "french"))
        french = sentence(reason, Say("french", lang, "french"))
    assert saudi != french


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["sa-follow-1", "sa-follow-2", "sa-winner-1", "sa-bid-1"])
def test_a_puzzle_position_played_out_gets_hints_too(client, saudi, key):
    from lessons.models import PracticeGame

    client.post(f"/en/practice/puzzle/{key}/", {"level": "strong"})
    game = PracticeGame.objects.latest("id")
    if not Table(game).learner_to_act():
        pytest.skip("the position was over before the learner's turn")

    response = ask(client, game, htmx=True)

    assert response.status_code == 200
    assert 'class="hint-reason"' in response.text


@pytest.mark.django_db
def test_the_engine_is_given_only_what_the_learner_sees(client, monkeypatch):
    from engine.advice import Advice
    from engine.bots.view import View
    from lessons.practice import hints

    game = start(client, "french", level="random")
    table = rigged_hand(game, lambda hand: True)
    seen = []

    def spy(view, seed=0, full_history=True):
        seen.append(view)
        return Advice("play", str(Card(view.legal.bit_length() - 1)), ())

    monkeypatch.setattr(hints, "advise", spy)
    ask(client, game)

    [view] = seen
    assert isinstance(view, View) and view.seat == Seat.S
    assert view.hand == table.hand.tricks.hands[Seat.S]  # its own cards, and no other hand
