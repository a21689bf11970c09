"""The auction stays in view: every call of the hand, who said it, in order, from the first call
to the last card and in the replay; the contract shown once; the bots' calls brought in one by one."""

import re

import pytest

from engine.cards import cards_of
from engine.hand import Phase
from lessons.practice.state import Table
from tests.site.practice.tools import engine_replay, play_out_hand, post, start


def auction_items(html):
    line = re.search(r'<ol class="[^"]*auction-line[^"]*"[^>]*>(.*?)</ol>', html, re.S)
    assert line is not None, "no auction line on the page"
    return re.findall(r"<li[^>]*>(.*?)</li>", line.group(1), re.S)


def to_the_play(client, game, htmx=False):
    """Make calls (the strongest the learner may) until the cards are played; None if the hand is void."""
    for _ in range(20):
        game.refresh_from_db()
        table = Table(game)
        hand = table.hand
        if hand.phase is Phase.PLAY:
            return table
        if hand.phase in (Phase.VOID, Phase.DONE):
            return None
        if hand.phase is Phase.AUCTION:
            allowed = hand.auction.allowed(cards_of(hand.first.hands[table.learner]))
            word = "hokm" if "hokm" in allowed else "take" if "take" in allowed else allowed[0]
        else:
            word = "pass"
        response = post(client, game, "call", word, htmx=htmx)
        assert response.status_code in (200, 302)
    raise AssertionError("the auction did not end")


def a_hand_in_play(client, variant):
    game = start(client, variant, level="heuristic")
    for _ in range(10):
        table = to_the_play(client, game)
        if table is not None:
            return game, table
        game.refresh_from_db()
        client.post(f"/en/practice/game/{game.pk}/next", {"move": game.move})
    raise AssertionError("every hand was void")


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["saudi", "moroccan", "french"])
def test_the_whole_auction_is_listed_in_order_while_the_cards_are_played(client, variant):
    _, table = a_hand_in_play(client, variant)
    hand = table.hand
    said = [(r.seat, str(r.call)) for r in hand.auction.history]
    if hand.doubling is not None:
        said += [(s, str(w)) for s, w in hand.doubling.history]

    html = client.get(f"/en/practice/{variant}/").text

    items = auction_items(html)
    assert len(items) == len(said)
    for item, (seat, _) in zip(items, said, strict=True):
        assert ["South", "East", "North", "West"][seat] in item
    assert 'data-phase="play"' in html


@pytest.mark.django_db
def test_the_contract_is_shown_once(client):
    a_hand_in_play(client, "saudi")

    html = client.get("/en/practice/saudi/").text
    board = html[html.index('id="practice-board"') :]

    assert board.count("Contract:") + board.count("Contract</span>:") == 1


@pytest.mark.django_db
def test_the_auction_is_in_view_during_the_auction_too(client):
    game = start(client, "saudi", level="heuristic")
    post(client, game, "call", "pass")

    html = client.get("/en/practice/saudi/").text

    game.refresh_from_db()
    calls = [a for a in game.hands[-1]["actions"] if a[0] in ("call", "double")]
    if Table(game).phase is Phase.AUCTION:
        assert "The auction so far" in html
    assert len(auction_items(html)) == len(calls)
    assert "South" in auction_items(html)[0]


@pytest.mark.django_db
def test_the_bots_calls_come_in_one_by_one_after_an_htmx_move_and_all_at_once_without_js(client):
    game = start(client, "saudi", level="heuristic")

    fragment = post(client, game, "call", "pass", htmx=True).text
    page = client.get("/en/practice/saudi/").text

    game.refresh_from_db()
    calls = [a for a in game.hands[-1]["actions"] if a[0] in ("call", "double")]
    # (the learner need not speak first: count only what was said after the learner's own last call)
    last_own = max(i for i, a in enumerate(calls) if a[1] == "S")
    bots_after = len(calls) - 1 - last_own
    new = re.findall(r'class="call-new call-new-(\d)"', fragment)
    if len(game.hands) == 1:  # (everyone passed twice: a new deal, whose calls are not "after" the move)
        assert new == [str(i) for i in range(1, min(bots_after, 8) + 1)]
    assert "call-new" not in page


@pytest.mark.django_db
def test_the_replay_lists_the_auction(client):
    game = start(client, "french", level="heuristic")
    for seed in range(1, 20):
        play_out_hand(client, game, seed=seed)
        game.refresh_from_db()
        if not game.hands[-1]["result"].get("void"):
            break
        client.post(f"/en/practice/game/{game.pk}/next", {"move": game.move})
    hand = engine_replay(game)

    html = client.get(f"/en/practice/game/{game.pk}/hand/{len(game.hands)}/").text

    assert len(auction_items(html)) == len(hand.auction.history)


@pytest.mark.django_db
def test_the_four_players_stay_drawn_while_the_first_card_is_awaited(client):
    a_hand_in_play(client, "saudi")

    html = client.get("/en/practice/saudi/").text

    assert html.count('class="seat seat-') == 4
