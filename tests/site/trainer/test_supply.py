"""The trainer's stream never runs dry: before a band of difficulty runs out, the worker's task
makes fresh endgames, checked by the solver, stored once, at a difficulty that follows the
learner's rating; a request never makes one itself."""

import re

import pytest

from engine.solver import analyse, read_position
from lessons.models import Puzzle, Source, TrainerRating
from lessons.rating import starting_rating
from lessons.trainer import supply as trainer_supply
from tests.site.pages import token
from tests.site.trainer.puzzles import RIGHT, make_best_card, make_generated

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
    # The immediate backend runs the task where the trainer asks for it (the worker, on a server).
    settings.TRAINER_FRESH_PUZZLES = True
    # A busy test machine may be slow to find one: this test is about the stream, not the time.
    monkeypatch.setattr(trainer_supply, "BUDGET_SECONDS", 30.0)
    monkeypatch.setattr(trainer_supply, "REFILL", 1)
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


@pytest.fixture
def queue(monkeypatch):
    """The tasks enqueued, kept rather than run; the generator refuses to run in the request."""
    from types import SimpleNamespace

    from lessons.trainer import tasks

    asked = []
    monkeypatch.setattr(tasks, "generate_puzzles", SimpleNamespace(enqueue=lambda *args: asked.append(args)))

    def no_generator(*args, **kwargs):
        raise AssertionError("a request made a puzzle")

    monkeypatch.setattr(trainer_supply, "generate", no_generator)
    return asked


def start_and_answer_all(client, variant="saudi"):
    client.post(TRAIN.format(variant=variant) + "start", {"level": "often"})
    while True:
        page = client.get(TRAIN.format(variant=variant))
        assert page.status_code == 200
        if 'id="answer-form"' not in page.text:
            return page
        key = shown_key(page)
        client.post(TRAIN.format(variant=variant) + f"{key}/answer", {"token": token(page), "card": RIGHT})


def test_a_trainer_request_never_makes_a_puzzle(client, db, settings, queue):
    settings.TRAINER_FRESH_PUZZLES = True
    make_generated("gen-saudi-a", difficulty=3)
    make_generated("gen-saudi-b", difficulty=4, rating=1650.0)

    done = start_and_answer_all(client)

    # The learner's band ran low at the first page: a task asked for, once per band (their rating
    # moves as they answer, and with it their band).
    bands = [difficulty for _, difficulty, _ in queue]
    assert bands and len(bands) == len(set(bands))
    assert {(variant, count) for variant, _, count in queue} == {("saudi", trainer_supply.REFILL)}
    assert Puzzle.objects.count() == 2
    assert "Fresh ones are being prepared: try again in a minute." in done.text
    assert f'href="{TRAIN.format(variant="saudi")}"' in done.text  # try again
    assert 'href="/en/learn/saudi/"' in done.text


def test_the_page_says_so_in_every_language(client, db, settings, queue):
    settings.TRAINER_FRESH_PUZZLES = True
    said = {"ar": "ألغاز جديدة قيد التحضير", "fa": "معماهای تازه", "fr": "De nouveaux sont en préparation"}
    for lang, words in said.items():
        client.post(f"/{lang}/train/french/start", {"level": "often"})
        assert words in client.get(f"/{lang}/train/french/").text, lang


def test_a_band_with_enough_left_asks_for_nothing(client, db, settings, queue):
    settings.TRAINER_FRESH_PUZZLES = True
    for i in range(trainer_supply.LOW_WATER + 1):
        make_best_card(f"gen-saudi-bc{i}", difficulty=3)
    client.post(TRAIN.format(variant="saudi") + "start", {"level": "often"})
    assert client.get(TRAIN.format(variant="saudi")).status_code == 200
    assert queue == []


def test_the_task_makes_puzzles_and_lets_the_band_be_asked_for_again(db, settings, monkeypatch):
    from django.core.cache import cache

    settings.TRAINER_FRESH_PUZZLES = True
    monkeypatch.setattr(trainer_supply, "REFILL", 2)
    monkeypatch.setattr(trainer_supply, "BUDGET_SECONDS", 30.0)

    assert trainer_supply.ask_for_more("saudi", 1500.0, left=0)  # the immediate backend runs it here

    assert Puzzle.objects.filter(source=Source.GENERATED, task="best-card", variant="saudi").count() == 2
    assert cache.get(trainer_supply.asked_key("saudi", 3)) is None  # done: may be asked for again
    assert not trainer_supply.ask_for_more("saudi", 1500.0, left=trainer_supply.LOW_WATER)
