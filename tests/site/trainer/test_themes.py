"""Themes and difficulty chosen by the learner: the theme page, a theme serving only itself, the
difficulty moving the window, and every theme present in the generated files at every band."""

import functools
from collections import Counter
from io import StringIO
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command

from engine.solver.themes import THEMES
from lessons import themes
from lessons.models import Puzzle, TrainerPlay, TrainerRating, Variant
from tests.site.pages import token
from tests.site.trainer.puzzles import RIGHT, WRONG, make_best_card, make_generated
from tests.site.trainer.test_views import shown_key

SOLVER_THEMES = [t for t in THEMES if t != "endgame"]
GENERATED = Path(__file__).resolve().parents[3] / "lessons" / "content" / "generated"


@pytest.fixture(autouse=True)
def pool_only(settings):
    settings.TRAINER_FRESH_PUZZLES = False


def start(client, level="often", lang="en"):
    client.post(f"/{lang}/train/saudi/start", {"level": level})


def choose(client, theme="", difficulty="normal", lang="en"):
    return client.post(f"/{lang}/train/saudi/choose", {"theme": theme, "difficulty": difficulty})


def answer(client, card):
    page = client.get("/en/train/saudi/")
    key = shown_key(page)
    client.post(f"/en/train/saudi/{key}/answer", {"token": token(page), "card": card})
    return key


def test_the_theme_page_lists_every_theme_with_its_puzzles_and_the_learners_success(client, db):
    for i in range(3):
        make_generated(f"drill-saudi-{i}", themes=["legal-cards"])
    make_generated("drill-saudi-9", themes=["trick-winner"])
    make_best_card("gen-saudi-bc")
    Puzzle.objects.filter(key="gen-saudi-bc").update(themes=["duck", "endgame"])
    start(client)
    choose(client, "legal-cards")
    answer(client, RIGHT)
    answer(client, WRONG)

    text = client.get("/en/train/saudi/themes/").text

    for name in ("Legal cards", "Who wins the trick", "Counting card points", "Scoring a hand", "Bidding"):
        assert name in text
    for name in ("Cash", "Duck", "Ruff", "Overruff", "Unblock", "Last two tricks"):
        assert name.lower() in text.lower()
    row = text[text.index('value="legal-cards"') :][:600]
    assert "3 puzzles" in row and "solved 1 of 2 (50%)" in row
    assert 'aria-current="true"' in row
    duck = text[text.index('value="duck"') :][:300]
    assert "1 puzzle" in duck and "solved" not in duck


def test_choosing_a_theme_serves_only_that_theme(client, db):
    wanted = {make_generated(f"drill-saudi-o-{i}", themes=["overruff", "endgame"]).key for i in range(4)}
    for i in range(8):
        make_generated(f"drill-saudi-x-{i}", themes=["ruff", "endgame"])  # "ruff" is inside "overruff"
    start(client)
    assert choose(client, "overruff").status_code == 302

    seen = []
    for i in range(8):
        if 'id="answer-form"' not in client.get("/en/train/saudi/").text:
            break
        seen.append(answer(client, WRONG if i % 2 else RIGHT))

    # The failed ones come back too, and only they: never a ruff.
    assert set(seen) == wanted and len(seen) > len(wanted)
    assert all("overruff" in p.puzzle.themes for p in TrainerPlay.objects.select_related("puzzle"))


def test_a_chosen_theme_replaces_the_puzzle_on_screen_of_another_theme(client, db):
    make_generated("drill-saudi-a", themes=["bidding"])
    make_generated("drill-saudi-b", themes=["scoring"])
    start(client)
    choose(client, "bidding")
    assert shown_key(client.get("/en/train/saudi/")) == "drill-saudi-a"

    choose(client, "scoring")

    assert shown_key(client.get("/en/train/saudi/")) == "drill-saudi-b"


def test_every_theme_again_after_choosing_none(client, db):
    make_generated("drill-saudi-a", themes=["bidding"])
    start(client)
    choose(client, "scoring")
    choose(client, "")

    assert TrainerRating.objects.get().theme == ""
    assert shown_key(client.get("/en/train/saudi/")) == "drill-saudi-a"


@pytest.mark.parametrize(
    ("difficulty", "expected"), [("easier", "low"), ("normal", "mid"), ("harder", "high")]
)
def test_the_difficulty_moves_the_rating_window(client, db, difficulty, expected):
    make_generated("gen-saudi-low", rating=1250.0)
    make_generated("gen-saudi-mid", rating=1500.0)
    make_generated("gen-saudi-high", rating=1750.0)
    start(client, "often")

    choose(client, "", difficulty)

    assert shown_key(client.get("/en/train/saudi/")) == f"gen-saudi-{expected}"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"theme": "castles", "difficulty": "normal"}, "There is no such theme in the puzzle trainer."),
        ({"theme": "duck", "difficulty": "brutal"}, "Choose easier, normal or harder."),
    ],
)
def test_a_tampered_choice_is_a_400_and_changes_nothing(client, db, data, message):
    start(client)

    response = client.post("/en/train/saudi/choose", data)

    assert response.status_code == 400 and message in response.text
    who = TrainerRating.objects.get()
    assert (who.theme, who.difficulty) == ("", "normal")


def test_the_choice_must_be_posted(client, db):
    assert client.get("/en/train/saudi/choose").status_code == 405


def test_the_theme_page_of_an_unknown_game_is_not_found(client, db):
    assert client.get("/en/train/klingon/themes/").status_code == 404


def test_the_query_of_a_theme_and_band_is_the_trainers_and_a_teachers(db):
    make_generated("drill-saudi-easy", themes=["overruff"], difficulty=1)
    make_generated("drill-saudi-hard", themes=["overruff"], difficulty=5)
    make_generated("drill-saudi-ruff", themes=["ruff"], difficulty=1)

    assert [p.key for p in themes.theme_puzzles("saudi", "overruff", "easy")] == ["drill-saudi-easy"]
    assert {p.key for p in themes.theme_puzzles("saudi", "ruff")} == {"drill-saudi-ruff"}
    assert themes.theme_puzzles("saudi").count() == 3


# ---------------------------------------------------------------- the generated files


def file_puzzles(variant):
    found = []
    for name in (f"{variant}.yaml", f"{variant}-rules.yaml"):
        data = yaml.safe_load((GENERATED / name).read_text(encoding="utf-8"))
        found += data["puzzles"]
    return found


@pytest.mark.parametrize("variant", Variant.values)
def test_each_theme_has_puzzles_at_each_difficulty_in_the_generated_files(variant):
    counts = Counter()
    for p in file_puzzles(variant):
        band = next(b for b, (lo, hi) in themes.BANDS.items() if lo <= p["difficulty"] <= hi)
        counts.update((t, band) for t in p["themes"])

    missing = [
        (variant, t, b)
        for t in [*themes.RULE_THEMES, *themes.ENDGAME_THEMES]
        for b in themes.BANDS
        if not counts[(t, b)]
    ]
    assert missing == []


@pytest.mark.django_db
def test_each_theme_has_puzzles_in_each_variant_at_each_difficulty_after_generate_puzzles():
    # The commands of the README (Puzzle trainer), smaller: rule drills, the shortest endgames,
    # and one endgame of each solver theme in each band (every position of a deal searched).
    quiet = {"stdout": StringIO(), "stderr": StringIO()}
    run = functools.partial(call_command, "generate_puzzles", variant="all", **quiet)
    run(kind="rules", count=60)
    run(count=20, tricks_left="1..2")
    run(count=3 * len(SOLVER_THEMES), tricks_left="2..6", theme=",".join(SOLVER_THEMES))

    missing = [
        (variant, t, b)
        for variant in Variant.values
        for t in [*themes.RULE_THEMES, *themes.ENDGAME_THEMES]
        for b in themes.BANDS
        if not themes.theme_puzzles(variant, t, b).exists()
    ]
    assert missing == []


@pytest.mark.parametrize("variant", Variant.values)
def test_the_rule_drill_files_hold_sixty_drills_of_the_six_families(variant):
    drills = yaml.safe_load((GENERATED / f"{variant}-rules.yaml").read_text(encoding="utf-8"))["puzzles"]

    assert len(drills) == 60
    assert Counter(d["themes"][0] for d in drills) == {f: 10 for f in themes.RULE_THEMES}
    for d in drills:
        prompt = d["prompt"]
        assert set(prompt) == {"en", "ar", "fa", "fr"}
        # Written with the catalogs compiled: no English question left in another language.
        assert len(set(prompt.values())) == 4, prompt
