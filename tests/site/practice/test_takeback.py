"""Taking back the last call or card: at the beginner level only, the learner chooses again."""

import pytest

from engine.cards import Seat
from lessons.practice.state import Table
from tests.site.practice.tools import HTMX, choice, play_out_hand, post, start


def take_back(client, game, htmx=False, move=None):
    game.refresh_from_db()
    data = {"move": game.move if move is None else move}
    return client.post(f"/en/practice/game/{game.pk}/takeback", data, headers=HTMX if htmx else {})


def learner_moves(game):
    return [a for a in game.hands[-1]["actions"] if a[1] == "S"]


@pytest.mark.django_db
def test_it_takes_back_the_learners_call_and_the_bots_answers(client):
    game = start(client, "saudi", level="random")
    post(client, game, "call", "pass")
    game.refresh_from_db()
    assert learner_moves(game)

    response = take_back(client, game)

    assert response.status_code == 302
    game.refresh_from_db()
    assert game.hands[-1]["actions"] == []  # South spoke first: nothing was said before
    assert game.hands[-1]["takebacks"] == 1
    assert "Your turn to speak" in client.get("/en/practice/saudi/").text


@pytest.mark.django_db
def test_it_takes_back_a_card_and_leaves_the_learner_to_play_again(client):
    import random

    game = start(client, "french", level="random")
    rng = random.Random(3)
    for _ in range(60):
        game.refresh_from_db()
        move = choice(game, rng)
        if move is None:
            pytest.skip("the hand ended before a card")
        field, value = move
        post(client, game, field, value)
        if field == "card":
            break
    game.refresh_from_db()
    before = len(game.hands[-1]["actions"])
    kept = [a for a in game.hands[-1]["actions"]]
    last_card = max(i for i, a in enumerate(kept) if a[0] == "play" and a[1] == "S")

    response = take_back(client, game, htmx=True)

    assert response.status_code == 200
    game.refresh_from_db()
    assert game.hands[-1]["actions"] == kept[:last_card]
    assert len(game.hands[-1]["actions"]) < before
    table = Table(game)
    assert table.learner_to_act() and table.hand.to_play == Seat.S
    assert 'id="play-form"' in response.text


@pytest.mark.django_db
@pytest.mark.parametrize("level", ["heuristic", "strong"])
def test_only_the_beginner_level_may_take_back(client, level):
    game = start(client, "saudi", level=level)
    post(client, game, "call", "pass")
    game.refresh_from_db()
    actions = list(game.hands[-1]["actions"])

    response = take_back(client, game)

    assert response.status_code == 400
    assert "take-back" not in client.get("/en/practice/saudi/").text
    game.refresh_from_db()
    assert game.hands[-1]["actions"] == actions


@pytest.mark.django_db
def test_the_button_is_offered_after_a_move_and_a_stale_takeback_changes_nothing(client):
    game = start(client, "saudi", level="random")
    assert 'id="take-back"' not in client.get("/en/practice/saudi/").text  # nothing to take back yet
    post(client, game, "call", "pass")
    game.refresh_from_db()
    stale = game.move - 1

    assert 'id="take-back"' in client.get("/en/practice/saudi/").text
    response = take_back(client, game, move=stale)

    assert response.status_code == 400
    game.refresh_from_db()
    assert learner_moves(game)


@pytest.mark.django_db
def test_an_assigned_game_may_not_be_taken_back(client):
    game = start(client, "saudi", level="random")
    post(client, game, "call", "pass")
    game.refresh_from_db()
    game.setup = {"assigned": True}
    game.save()

    assert not Table(game).may_take_back()


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["saudi", "french"])
def test_a_scored_hand_may_not_be_taken_back(client, variant):
    game = start(client, variant, level="random")
    play_out_hand(client, game)
    game.refresh_from_db()
    assert "result" in game.hands[-1] and not game.finished
    actions = list(game.hands[-1]["actions"])

    assert 'id="take-back"' not in client.get(f"/en/practice/{variant}/").text
    response = take_back(client, game)

    assert response.status_code == 400
    game.refresh_from_db()
    assert game.hands[-1]["actions"] == actions and "result" in game.hands[-1]
