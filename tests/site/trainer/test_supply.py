"""The trainer's stream never runs dry: past the last puzzle of the pool, the generator makes a
fresh one, checked by the solver, stored once, at a difficulty that follows the learner's rating."""

import re

import pytest

from engine.solver import analyse, read_position
from lessons.models import Puzzle, Source, TrainerRating
from lessons.rating import starting_rating
from lessons.trainer import supply as trainer_supply
from tests.site.pages import token
from tests.site.trainer.puzzles import RIGHT, make_generated

TRAIN = "/en/train/{variant}/"
KEY = re.compile(r'id="answer-form"[^>]*action="/en/train/[a-z]+/([^/]+)/answer"')


def shown_key(response):
    match = KEY.search(response.text)
    assert match is not None, "no trainer puzzle on the page"
    return match.group(1)


@pytest.mark.parametrize("variant", ["saudi", "moroccan", "french"])
def test_a_fresh_puzzle_is_a_checked_best_card_endgame_stored_once(db, variant):
    puzzle = trainer_supply.fresh_puzzle(variant, 1500.0, budget=20.0)

    assert puzzle is not None and puzzle.pk is not None
    assert (puzzle.source, puzzle.task, puzzle.variant) == (Source.GENERATED, "best-card", variant)
    assert puzzle.key.startswith(f"gen-{variant}-")
    assert puzzle.rating == starting_rating(puzzle.difficulty)
    # The accepted answers are the solver's best cards, found again from the stored position.
    best = analyse(read_position(puzzle.position)).best
    assert sorted(puzzle.answers) == sorted(str(c) for c in best)
    assert Puzzle.objects.filter(key=puzzle.key).count() == 1


def test_the_difficulty_follows_the_rating():
    assert [trainer_supply.target_difficulty(r) for r in (1000, 1350, 1500, 1650, 2100)] == [1, 2, 3, 4, 5]


def test_a_learner_past_the_end_of_the_pool_gets_a_fresh_puzzle(client, db, settings, monkeypatch):
    settings.TRAINER_FRESH_PUZZLES = True
    # A busy test machine may be slow to find one: this test is about the stream, not the time.
    monkeypatch.setattr(trainer_supply, "BUDGET_SECONDS", 30.0)
    make_generated("gen-saudi-only")
    client.post(TRAIN.format(variant="saudi") + "start", {"level": "often"})
    first = client.get(TRAIN.format(variant="saudi"))
    assert shown_key(first) == "gen-saudi-only"
    client.post(
        TRAIN.format(variant="saudi") + "gen-saudi-only/answer", {"token": token(first), "card": RIGHT}
    )

    second = client.get(TRAIN.format(variant="saudi"))

    key = shown_key(second)
    assert key != "gen-saudi-only" and key.startswith("gen-saudi-")
    assert Puzzle.objects.get(key=key).task == "best-card"
    assert TrainerRating.objects.get(variant="saudi").current.key == key


def test_the_setting_turns_fresh_puzzles_off(client, db, settings):
    settings.TRAINER_FRESH_PUZZLES = False

    client.post(TRAIN.format(variant="french") + "start", {"level": "often"})
    response = client.get(TRAIN.format(variant="french"))

    assert "There are no puzzles for this game yet." in response.text
    assert not Puzzle.objects.exists()


def test_nothing_found_in_time_is_no_puzzle(db):
    assert trainer_supply.fresh_puzzle("saudi", 1500.0, budget=0.0) is None
    assert not Puzzle.objects.exists()
