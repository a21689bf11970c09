"""A puzzle's position played out against the bots, the unknown cards dealt consistently with it."""

import random

import pytest

from engine.cards import FULL_DECK, SUIT_MASK, Card, Seat
from engine.ranking import LAST_TRICK_BONUS, NO_TRUMP, POINTS
from lessons.models import PracticeGame, Puzzle, PuzzleAuthor
from lessons.practice.scenario import scenario_for
from lessons.practice.state import Table
from tests.site.classroom.base import login, make_teacher
from tests.site.pages import ALL_LEGAL, BID, PLAY, TRICK, make_puzzle, step_url
from tests.site.practice.tools import HTMX, engine_replay, play_it_out, post
from tests.site.trainer.puzzles import BEST_CARD, make_best_card

FIRST_LEAD = {"variant": "french", "dealer": "N", "contract": {"mode": "hokm", "trump": "H", "taker": "W"}}
DOUBLE = {
    "variant": "saudi",
    "contract": {"mode": "hokm", "trump": "H", "taker": "N"},
    "game_score": {"NS": 40, "EW": 30},
    "calls": [["E", "double"]],
    "seat": "N",
}
VIOLATION = {
    "variant": "moroccan",
    "trump": "S",
    "hands": {"S": ["7H", "AD", "8C"], "E": ["7C", "9H", "KD"], "N": ["KH", "QS", "8D"]},
    "trick": [["W", "AH"], ["S", "7H"], ["E", "7C"], ["N", "KH"]],
}


def masks(setup):
    return {seat: sum(1 << Card.parse(c) for c in cards) for seat, cards in setup["hands"].items()}


@pytest.mark.django_db
def test_the_puzzle_page_links_to_the_practice_table_when_its_position_can_be_played(client, saudi):
    playable = client.get(step_url(2))
    score = client.get(step_url(3, slug="counting"))

    assert "/en/practice/puzzle/sa-follow-1/" in playable.text
    assert "/practice/puzzle/" not in score.text


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["sa-follow-1", "sa-follow-2", "sa-winner-1", "sa-projects-1", "sa-bid-1"])
def test_a_puzzle_position_is_played_out_to_the_end_of_the_hand(client, saudi, key):
    page = client.get(f"/en/practice/puzzle/{key}/")

    game = play_it_out(client, key)
    response = client.get(f"/en/practice/game/{game.pk}/")

    assert page.status_code == 200 and 'name="level"' in page.text
    assert game.puzzle.key == key
    assert response.status_code == 200
    assert "Points taken from the position on" in response.text or "The score of the hand" in response.text
    assert "Play the position again" in response.text
    assert step_url(2) in response.text or key != "sa-follow-1"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "position", [FIRST_LEAD, DOUBLE, VIOLATION], ids=["first-lead", "double", "violation"]
)
def test_contract_and_violation_positions_are_played_out_too(client, position):
    task = {"contract": "first-lead", "seat": "double", "hands": "violation"}
    kind = next(v for k, v in task.items() if k in position)
    make_puzzle("p-1", kind, position)

    game = play_it_out(client, "p-1")

    assert game.finished
    if "hands" not in position:  # a whole hand: the engine scores it
        engine_replay(game).score()


@pytest.mark.django_db
def test_a_teachers_puzzle_is_played_out_too(client):
    puzzle = make_puzzle("t-1", "play", PLAY)
    Puzzle.objects.filter(pk=puzzle.pk).update(source="teacher")
    # By its author (who else may: tests/site/practice/test_teacher_puzzle.py).
    author = make_teacher("author@example.com")
    PuzzleAuthor.objects.create(puzzle=puzzle, author=author)
    login(client, author)

    game = play_it_out(client, "t-1", level="heuristic")

    assert game.finished


def test_the_learner_keeps_the_puzzles_hand_and_the_others_get_the_right_counts():
    scenario = scenario_for(ALL_LEGAL, random.Random(7))

    setup = scenario.setup
    hands = masks(setup)
    assert setup["seat"] == "S" and setup["leader"] == "W"
    assert hands["S"] == sum(1 << Card.parse(c) for c in ALL_LEGAL["hand"])
    assert [bin(hands[s]).count("1") for s in "SENW"] == [5, 5, 5, 5]
    assert hands["W"] >> Card.parse("9S") & 1  # the card West played was West's
    everything = 0
    for mask in hands.values():
        assert not everything & mask
        everything |= mask
    gone = sum(1 << Card.parse(c) for c in setup["gone"])
    assert everything | gone == FULL_DECK and not everything & gone


@pytest.mark.parametrize("seed", range(10))
def test_a_player_who_did_not_follow_suit_is_dealt_none_of_it(seed):
    # West trumped a club lead, South followed: West holds no club, and the first trick stands.
    scenario = scenario_for(TRICK, random.Random(seed))

    hands = masks(scenario.setup)
    assert not hands["W"] & SUIT_MASK[3]
    assert [bin(hands[s]).count("1") for s in "SENW"] == [8, 8, 8, 8]
    assert scenario.setup["gone"] == []
    assert [p[1] for p in scenario.setup["trick"]] == ["9C", "JC", "7H", "AC"]


def test_the_bid_position_deals_the_learner_its_five_cards_and_the_bidding_card():
    scenario = scenario_for(BID, random.Random(2))
    game = PracticeGame(variant="saudi", level="random", setup=scenario.setup, hands=[scenario.record])

    hand = Table(game).hand

    learner = Seat.parse(scenario.setup["seat"])
    assert hand.auction.to_act == learner
    assert hand.first.bidding_card == Card.parse("9H")
    assert sorted(hand.first.hands[learner] >> c & 1 for c in map(Card.parse, BID["hand"])) == [1] * 5


def test_a_double_position_replays_its_doubling_words():
    scenario = scenario_for(DOUBLE, random.Random(4))

    actions = scenario.record["actions"]
    assert ["double", "E", "double"] in actions
    assert scenario.setup["seat"] == "N"


def test_score_positions_are_not_offered():
    assert (
        scenario_for({"variant": "saudi", "trump": None, "taker": "S", "card_points": {}}, random.Random())
        is None
    )


@pytest.mark.django_db
def test_a_score_puzzle_has_no_practice_page(client, saudi):
    assert client.get("/en/practice/puzzle/sa-score-1/").status_code == 404


@pytest.mark.django_db
def test_the_first_trick_of_a_trick_position_is_explained_at_once(client, saudi):
    client.post("/en/practice/puzzle/sa-winner-1/", {"level": "random"})
    game = PracticeGame.objects.latest("id")

    response = client.get(f"/en/practice/game/{game.pk}/")

    # West's trump wins the clubs the others played: the engine says so after the trick.
    assert "Trick 1: West won it" in response.text
    assert "trick.win" in response.text


@pytest.mark.django_db
def test_an_illegal_card_is_refused_with_the_engines_reasons_and_why_lists_the_legal_ones(client, saudi):
    client.post("/en/practice/puzzle/sa-follow-1/", {"level": "random"})
    game = PracticeGame.objects.latest("id")
    move = game.move

    refused = post(client, game, "card", "AS")
    why = client.get(f"/en/practice/game/{game.pk}/why", headers=HTMX)
    why_page = client.get(f"/en/practice/game/{game.pk}/why")

    game.refresh_from_db()
    assert refused.status_code == 200
    assert "You may not play the ace of spades now." in refused.text
    assert "play.must-follow" in refused.text
    assert game.move == move
    assert why.status_code == 200 and "<html" not in why.text
    legal, illegal = why.text.split("You may not play:")
    assert 'aria-label="king of clubs"' in legal and 'aria-label="seven of clubs"' in legal
    assert 'aria-label="ace of spades"' in illegal and "play.must-follow" in illegal
    assert "You may not play:" in why_page.text and "<html" in why_page.text


@pytest.mark.django_db
def test_a_legal_card_is_played_and_the_trick_explained(client, saudi):
    client.post("/en/practice/puzzle/sa-follow-1/", {"level": "heuristic"})
    game = PracticeGame.objects.latest("id")

    response = post(client, game, "card", "KC", htmx=True)

    assert response.status_code == 200
    assert "Trick 1:" in response.text and "won it" in response.text
    assert 'data-rule="trick.win"' in response.text


@pytest.mark.django_db
def test_strong_bots_play_a_position_from_the_middle_of_a_hand(client, saudi):
    # The earlier tricks are unknown: the strong level plays by rules of thumb there.
    game = play_it_out(client, "sa-follow-1", level="strong")

    result = game.hands[0]["result"]
    in_play = [Card.parse(c) for cards in game.setup["hands"].values() for c in cards]
    assert len(in_play) == 12 and game.setup["trump"] is None
    assert result["NS"] + result["EW"] == sum(POINTS[NO_TRUMP][c] for c in in_play) + LAST_TRICK_BONUS
    assert sum(result["tricks"]) == 3


@pytest.mark.django_db
def test_the_buyers_answer_a_double_with_the_engines_words(client):
    make_puzzle("d-1", "double", DOUBLE)  # North bought a Hokm, East doubled: North's team answers
    client.post("/en/practice/puzzle/d-1/", {"level": "random"})
    game = PracticeGame.objects.latest("id")

    page = client.get(f"/en/practice/game/{game.pk}/")
    refused = post(client, game, "call", "gahwa")
    answered = post(client, game, "call", "three")

    assert 'data-phase="doubling"' in page.text
    assert "Double the contract, or pass?" in page.text
    assert 'value="three"' in page.text and 'value="pass"' in page.text
    assert refused.status_code == 200 and "double.sa.who" in refused.text
    assert answered.status_code == 302
    game.refresh_from_db()
    assert ["double", "N", "three"] in game.hands[0]["actions"]


def test_a_best_card_endgame_is_played_on_from_its_own_cards():
    # tests/site/trainer/puzzles.py's endgame: West led K♣, South to play, North took the contract.
    scenario = scenario_for(BEST_CARD, random.Random(3))

    setup = scenario.setup
    assert setup["kind"] == "position" and setup["seat"] == "S" and setup["leader"] == "W"
    assert setup["taker"] == "N" and setup["trump"] == "H"
    assert setup["trick"] == [["W", "KC"]]
    shown = {s: sorted(BEST_CARD["hands"][s] + (["KC"] if s == "W" else [])) for s in "NESW"}
    assert {s: sorted(cards) for s, cards in setup["hands"].items()} == shown  # nothing dealt anew
    assert len(setup["gone"]) == 32 - 16


@pytest.mark.django_db
def test_a_best_card_endgame_is_played_out_to_its_last_trick(client):
    make_best_card()

    game = play_it_out(client, "gen-saudi-bc")

    assert game.finished
