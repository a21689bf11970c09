"""The practice table: a whole hand against three bots, the next hand, the game to its target."""

import random

import pytest

from engine.cards import Seat, Team, next_seat
from engine.variants import rules_for
from lessons.models import PracticeGame
from lessons.practice.state import start_game
from tests.site.practice.tools import choice, engine_replay, play_out_hand, post, start

VARIANTS = ["saudi", "moroccan", "french"]


def finished_hand(client, game, seed=1, htmx=False):
    """Play hands until one is scored (everyone may pass: the hand is then void)."""
    for attempt in range(20):
        play_out_hand(client, game, seed=seed + attempt, htmx=htmx)
        game.refresh_from_db()
        if not game.hands[-1]["result"].get("void"):
            return game.hands[-1]["result"]
        response = client.post(f"/en/practice/game/{game.pk}/next", {"move": game.move})
        assert response.status_code == 302
    raise AssertionError("every hand was void")


@pytest.mark.django_db
@pytest.mark.parametrize("variant", VARIANTS)
def test_it_offers_a_new_game_until_one_is_started(client, variant):
    response = client.get(f"/en/practice/{variant}/")

    assert response.status_code == 200
    assert 'name="level"' in response.text
    assert PracticeGame.objects.count() == 0


@pytest.mark.django_db
def test_it_deals_with_the_learner_at_south_speaking_first(client):
    game = start(client, "saudi")

    response = client.get("/en/practice/saudi/")

    assert response.status_code == 200
    assert "Your turn to speak" in response.text
    assert 'class="seat seat-south seat-to-act"' in response.text
    assert f'name="move" value="{game.move}"' in response.text
    assert game.hands[0]["actions"] == []  # South speaks first: no bot has said anything yet


@pytest.mark.django_db
@pytest.mark.parametrize("variant", VARIANTS)
def test_it_plays_a_whole_hand_and_scores_it_like_the_engine(client, variant):
    game = start(client, variant)

    record = finished_hand(client, game)
    response = client.get(f"/en/practice/{variant}/")

    hand = engine_replay(game)
    score = hand.score()
    assert (record["NS"], record["EW"]) == (score.points[Team.NS], score.points[Team.EW])
    assert "The score of the hand" in response.text
    shown = [int(v) for v in response.text.split("data-team-points>")[1:3] for v in [v.split("<")[0]]]
    assert shown == [score.points[Team.NS], score.points[Team.EW]]
    assert score.steps[0].rule in response.text  # the steps are listed with their rules


@pytest.mark.django_db
def test_it_answers_htmx_posts_with_the_board_alone(client):
    game = start(client, "french")
    field, value = choice(game, random.Random(2))

    response = post(client, game, field, value, htmx=True)

    assert response.status_code == 200
    assert "<html" not in response.text
    assert 'id="practice-board"' in response.text


@pytest.mark.django_db
def test_a_plain_post_is_redirected_to_the_table(client):
    game = start(client, "french")
    field, value = choice(game, random.Random(2))

    response = post(client, game, field, value)

    assert response.status_code == 302
    assert response["Location"] == "/en/practice/french/"


@pytest.mark.django_db
def test_it_deals_the_next_hand_with_the_next_dealer_and_notes_the_score(client):
    game = start(client, "moroccan")
    play_out_hand(client, game)
    game.refresh_from_db()
    first = game.hands[0]

    response = client.post(f"/en/practice/game/{game.pk}/next", {"move": game.move})

    game.refresh_from_db()
    assert response.status_code == 302
    assert len(game.hands) == 2
    result = first["result"]
    expected = (
        Seat.parse(result["next_dealer"]) if result.get("void") else next_seat(Seat.parse(first["dealer"]))
    )
    assert game.hands[1]["dealer"] == str(expected)
    assert game.hands[1]["game_score"] == result["game"]
    page = client.get("/en/practice/moroccan/")
    assert f'data-total="NS">{result["game"][0]}<' in page.text


@pytest.mark.django_db
def test_the_table_survives_a_refresh_and_belongs_to_its_session(client, django_user_model):
    from django.test import Client

    game = start(client, "saudi")
    play_out_hand(client, game, seed=5)
    game.refresh_from_db()
    before = game.hands[-1]["actions"]

    again = client.get("/en/practice/saudi/")
    game.refresh_from_db()
    stranger = Client().get("/en/practice/saudi/")
    theirs = Client().get(f"/en/practice/game/{game.pk}/")

    assert again.status_code == 200
    assert game.hands[-1]["actions"] == before
    assert 'name="level"' in stranger.text  # a new visitor gets a new game, not this one
    assert theirs.status_code == 404


@pytest.mark.django_db
def test_a_card_posted_twice_is_played_once(client):
    game = start(client, "french")
    # Through the auction to the learner's first card.
    rng = random.Random(3)
    while True:
        field, value = choice(game, rng)
        if field == "card":
            break
        post(client, game, field, value)
    game.refresh_from_db()
    move = game.move
    learner_cards = sum(1 for kind, seat, _ in game.hands[-1]["actions"] if kind == "play" and seat == "S")

    first = post(client, game, "card", value, move=move)
    second = post(client, game, "card", value, move=move)

    game.refresh_from_db()
    assert first.status_code == 302
    assert second.status_code == 400
    assert "already made" in second.text
    played = sum(1 for kind, seat, _ in game.hands[-1]["actions"] if kind == "play" and seat == "S")
    assert played == learner_cards + 1
    assert game.move == move + 1


@pytest.mark.django_db
def test_it_refuses_a_call_the_rules_forbid_with_the_engine_reasons(client):
    game = start(client, "saudi")  # South speaks first: Ashkal is for the third speaker and the dealer
    move = game.move

    response = post(client, game, "call", "ashkal")

    game.refresh_from_db()
    assert response.status_code == 200
    assert "You may not say" in response.text
    assert "bid.sa.ashkal-seat" in response.text
    assert game.move == move and game.hands[0]["actions"] == []


@pytest.mark.django_db
def test_the_game_ends_at_its_target_with_a_winner_and_a_new_game_offered(client):
    client.get("/en/practice/")
    session_key = client.session.session_key
    game = start_game("french", "random", {"target": 1}, session_key=session_key)

    record = finished_hand(client, game)
    response = client.get("/en/practice/french/")
    refused = client.post(f"/en/practice/game/{game.pk}/next", {"move": game.move})

    game.refresh_from_db()
    assert record["over"] and game.finished
    assert "Game over" in response.text
    assert "Deal the next hand" not in response.text
    assert 'action="/en/practice/french/new"' in response.text
    assert refused.status_code == 400


@pytest.mark.django_db
def test_a_new_game_replaces_the_finished_one_on_the_variant_page(client):
    client.get("/en/practice/")
    first = start_game("french", "random", {"target": 1}, session_key=client.session.session_key)
    finished_hand(client, first)

    second = start(client, "french", level="heuristic", target=500)

    assert second.pk != first.pk
    assert second.options == {"target": 500} and second.level == "heuristic"
    assert f"/practice/game/{second.pk}/" in client.get("/en/practice/french/").text


@pytest.mark.django_db
def test_a_signed_in_learner_finds_the_game_from_another_browser(client, django_user_model):
    from django.test import Client

    user = django_user_model.objects.create_user("learner", password="pw")
    client.force_login(user)
    game = start(client, "saudi")
    other = Client()
    other.force_login(user)

    response = other.get("/en/practice/saudi/")

    assert game.user == user
    assert f"/practice/game/{game.pk}/" in response.text


@pytest.mark.django_db
def test_strong_bots_play_a_whole_hand(client):
    game = start(client, "saudi", level="strong")

    play_out_hand(client, game, seed=4)

    game.refresh_from_db()
    assert "result" in game.hands[-1]
    engine_replay(game)  # every stored action is legal


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["ar", "fa"])
def test_the_table_reads_right_to_left_in_arabic_and_persian(client, lang):
    start(client, "saudi", lang=lang)

    response = client.get(f"/{lang}/practice/saudi/")

    assert response.status_code == 200
    assert 'dir="rtl"' in response.text


@pytest.mark.django_db
def test_the_practice_page_lists_the_variants_and_the_game_in_progress(client):
    start(client, "moroccan")

    response = client.get("/en/practice/")

    assert response.status_code == 200
    for variant in VARIANTS:
        assert f"/en/practice/{variant}/" in response.text
    assert "A game is in progress" in response.text


def test_rules_of_the_variants_are_what_the_new_game_form_offers():
    from lessons.practice.views import TARGETS

    for variant, targets in TARGETS.items():
        assert rules_for(variant).target == targets[0]
        for target in targets:
            rules_for(variant, {"target": target})


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "words"), [("ar", "القيد"), ("fa", "برگهٔ امتیاز"), ("fr", "Feuille de marque")]
)
def test_the_table_speaks_the_page_language(client, lang, words):
    start(client, "saudi", lang=lang)

    response = client.get(f"/{lang}/practice/saudi/")

    assert words in response.text
    assert "Score sheet" not in response.text


@pytest.mark.django_db
def test_a_game_in_progress_can_be_left_for_a_new_one(client):
    first = start(client, "saudi")

    page = client.get("/en/practice/saudi/")
    second = start(client, "saudi", level="strong")

    assert "Leave this game and start another" in page.text
    assert second.pk != first.pk
    assert f"/practice/game/{second.pk}/" in client.get("/en/practice/saudi/").text


def test_the_beginner_level_bids_like_a_cautious_beginner():
    from engine.bots import BeginnerBot
    from lessons.practice.state import make_bots

    assert all(isinstance(bot, BeginnerBot) for bot in make_bots("random", 7))


@pytest.mark.parametrize("signed_in", [False, True])
def test_a_new_game_finishes_the_open_one_of_its_variant(client, django_user_model, signed_in):
    if signed_in:
        client.force_login(django_user_model.objects.create_user("player", password="pw-12345678"))
    other_variant = start(client, "moroccan")
    games = [start(client, "saudi") for _ in range(5)]

    open_games = PracticeGame.objects.filter(finished=False)
    assert sorted(open_games.values_list("pk", flat=True)) == [other_variant.pk, games[-1].pk]
    assert PracticeGame.objects.filter(variant="saudi").count() == 5  # finished, not deleted
    assert 'name="move"' in client.get("/en/practice/saudi/").text
