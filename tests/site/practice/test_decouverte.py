"""Two-player Belote découverte at the practice table (lessons/practice/decouverte/game.py): the
auction and sixteen tricks against the bot through the pages, each trick explained, the score
as the engine gives it, and nothing of a face-down card ever sent to the browser."""

import random
import re
from unittest import mock

import pytest

from engine.auction import Contract
from engine.cards import CARDS, Card, Seat, cards_of
from engine.decouverte import DecouverteAuction, DecouverteHand, deal_decouverte
from engine.messages import card_long_name
from lessons.models import PracticeGame
from lessons.practice.decouverte.game import DecouverteTable, rebuild
from tests.site.practice.tools import HTMX

pytestmark = pytest.mark.django_db

URL = "/{lang}/practice/french/decouverte/"


def start(client, lang="en", seed=7):
    with mock.patch("lessons.practice.state.secrets.randbelow", lambda _: seed):
        response = client.post(URL.format(lang=lang) + "new")
    assert response.status_code == 302 and response["Location"] == URL.format(lang=lang)
    return PracticeGame.objects.latest("id")


def post(client, game, field, value, move=None, htmx=False, lang="en"):
    game.refresh_from_db()
    action = {"card": "play", "call": "call"}.get(field, field)
    data = {"move": game.move if move is None else move}
    if field in ("card", "call"):
        data[field] = value
    return client.post(
        f"/{lang}/practice/french/decouverte/{game.pk}/{action}", data, headers=HTMX if htmx else {}
    )


def choice(game, rng, take=True):
    """A move the learner may make now, from the engine: ("call", word) or ("card", code)."""
    game.refresh_from_db()
    d = rebuild(game.hands[-1])
    if d.hand is None:
        calls = d.auction.calls()
        buying = [c for c in calls if c != "pass"]
        return "call", (buying[0] if take and buying else rng.choice(calls))
    return "card", str(CARDS[rng.choice(cards_of(d.hand.legal()))])


def face_down(game):
    d = rebuild(game.hands[-1])
    table = d.hand.table if d.hand is not None else d.deal.table
    return cards_of(table.face_down(Seat.S) | table.face_down(Seat.N))


def assert_nothing_face_down_in(text, game, lang="en"):
    for card in face_down(game):
        assert f'value="{card}"' not in text and f'"{card}"' not in text, card
        assert card_long_name(card, "french", lang) not in text, card


def play_out(client, game, seed=1, htmx=False, lang="en", check=None):
    rng = random.Random(seed)
    response = None
    for _ in range(60):
        game.refresh_from_db()
        if "result" in game.hands[-1]:
            return response
        field, value = choice(game, rng)
        response = post(client, game, field, value, htmx=htmx, lang=lang)
        assert response.status_code in (200, 302), response.text[:2000]
        if check is not None:
            check(client.get(URL.format(lang=lang)).text)
    raise AssertionError("the hand did not end")


def engine_score(record):
    """The stored hand replayed straight through the engine (not through the site's code)."""
    dealer = Seat.parse(record["dealer"])
    deal = deal_decouverte(dealer, deck=[Card.parse(c) for c in record["deck"]])
    auction = DecouverteAuction(dealer, deal.bidding_card)
    hand = None
    for kind, seat, value in record["actions"]:
        if kind == "call":
            auction = auction.call(value, Seat.parse(seat))
            if isinstance(auction.result, Contract):
                hand = DecouverteHand(deal, auction.result.trump, auction.result.taker)
        else:
            assert hand is not None and hand.to_play == Seat.parse(seat)
            hand.play(Card.parse(value))
    assert hand is not None and hand.is_over()
    return hand.score()


def test_the_french_practice_pages_offer_decouverte(client):
    for url in ("/en/practice/", "/en/practice/french/"):
        page = client.get(url)
        assert page.status_code == 200 and 'href="/en/practice/french/decouverte/"' in page.text, url
    page = client.get(URL.format(lang="en"))
    assert page.status_code == 200 and 'id="start-decouverte"' in page.text
    assert 'href="/en/learn/french/belote-decouverte/1/"' in page.text
    assert "/en/practice/french/decouverte/" not in client.get("/en/practice/saudi/").text


def test_it_deals_sixteen_piles_and_the_learner_speaks_first(client):
    game = start(client)
    record = game.hands[0]
    assert record["dealer"] == "N" and record["actions"] == [] and game.setup == {"kind": "decouverte"}
    page = client.get(URL.format(lang="en"))
    assert page.status_code == 200 and 'data-phase="auction"' in page.text
    assert page.text.count('class="card card-back"') == 16
    assert 'id="call-form"' in page.text and 'value="take"' in page.text
    assert_nothing_face_down_in(page.text, game)


def test_it_plays_a_whole_hand_explains_every_trick_and_scores_it_like_the_engine(client):
    game = start(client)
    pages = []
    response = play_out(client, game, htmx=True, check=pages.append)
    game.refresh_from_db()
    record = game.hands[-1]
    score = engine_score(record)
    assert record["result"]["points"] == {"S": score.points[Seat.S], "N": score.points[Seat.N]}
    assert record["result"]["result"] == score.result
    page = client.get(URL.format(lang="en")).text
    # Sixteen tricks, each with both cards explained, who won it and why.
    assert len(re.findall(r'class="dc-trick-item" data-trick="\d+"', page)) == 16
    assert page.count('class="dc-play') >= 32 and page.count('data-rule="trick.win"') >= 16
    assert "+10 for the last trick" in page
    # The score, its step, and the sheet.
    steps = re.findall(r'<ol class="score-steps">.*?</ol>', page, re.S)[0]
    assert re.findall(r'data-rule="([^"]+)"', steps) == [s.rule for s in score.steps]
    assert [int(x) for x in re.findall(r"<dd data-seat-points>(\d+)</dd>", page)] == [
        score.points[Seat.S],
        score.points[Seat.N],
    ]
    assert 'id="next-hand"' in page
    assert response.status_code == 200 and "<html" not in response.text  # htmx: the board alone
    # Every page of the hand: no face-down card, whoever's (checked against each state's own).
    assert len(pages) >= 16


def test_no_page_of_the_hand_names_a_face_down_card(client):
    game = start(client, seed=11)
    rng = random.Random(3)
    for _ in range(40):
        game.refresh_from_db()
        if "result" in game.hands[-1]:
            break
        page = client.get(URL.format(lang="en"))
        assert_nothing_face_down_in(page.text, game)
        field, value = choice(game, rng)
        response = post(client, game, field, value, htmx=True)
        game.refresh_from_db()
        assert_nothing_face_down_in(response.text, game)
    else:
        raise AssertionError("the hand did not end")


def to_first_card(client, game):
    rng = random.Random(5)
    for _ in range(10):
        field, value = choice(game, rng)
        if field == "card":
            return
        post(client, game, field, value)
    raise AssertionError("no card to play")


def test_a_tampered_card_is_a_400_that_tells_nothing_of_where_it_lies(client):
    game = start(client)
    to_first_card(client, game)
    game.refresh_from_db()
    move = game.move
    table = DecouverteTable(game)
    hand = table.now.hand
    mine_down = cards_of(hand.table.face_down(Seat.S))[0]
    bots_up = cards_of(hand.table.face_up(Seat.N))[0]
    answers = []
    for code in (str(mine_down), str(bots_up)):
        response = post(client, game, "card", code)
        assert response.status_code == 400
        assert "That card is not one of your face-up cards." in response.text
        assert 'data-rule="play.fr2.face-up"' in response.text
        answers.append(response.text.replace(code, "").count("face-up"))
        # The refusal names the card posted, and no other face-down card.
        for card in face_down(game):
            if str(card) != code:
                assert f'"{card}"' not in response.text
                assert card_long_name(card, "french", "en") not in response.text
    assert answers[0] == answers[1]
    response = post(client, game, "card", "ZZ")
    assert response.status_code == 400 and "That is not a card." in response.text
    response = post(client, game, "card", "")
    assert response.status_code == 400 and "Choose one of your face-up cards." in response.text
    response = post(client, game, "call", "pass")
    assert response.status_code == 400 and "the hand is at another stage" in response.text
    response = post(client, game, "card", str(CARDS[cards_of(hand.legal())[0]]), move="x")
    assert response.status_code == 400
    game.refresh_from_db()
    assert game.move == move


def test_a_card_the_rules_refuse_is_explained_and_changes_nothing(client):
    # Deal until the learner, second to play, holds a face-up card the rules refuse.
    for seed in range(60):
        PracticeGame.objects.all().delete()
        game = start(client, seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            field, value = choice(game, rng)
            if field == "card":
                hand = DecouverteTable(game).now.hand
                refused = cards_of(hand.table.face_up(Seat.S) & ~hand.legal())
                if hand.trick and refused:
                    move = game.move
                    response = post(client, game, "card", str(refused[0]))
                    assert response.status_code == 200 and 'id="refusal"' in response.text
                    assert re.search(r'data-rule="play\.must-(follow|trump|overtrump)"', response.text)
                    game.refresh_from_db()
                    assert game.move == move
                    return
            if "result" in game.hands[-1]:
                break
            post(client, game, field, value)
    raise AssertionError("no deal gave a card to refuse")


def test_a_call_the_rules_refuse_is_explained(client):
    game = start(client, seed=0)  # a deal where the bot passes too: the second round
    assert post(client, game, "call", "pass").status_code == 302
    game.refresh_from_db()
    assert game.hands[-1]["actions"] == [["call", "S", "pass"], ["call", "N", "pass"]]
    suit = game.hands[-1]["deck"][31][-1]
    response = post(client, game, "call", f"take:{suit}")
    assert response.status_code == 200 and 'data-rule="bid.fr.second-suit"' in response.text
    response = post(client, game, "call", "sun")
    assert response.status_code == 400 and "That is not a call of this game." in response.text


def test_a_card_posted_twice_is_played_once(client):
    game = start(client)
    to_first_card(client, game)
    game.refresh_from_db()
    move, played = game.move, len(game.hands[-1]["actions"])
    card = choice(game, random.Random(1))[1]
    first = post(client, game, "card", card, move=move)
    second = post(client, game, "card", card, move=move)
    assert first.status_code == 302
    assert second.status_code == 400 and "This move was already made" in second.text
    game.refresh_from_db()
    assert game.move == move + 1
    assert [a for a in game.hands[-1]["actions"][played:] if a[1] == "S"] == [["play", "S", card]]


def test_the_next_hand_is_dealt_by_the_other_player_and_the_sheet_adds_up(client):
    game = start(client)
    play_out(client, game)
    game.refresh_from_db()
    first = game.hands[0]["result"]
    assert post(client, game, "next", "").status_code == 302
    game.refresh_from_db()
    assert len(game.hands) == 2
    assert game.hands[1]["dealer"] == ("S" if not first.get("void") else first["next_dealer"])
    assert game.hands[1]["game_score"] == first["game"]
    page = client.get(URL.format(lang="en")).text
    assert f'data-total="S">{first["game"]["S"]}<' in page


def test_the_four_player_pages_do_not_know_a_decouverte_game(client):
    game = start(client)
    assert client.get(f"/en/practice/game/{game.pk}/").status_code == 404
    assert client.post(f"/en/practice/game/{game.pk}/call", {"move": 0, "call": "pass"}).status_code == 404
    page = client.get("/en/practice/french/")
    assert page.status_code == 200 and 'form class="new-game"' in page.text
    game.refresh_from_db()
    assert game.hands[0]["dealer"] == "N" and not game.finished


def test_another_learners_game_is_not_found(client, django_user_model):
    game = start(client)
    other = django_user_model.objects.create_user("other", password="pw-12345678")
    client.force_login(other)
    assert post(client, game, "call", "pass").status_code == 404


def test_a_new_game_leaves_the_old_one(client):
    first = start(client)
    second = start(client, seed=8)
    first.refresh_from_db()
    assert first.finished and not second.finished
    assert f"/decouverte/{second.pk}/" in client.get(URL.format(lang="en")).text


@pytest.mark.parametrize("lang", ["ar", "fa"])
def test_the_table_reads_right_to_left(client, lang):
    start(client, lang=lang)
    page = client.get(URL.format(lang=lang))
    assert page.status_code == 200 and 'dir="rtl"' in page.text


@pytest.mark.parametrize("lang", ["ar", "fa", "fr"])
def test_the_decouverte_pages_use_no_saudi_word(client, lang):
    from tests.site.test_vocabulary import saudi_words_in, visible_text

    url = URL.format(lang=lang)
    pages = {"start": client.get(url).text}
    game = start(client, lang=lang, seed=0)  # the bot passes: the second round's calls are shown too
    pages["auction"] = client.get(url).text
    post(client, game, "call", "pass", lang=lang)
    pages["second round"] = client.get(url).text
    game.refresh_from_db()
    suit = game.hands[-1]["deck"][31][-1]
    pages["refused call"] = post(client, game, "call", f"take:{suit}", lang=lang).text
    play_out(client, game, lang=lang, check=lambda text: pages.setdefault("play", text))
    pages["scored"] = client.get(url).text
    found = {name: saudi_words_in(visible_text(text), "french", lang) for name, text in pages.items()}
    assert not any(found.values()), found


def test_the_french_course_lesson_on_decouverte_ends_at_the_decouverte_table(client):
    from io import StringIO

    from django.core.management import call_command

    call_command("load_curriculum", stdout=StringIO(), stderr=StringIO())
    for lang in ("en", "ar", "fa", "fr"):
        first = client.get(f"/{lang}/learn/french/belote-decouverte/1/")
        assert first.status_code == 200 and 'id="lesson-practice-table"' not in first.text
        last = client.get(f"/{lang}/learn/french/belote-decouverte/4/")
        assert last.status_code == 200
        assert (
            'id="lesson-practice-table"' not in last.text
            or f'href="/{lang}/practice/french/decouverte/"' in last.text
        )
        assert f'href="/{lang}/practice/french/decouverte/" id="lesson-practice-table"' in last.text
    # No other lesson leads there.
    other = client.get("/en/learn/french/race-to-1000/1/")
    assert other.status_code == 200 and 'id="lesson-practice-table"' not in other.text


def test_bid_void_nobody_takes_and_the_other_player_deals(client):
    game = start(client, seed=6)  # a deal on which the bot passes twice
    for _ in range(2):
        assert post(client, game, "call", "pass").status_code == 302
    game.refresh_from_db()
    result = game.hands[0]["result"]
    assert result == {"void": True, "next_dealer": "S", "game": {"S": 0, "N": 0}}
    page = client.get(URL.format(lang="en")).text
    assert 'data-phase="void"' in page and 'data-rule="bid.void"' in page and 'id="next-hand"' in page
    assert_nothing_face_down_in(page, game)
    assert post(client, game, "next", "").status_code == 302
    game.refresh_from_db()
    # South deals: North speaks first, and has spoken; South's turn.
    assert game.hands[1]["dealer"] == "S" and game.hands[1]["actions"][0][1] == "N"
