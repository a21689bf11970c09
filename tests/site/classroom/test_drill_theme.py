"""A drill of a theme, a difficulty and a count: the pool's puzzles at once, the missing ones made
by the engine in the ``fill_drill`` task (the immediate backend here), with progress in the editor."""

import datetime as dt
import re

import pytest
from django.utils import timezone

from lessons.classroom import theme_drills
from lessons.models import Drill, DrillFill, DrillItem, FillStatus, Puzzle, Source
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.trainer.puzzles import make_generated


def pool(n, theme="overruff", difficulty=1, variant="saudi"):
    """``n`` generated puzzles of ``theme`` (stand-ins: the trainer tests' play puzzle)."""
    return [
        make_generated(key, variant=variant, themes=(theme,), difficulty=difficulty)
        for key in [f"gen-{variant}-{theme}-{difficulty}-{i}" for i in range(n)]
    ]


@pytest.fixture
def make(django_capture_on_commit_callbacks):
    """Send the new-drill form; the task asked for once the drill is committed runs (immediate backend)."""

    def send(client, classroom, **data):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(f"/en/classes/{classroom.pk}/drills/new/", {"title": "Overruffs", **data})

    return send


@pytest.fixture
def signed_in(client, teacher):
    login(client, teacher)
    return client


# ---------------------------------------------------------------- the address's theme


def test_the_address_chooses_the_theme_and_difficulty(signed_in, classroom):
    # The class dashboard's "make a drill of this" links here: ?theme=<key>&difficulty=<band or 1-5>.
    text = signed_in.get(f"/en/classes/{classroom.pk}/drills/new/?theme=overruff&difficulty=2").text

    assert '<option value="overruff" selected>Overruffing</option>' in text
    assert '<option value="easy" selected>Easy</option>' in text
    assert 'name="title" value="Overruffing · Easy"' in text


def test_an_unknown_theme_in_the_address_is_ignored(signed_in, classroom):
    response = signed_in.get(f"/en/classes/{classroom.pk}/drills/new/?theme=%3Cb%3E&difficulty=9")

    assert response.status_code == 200
    themes = re.search(r'<select name="theme".*?</select>', response.text, re.S).group(0)
    assert re.findall(r'value="([^"]*)" selected', themes) == [""]


def test_themes_are_named_in_the_pages_language_never_by_key(client, teacher, classroom):
    login(client, teacher)

    text = client.get(f"/fr/classes/{classroom.pk}/drills/new/").text
    names = re.findall(r"<option value=\"[a-z-]+\">([^<]+)</option>", re.search(
        r'<select name="theme".*?</select>', text, re.S).group(0))  # fmt: skip

    assert "Surcoupe" in " ".join(names) or "Surcouper" in " ".join(names)
    assert not [n for n in names if re.fullmatch(r"[a-z-]+", n)]
    assert len(names) == len(set(names))


# ---------------------------------------------------------------- the pool, and the engine


def test_a_full_pool_fills_the_drill_at_once_and_it_is_given(make, signed_in, classroom):
    pool(3)
    pool(2, difficulty=4)

    make(signed_in, classroom, variant="saudi", theme="overruff", difficulty="easy", count="3")

    drill = Drill.objects.get()
    keys = list(DrillItem.objects.filter(drill=drill).values_list("puzzle__key", flat=True))
    assert keys == [f"gen-saudi-overruff-1-{i}" for i in range(3)]
    fill = DrillFill.objects.get(drill=drill)
    assert (fill.status, fill.missing, fill.made) == (FillStatus.DONE, 0, 0)
    assert not drill.draft


def test_the_missing_puzzles_are_made_by_the_engine_checked_and_added(make, signed_in, classroom):
    pool(2)

    response = make(signed_in, classroom, variant="saudi", theme="overruff", difficulty="easy", count="3")

    drill = Drill.objects.get()
    assert response["Location"] == f"/en/drills/{drill.pk}/edit/"
    fill = DrillFill.objects.get(drill=drill)
    assert (fill.status, fill.missing, fill.made) == (FillStatus.DONE, 1, 1)
    made = DrillItem.objects.get(drill=drill, order=3).puzzle
    assert made.source == Source.GENERATED and made.key.startswith("gen-saudi-")
    assert "overruff" in made.themes and made.difficulty <= 2 and made.task == "best-card"
    assert not Drill.objects.get().draft  # given once every puzzle is there
    text = signed_in.get(response["Location"]).text
    assert "All 3 puzzles are in the drill." in text and "made 1 of them" in text


def test_a_drill_asked_as_a_draft_stays_one(make, signed_in, classroom):
    pool(1)

    make(signed_in, classroom, theme="overruff", difficulty="easy", count="1", draft="on")

    assert Drill.objects.get().draft


def test_a_failure_says_so_and_can_be_tried_again(
    make, signed_in, classroom, monkeypatch, django_capture_on_commit_callbacks
):
    pool(1)
    monkeypatch.setattr(theme_drills, "make_puzzle", lambda *args: None)

    response = make(signed_in, classroom, theme="overruff", difficulty="easy", count="3")

    drill = Drill.objects.get()
    assert drill.draft and DrillFill.objects.get().status == FillStatus.FAILED
    text = signed_in.get(response["Location"]).text
    assert "The puzzle generator could make only 0 of the 2 missing puzzles." in text
    assert "The drill holds 1 of the 3 puzzles asked for" in text
    assert "Give it to the pupils now" in text  # as it is, if the teacher wants

    made = iter(pool(2, theme="overruff-x"))
    monkeypatch.setattr(theme_drills, "make_puzzle", lambda *args: next(made))
    for _twice in range(2):  # sent twice: asked once
        with django_capture_on_commit_callbacks(execute=True):
            signed_in.post(f"/en/drills/{drill.pk}/fill/again")

    fill = DrillFill.objects.get()
    assert (fill.status, fill.made) == (FillStatus.DONE, 2)
    assert DrillItem.objects.filter(drill=drill).count() == 3


def test_while_the_engine_works_the_editor_shows_progress_and_the_drill_cannot_be_given(
    make, signed_in, classroom, monkeypatch
):
    pool(1)
    monkeypatch.setattr(theme_drills, "enqueue", lambda fill: None)  # the worker has not begun
    make(signed_in, classroom, theme="overruff", difficulty="easy", count="20")
    drill = Drill.objects.get()

    text = signed_in.get(f"/en/drills/{drill.pk}/edit/").text
    polled = signed_in.get(f"/en/drills/{drill.pk}/fill/", headers={"HX-Request": "true"})
    plain = signed_in.get(f"/en/drills/{drill.pk}/fill/")
    given = signed_in.post(f"/en/drills/{drill.pk}/publish")

    assert f'hx-get="/en/drills/{drill.pk}/fill/"' in text
    assert "0 of 19 made" in text and "Give it to the pupils now" not in text
    assert polled.status_code == 200 and "0 of 19 made" in polled.text and "<html" not in polled.text
    assert plain["Location"] == f"/en/drills/{drill.pk}/edit/"
    assert given.status_code == 400 and Drill.objects.get().draft

    DrillFill.objects.update(status=FillStatus.DONE)
    done = signed_in.get(f"/en/drills/{drill.pk}/fill/", headers={"HX-Request": "true"})
    assert done.status_code == 204 and done["HX-Refresh"] == "true"


def test_a_task_delivered_twice_makes_the_puzzles_once(make, signed_in, classroom, monkeypatch):
    monkeypatch.setattr(theme_drills, "enqueue", lambda fill: None)
    make(signed_in, classroom, theme="overruff", difficulty="easy", count="1")
    fill = DrillFill.objects.get()
    made = iter(pool(2))
    monkeypatch.setattr(theme_drills, "make_puzzle", lambda *args: next(made))

    assert theme_drills.fill(fill.pk) == 1
    assert theme_drills.fill(fill.pk) == 0
    assert DrillItem.objects.filter(drill=fill.drill).count() == 1


@pytest.mark.parametrize(
    "data",
    [
        {"theme": "overruff", "count": "0"},
        {"theme": "overruff", "count": "51"},
        {"theme": "overruff", "count": "many"},
        {"theme": "overruff", "count": ""},
        {"theme": "no-such-theme", "count": "5"},
        {"theme": "overruff", "count": "5", "variant": "belote-x"},
    ],
)
def test_a_bad_count_theme_or_game_is_a_clear_error_and_makes_nothing(make, signed_in, classroom, data):
    response = make(signed_in, classroom, **data)

    assert response.status_code == 200 and "field-error" in response.text
    assert not Drill.objects.exists()


def test_twenty_easy_overruff_puzzles_for_a_saudi_class(make, signed_in, classroom):
    pool(19)
    pool(5, variant="french")

    make(signed_in, classroom, variant="saudi", theme="overruff", difficulty="easy", count="20")

    drill = Drill.objects.get()
    puzzles = Puzzle.objects.filter(pk__in=DrillItem.objects.filter(drill=drill).values("puzzle_id"))
    assert puzzles.count() == 20
    kinds = {(p.variant, p.difficulty <= 2, "overruff" in p.themes) for p in puzzles}
    assert kinds == {("saudi", True, True)}
    assert not drill.draft


def test_a_fill_whose_worker_was_lost_can_be_asked_for_again(make, signed_in, classroom, monkeypatch):
    monkeypatch.setattr(theme_drills, "enqueue", lambda fill: None)
    make(signed_in, classroom, theme="overruff", difficulty="easy", count="2")
    drill = Drill.objects.get()
    DrillFill.objects.update(status=FillStatus.RUNNING, created=timezone.now() - dt.timedelta(hours=2))

    text = signed_in.get(f"/en/drills/{drill.pk}/edit/").text

    assert "could make only 0 of the 2 missing puzzles" in text and "hx-get" not in text
    assert signed_in.post(f"/en/drills/{drill.pk}/fill/again").status_code == 302
    assert DrillFill.objects.get().busy


def test_the_form_sent_twice_makes_one_drill_and_asks_for_its_puzzles_once(make, signed_in, classroom):
    pool(1)
    form = signed_in.get(f"/en/classes/{classroom.pk}/drills/new/?theme=overruff").text
    token = re.search(r'name="token" value="([^"]+)"', form).group(1)
    data = {"theme": "overruff", "difficulty": "easy", "count": "1", "token": token}

    first = make(signed_in, classroom, **data)
    second = make(signed_in, classroom, **data)

    drill = Drill.objects.get()
    assert first["Location"] == second["Location"] == f"/en/drills/{drill.pk}/edit/"
    assert DrillFill.objects.count() == 1 and DrillItem.objects.count() == 1
