"""Hints at the practice table: the suggested choice and its reason, counted, with and without htmx."""

import random

import pytest

from engine.cards import Card, Seat
from engine.hand import Phase
from lessons.practice.state import Table
from tests.site.practice.tools import HTMX, choice, post, rigged_hand, start


def ask(client, game, htmx=False, move=None, lang="en"):
    game.refresh_from_db()
    data = {"move": game.move if move is None else move}
    return client.post(f"/{lang}/practice/game/{game.pk}/hint", data, headers=HTMX if htmx else {})


def until(game, client, phase, seed=2):
    """Make the learner's moves until it is their turn in ``phase``."""
    rng = random.Random(seed)
    for _ in range(80):
        game.refresh_from_db()
        table = Table(game)
        if table.hand.phase is phase and table.learner_to_act():
            return table
        move = choice(game, rng)
        if move is None:
            return None
        post(client, game, *move)
    return None


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


@pytest.mark.django_db
def test_it_gives_a_card_and_a_reason_with_htmx(client):
    game = start(client, "french", level="random")
    table = until(game, client, Phase.PLAY)
    if table is None:
        pytest.skip("no card to play in this deal")
    legal = table.hand.legal()

    response = ask(client, game, htmx=True)

    assert response.status_code == 200
    assert 'id="practice-board"' in response.text and 'id="hint"' in response.text
    game.refresh_from_db()
    hint = game.hands[-1]["hint"]
    assert hint["kind"] == "play"
    assert legal >> Card.parse(hint["choice"]) & 1
    assert 'class="hint-reason"' in response.text


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
