"""Tampered, stale or impossible moves at the practice table: a 400 with a clear message, never a 500."""

import random

import pytest

from engine.cards import CARDS, Seat, cards_of
from engine.hand import Phase
from lessons.models import PracticeGame
from lessons.practice.state import Table, new_record
from tests.site.practice.tools import HTMX, choice, post, start


def to_first_card(client, game, seed=3):
    """Make calls until the learner's first card (a void hand is dealt again)."""
    rng = random.Random(seed)
    for _ in range(100):
        game.refresh_from_db()
        if "result" in game.hands[-1]:
            client.post(f"/en/practice/game/{game.pk}/next", {"move": game.move})
            continue
        field, value = choice(game, rng)
        if field == "card":
            return
        post(client, game, field, value)
    raise AssertionError("no card to play")


def a_card_not_in_hand(game):
    table = Table(game)
    held = table.learner_cards()
    return str(next(c for c in CARDS if not held >> c & 1))


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"card": "ZZ"}, "That is not a card."),
        ({"card": "NOT-IN-HAND"}, "That card is not in your hand."),
        ({"card": "VALID", "move": "abc"}, "move number is damaged"),
        ({"card": "VALID", "move": "-1"}, "move number is damaged"),
        ({"card": "VALID", "move": None}, "has no move number"),
        ({"card": "VALID", "move": "STALE"}, "already made, or the page was out of date"),
        ({"card": ""}, "Choose a card of your hand."),
    ],
)
def test_a_bad_card_post_is_answered_with_400_and_a_message(client, data, message, htmx):
    game = start(client, "french")
    to_first_card(client, game)
    game.refresh_from_db()
    legal = str(cards_of(Table(game).hand.legal())[0])
    values = {"VALID": legal, "NOT-IN-HAND": a_card_not_in_hand(game), "STALE": str(game.move + 7)}
    form = {"move": game.move, **{k: values.get(v, v) for k, v in data.items() if v is not None}}
    if data.get("move", "") is None:
        del form["move"]
    before = game.hands

    response = client.post(f"/en/practice/game/{game.pk}/play", form, headers=HTMX if htmx else {})

    game.refresh_from_db()
    assert response.status_code == 400
    assert message in response.text
    assert ("<html" in response.text) is not htmx
    assert game.hands == before


@pytest.mark.django_db
def test_a_call_that_is_not_a_call_is_answered_with_400(client):
    game = start(client, "saudi")

    response = post(client, game, "call", "<script>")

    assert response.status_code == 400
    assert "That is not a call of this game." in response.text
    assert "<script>" not in response.text


@pytest.mark.django_db
def test_a_card_during_the_auction_and_a_call_during_the_play_are_refused(client):
    game = start(client, "saudi")
    during_auction = post(client, game, "card", "7H")
    to_first_card(client, game)

    during_play = post(client, game, "call", "pass")

    assert during_auction.status_code == 400
    assert "the hand is at another stage" in during_auction.text
    assert during_play.status_code == 400
    assert "the hand is at another stage" in during_play.text


@pytest.mark.django_db
def test_a_move_out_of_turn_is_refused(client):
    client.get("/en/practice/")
    # A game stored while East is to speak (South dealt): nothing was asked of the bots yet.
    record = new_record(dealer=Seat.S)
    game = PracticeGame.objects.create(
        session_key=client.session.session_key, variant="saudi", level="random", hands=[record]
    )

    response = post(client, game, "call", "pass")

    assert response.status_code == 400
    assert "It is not your turn." in response.text


@pytest.mark.django_db
def test_a_move_after_the_hand_is_over_is_refused(client):
    game = start(client, "french")
    rng = random.Random(1)
    while "result" not in game.hands[-1]:
        field, value = choice(game, rng)
        post(client, game, field, value)
        game.refresh_from_db()

    response = post(client, game, "card", "7H")

    assert response.status_code == 400
    assert "the hand is at another stage" in response.text


@pytest.mark.django_db
def test_someone_elses_game_is_not_found(client):
    from django.test import Client

    game = start(Client(), "saudi")

    assert post(client, game, "call", "pass").status_code == 404
    assert client.get(f"/en/practice/game/{game.pk}/").status_code == 404
    assert client.get(f"/en/practice/game/{game.pk}/why").status_code == 404
    assert client.get(f"/en/practice/game/{game.pk}/hand/1/").status_code == 404


@pytest.mark.django_db
def test_pages_that_do_not_exist_are_not_found(client):
    game = start(client, "saudi")

    assert client.get("/en/practice/chess/").status_code == 404
    assert client.post("/en/practice/chess/new", {"level": "random"}).status_code == 404
    assert client.get(f"/en/practice/game/{game.pk}/hand/1/").status_code == 404  # not finished yet
    assert client.get(f"/en/practice/game/{game.pk}/hand/9/").status_code == 404
    assert client.get("/en/practice/puzzle/no-such-puzzle/").status_code == 404


@pytest.mark.django_db
def test_moves_must_be_posted(client):
    game = start(client, "saudi")

    assert client.get(f"/en/practice/game/{game.pk}/play").status_code == 405
    assert client.get(f"/en/practice/game/{game.pk}/call").status_code == 405
    assert client.get(f"/en/practice/game/{game.pk}/next").status_code == 405


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"level": "grandmaster"}, "Choose the level of the bots."),
        ({"level": "random", "target": "7"}, "Choose one of the game lengths offered."),
    ],
)
def test_a_bad_new_game_form_is_answered_with_400(client, data, message):
    response = client.post("/en/practice/saudi/new", data)

    assert response.status_code == 400
    assert message in response.text
    assert PracticeGame.objects.count() == 0


@pytest.mark.django_db
def test_a_stored_game_the_engine_cannot_replay_is_closed_and_a_new_one_offered(client):
    game = start(client, "saudi")
    game.hands[0]["actions"] = [["play", "S", "AS"]]  # a card in the middle of the auction
    game.save()

    page = client.get("/en/practice/saudi/")
    move = client.post(f"/en/practice/game/{game.pk}/call", {"call": "pass", "move": game.move})

    game.refresh_from_db()
    assert page.status_code == 200
    assert "could not be restored" in page.text
    assert game.finished
    assert move.status_code == 200 and 'name="level"' in move.text


@pytest.mark.django_db
def test_why_when_it_is_not_the_learners_turn_to_play_says_so(client):
    game = start(client, "saudi")

    response = client.get(f"/en/practice/game/{game.pk}/why", headers=HTMX)

    assert response.status_code == 200
    assert "nothing to explain now" in response.text
    assert Table(PracticeGame.objects.get()).hand.phase is Phase.AUCTION
