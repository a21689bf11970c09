"""Hints and the hand review at the découverte table (lessons/practice/decouverte/coach.py): the
card and its principle, from what South sees, and a review that never marks a hinted card."""

from unittest import mock

import pytest

from engine.cards import Card
from lessons.models import HandReview, ReviewStatus
from lessons.practice.decouverte.game import rebuild
from tests.site.practice.test_decouverte import (
    URL,
    assert_nothing_face_down_in,
    play_out,
    post,
    start,
    to_first_card,
)
from tests.site.practice.tools import HTMX

pytestmark = pytest.mark.django_db

SMALL = mock.patch("lessons.practice.decouverte.coach.SAMPLES", 4)


def hint(client, game, htmx=False):
    game.refresh_from_db()
    return client.post(f"/en/practice/french/decouverte/{game.pk}/hint", {"move": game.move},
                       headers=HTMX if htmx else {})  # fmt: skip


@SMALL
def test_a_hint_gives_a_face_up_card_and_its_principle(client):
    game = start(client)
    to_first_card(client, game)
    response = hint(client, game, htmx=True)
    assert response.status_code == 200
    text = response.text
    assert 'id="hint"' in text and "hint-reason" in text
    game.refresh_from_db()
    kept = game.hands[-1]["hint"]
    assert kept["kind"] == "play" and kept["reasons"]
    hand = rebuild(game.hands[-1]).hand
    assert hand.legal() >> Card.parse(kept["choice"]) & 1
    assert f'value="{kept["choice"]}" class="card pile-top' in text and "hinted" in text
    assert_nothing_face_down_in(text, game)
    # Without JavaScript the post comes back to the table, the hint on it; asked twice, counted once.
    again = hint(client, game)
    assert again.status_code == 302
    page = client.get(URL.format(lang="en")).text
    assert 'id="hint"' in page and "Hints used in this hand: 1" in page


@SMALL
def test_following_every_hint_gives_no_mistake_in_the_review(client):
    game = start(client)
    for _ in range(60):
        game.refresh_from_db()
        record = game.hands[-1]
        if "result" in record:
            break
        assert hint(client, game).status_code == 302
        game.refresh_from_db()
        kept = game.hands[-1]["hint"]
        post(client, game, "card" if kept["kind"] == "play" else "call", kept["choice"])
    else:
        raise AssertionError("the hand did not end")
    client.get(URL.format(lang="en"))  # the page asks for the review (run at once in tests)
    row = HandReview.objects.get(game=game, hand=1)
    assert row.status == ReviewStatus.DONE and row.result["judged"] > 0
    assert row.result["cards"] == []
    page = client.get(URL.format(lang="en")).text
    assert "The review found no mistake in your decisions" in page


@SMALL
def test_a_hint_in_the_auction_gives_a_call_and_the_hand_over_none(client):
    game = start(client)
    response = hint(client, game, htmx=True)
    assert response.status_code == 200 and 'id="hint"' in response.text
    game.refresh_from_db()
    kept = game.hands[-1]["hint"]
    assert kept["kind"] == "call" and kept["choice"] in rebuild(game.hands[-1]).auction.calls()
    assert 'class="call hinted"' in response.text
    assert "options" not in kept  # no "made N times in 10" figure: that count is four-player only
    play_out(client, game)
    assert hint(client, game, htmx=True).status_code == 400  # nothing to decide
