"""Checkpoints: the short quiz after a group of lessons (a lesson file NNc-<slug>.yaml).

Loaded like a lesson and listed right after the lesson it follows; its puzzles give no hint,
ask only about the rules its group practised, and the learner's stars show on each of its pages.
"""

import json
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from lessons.content import CurriculumError, read_curriculum
from lessons.coverage import missing_texts, stats
from lessons.models import Attempt, Lesson
from tests.site.pages import answer, token

GOOD = Path(__file__).parent / "content_fixtures" / "good"
CHECKPOINT = "01c-checkpoint-follow.yaml"
TEXT = {"en": "Check.", "ar": "تحقّق.", "fa": "بررسی.", "fr": "Vérifiez."}

# South's hand and the card East led: every card of the led suit is the answer.
HANDS = [
    (["KC", "7C", "AS"], "9C"),
    (["QH", "8D", "9H"], "AH"),
    (["TS", "JD", "7S"], "8S"),
    (["AD", "KD", "9C"], "7D"),
    (["8C", "JH", "QC"], "TC"),
]
LEGAL = [["KC", "7C"], ["QH", "9H"], ["TS", "7S"], ["AD", "KD"], ["8C", "QC"]]


def checkpoint(puzzles=5, hint=False, rules=("play.must-follow",)) -> dict:
    steps: list[dict] = [{"text": TEXT}]
    for i, (hand, led) in enumerate(HANDS[:puzzles], 1):
        puzzle = {
            "key": f"sa-check-{i}",
            "task": "all-legal",
            "position": {"variant": "saudi", "trump": None, "seat": "N", "hand": hand, "trick": [["E", led]]},
            "prompt": TEXT,
            "explanation": TEXT,
            "rules": list(rules),
            "difficulty": 1,
        }
        if hint:
            puzzle["hint"] = TEXT
        steps.append({"puzzle": puzzle})
    title = {"en": "Following, checked", "ar": "الاتباع", "fa": "پیروی", "fr": "Fournir, vérifié"}
    return {"slug": "checkpoint-follow", "title": title, "steps": steps}


def write(root: Path, data: dict, name: str = CHECKPOINT) -> None:
    (root / "saudi" / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """The good content with a checkpoint after its first lesson."""
    root = tmp_path / "content"
    shutil.copytree(GOOD, root)
    write(root, checkpoint())
    return root


def refused(root: Path) -> str:
    with pytest.raises(CurriculumError) as e:
        read_curriculum(root)
    return str(e.value)


# ---------------------------------------------------------------- reading the files


def test_a_checkpoint_comes_right_after_the_lesson_it_follows(content):
    course = next(c for c in read_curriculum(content) if c.variant == "saudi")

    assert [(lesson.slug, lesson.checkpoint) for lesson in course.lessons] == [
        ("follow-suit", False),
        ("checkpoint-follow", True),
        ("scoring", False),
    ]


def test_a_checkpoint_offers_no_hint(content):
    write(content, checkpoint(hint=True))

    assert "sa-check-1: a checkpoint offers no hint" in refused(content)


def test_a_checkpoint_holds_5_to_8_puzzles(content):
    write(content, checkpoint(puzzles=4))

    assert "a checkpoint holds 5 to 8 puzzles, not 4" in refused(content)


def test_a_checkpoint_starts_with_a_text(content):
    data = checkpoint()
    data["steps"] = data["steps"][1:] + data["steps"][:1]
    write(content, data)

    assert "a checkpoint starts with a text that introduces it" in refused(content)


def test_a_checkpoint_follows_a_lesson_of_its_number(content):
    (content / "saudi" / CHECKPOINT).rename(content / "saudi" / "05c-checkpoint-follow.yaml")

    assert "a checkpoint follows a lesson: there is no lesson 05" in refused(content)


def test_a_checkpoint_asks_only_about_the_rules_its_group_practised(content):
    # Lesson 02 practises the scoring rules, but it comes after the checkpoint.
    write(content, checkpoint(rules=("play.must-follow", "score.sa.round-sun")))

    assert "score.sa.round-sun, which no lesson of its group practises" in refused(content)


def test_a_checkpoint_needs_no_key_points_and_lacks_no_hint_text(content):
    course = next(c for c in read_curriculum(content) if c.variant == "saudi")

    missing = [str(m) for m in missing_texts(course) if "checkpoint" in str(m)]
    assert missing == []


def test_curriculum_stats_counts_checkpoints_apart_from_lessons(content):
    row = stats(read_curriculum(content))["saudi"]

    assert (row["lessons"], row["checkpoints"]) == (2, 1)
    assert row["puzzles_by_kind"]["all-legal"] >= 5


# ---------------------------------------------------------------- the pages


@pytest.fixture
def loaded(db, content):
    call_command("load_curriculum", path=content, stdout=StringIO(), stderr=StringIO())
    return Lesson.objects.get(slug="checkpoint-follow")


def url(n: int, lang: str = "en") -> str:
    return f"/{lang}/learn/saudi/checkpoint-follow/{n}/"


def test_the_loader_stores_the_checkpoint_flag(loaded):
    assert loaded.checkpoint
    assert not Lesson.objects.get(slug="follow-suit").checkpoint


def test_the_course_page_marks_the_checkpoint_and_numbers_only_lessons(client, loaded):
    text = client.get("/en/learn/saudi/").text

    assert '<li class="tile checkpoint">' in text
    assert '<span class="checkpoint-label">Checkpoint</span>' in text
    # The lesson after the checkpoint is the second lesson, not the third.
    assert '<span class="lesson-number">2.</span>' in text
    assert '<span class="lesson-number">3.</span>' not in text


def test_a_checkpoint_puzzle_offers_no_hint_and_shows_the_stars(client, loaded):
    assert client.session.session_key  # a learner with a session: what they open is kept
    text = client.get(url(2)).text

    assert "A short quiz on the lessons before it, without hints." in text
    assert "Show a hint" not in text
    assert "1 of 3 stars: checkpoint seen" in text  # opening a step counts as seeing it
    assert "lesson seen" not in text
    course_page = client.get("/en/learn/saudi/").text
    assert "1 of 3 stars: checkpoint seen" in course_page  # the checkpoint's row, and only it
    assert course_page.count("checkpoint seen") == 1


@pytest.mark.parametrize(
    ("lang", "words"),
    [("fr", "point d’étape vu"), ("ar", "محطة المراجعة مُطّلَع عليها"), ("fa", "ایستگاه مرور دیده شده")],
)
def test_the_one_star_words_of_a_checkpoint_speak_the_page_language(client, loaded, lang, words):
    assert words in client.get(url(2, lang)).text


def test_a_checkpoint_refuses_a_hint_with_a_clear_message(client, loaded):
    response = client.post(url(2) + "hint")

    assert response.status_code == 400
    assert "A checkpoint offers no hint" in response.text


def test_every_puzzle_right_at_the_first_try_earns_three_stars(client, loaded):
    for n, cards in enumerate(LEGAL, 2):
        response = answer(client, url(n), {"cards": cards})
        assert response.status_code == 200

    assert Attempt.objects.filter(correct=True).count() == len(LEGAL)
    assert "3 of 3 stars" in client.get(url(len(LEGAL) + 1)).text
    course_page = client.get("/en/learn/saudi/").text
    assert course_page.count("3 of 3 stars") == 1  # the checkpoint's; the lessons were not done


def test_a_wrong_answer_costs_the_third_star(client, loaded):
    answer(client, url(2), {"cards": ["AS"]})
    for n, cards in enumerate(LEGAL, 2):
        answer(client, url(n), {"cards": cards})

    assert "2 of 3 stars" in client.get(url(2)).text


@pytest.mark.parametrize(
    ("lang", "label", "note"),
    [
        ("fr", "Point d’étape", "Un petit quiz sur les leçons qui précèdent, sans indice."),
        ("ar", "محطة مراجعة", "اختبار قصير على الدروس التي قبله، بلا تلميحات."),
        ("fa", "ایستگاه مرور", "آزمونی کوتاه دربارهٔ درس‌های پیش از آن، بدون راهنمایی."),
    ],
)
def test_the_checkpoint_speaks_the_page_language(client, loaded, lang, label, note):
    text = client.get(url(1, lang)).text

    assert label in text
    assert note in text


def test_the_lesson_before_leads_to_the_checkpoint_by_its_name(client, loaded):
    last = Lesson.objects.get(slug="follow-suit").steps.count()
    text = client.get(f"/en/learn/saudi/follow-suit/{last}/").text

    assert "Next checkpoint: Following, checked" in text
    assert "Next lesson: Following, checked" not in text


def test_the_last_step_ends_the_checkpoint(client, loaded):
    page = client.get(url(len(LEGAL) + 1))

    assert "End of the checkpoint" in page.text
    assert "What this lesson taught" not in page.text
    assert token(page)
