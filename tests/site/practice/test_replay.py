"""Replaying a finished hand trick by trick, with who won each trick and why, from the stored actions."""

import re

import pytest

from engine.cards import Team
from lessons.models import PracticeGame
from tests.site.practice.tools import HTMX, engine_replay, play_it_out, play_out_hand, start


def a_scored_hand(client, variant="saudi"):
    game = start(client, variant)
    for seed in range(1, 20):
        play_out_hand(client, game, seed=seed)
        game.refresh_from_db()
        if not game.hands[-1]["result"].get("void"):
            return game, len(game.hands)
        client.post(f"/en/practice/game/{game.pk}/next", {"move": game.move})
    raise AssertionError("every hand was void")


@pytest.mark.django_db
def test_the_score_sheet_links_each_scored_hand_to_its_replay(client):
    game, n = a_scored_hand(client)

    response = client.get("/en/practice/saudi/")

    assert f"/en/practice/game/{game.pk}/hand/{n}/" in response.text


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["saudi", "french"])
def test_each_trick_is_shown_with_its_winner_and_the_rule(client, variant):
    game, n = a_scored_hand(client, variant)
    hand = engine_replay(game)
    tricks = hand.tricks.taken

    pages = [client.get(f"/en/practice/game/{game.pk}/hand/{n}/?trick={k}") for k in range(1, 9)]

    for k, (page, taken) in enumerate(zip(pages, tricks, strict=True), 1):
        assert page.status_code == 200
        winner = {"N": "North", "E": "East", "S": "South", "W": "West"}[str(taken.winner)]
        assert f"Trick {k} of 8: {winner} won it" in page.text
        assert 'data-rule="trick.win"' in page.text
    # The running totals of the last trick are the hand's card points.
    last = pages[-1].text
    totals = [int(v) for v in re.findall(r"<dd>(\d+)</dd>", last)[-2:]]
    assert totals == [hand.tricks.points[Team.NS], hand.tricks.points[Team.EW]]
    assert "How the hand is scored" in last
    assert "+10 for the last trick" in last


@pytest.mark.django_db
def test_the_replay_opens_on_the_first_trick_and_keeps_in_range(client):
    game, n = a_scored_hand(client)

    first = client.get(f"/en/practice/game/{game.pk}/hand/{n}/")
    beyond = client.get(f"/en/practice/game/{game.pk}/hand/{n}/?trick=99")
    nonsense = client.get(f"/en/practice/game/{game.pk}/hand/{n}/?trick=x")

    assert "Trick 1 of 8" in first.text
    assert "Trick 8 of 8" in beyond.text
    assert "Trick 1 of 8" in nonsense.text
    assert "The auction" in first.text


@pytest.mark.django_db
def test_htmx_gets_only_the_trick(client):
    game, n = a_scored_hand(client)

    response = client.get(f"/en/practice/game/{game.pk}/hand/{n}/?trick=2", headers=HTMX)

    assert response.status_code == 200
    assert "<html" not in response.text
    assert 'id="replay-step"' in response.text and "Trick 2 of 8" in response.text


@pytest.mark.django_db
def test_a_position_played_out_is_replayed_too(client, saudi):
    game = play_it_out(client, "sa-follow-1")

    response = client.get(f"/en/practice/game/{game.pk}/hand/1/?trick=3")

    assert response.status_code == 200
    assert "Trick 3 of 3" in response.text
    assert PracticeGame.objects.count() == 1
