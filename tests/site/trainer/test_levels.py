"""A start for every level: the starting choice, a beginner's first puzzles, gentler first answers,
the rating history chart, and the trainer's own hints."""

import re

import pytest
from django.utils import translation

from lessons.models import Puzzle, TrainerPlay, TrainerRating
from lessons.rating import LEVEL_DEVIATION
from lessons.standing import LEVELS
from lessons.trainer.selection import BEGINNER_ANSWERS
from tests.site.pages import token
from tests.site.trainer.puzzles import BEST_CARD_RIGHT, RIGHT, WRONG, make_best_card, make_generated
from tests.site.trainer.test_views import csrf, shown_key

TRAIN = "/{lang}/train/saudi/"


@pytest.fixture(autouse=True)
def pool_only(settings):
    settings.TRAINER_FRESH_PUZZLES = False


def start(client, level, lang="en"):
    return client.post(TRAIN.format(lang=lang) + "start", {"level": level})


def answer(client, data, lang="en"):
    page = client.get(TRAIN.format(lang=lang))
    key = shown_key(page)
    return key, client.post(TRAIN.format(lang=lang) + key + "/answer", {"token": token(page), **data})


def test_a_new_learner_is_asked_where_they_start_and_nothing_is_stored(client, db):
    make_generated("gen-saudi-1")

    page = client.get("/en/train/saudi/")

    assert page.status_code == 200
    assert 'name="level"' in page.text and 'id="answer-form"' not in page.text
    for words in ("I am new", "I know the rules", "I play often"):
        assert words in page.text
    assert not TrainerRating.objects.exists()


@pytest.mark.parametrize("level", ["new", "rules", "often"])
def test_the_choice_sets_the_starting_rating_and_a_smaller_deviation(client, db, level):
    make_generated("gen-saudi-1")

    response = start(client, level)

    assert response.status_code == 302 and response["Location"] == "/en/train/saudi/"
    who = TrainerRating.objects.get()
    assert (who.level, who.rating, who.deviation) == (level, LEVELS[level], LEVEL_DEVIATION)
    assert LEVELS == {"new": 800.0, "rules": 1200.0, "often": 1500.0}


def test_an_unknown_level_is_a_400_and_stores_nothing(client, db):
    response = start(client, "grandmaster")

    assert response.status_code == 400
    assert "Choose one of the three starting levels." in response.text
    assert not TrainerRating.objects.exists()


def test_a_rating_earned_cannot_be_reset_by_choosing_again(client, db):
    for i in range(3):
        make_generated(f"gen-saudi-{i}")
    start(client, "often")
    answer(client, {"card": WRONG})
    earned = TrainerRating.objects.get().rating

    start(client, "new")

    who = TrainerRating.objects.get()
    assert (who.level, who.rating) == ("often", earned)


def test_a_new_learners_first_puzzles_are_rule_drills_or_two_trick_endgames(client, db):
    # Long endgames right at the beginner's rating, drills and short endgames far from it.
    for i in range(BEGINNER_ANSWERS + 5):
        Puzzle.objects.filter(pk=make_best_card(f"gen-saudi-long-{i}").pk).update(rating=800.0)
    drills = {make_generated(f"drill-saudi-{i}", rating=1400.0, themes=["legal-cards"]).key for i in range(5)}
    short = {make_best_card(f"gen-saudi-short-{i}").key for i in range(5)}
    Puzzle.objects.filter(key__in=short).update(rating=1400.0, themes=["cash", "short-endgame", "endgame"])
    start(client, "new")

    seen = []
    for _ in range(BEGINNER_ANSWERS):
        key, _response = answer(client, {"card": RIGHT if key_is_drill(client) else BEST_CARD_RIGHT})
        seen.append(key)

    assert set(seen) <= drills | short
    assert TrainerRating.objects.get().played == BEGINNER_ANSWERS
    assert all(p.success for p in TrainerPlay.objects.all())
    # Past the first answers, the whole pool: the long endgames come now.
    assert shown_key(client.get("/en/train/saudi/")).startswith("gen-saudi-long-")


def key_is_drill(client):
    return shown_key(client.get("/en/train/saudi/")).startswith("drill-")


def test_a_learner_who_knows_the_rules_meets_endgames_at_once(client, db):
    make_best_card("gen-saudi-long")
    Puzzle.objects.update(rating=1200.0)
    make_generated("drill-saudi-far", rating=2400.0, themes=["legal-cards"])
    start(client, "rules")

    assert shown_key(client.get("/en/train/saudi/")) == "gen-saudi-long"


def test_the_first_answers_move_the_rating_gently(client, db):
    for i in range(4):
        make_generated(f"gen-saudi-{i}", rating=1200.0)
    start(client, "rules")

    answer(client, {"card": RIGHT})
    answer(client, {"card": WRONG})

    plays = list(TrainerPlay.objects.order_by("created", "id"))
    changes = [p.rating_after - p.rating_before for p in plays]
    assert 40 < changes[0] < 80 and -80 < changes[1] < -40  # 350 and tau 0.5 moved it by about 160


def test_the_theme_page_draws_the_rating_history_as_an_accessible_chart(client, db, lang="fa"):
    for i in range(4):
        make_generated(f"gen-saudi-{i}", rating=1500.0)
    start(client, "often", lang)
    for card in (RIGHT, WRONG, RIGHT):
        answer(client, {"card": card}, lang)

    text = client.get(f"/{lang}/train/saudi/themes/").text

    chart = re.search(r'<figure class="rating-chart">.*?</figure>', text, re.S).group(0)
    assert (
        'dir="ltr"' in chart and 'role="img"' in chart and 'aria-labelledby="rating-chart-caption"' in chart
    )
    assert len(re.search(r'points="([^"]+)"', chart).group(1).split()) == 4  # the start and three answers
    caption = re.search(r"<figcaption[^>]*>(.*?)</figcaption>", chart, re.S).group(1)
    assert "۳" in caption and not re.search(r"[0-9]", caption)


def test_no_chart_before_a_rated_answer(client, db):
    make_generated("gen-saudi-1")
    start(client, "new")

    assert "rating-chart" not in client.get("/en/train/saudi/themes/").text


# ---------------------------------------------------------------- hints


def test_a_drill_without_a_written_hint_gets_a_nudge_naming_the_rule(client, db):
    puzzle = make_generated("drill-saudi-1", hint=False, themes=["legal-cards"])
    Puzzle.objects.filter(pk=puzzle.pk).update(rules=["play.must-follow"])
    start(client, "new")
    page = client.get("/en/train/saudi/")
    assert "Show a hint" in page.text

    hint = client.post(f"/en/train/saudi/{shown_key(page)}/hint")

    assert "Think of the rule:" in hint.text
    assert Puzzle.objects.get(pk=puzzle.pk).hint == ""  # the nudge is not stored


def test_an_endgame_hint_names_the_suit_to_play(client, db):
    make_best_card("gen-saudi-bc")
    start(client, "often")
    page = client.get("/en/train/saudi/")

    hint = client.post(f"/en/train/saudi/{shown_key(page)}/hint")

    assert "Look at your hearts: the best card is one of them." in hint.text


def test_a_right_answer_after_a_nudge_is_rated_as_a_failure(client, db):
    make_generated("drill-saudi-1", hint=False, themes=["legal-cards"])
    make_generated("drill-saudi-2", hint=False, themes=["legal-cards"])
    start(client, "new")
    page = client.get("/en/train/saudi/")
    key = shown_key(page)
    client.post(f"/en/train/saudi/{key}/hint")

    response = client.post(f"/en/train/saudi/{key}/answer", {"token": token(page), "card": RIGHT})

    play = TrainerPlay.objects.get()
    assert not play.success and play.helped
    assert "You saw a hint or the solution: this puzzle counts as failed." in response.text
    assert TrainerRating.objects.get().rating < LEVELS["new"]


def test_the_start_form_posts_with_its_csrf_token(db):
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    page = browser.get("/en/train/saudi/")

    assert browser.post("/en/train/saudi/start", {"level": "new"}).status_code == 403
    assert (
        browser.post("/en/train/saudi/start", {"level": "new", "csrfmiddlewaretoken": csrf(page)}).status_code
        == 302
    )


def test_an_endgame_with_one_suit_in_hand_hints_at_its_idea(client, db):
    puzzle = make_best_card("gen-saudi-bc")
    hands = {**puzzle.position["hands"], "S": ["8H", "AH", "KH"], "E": ["9S", "9H", "QS", "TC", "KD"]}
    Puzzle.objects.filter(pk=puzzle.pk).update(
        position={**puzzle.position, "hands": hands}, themes=["duck", "endgame"]
    )
    start(client, "often")
    page = client.get("/en/train/saudi/")

    hint = client.post(f"/en/train/saudi/{shown_key(page)}/hint")

    # Only hearts in hand: "look at your hearts" would tell nothing.
    assert "Think of this idea: ducking." in hint.text


@pytest.mark.parametrize(("trump", "words"), [("H", "the Jack and the 9"), (None, "the Ace and the Ten")])
def test_a_counting_nudge_speaks_of_the_contract_on_the_table(client, db, trump, words):
    puzzle = make_generated("drill-saudi-count", hint=False, themes=["card-points"])
    Puzzle.objects.filter(pk=puzzle.pk).update(position={**puzzle.position, "trump": trump})
    start(client, "new")
    page = client.get("/en/train/saudi/")

    hint = client.post(f"/en/train/saudi/{shown_key(page)}/hint")

    assert words in hint.text


def test_the_idea_of_a_french_endgame_is_named_in_lower_case_inside_the_hint(client, db):
    from lessons.hints import best_card_hint

    puzzle = make_best_card("gen-saudi-bc")
    hands = {**puzzle.position["hands"], "S": ["8H", "AH", "KH"], "E": ["9S", "9H", "QS", "TC", "KD"]}
    Puzzle.objects.filter(pk=puzzle.pk).update(
        position={**puzzle.position, "hands": hands}, themes=["discard"]
    )
    puzzle.refresh_from_db()

    with translation.override("fr"):
        hint = best_card_hint(puzzle, "fr", "french")

    assert hint.endswith("\u00a0: la défausse.")
