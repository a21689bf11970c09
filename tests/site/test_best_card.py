"""Best-card puzzles: every hand open, the exact solver decides which cards keep the most points.

Checking (lessons.checking with lessons.positions.best_card), the content files (a lesson's
best-card puzzle, the generated files), and the puzzle page with and without htmx.
"""

import copy
import re
import shutil
from io import StringIO
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command
from django.core.management.base import CommandError
from django.http import QueryDict
from django.utils import translation

from engine import messages
from engine.cards import Card
from engine.solver.generate import generate_many
from engine.variants import rules_for
from lessons.checking import BadAnswer, check, parse_answer, solution
from lessons.content import CurriculumError, InvalidPuzzle, check_puzzle, read_curriculum
from lessons.generated import entry, puzzle_key, read_content, write_file
from lessons.models import Attempt, Course, Lesson, Puzzle, Source, Step
from tests.site.pages import answer, token, words
from tests.site.trainer.puzzles import BEST_CARD

LANGS = ["en", "ar", "fa", "fr"]
FIXTURES = Path(__file__).parent / "content_fixtures"

# West led K♣ and South, void in clubs, must trump (K♦ is illegal): K♥ or A♥ keep 78 of the 95
# card points still to win for North–South; 8♥ keeps 74, so it gives away 4.
KH_POSITION = BEST_CARD  # tests/site/trainer/puzzles.py, shared with the trainer tests
BEST, EQUIVALENT, WORSE, ILLEGAL = "KH", "AH", "8H", "KD"
WORSE_LOSS = 4


def turned(position: dict) -> dict:
    """The same deal, every seat moved one place on (S→E, E→N, N→W, W→S): East plays next."""
    on = {"S": "E", "E": "N", "N": "W", "W": "S"}
    p = copy.deepcopy(position)
    p["hands"] = {on[s]: cards for s, cards in position["hands"].items()}
    p["trick"] = [[on[s], c] for s, c in position["trick"]]
    p["contract"]["taker"] = on[position["contract"]["taker"]]
    p["points"] = {"NS": position["points"]["EW"], "EW": position["points"]["NS"]}
    return p


def puzzle(position: dict = KH_POSITION, answers: list | None = None) -> Puzzle:
    return Puzzle(
        key="bc",
        variant=position["variant"],
        task="best-card",
        position=position,
        answers=[BEST, EQUIVALENT] if answers is None else answers,
    )


def form(**fields) -> QueryDict:
    q = QueryDict(mutable=True)
    for name, value in fields.items():
        q.setlist(name, value if isinstance(value, list) else [value])
    return q


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate("en")


# ---------------------------------------------------------------- reading the answer


def test_it_reads_a_card_of_the_seat_to_play():
    assert parse_answer(puzzle(), form(card="kh")) == "KH"
    assert parse_answer(puzzle(), form(card="AH", task="best-card")) == "AH"
    assert parse_answer(puzzle(), form(card=" 8H ")) == "8H"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"card": "ZZ"}, "is not a card"),
        ({"card": "7D"}, "That card is not in the hand."),
        ({"card": "AS"}, "That card is not in the hand."),  # North's card: North is not to play
        ({"card": ["KH", "AH"]}, "Choose one card."),
        ({}, "Choose one card."),
        ({"card": "KH", "task": "play"}, "another puzzle"),
    ],
)
def test_it_refuses_a_card_that_cannot_be_an_answer(fields, message):
    with pytest.raises(BadAnswer) as e:
        parse_answer(puzzle(), form(**fields))

    assert message in str(e.value)


def test_it_reads_the_hand_of_the_seat_to_play_not_a_hand_field():
    east = turned(KH_POSITION)

    assert parse_answer(puzzle(east), form(card="KH")) == "KH"
    with pytest.raises(BadAnswer):
        parse_answer(puzzle(east), form(card="QC"))  # South's card now


# ---------------------------------------------------------------- checking


@pytest.mark.parametrize("lang", LANGS)
def test_it_accepts_a_best_card_and_explains_its_line(lang):
    verdict = check(puzzle(), BEST, lang)

    assert verdict.correct
    assert verdict.lost == 0
    assert [s["rule"] for s in verdict.steps] == ["solve.best", *["solve.trick"] * 4, "solve.outcome"]
    assert len(verdict.line) == 4  # tricks 5 to 8, the trick in progress completed first
    assert verdict.line[0]["plays"] == [["W", "KC"], ["S", "KH"], ["E", "TC"], ["N", "AS"]]
    assert [t["n"] for t in verdict.line] == [5, 6, 7, 8]
    assert all(t["text"] and t["text"] != "solve.trick" for t in verdict.line)


def test_it_accepts_an_equivalent_best_card_with_its_own_line():
    verdict = check(puzzle(), EQUIVALENT, "en")

    assert verdict.correct
    assert verdict.line[0]["plays"][1] == ["S", "AH"]
    # The steps tell the line of the card played, not the principal line of the other best card.
    assert "South: A♥" in verdict.steps[1]["text"]


@pytest.mark.parametrize("lang", LANGS)
def test_it_explains_a_legal_but_worse_card_with_the_points_lost_and_the_line(lang):
    verdict = check(puzzle(), WORSE, lang)

    assert not verdict.correct
    assert verdict.legal_but_not_best
    assert verdict.lost == WORSE_LOSS
    loses = verdict.reasons[0]
    assert loses["rule"] == "solve.loses"
    assert str(WORSE_LOSS) in loses["message"]
    assert messages.card_name(Card.parse(WORSE), "saudi", lang) in loses["message"]
    assert [r["rule"] for r in verdict.reasons[1:]] == [*["solve.trick"] * 4, "solve.outcome"]
    assert verdict.line[0]["plays"][1] == ["S", WORSE]
    assert [t["text"] for t in verdict.line] == [r["message"] for r in verdict.reasons[1:5]]


@pytest.mark.parametrize("lang", LANGS)
def test_it_explains_an_illegal_card_with_the_rule_of_play(lang):
    verdict = check(puzzle(), ILLEGAL, lang)

    assert not verdict.correct
    assert not verdict.legal_but_not_best
    assert [r["rule"] for r in verdict.reasons] == ["play.must-trump"]
    assert verdict.line == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_solution_is_the_best_cards_and_the_principal_line(lang):
    found = solution(puzzle(), lang)

    assert found.values == [BEST, EQUIVALENT]
    assert found.labels == [messages.card_name(Card.parse(c), "saudi", lang) for c in found.values]
    assert found.steps[0]["rule"] == "solve.best"
    assert len(found.line) == 4
    assert found.line[0]["plays"][1] == ["S", BEST]


def test_the_sentences_are_in_the_learners_language():
    english = check(puzzle(), WORSE, "en").reasons[0]["message"]
    french = check(puzzle(), WORSE, "fr").reasons[0]["message"]
    arabic = check(puzzle(), WORSE, "ar").reasons[0]["message"]

    assert len({english, french, arabic}) == 3
    assert re.search("[\u0600-\u06ff]", arabic)


# ---------------------------------------------------------------- content files


def raw_puzzle(**changes) -> dict:
    raw = {"key": "sa-best-1", "task": "best-card", "position": copy.deepcopy(KH_POSITION)}
    raw.update(changes)
    return raw


def test_a_lesson_puzzle_gets_its_answers_from_the_solver():
    spec = check_puzzle(raw_puzzle(), "saudi")

    assert spec.answers == [BEST, EQUIVALENT]
    assert spec.prompt == {}  # the page words the question


def test_written_answers_equal_to_the_solvers_are_accepted_in_any_order():
    assert check_puzzle(raw_puzzle(answers=["AH", "kh"]), "saudi").answers == [BEST, EQUIVALENT]


@pytest.mark.parametrize(
    ("answers", "where", "reason"),
    [
        (["8H"], "answers", "the solver's best cards are KH, AH, not 8H: 8H gives away 4 card points"),
        (["KH"], "answers", "the solver's best cards are KH, AH, not KH"),
        (["KD"], "answers[0]", "KD is not legal here: play.must-trump"),
        (["AS"], "answers[0]", "AS is not in the hand of S"),
        (["ZZ"], "answers[0]", "'ZZ' is not a card"),
    ],
)
def test_the_loader_refuses_answers_the_solver_does_not_give(answers, where, reason):
    with pytest.raises(InvalidPuzzle) as e:
        check_puzzle(raw_puzzle(answers=answers), "saudi")

    assert e.value.where == where
    assert reason in e.value.reason


def test_the_loader_refuses_a_bad_position_naming_the_field():
    position = copy.deepcopy(KH_POSITION)
    position["hands"]["E"] = position["hands"]["E"][:3]

    with pytest.raises(InvalidPuzzle) as e:
        check_puzzle(raw_puzzle(position=position), "saudi")

    assert e.value.where == "position.hands.E"
    assert e.value.reason.startswith("hand-size")


def test_a_lesson_file_with_a_wrong_best_card_answer_is_refused_naming_file_and_key(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "good", content)
    lesson = content / "saudi" / "03-endgames.yaml"
    data = {
        "slug": "endgames",
        "title": {"en": "Endgames"},
        "recap": {lang: ["Count the points.", "Keep the most."] for lang in ("en", "ar", "fa", "fr")},
        "steps": [{"text": {"en": "Every hand is open."}}, {"puzzle": raw_puzzle(answers=["8H"])}],
    }
    lesson.write_text(yaml.safe_dump(data), encoding="utf-8")

    with pytest.raises(CurriculumError) as e:
        read_curriculum(content)

    (error,) = e.value.errors
    assert str(error).startswith(f"{lesson}: puzzle sa-best-1: answers: the solver's best cards are KH, AH")


# ---------------------------------------------------------------- generated files


def generated_content(tmp_path: Path, puzzles: list[dict], variant: str = "saudi") -> Path:
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "good", content)
    write_file(content / "generated" / f"{variant}.yaml", variant, puzzles)
    return content


def generated(position: dict = KH_POSITION, answers=(BEST, EQUIVALENT)) -> dict:
    return entry("saudi", position, list(answers), ["trump-in"], 2)


def load(path: Path) -> str:
    out = StringIO()
    call_command("load_curriculum", path=path, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_the_key_of_a_generated_puzzle_comes_from_its_position():
    key = puzzle_key("saudi", KH_POSITION)

    assert re.fullmatch(r"gen-saudi-[0-9a-f]{12}", key)
    assert puzzle_key("saudi", copy.deepcopy(KH_POSITION)) == key
    assert puzzle_key("saudi", turned(KH_POSITION)) != key


def test_a_file_keeps_its_puzzles_and_adds_only_new_keys(tmp_path):
    path = tmp_path / "saudi.yaml"

    assert write_file(path, "saudi", [generated()]) == (1, 1)
    assert write_file(path, "saudi", [generated(), generated(turned(KH_POSITION))]) == (1, 2)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["variant"] == "saudi"
    assert [p["key"] for p in data["puzzles"]] == [
        puzzle_key("saudi", KH_POSITION),
        puzzle_key("saudi", turned(KH_POSITION)),
    ]


@pytest.mark.django_db
def test_generated_puzzles_load_as_generated_puzzles_of_no_lesson(tmp_path):
    content = generated_content(tmp_path, [generated(), generated(turned(KH_POSITION))])

    output = load(content)

    assert "2 generated puzzle(s)" in output
    found = Puzzle.objects.filter(source=Source.GENERATED).order_by("key")
    assert found.count() == 2
    assert not Step.objects.filter(puzzle__in=found).exists()
    first = Puzzle.objects.get(key=puzzle_key("saudi", KH_POSITION))
    assert (first.task, first.answers, first.themes, first.difficulty) == (
        "best-card",
        ["KH", "AH"],
        ["trump-in"],
        2,
    )
    assert first.prompt == ""
    # Loading again writes nothing and keeps the keys.
    keys = list(found.values_list("pk", "key"))
    assert "0 created, 0 updated, 0 deleted" in load(content)
    assert list(found.values_list("pk", "key")) == keys


@pytest.mark.django_db
def test_a_generated_puzzle_gone_from_the_file_is_deleted_unless_answered(tmp_path):
    kept, dropped = generated(), generated(turned(KH_POSITION))
    content = generated_content(tmp_path, [kept, dropped])
    load(content)
    answered = Puzzle.objects.get(key=kept["key"])
    Attempt.objects.create(puzzle=answered, session_key="s", answer="8H", correct=False, token="t1")
    (content / "generated" / "saudi.yaml").unlink()

    output = load(content)

    assert "1 old puzzle(s) kept for their attempts" in output
    assert list(Puzzle.objects.filter(source=Source.GENERATED).values_list("key", flat=True)) == [kept["key"]]


@pytest.mark.django_db
def test_a_generated_file_with_wrong_answers_loads_nothing_and_names_file_and_key(tmp_path):
    bad = generated(answers=["8H"])
    content = generated_content(tmp_path, [generated(turned(KH_POSITION)), bad])
    err = StringIO()

    with pytest.raises(CommandError) as e:
        call_command("load_curriculum", path=content, stdout=StringIO(), stderr=err)

    assert "nothing was loaded" in str(e.value)
    assert (
        f"generated/saudi.yaml: puzzle {bad['key']}: answers: the solver's best cards are KH, AH"
        in err.getvalue()
    )
    assert not Puzzle.objects.exists()
    assert not Course.objects.exists()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("variant: french\npuzzles: []\n", "'french' in saudi.yaml"),
        ("variant: saudi\npuzzles: {}\n", "a list of puzzles"),
        ("variant: saudi\nextra: 1\npuzzles: []\n", "unknown key(s) extra"),
    ],
)
def test_a_malformed_generated_file_is_refused(tmp_path, text, reason):
    content = generated_content(tmp_path, [])
    (content / "generated" / "saudi.yaml").write_text(text, encoding="utf-8")

    with pytest.raises(CurriculumError) as e:
        read_content(content)

    assert reason in str(e.value)


def test_a_generated_puzzle_must_be_a_best_card_puzzle(tmp_path):
    other = {**generated(), "task": "play"}
    content = generated_content(tmp_path, [other])

    with pytest.raises(CurriculumError) as e:
        read_content(content)

    assert "a generated puzzle is a best-card puzzle, not 'play'" in str(e.value)


def test_a_generated_key_may_not_repeat_a_lesson_key(tmp_path):
    clash = {**generated(), "key": "sa-follow-1"}
    content = generated_content(tmp_path, [clash])

    with pytest.raises(CurriculumError) as e:
        read_content(content)

    assert "puzzle sa-follow-1: key already used in" in str(e.value)


# ---------------------------------------------------------------- the page


def make_lesson(position: dict = KH_POSITION, prompt: dict | None = None) -> Puzzle:
    """A lesson "endgames" whose only step is a best-card puzzle (generated puzzles have no prompt)."""
    course = Course.objects.create(variant="saudi", order=1, **words("Saudi Baloot", field="title"))
    lesson = Lesson.objects.create(
        course=course, slug="endgames", order=1, **words("Endgames", field="title")
    )
    p = Puzzle.objects.create(
        key=puzzle_key("saudi", position),
        variant="saudi",
        task="best-card",
        position=position,
        answers=check_puzzle({"key": "x", "task": "best-card", "position": position}, "saudi").answers,
        source=Source.GENERATED,
        **(prompt or {}),
    )
    Step.objects.create(lesson=lesson, order=1, kind="puzzle", puzzle=p)
    return p


def page_url(lang: str = "en") -> str:
    return f"/{lang}/learn/saudi/endgames/1/"


def seat_block(text: str, place: str) -> str:
    match = re.search(rf'<div class="seat seat-{place}[^"]*">.*?</div>', text, re.S)
    assert match is not None, f"no seat at {place}"
    return match.group(0)


@pytest.mark.django_db
def test_it_shows_the_four_hands_the_contract_the_trick_and_the_points(client):
    make_lesson()

    text = client.get(page_url()).text

    for seat in ("West", "East", "North"):
        assert f'aria-label="Cards of {seat}"' in text
    # South plays: its cards are the answer buttons, not a fifth little hand.
    assert 'aria-label="Cards of South"' not in text
    buttons = re.findall(r'<button type="submit" name="card" value="(\w+)"', text)
    assert buttons == ["8H", "KD", "AH", "KH"]
    assert "Hokm · hearts · North" in text
    assert 'aria-label="West played king of clubs"' in text
    assert "Card points won so far · North–South" in text
    assert "<dd>35</dd>" in text and "<dd>32</dd>" in text
    assert "You are South. Which card keeps the most points for your side?" in text
    assert "seat-to-act" in seat_block(text, "south")
    # Played out from these very cards (tests/site/practice/test_scenarios.py).
    assert 'class="practice-link"' in text


@pytest.mark.django_db
def test_the_seat_to_play_sits_at_the_bottom(client):
    make_lesson(turned(KH_POSITION))

    text = client.get(page_url()).text

    assert "East" in seat_block(text, "south")
    assert "North" in seat_block(text, "east")
    assert "South" in seat_block(text, "west")
    assert "You are East." in text


@pytest.mark.django_db
def test_a_written_prompt_replaces_the_question(client):
    make_lesson(prompt=words("Save the last trick.", field="prompt"))

    text = client.get(page_url()).text

    assert "Save the last trick." in text
    assert "Which card keeps the most points" not in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("ar", "أنت الجنوب"),
        ("fa", "شما جنوب هستید"),
        ("fr", "Vous êtes Sud"),
    ],
)
def test_the_question_and_the_table_are_in_the_page_language(client, lang, question):
    make_lesson()

    text = client.get(page_url(lang)).text

    assert question in text
    assert messages.seat_name("N", "saudi", lang) in text


@pytest.mark.django_db
def test_a_worse_card_shows_the_points_lost_and_the_line_by_htmx(client):
    make_lesson()

    response = answer(client, page_url(), {"card": WORSE}, htmx=True)

    text = response.text
    assert response.status_code == 200
    assert text.lstrip().startswith('<div id="verdict" class="verdict verdict-wrong"')
    assert "That card may be played, but it is not the best one here." in text
    # The first wrong try: what the card costs and the line after it; the solver's sentence naming
    # the best card waits for the third.
    assert 'data-rule="solve.loses"' in text
    assert "8♥ costs your side 4 card points" in text
    assert "Best:" not in text  # the solver's sentence naming the best card waits
    assert 'data-rule="solve.outcome"' in text
    tricks = re.findall(r'<li class="line-trick" data-rule="solve.trick">', text)
    assert len(tricks) == 4
    assert '<ol class="line" start="5"' in text  # numbered as the tricks of the hand
    # Each trick once: in the line with its cards, not again among the reasons.
    assert text.count("Trick 5:") == 1
    assert text.count('class="line-play"') == 16
    assert 'aria-label="eight of hearts"' in text
    assert Attempt.objects.get().correct is False


@pytest.mark.django_db
def test_a_best_card_is_right_with_a_plain_post_and_shows_its_line(client):
    make_lesson()

    response = answer(client, page_url("fr"), {"card": BEST})

    text = response.text
    assert "<html" in text
    assert 'class="verdict verdict-right"' in text
    assert 'data-rule="solve.best"' in text
    assert len(re.findall(r'class="line-trick"', text)) == 4
    assert "Pli 5" in text


@pytest.mark.django_db
def test_an_illegal_card_shows_the_rule_of_play(client):
    make_lesson()

    text = answer(client, page_url("ar"), {"card": ILLEGAL}, htmx=True).text

    assert 'data-rule="play.must-trump"' in text
    assert "line-trick" not in text


@pytest.mark.django_db
@pytest.mark.parametrize("card", ["ZZ", "AS", "7D"])
def test_a_card_not_in_the_hand_is_a_400_with_a_message(client, card):
    make_lesson()

    response = answer(client, page_url(), {"card": card}, htmx=True)

    assert response.status_code == 400
    assert "verdict-error" in response.text
    assert not Attempt.objects.exists()


@pytest.mark.django_db
def test_the_solution_shows_the_best_cards_and_the_line(client):
    make_lesson()
    for _ in range(2):
        answer(client, page_url(), {"card": WORSE})
    page = client.get(page_url())

    response = client.post(page_url() + "solution", {"token": token(page)}, headers={"HX-Request": "true"})

    text = response.text
    assert response.status_code == 200
    assert 'aria-label="king of hearts"' in text and 'aria-label="ace of hearts"' in text
    assert 'data-rule="solve.best"' in text
    assert len(re.findall(r'class="line-trick"', text)) == 4


# ---------------------------------------------------------------- manage.py generate_puzzles


def generate(**options) -> str:
    out = StringIO()
    call_command("generate_puzzles", stdout=out, stderr=StringIO(), **options)
    return out.getvalue()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variant": "saudi", "tricks_left": "9"}, "--tricks-left '9': a hand has 1 to 8 tricks left"),
        ({"variant": "saudi", "tricks_left": "0..3"}, "a hand has 1 to 8 tricks left"),
        ({"variant": "saudi", "theme": "ruff,castle"}, "--theme castle: one of ruff, overruff"),
        ({"variant": "saudi", "tricks_left": "5..3"}, "from the smaller number to the larger"),
        ({"variant": "saudi", "tricks_left": "three"}, "write a number of tricks or a range, like 4 or 3..5"),
        ({"variant": "saudi", "count": 0}, "--count 0: from 1 to 10000 puzzles"),
        ({"variant": "saudi", "min_margin": -1}, "--min-margin -1"),
        ({"variant": "saudi", "count": 5, "max_tries": 2}, "--max-tries 2: at least as many as --count (5)"),
        ({"variant": "klingon"}, "--variant 'klingon': one of saudi, moroccan, french or all"),
    ],
)
@pytest.mark.django_db
def test_the_command_refuses_bad_arguments(options, message):
    with pytest.raises(CommandError) as e:
        generate(**options)

    assert message in str(e.value)
    assert not Puzzle.objects.exists()


@pytest.mark.django_db
def test_the_command_writes_generated_puzzles_once(tmp_path):
    output = generate(variant="saudi", count=3, tricks_left="3..4", seed=7)

    puzzles = list(Puzzle.objects.all())
    assert len(puzzles) == 3
    assert re.search(r"saudi: kept 3 puzzle\(s\) of \d+ endgame\(s\) tried; 3 new", output)
    assert "by theme:" in output and "endgame 3" in output
    assert "by difficulty:" in output
    for p in puzzles:
        assert p.source == Source.GENERATED and p.task == "best-card"
        assert p.key == puzzle_key("saudi", p.position)
        assert (
            p.answers
            == check_puzzle({"key": "x", "task": "best-card", "position": p.position}, "saudi").answers
        )
        assert 1 <= p.difficulty <= 5 and "endgame" in p.themes
    # The same seed again: the same puzzles, nothing new.
    again = generate(variant="saudi", count=3, tricks_left="3..4", seed=7)
    assert "0 new, 0 updated, 3 already there" in again
    assert Puzzle.objects.count() == 3


@pytest.mark.django_db
def test_the_command_finds_the_engines_puzzles_for_the_same_seed():
    generate(variant="french", count=2, tricks_left="3..5", seed=3)

    expected = [p.position for p in generate_many(rules_for("french"), 3, 2, (3, 5), 10, 400)]
    assert sorted(Puzzle.objects.values_list("key", flat=True)) == sorted(
        puzzle_key("french", position) for position in expected
    )


@pytest.mark.django_db
def test_the_command_adds_to_a_content_file_that_load_curriculum_reads(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "good", content)
    path = content / "generated" / "saudi.yaml"
    generate(variant="saudi", count=2, tricks_left="3", seed=1, out=path)
    first = yaml.safe_load(path.read_text(encoding="utf-8"))["puzzles"]

    output = generate(variant="saudi", count=3, tricks_left="3", seed=1, out=path)

    puzzles = yaml.safe_load(path.read_text(encoding="utf-8"))["puzzles"]
    assert f"{path}: 1 added, 3 in all" in output
    assert puzzles[:2] == first  # the file's puzzles first, unchanged
    assert len({p["key"] for p in puzzles}) == 3
    Puzzle.objects.all().delete()
    assert "3 generated puzzle(s)" in load(content)
    assert Puzzle.objects.filter(source=Source.GENERATED).count() == 3


@pytest.mark.django_db
def test_the_command_makes_every_variant_with_all(tmp_path):
    output = generate(variant="all", count=1, tricks_left="3", seed=2, out=tmp_path)

    assert sorted(p.name for p in tmp_path.iterdir()) == ["french.yaml", "moroccan.yaml", "saudi.yaml"]
    assert sorted(Puzzle.objects.values_list("variant", flat=True)) == ["french", "moroccan", "saudi"]
    for variant in ("saudi", "moroccan", "french"):
        assert f"{variant}: kept 1 puzzle(s)" in output


@pytest.mark.django_db
def test_a_generated_puzzle_starts_at_its_difficultys_rating_and_a_reload_keeps_its_rating(tmp_path):
    content = generated_content(tmp_path, [generated()])  # difficulty 2
    load(content)
    puzzle = Puzzle.objects.get(key=puzzle_key("saudi", KH_POSITION))
    assert puzzle.rating == 1350.0

    # Learners move the rating; an edited file reloaded must not put the old one back.
    Puzzle.objects.filter(pk=puzzle.pk).update(rating=1422.5)
    path = content / "generated" / "saudi.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("difficulty: 2", "difficulty: 4"), encoding="utf-8")
    load(content)

    puzzle.refresh_from_db()
    assert (puzzle.difficulty, puzzle.rating) == (4, 1422.5)
