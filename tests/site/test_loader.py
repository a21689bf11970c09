"""manage.py load_curriculum: checked with the engine, idempotent, all or nothing."""

import re
import shutil
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

from lessons.content import RULE_IDS, CurriculumError, read_curriculum
from lessons.models import Attempt, Course, Lesson, Puzzle, Source, Step
from tests.documented_rules import documented_rule_ids

FIXTURES = Path(__file__).parent / "content_fixtures"
GOOD = FIXTURES / "good"
BAD = FIXTURES / "bad"
ROOT = Path(__file__).resolve().parents[2]


def load(path: Path) -> str:
    out = StringIO()
    call_command("load_curriculum", path=path, stdout=out, stderr=StringIO())
    return out.getvalue()


def load_fails(path: Path) -> str:
    """The messages of a refused load (stderr lines, then the CommandError)."""
    err = StringIO()
    with pytest.raises(CommandError) as e:
        call_command("load_curriculum", path=path, stdout=StringIO(), stderr=err)
    return err.getvalue() + str(e.value)


def snapshot() -> dict[str, list[tuple]]:
    return {
        "courses": list(Course.objects.values_list()),
        "lessons": list(Lesson.objects.values_list()),
        "steps": list(Step.objects.values_list()),
        "puzzles": list(Puzzle.objects.values_list()),
    }


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A copy of the good content, to edit."""
    shutil.copytree(GOOD, tmp_path / "content")
    return tmp_path / "content"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# ---------------------------------------------------------------- loading


@pytest.mark.django_db
def test_it_loads_courses_lessons_steps_and_puzzles():
    output = load(GOOD)

    assert "22 created" in output  # 2 courses, 3 lessons, 9 steps, 8 puzzles
    assert list(Course.objects.values_list("variant", flat=True)) == ["saudi", "french"]
    saudi = Course.objects.get(key="saudi")
    assert [lesson.slug for lesson in saudi.lessons.all()] == ["follow-suit", "scoring"]
    steps = list(Lesson.objects.get(slug="follow-suit").steps.all())
    assert [(s.order, s.kind) for s in steps] == [
        (1, "text"),
        (2, "puzzle"),
        (3, "puzzle"),
        (4, "puzzle"),
        (5, "puzzle"),
    ]
    assert steps[0].table["hand"] == ["KC", "7C", "AS"]
    assert steps[1].puzzle.key == "sa-follow-1"
    assert Puzzle.objects.count() == 8


@pytest.mark.django_db
def test_it_stores_text_per_language_with_english_fallback():
    load(GOOD)

    lesson = Lesson.objects.get(slug="follow-suit")
    puzzle = Puzzle.objects.get(key="sa-follow-1")
    assert lesson.title_fa == "خال را دنبال کن"
    with translation.override("fr"):
        assert lesson.title == "Fournir"
        assert lesson.summary == "Play the suit that was led."  # no French summary: English shows
    with translation.override("ar"):
        assert puzzle.prompt.startswith("الشرق")
        assert puzzle.hint == "Look at your clubs."
    body = lesson.steps.first().body_en
    assert "**must**" in body and "\n\nOtherwise" in body


@pytest.mark.django_db
def test_it_stores_a_lessons_key_points_one_a_line_and_the_lesson_of_the_first_hand(content):
    edit(content / "saudi/course.yaml", "variant: saudi", "variant: saudi\nfirst_hand_after: scoring")
    load(content)

    lesson = Lesson.objects.get(slug="follow-suit")
    with translation.override("ar"):
        assert lesson.recap.splitlines() == ["النقطة الأولى.", "النقطة الثانية."]
    assert Course.objects.get(key="saudi").first_hand_after == "scoring"
    assert Course.objects.get(key="french").first_hand_after == ""


@pytest.mark.django_db
def test_it_normalizes_answers():
    load(GOOD)

    assert Puzzle.objects.get(key="sa-follow-2").answers == ["KC", "7C"]  # the engine's legal cards
    assert Puzzle.objects.get(key="sa-count-1").answers == [21]  # "answers: 21" → a list
    assert Puzzle.objects.get(key="sa-score-1").answers == [{"NS": 12, "EW": 14}]
    assert Puzzle.objects.get(key="sa-proj-1").answers == ["EW"]


@pytest.mark.django_db
def test_it_changes_nothing_when_run_twice():
    load(GOOD)
    before = snapshot()

    output = load(GOOD)

    assert snapshot() == before
    assert "0 created, 0 updated, 0 deleted" in output


@pytest.mark.django_db
def test_it_updates_an_edited_file_in_place(content):
    load(content)
    puzzle_id = Puzzle.objects.get(key="sa-follow-1").pk
    edit(content / "saudi/01-follow-suit.yaml", "Look at your clubs.", "Count your clubs.")
    edit(content / "saudi/01-follow-suit.yaml", "answers: [KC, 7C]", "answers: [KC]")

    output = load(content)

    puzzle = Puzzle.objects.get(key="sa-follow-1")
    assert puzzle.pk == puzzle_id
    assert puzzle.hint_en == "Count your clubs."
    assert puzzle.answers == ["KC"]
    assert "1 updated" in output


@pytest.mark.django_db
def test_it_removes_steps_removed_from_a_file(content):
    load(content)
    path = content / "saudi/01-follow-suit.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("  - puzzle:\n      key: sa-follow-2")], encoding="utf-8")

    load(content)

    lesson = Lesson.objects.get(slug="follow-suit")
    assert [s.order for s in lesson.steps.all()] == [1, 2]
    assert not Puzzle.objects.filter(key__in=["sa-follow-2", "sa-trick-1", "sa-count-1"]).exists()


@pytest.mark.django_db
def test_it_keeps_a_removed_puzzle_that_has_attempts_detached(content):
    load(content)
    puzzle = Puzzle.objects.get(key="fr-overtrump-1")
    Attempt.objects.create(puzzle=puzzle, session_key="s1", answer="JH", correct=True, token="t-1")
    shutil.rmtree(content / "french")

    output = load(content)

    assert not Course.objects.filter(variant="french").exists()
    kept = Puzzle.objects.get(key="fr-overtrump-1")
    assert kept.pk == puzzle.pk
    assert not kept.steps.exists()
    assert kept.attempts.count() == 1
    assert "1 old puzzle(s) kept" in output


@pytest.mark.django_db
def test_it_reattaches_a_kept_puzzle_when_its_key_comes_back(content):
    load(content)
    puzzle = Puzzle.objects.get(key="fr-overtrump-1")
    Attempt.objects.create(puzzle=puzzle, session_key="s1", answer="JH", correct=True, token="t-1")
    aside = content.parent / "french-aside"
    shutil.move(content / "french", aside)
    load(content)
    shutil.move(aside, content / "french")

    load(content)

    assert Step.objects.get(puzzle__key="fr-overtrump-1").puzzle_id == puzzle.pk


@pytest.mark.django_db
def test_it_keeps_attempts_when_a_puzzle_moves_to_another_step(content):
    load(content)
    puzzle = Puzzle.objects.get(key="sa-count-1")
    Attempt.objects.create(puzzle=puzzle, session_key="s1", answer=21, correct=True, token="t-1")
    path = content / "saudi/01-follow-suit.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - puzzle:\n      key: sa-trick-1")
    end = text.index("  - puzzle:\n      key: sa-count-1")
    path.write_text(text[:start] + text[end:] + text[start:end], encoding="utf-8")  # swap the two last steps

    load(content)

    step = Step.objects.get(puzzle__key="sa-count-1")
    assert step.order == 4
    assert step.puzzle_id == puzzle.pk
    assert Attempt.objects.get(token="t-1").puzzle_id == puzzle.pk


# ---------------------------------------------------------------- refusing bad content


@pytest.mark.parametrize(
    ("case", "key", "expected"),
    [
        ("bad-position", "sa-dup-card", r"position\.hand\[2\]: duplicate-card: .*K♣"),
        ("illegal-answer", "sa-illegal", r"answers\[1\]: AS is not legal here: play\.must-follow: "),
        ("wrong-winner", "sa-winner", r"answers: W wins this trick, not S"),
        ("unknown-task", "sa-task", r"task: unknown task 'guess'"),
        ("unknown-rule", "sa-rule", r"rules: unknown rule ID\(s\) play\.must-folow"),
        ("no-english", "sa-english", r"prompt: missing English text \(en\)"),
        ("variant-mismatch", "sa-variant", r"position\.variant: 'french' in a saudi course"),
        ("duplicate-key", "sa-twice", r"key already used in .*01-lesson\.yaml"),
    ],
)
@pytest.mark.django_db
def test_it_refuses_a_bad_file_naming_the_file_the_puzzle_and_the_reason(case, key, expected):
    load(GOOD)
    before = snapshot()

    message = load_fails(BAD / case)

    assert re.search(rf"saudi/0\d-\w+\.yaml: puzzle {key}: {expected}", message), message
    assert "nothing was loaded" in message
    assert snapshot() == before


@pytest.mark.django_db
def test_it_loads_nothing_when_one_file_of_many_is_bad(content):
    edit(content / "saudi/02-scoring.yaml", "answers: [{NS: 12, EW: 14}]", "answers: [{NS: 14, EW: 12}]")

    message = load_fails(content)

    assert "02-scoring.yaml: puzzle sa-score-1: answers: the engine scores NS 12, EW 14" in message
    assert Course.objects.count() == 0
    assert Puzzle.objects.count() == 0


@pytest.mark.django_db
def test_it_rolls_back_every_write_when_the_database_refuses_one(content):
    Puzzle.objects.create(
        key="sa-bid-1", variant="saudi", task="bid", position={}, source=Source.TEACHER, prompt_en="Mine"
    )

    message = load_fails(content)

    assert "puzzle sa-bid-1: key already used by a teacher puzzle" in message
    assert Course.objects.count() == 0  # french was written before saudi, and rolled back
    assert Puzzle.objects.get(key="sa-bid-1").prompt_en == "Mine"


S1 = "saudi/01-follow-suit.yaml"
S2 = "saudi/02-scoring.yaml"
F1 = "french/01-trumps.yaml"
FC = "french/course.yaml"
TABLE_END = '[[E, "9C"]]}\n  - puzzle:\n      key: sa-follow-1'
EDITS = [
    (S1, "slug: follow-suit", "slug: follow", r"slug: 'follow' does not match"),
    (S1, "difficulty: 2", "difficulty: 7", r"difficulty: must be a whole number"),
    (S1, "command: legal", "command: trick", r"command: task play is checked with the 'legal' command"),
    (S1, "answers: [KC, 7C]", "answers: [KC, QQ]", r"answers\[1\]: 'QQ' is not a card"),
    (S1, "answers: [KC, 7C]", "answers: [KC, 8C]", r"answers\[1\]: 8C is not in the hand"),
    (S1, "answers: 21", "answers: 20", r"the trick holds 21 points, not 20"),
    (S1, '      prompt: {en: "Select', '      promt: {en: "Select', r"unknown key\(s\) promt"),
    (S1, "position: {variant: saudi, trump: null, seat: N", "position: {variant: saudi, trump: null, seat: S",
     r"position\.seat: out-of-turn"),
    (S1, "title: {en:", "title: {en: x}\ntitle: {en:", r"key 'title' given twice"),
    (S1, TABLE_END, TABLE_END.replace('"9C"]]', '"9C"], [N, KC]]'),
     r"steps\[0\]\.table\.trick\[1\]: KC also at hand\[0\]"),
    (S1, "key: sa-follow-1", "key: Sa Follow", r"steps\[1\]\.puzzle\.key: 'Sa Follow' is not a key"),
    (S2, "answers: EW", "answers: NS", r"the counted team is EW, not NS"),
    (S2, "answers: [sun]", "answers: [hokm]", r"hokm is refused here: bid\.sa\.after-hokm"),
    (S2, "tricks: {NS: 3, EW: 5}", "tricks: {NS: 3, EW: 4}", r"position\.tricks: tricks-count"),
    (F1, "answers: [JH]", "answers: [7H]", r"7H is not legal here: play\.must-overtrump"),
    (FC, "variant: french", "variant: saudi", r"variant: 'saudi' in the 'french' directory"),
    (FC, '{en: "French Belote", ', "{", r"title: missing English text"),
    (FC, "variant: french", "variant: french\nfirst_hand_after: nowhere",
     r"first_hand_after: 'nowhere' is not a lesson of this course"),
    (S1, '  ar: ["النقطة الأولى.", "النقطة الثانية."]\n', "",
     r"recap: the lesson's key points in en, ar, fa, fr"),
    (S1, '  fa: ["نکتهٔ اول.", "نکتهٔ دوم."]', '  fa: ["نکتهٔ اول.", "نکتهٔ دوم.", "نکتهٔ سوم."]',
     r"recap: the same number of key points in every language"),
    (S1, '  fr: ["Premier point clé.", "Second point clé."]', '  fr: ["Premier point clé.\\nSuite"]',
     r"recap\.fr: .*key point"),
]  # fmt: skip


@pytest.mark.parametrize(("file", "old", "new", "expected"), EDITS)
def test_it_explains_what_is_wrong_in_a_file(content, file, old, new, expected):
    edit(content / file, old, new)

    with pytest.raises(CurriculumError) as e:
        read_curriculum(content)

    assert re.search(expected, str(e.value)), str(e.value)
    assert file in str(e.value)


def test_it_reports_every_problem_at_once():
    with pytest.raises(CurriculumError) as e:
        read_curriculum(BAD / "unknown-rule")
    assert len(e.value.errors) == 1

    problems = [p for case in BAD.iterdir() for p in _errors(case)]
    assert len(problems) == len(list(BAD.iterdir()))


def _errors(root: Path) -> list:
    try:
        read_curriculum(root)
    except CurriculumError as e:
        return e.errors
    return []


def test_it_refuses_a_lesson_file_with_a_bad_name(content):
    (content / "saudi/01-follow-suit.yaml").rename(content / "saudi/1-follow-suit.yaml")

    with pytest.raises(CurriculumError, match=r"1-follow-suit\.yaml: a lesson file is named NN-<slug>\.yaml"):
        read_curriculum(content)


def test_it_refuses_two_lessons_with_one_number(content):
    shutil.copy(content / "saudi/02-scoring.yaml", content / "saudi/01-scoring.yaml")

    with pytest.raises(CurriculumError, match=r"lesson number 01 also used"):
        read_curriculum(content)


def test_it_refuses_an_unknown_variant_directory(content):
    (content / "belote").mkdir()

    with pytest.raises(CurriculumError, match=r"belote: not a course directory"):
        read_curriculum(content)


def test_check_option_exits_non_zero_without_touching_the_database():
    result = subprocess.run(
        [sys.executable, "manage.py", "load_curriculum", "--check", "--path", str(BAD / "illegal-answer")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert result.returncode != 0
    assert "01-lesson.yaml: puzzle sa-illegal: answers[1]: AS is not legal here" in result.stderr


def test_check_option_accepts_good_content():
    out = StringIO()
    call_command("load_curriculum", path=GOOD, check=True, stdout=out)
    assert "2 course(s), 3 lesson(s), 8 puzzle(s): all good" in out.getvalue()


# ---------------------------------------------------------------- rule IDs


def test_rule_ids_are_the_ids_of_the_rules_doc():
    assert set(documented_rule_ids()) == RULE_IDS


# ---------------------------------------------------------------- reasons for wrong answers (why_not)

LEADING = {"variant": "saudi", "trump": "H", "seat": "S", "hand": ["AS", "7S", "KD"]}


def reason(en: str) -> dict[str, str]:
    return {"en": en, "ar": "سبب", "fa": "دلیل", "fr": "raison"}


def play_puzzle(**changes) -> dict:
    raw = {"key": "sa-lead", "task": "play", "position": dict(LEADING), "answers": ["AS"]}
    raw["prompt"] = {"en": "Lead."}
    raw.update(changes)
    return raw


def test_it_refuses_a_play_puzzle_with_a_wrong_card_nobody_explains():
    from lessons.content import InvalidPuzzle, check_puzzle

    with pytest.raises(InvalidPuzzle) as e:
        check_puzzle(play_puzzle(why_not={"7S": reason("Too low.")}), "saudi")

    assert e.value.where == "why_not"
    assert "KD may be played but is not an answer" in e.value.reason


def test_it_keeps_the_authors_reasons_keyed_by_card():
    from lessons.content import check_puzzle

    spec = check_puzzle(play_puzzle(why_not={"7s": reason("Too low."), "KD": reason("Wrong suit.")}), "saudi")

    assert spec.why_not["7S"]["en"] == "Too low."
    assert set(spec.why_not) == {"7S", "KD"}


def test_it_accepts_a_play_puzzle_the_engine_explains_alone():
    from lessons.content import check_puzzle

    position = {**LEADING, "trick": [["W", "TS"]], "hand": ["AS", "KS"]}  # K♠ loses to 10♠

    assert check_puzzle(play_puzzle(position=position), "saudi").why_not == {}


@pytest.mark.parametrize(
    ("why_not", "expected"),
    [
        ({"AS": reason("No.")}, "AS is a right answer"),
        ({"7S": {"en": "Too low."}, "KD": reason("Wrong suit.")}, "missing language"),
        ({"ZZ": reason("No.")}, "is not a card"),
        (["7S"], "a mapping from a wrong answer"),
    ],
)
def test_it_refuses_a_bad_why_not(why_not, expected):
    from lessons.content import InvalidPuzzle, check_puzzle

    with pytest.raises(InvalidPuzzle) as e:
        check_puzzle(play_puzzle(why_not=why_not), "saudi")

    assert expected in e.value.reason
