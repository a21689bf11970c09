"""The real curriculum (lessons/content/): complete, in four languages, every rule practised, engine-checked.

These tests read the content files themselves, as ``load_curriculum`` does; a failure names
the file, the puzzle or the rule IDs at fault.
"""

import functools
import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from lessons import checking
from lessons.content import LANGS, RULE_IDS, CourseSpec, PuzzleSpec, read_curriculum
from lessons.coverage import complete_languages, missing_texts, stats, unpractised_rules
from lessons.models import Puzzle, Task
from lessons.rulebook import TWO_PLAYER_RULES, VARIANTS, applicable_rules

FIXTURES = Path(__file__).parent / "content_fixtures"

MIN_LESSONS = 10
MIN_PUZZLES_PER_VARIANT = 45
MIN_PUZZLES = 150


@functools.cache
def curriculum() -> dict[str, CourseSpec]:
    return {course.key: course for course in read_curriculum()}


def course(variant: str) -> CourseSpec:
    courses = curriculum()
    assert variant in courses, f"no {variant} course in lessons/content/"
    return courses[variant]


def all_puzzles() -> list[PuzzleSpec]:
    return [p for c in curriculum().values() for p in c.puzzles]


def as_puzzle(spec: PuzzleSpec) -> Puzzle:
    return Puzzle(
        key=spec.key, variant=spec.variant, task=spec.task, position=spec.position, answers=spec.answers
    )


# ---------------------------------------------------------------- size


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_course_has_at_least_ten_lessons(variant):
    count = len(course(variant).lessons)

    assert count >= MIN_LESSONS, f"{variant}: {count} lesson(s)"


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_has_at_least_45_puzzles(variant):
    count = len(course(variant).puzzles)

    assert count >= MIN_PUZZLES_PER_VARIANT, f"{variant}: {count} puzzle(s)"


def test_the_curriculum_has_at_least_150_puzzles():
    count = len(all_puzzles())

    assert count >= MIN_PUZZLES, f"{count} puzzle(s)"


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_lesson_has_an_explanation_and_3_to_8_puzzles(variant):
    from lessons.practice.templatetags.practice import PRACTICE_TABLES

    wrong = []
    for lesson in course(variant).lessons:
        puzzles = sum(1 for s in lesson.steps if s.puzzle is not None)
        has_text = any(s.kind == "text" for s in lesson.steps)
        if (variant, lesson.slug) in PRACTICE_TABLES and puzzles == 0 and has_text:
            continue  # a game the puzzles cannot pose (two-player découverte): its practice is its table
        if not has_text or not 3 <= puzzles <= 8:
            wrong.append(f"{lesson.path.name}: {puzzles} puzzle(s), explanation: {has_text}")
    assert not wrong, "\n".join(wrong)


# ---------------------------------------------------------------- languages


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_text_exists_in_all_four_languages(variant):
    missing = [str(m) for m in missing_texts(course(variant))]

    assert not missing, f"{len(missing)} text(s) lack a language:\n" + "\n".join(missing[:50])
    assert complete_languages(course(variant)) == sorted(LANGS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_lesson_puzzle_has_a_hint_and_every_puzzle_an_explanation(variant):
    """A checkpoint's puzzles are the exception: a checkpoint offers no hint."""
    bare = [
        p.key
        for lesson in course(variant).lessons
        for p in lesson.puzzles
        if not p.explanation.get("en") or (not lesson.checkpoint and not p.hint.get("en"))
    ]

    assert not bare, f"puzzles without a hint or an explanation: {', '.join(bare)}"


# Each rules course closes every group of lessons with a checkpoint (a short quiz on its rules).
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_rules_course_ends_with_a_checkpoint_and_has_one_every_few_lessons(variant):
    from lessons.practice.templatetags.practice import PRACTICE_TABLES

    # A lesson on a game the puzzles cannot pose (two-player découverte) comes after the rules and
    # their checkpoints: its practice is its own table, not a quiz.
    lessons = [lesson for lesson in course(variant).lessons if (variant, lesson.slug) not in PRACTICE_TABLES]
    checkpoints = [i for i, lesson in enumerate(lessons) if lesson.checkpoint]

    assert lessons[-1].checkpoint, f"{variant}: the last lesson is not followed by a checkpoint"
    gaps = [b - a - 1 for a, b in zip([-1, *checkpoints], checkpoints, strict=False)]
    assert all(1 <= gap <= 4 for gap in gaps), f"{variant}: lessons between checkpoints: {gaps}"


# ---------------------------------------------------------------- rules


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_rule_that_applies_is_practised_by_a_puzzle(variant):
    unpractised = unpractised_rules(course(variant))

    assert not unpractised, f"no {variant} puzzle practises: {', '.join(unpractised)}"


@pytest.mark.parametrize("variant", VARIANTS)
def test_puzzles_practise_only_rules_of_their_variant(variant):
    applicable = set(applicable_rules(variant))
    foreign = [
        f"{p.key}: {rule}" for p in course(variant).puzzles for rule in p.rules if rule not in applicable
    ]

    assert not foreign, "rules of another variant:\n" + "\n".join(foreign)


# ---------------------------------------------------------------- the engine agrees


def engine_disagreements(spec: PuzzleSpec, lang: str) -> list[str]:
    """What the engine says against the puzzle's accepted answers (checked apart from the loader)."""
    p = as_puzzle(spec)
    out = checking.engine_output(p, lang)
    task = spec.task
    if task == Task.PLAY:
        return [f"{card} is not legal" for card in spec.answers if card not in out["legal"]]
    if task == Task.ALL_LEGAL:
        return [] if spec.answers == out["legal"] else [f"legal cards {out['legal']}, not {spec.answers}"]
    if task in (Task.BID, Task.DOUBLE):
        return [f"{call} is not allowed" for call in spec.answers if call not in out["allowed"]]
    if task == Task.TRICK_WINNER:
        expected = [out["winner"]]
    elif task in (Task.COUNT, Task.SCORE):
        expected = [out["points"]]
    elif task == Task.PROJECTS:
        expected = [out["counted_team"] or "none"]
    elif task == Task.FIRST_LEAD:
        expected = [out["leader"]]
    elif task == Task.VIOLATION:
        expected = [out["offender"] or "none"]
    elif task in (Task.BEST_CARD, Task.DECOUVERTE_CARD):
        expected = out["best"]
    elif task == Task.SHEET:
        expected = out["wrong"]
    elif task == Task.TRUMPS_LEFT:
        expected = [out["left"]]
    elif task == Task.CONTRACT_MADE:
        expected = [out["verdict"]]
    else:
        return [f"unknown task {task}"]
    return [] if spec.answers == expected else [f"the engine answers {expected}, not {spec.answers}"]


def test_every_accepted_answer_agrees_with_the_engine():
    wrong = [
        f"{spec.key}: {problem}" for spec in all_puzzles() for problem in engine_disagreements(spec, "en")
    ]

    assert not wrong, "\n".join(wrong)


@pytest.mark.content
@pytest.mark.parametrize("lang", LANGS)
def test_every_accepted_answer_is_judged_right_in_every_language(lang):
    wrong = []
    for spec in all_puzzles():
        p = as_puzzle(spec)
        answers = [spec.answers] if spec.task == Task.ALL_LEGAL else spec.answers
        for answer in answers:
            verdict = checking.check(p, answer, lang)
            if not verdict.correct:
                wrong.append(f"{spec.key}: {answer!r}")
            texts = [r["message"] for r in verdict.reasons] + [s["text"] for s in verdict.steps]
            if any(not text or text == "…" for text in texts):
                wrong.append(f"{spec.key}: an empty explanation in {lang}")
    assert not wrong, "\n".join(wrong)


# ---------------------------------------------------------------- the rule table


def test_every_rule_id_applies_to_some_variant():
    applied = {rule for variant in VARIANTS for rule in applicable_rules(variant)}

    # Only the two-player game's rules wait for a course of their own.
    assert applied == set(RULE_IDS) - set(TWO_PLAYER_RULES)
    assert TWO_PLAYER_RULES and all(".fr2." in rule for rule in TWO_PLAYER_RULES)


@pytest.mark.parametrize(
    ("rule", "variants"),
    [
        ("play.must-overruff", ["french"]),
        ("play.ekka", ["saudi"]),
        ("trick.win", ["saudi", "moroccan", "french"]),
        ("bid.void", ["saudi", "moroccan", "french"]),
        ("play.must-overtrump", ["saudi", "moroccan", "french"]),
        ("penalty.sa.khaysh", ["saudi"]),
        ("decl.ma.belote", ["moroccan"]),
        ("score.fr.capot", ["french"]),
    ],
)
def test_rules_apply_to_the_variants_of_rules_md(rule, variants):
    assert [v for v in VARIANTS if rule in applicable_rules(v)] == variants


# ---------------------------------------------------------------- manage.py curriculum_stats


def run_stats(*args: str) -> str:
    out = StringIO()
    call_command("curriculum_stats", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_curriculum_stats_json_has_the_shape_of_the_issue():
    result = json.loads(run_stats("--json", "--path", str(FIXTURES / "good")))

    assert list(result) == ["saudi", "moroccan", "french"]
    fields = {
        "course", "lessons", "checkpoints", "puzzles", "puzzles_by_kind", "puzzles_by_difficulty",
        "difficulty_by_kind", "practised_rules", "unpractised_rules", "complete_languages",
        "puzzles_by_tricks_left", "checked_claims",
    }  # fmt: skip
    for row in result.values():
        assert set(row) == {*fields, "courses"}
        assert all(set(course) == fields for course in row["courses"].values())
    # Each variant's rules course, its numbers also under its key; a variant without a course has none.
    courses = result["saudi"]["courses"]
    assert {key: row["course"] for key, row in courses.items()} == {"saudi": "Saudi Baloot"}
    assert courses["saudi"] == {k: v for k, v in result["saudi"].items() if k != "courses"}
    saudi = result["saudi"]
    assert saudi["lessons"] == 2
    assert saudi["puzzles"] == 7
    assert sum(saudi["puzzles_by_kind"].values()) == 7
    assert list(saudi["puzzles_by_difficulty"]) == ["1", "2", "3", "4", "5"]
    assert sum(saudi["puzzles_by_difficulty"].values()) == 7
    for kind, levels in saudi["difficulty_by_kind"].items():
        assert sum(levels.values()) == saudi["puzzles_by_kind"][kind]
    assert set(saudi["practised_rules"]).isdisjoint(saudi["unpractised_rules"])
    assert "play.must-follow" in saudi["practised_rules"]
    assert result["moroccan"] == {
        "courses": {},
        "lessons": 0,
        "checkpoints": 0,
        "puzzles": 0,
        "complete_languages": [],
        "unpractised_rules": applicable_rules("moroccan"),
        "course": "",
        "puzzles_by_kind": {},
        "puzzles_by_difficulty": {"1": 0, "2": 0, "3": 0, "4": 0, "5": 0},
        "difficulty_by_kind": {},
        "practised_rules": [],
        "puzzles_by_tricks_left": {},
        "checked_claims": 0,
    }
    assert "play.must-follow" not in result["saudi"]["unpractised_rules"]
    assert "play.must-overruff" not in result["saudi"]["unpractised_rules"]  # not a saudi rule


def test_curriculum_stats_counts_a_language_complete_only_when_every_text_is_there(tmp_path):
    course_dir = tmp_path / "french"
    course_dir.mkdir()
    title = {"en": "French Belote", "ar": "البلوت الفرنسية", "fa": "بلوت فرانسوی", "fr": "Belote"}
    (course_dir / "course.yaml").write_text(
        json.dumps({"variant": "french", "title": title}, ensure_ascii=False), encoding="utf-8"
    )
    lesson = {
        "slug": "trick",
        "title": title,
        "recap": {lang: [text, text] for lang, text in title.items()},
        "steps": [
            {"text": {**title, "fa": ""}},
            {
                "puzzle": {
                    "key": "fr-t-1",
                    "task": "trick-winner",
                    "position": {
                        "variant": "french",
                        "trump": "H",
                        "trick": [["S", "AS"], ["E", "7H"], ["N", "KS"], ["W", "8S"]],
                    },
                    "answers": ["E"],
                    "prompt": title,
                    "hint": title,
                    "explanation": {
                        "en": "East trumps.",
                        "fr": "Est coupe.",
                        "ar": "الشرق يقطع.",
                        "fa": "شرق",
                    },
                    "rules": ["trick.win"],
                }
            },
        ],
    }
    (course_dir / "01-trick.yaml").write_text(json.dumps(lesson, ensure_ascii=False), encoding="utf-8")

    result = json.loads(run_stats("--json", "--path", str(tmp_path)))["french"]

    assert result["lessons"] == 1
    assert result["puzzles"] == 1
    assert result["complete_languages"] == ["ar", "en", "fr"]  # the step's text has no Persian
    assert "trick.win" not in result["unpractised_rules"]
    assert result["unpractised_rules"][0] == "play.must-follow"


def test_curriculum_stats_prints_a_readable_summary():
    text = run_stats("--path", str(FIXTURES / "good"))

    assert "saudi: 2 lesson(s), 0 checkpoint(s), 7 puzzle(s)" in text
    assert "unpractised rules:" in text


def test_curriculum_stats_refuses_content_the_loader_refuses():
    with pytest.raises(CommandError):
        run_stats("--json", "--path", str(FIXTURES / "bad" / "wrong-winner"))


# Legality is practised, not only scoring: the Moroccan and French rules courses each hold at
# least ten card puzzles (pick the card to play, or select every legal card), from a first look
# (difficulty 1) to a hard one (4).
CARD_KINDS = ("play", "all-legal")
MIN_CARD_PUZZLES = 10


@pytest.mark.parametrize("variant", ["moroccan", "french"])
def test_the_rules_course_has_ten_card_puzzles_from_difficulty_1_to_4(variant):
    row = json.loads(run_stats("--json"))[variant]

    kinds = row["puzzles_by_kind"]
    assert sum(kinds.get(kind, 0) for kind in CARD_KINDS) >= MIN_CARD_PUZZLES, kinds
    levels = {
        int(level) for kind in CARD_KINDS for level, n in row["difficulty_by_kind"].get(kind, {}).items() if n
    }
    assert {1, 2, 3, 4} <= levels, levels
    assert {"play.must-follow", "play.must-trump", "play.partner-winning", "play.must-overtrump"} <= set(
        row["practised_rules"]
    )


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_wrong_legal_card_of_a_play_puzzle_has_a_reason(variant):
    """The author's (why_not) or the engine's: no wrong card answered with "not the best" alone."""
    silent = []
    for puzzle in course(variant).puzzles:
        if puzzle.task != "play":
            continue
        legal = checking.engine_output(as_puzzle(puzzle), "en")["legal"]
        for card in legal:
            if card in puzzle.answers or card in puzzle.why_not:
                continue
            if checking.play_effect(puzzle.position, card, "en") is None:
                silent.append(f"{puzzle.key}: {card}")
    assert not silent, silent


def test_curriculum_stats_reports_every_course_of_a_variant():
    courses = json.loads(run_stats("--json"))["saudi"]["courses"]

    assert list(courses)[:2] == ["saudi", "saudi-playing-well"]
    assert courses["saudi-playing-well"]["puzzles_by_kind"].get("best-card", 0) >= 9
    text = run_stats()
    assert "\nsaudi-playing-well: " in text


def test_the_french_playing_well_course_poses_whole_hands_and_decouverte_positions():
    # At least 14 lessons and 90 puzzles; a third of the best-card puzzles with 5 to 8 tricks left
    # (8: an opening lead); at least 12 two-player découverte positions in the French courses.
    french = json.loads(run_stats("--json"))["french"]["courses"]
    course = french["french-playing-well"]

    assert course["lessons"] >= 14
    assert course["puzzles"] >= 90
    by_left = course["puzzles_by_tricks_left"]
    assert sum(by_left.values()) == course["puzzles_by_kind"]["best-card"]
    assert 3 * sum(by_left.get(str(n), 0) for n in range(5, 9)) >= sum(by_left.values())
    assert by_left.get("8", 0) >= 1
    assert sum(c["puzzles_by_kind"].get("decouverte-card", 0) for c in french.values()) >= 12


def test_every_course_of_the_real_curriculum_is_written_in_four_languages():
    # A best-card puzzle without a prompt is complete: the page asks its question.
    result = json.loads(run_stats("--json"))

    for row in result.values():
        for key, course in row["courses"].items():
            assert course["complete_languages"] == ["ar", "en", "fa", "fr"], key


def test_curriculum_stats_of_the_real_curriculum_matches_the_files():
    result = json.loads(run_stats("--json"))

    assert result == stats(list(curriculum().values()))


# ---------------------------------------------------------------- every page of the real curriculum


@pytest.mark.content
@pytest.mark.django_db
def test_every_step_of_the_real_curriculum_renders_and_its_answer_is_accepted(client, settings):
    """Loaded as the site loads it, shown in Arabic (right to left, native digits), answered right."""
    from tests.site.pages import token

    # One learner answering every puzzle of the site in a row would hit the answer rate limit.
    settings.ANSWER_RATE_LIMIT = 10_000

    call_command("load_curriculum", stdout=StringIO(), stderr=StringIO())
    broken = []
    for spec in curriculum().values():
        for lesson in spec.lessons:
            for n, step in enumerate(lesson.steps, 1):
                url = f"/ar/learn/{spec.key}/{lesson.slug}/{n}/"
                page = client.get(url)
                if page.status_code != 200:
                    broken.append(f"{url}: {page.status_code}")
                    continue
                if step.puzzle is None:
                    continue
                data = answer_form(step.puzzle)
                response = client.post(
                    url + "answer", {"token": token(page), **data}, headers={"HX-Request": "true"}
                )
                if 'class="verdict verdict-right"' not in response.text:
                    broken.append(f"{url} ({step.puzzle.key}): {data} not accepted")
    assert not broken, "\n".join(broken)


def answer_form(spec: PuzzleSpec) -> dict:
    """The form fields that post the puzzle's first accepted answer."""
    first = spec.answers[0]
    fields = checking.ANSWER_FIELDS[spec.task]
    if spec.task == Task.ALL_LEGAL:
        return {"cards": list(spec.answers)}
    if spec.task == Task.SCORE:
        return {"NS": str(first["NS"]), "EW": str(first["EW"])}
    return {fields[0]: str(first)}
