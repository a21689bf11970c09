"""Generated puzzles in drills: the drill editor finds them (source, variant, theme, difficulty),
adds them, and pupils answer them like any drill puzzle."""

import re

import pytest

from lessons import themes
from lessons.models import Attempt, DrillItem
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.pages import token
from tests.site.trainer.puzzles import RIGHT, make_best_card, make_generated


def edit(client, drill, **params):
    return client.get(f"/en/drills/{drill.pk}/edit/", params)


def found_keys(response):
    """The keys of the puzzles the search lists."""
    return re.findall(r'<li data-key="([^"]+)"><label><input type="checkbox"', response.text)


def test_it_offers_the_generator_as_a_source(client, teacher, drill):
    login(client, teacher)

    text = edit(client, drill).text

    assert '<option value="generated">The puzzle generator</option>' in text


def test_it_finds_generated_puzzles_only_when_asked_for_the_generator(client, teacher, drill):
    make_generated("gen-a")
    make_generated("gen-b")
    login(client, teacher)

    generated = found_keys(edit(client, drill, source="generated"))
    curriculum = found_keys(edit(client, drill, source="curriculum"))

    assert generated == ["gen-a", "gen-b"]
    assert curriculum and not any(k.startswith("gen-") for k in curriculum)


def test_it_filters_generated_puzzles_by_variant_theme_and_difficulty(client, teacher, drill):
    make_generated("gen-saudi-endgame", themes=("endgame",), difficulty=4)
    make_generated("gen-saudi-cash", themes=("cash",), difficulty=2)
    make_generated("gen-french-endgame", variant="french", themes=("endgame",), difficulty=4)
    login(client, teacher)

    by_variant = found_keys(edit(client, drill, source="generated", variant="french"))
    by_theme = found_keys(edit(client, drill, source="generated", variant="saudi", theme="cash"))
    by_difficulty = found_keys(edit(client, drill, source="generated", difficulty=2))

    assert by_variant == ["gen-french-endgame"]
    assert by_theme == ["gen-saudi-cash"]
    assert by_difficulty == ["gen-saudi-cash"]


def test_it_offers_the_themes_of_generated_puzzles(client, teacher, drill):
    make_generated("gen-a", themes=("unblock", "endgame"))
    login(client, teacher)

    text = edit(client, drill).text

    assert '<option value="unblock">Unblocking</option>' in text


def test_it_adds_generated_puzzles_to_a_drill(client, teacher, drill):
    puzzles = [make_generated("gen-a"), make_generated("gen-b")]
    login(client, teacher)

    response = client.post(f"/en/drills/{drill.pk}/items/add", {"puzzle": [p.pk for p in puzzles]})

    assert response.status_code == 302
    items = DrillItem.objects.filter(drill=drill, puzzle__source="generated").order_by("order")
    assert [item.puzzle.key for item in items] == ["gen-a", "gen-b"]
    found = edit(client, drill, source="generated").text
    assert found.count("already in the drill") == 2


def test_a_pupil_answers_a_generated_puzzle_of_the_drill(client, student, drill):
    puzzle = make_generated("gen-a")
    item = DrillItem.objects.create(drill=drill, order=3, puzzle=puzzle)
    login(client, student)
    url = f"/en/drills/{drill.pk}/puzzles/{item.pk}/"

    listed = client.get(f"/en/drills/{drill.pk}/").text
    page = client.get(url)
    htmx = {"HX-Request": "true"}
    response = client.post(url + "answer", {"token": token(page), "card": RIGHT}, headers=htmx)

    assert url in listed
    assert page.status_code == 200 and 'value="KC"' in page.text
    assert 'class="verdict verdict-right"' in response.text
    attempt = Attempt.objects.get()
    assert attempt.user == student and attempt.puzzle == puzzle
    # The drill marks it solved, like any puzzle of the drill.
    after = client.get(f"/en/drills/{drill.pk}/").text
    row = after[after.index(url) :].split("</li>", 1)[0]
    assert "1/1 solved" in row and "0/1 solved" in listed[listed.index(url) :].split("</li>", 1)[0]


def test_a_generated_puzzle_without_a_prompt_is_named_by_its_task(client, teacher, student, drill):
    puzzle = make_best_card()
    assert puzzle.prompt == ""
    DrillItem.objects.create(drill=drill, order=3, puzzle=puzzle)

    login(client, teacher)
    editor = client.get(f"/en/drills/{drill.pk}/edit/").text
    login(client, student)
    listed = client.get(f"/en/drills/{drill.pk}/").text

    assert "Find the best card" in editor
    around = listed[listed.index("Find the best") - 200 :]
    link = re.search(r'<a href="[^"]*/puzzles/\d+/">([^<]*)</a>', around)
    assert link and link.group(1).strip() == "Find the best card"


def test_a_teacher_builds_a_drill_of_a_theme_at_a_difficulty(client, teacher, drill):
    # "Overruff puzzles, easy": the trainer's query of a theme and a band (lessons/themes.py).
    make_generated("gen-overruff-easy", themes=("overruff", "endgame"), difficulty=2)
    make_generated("gen-overruff-hard", themes=("overruff", "endgame"), difficulty=5)
    make_generated("gen-ruff-easy", themes=("ruff", "endgame"), difficulty=1)
    make_generated("drill-legal", themes=("legal-cards",), difficulty=1)
    login(client, teacher)

    easy = found_keys(edit(client, drill, source="generated", theme="overruff", band="easy"))
    hard = found_keys(edit(client, drill, source="generated", theme="overruff", band="hard"))
    text = edit(client, drill).text

    assert easy == ["gen-overruff-easy"]  # not the ruff: "ruff" is inside "overruff"
    assert hard == ["gen-overruff-hard"]
    assert '<option value="easy">Easy</option>' in text
    assert '<option value="legal-cards">Legal cards</option>' in text


@pytest.mark.parametrize("lang", ["en", "ar", "fa", "fr"])
def test_it_offers_each_theme_once_by_a_translated_name(client, teacher, drill, lang):
    # The curriculum's puzzles carry lessons' own tags too ("abnat", "score-sheet", "trumping"):
    # no theme to choose, and once named they read like the trainer's themes ("Couper" twice).
    make_generated("gen-a", themes=("ruff", "projects", "endgame"))
    login(client, teacher)

    text = client.get(f"/{lang}/drills/{drill.pk}/edit/").text
    # The select, not the header's colour buttons (also named "theme"), which come first.
    start = re.search(r'<select[^>]*name="theme"', text).start()
    theme_select = text[start : text.index("</select>", start)]
    options = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', theme_select)[1:]

    keys = [key for key, _name in options]
    names = [name for _key, name in options]
    assert "abnat" not in keys and "score-sheet" not in keys and "trumping" not in keys
    assert set(keys) <= set(themes.RULE_THEMES) | set(themes.ENDGAME_THEMES) and "ruff" in keys
    assert len(set(names)) == len(names) and all(name not in keys for name in names)
