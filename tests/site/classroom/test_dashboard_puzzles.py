"""Each puzzle of a class's drills: success rate and the common wrong answers with the engine's reason."""

from lessons.classroom.dashboard import puzzle_report, wrong_reason
from lessons.models import Attempt, Puzzle
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login, make_student


def answer(user, key, given, correct, drill=None):
    n = Attempt.objects.count()
    return Attempt.objects.create(
        puzzle=Puzzle.objects.get(key=key), session_key="s", user=user, answer=given, correct=correct,
        token=f"t-{n}", drill=drill,
    )  # fmt: skip


def test_it_counts_the_pupils_who_got_it_first_time(teacher, student, drill):
    other = make_student("bbb222", "Zainab", drill.classroom)
    answer(student, "sa-winner-1", "W", True, drill=drill)
    answer(other, "sa-winner-1", "E", False, drill=drill)
    answer(other, "sa-winner-1", "W", True, drill=drill)

    row = {r.puzzle.key: r for r in puzzle_report(drill.classroom, "en")}["sa-winner-1"]

    assert (row.tried, row.solved, row.first_try, row.success) == (2, 2, 1, 50)


def test_it_lists_the_common_wrong_answers_most_common_first_with_the_engines_reason(teacher, student, drill):
    others = [make_student(f"bb{i}222", f"P{i}", drill.classroom) for i in range(3)]
    answer(student, "sa-follow-1", "AS", False, drill=drill)
    for pupil in others:
        answer(pupil, "sa-follow-1", "7C", False, drill=drill)

    row = {r.puzzle.key: r for r in puzzle_report(drill.classroom, "en")}["sa-follow-1"]

    assert [(w.count, w.rule) for w in row.wrong] == [(3, "trick.win"), (1, "play.must-follow")]
    # What the pupils read first: 7C may be played, but loses the trick; AS may not be played.
    assert row.wrong[0].reason == "7♣ does not win the trick: 9♣ beats it."
    assert row.wrong[1].reason == "You may not play A♠ here."
    assert row.wrong[1].label  # the card in words


def test_the_reason_comes_in_the_teachers_language_and_is_cached(saudi):
    puzzle = Puzzle.objects.get(key="sa-follow-1")

    english = wrong_reason(puzzle, '"AS"', "en")
    french = wrong_reason(puzzle, '"AS"', "fr")

    assert english[0] == french[0] == "play.must-follow"
    assert english[1] != french[1]
    from lessons.classroom.dashboard import _wrong_reason

    hits = _wrong_reason.cache_info().hits
    wrong_reason(puzzle, '"AS"', "en")
    assert _wrong_reason.cache_info().hits == hits + 1


def test_the_page_shows_rates_and_mistakes(client, teacher, student, drill):
    answer(student, "sa-winner-1", "E", False, drill=drill)
    login(client, teacher)

    text = client.get(f"/en/classes/{drill.classroom_id}/dashboard/puzzles/").text

    assert "1 pupil answered: 0 right at the first try (0%); 0 solved it in the end." in text
    assert "Nobody has answered it yet." in text  # the lesson's puzzles
    assert "trick.win" in text


def test_a_stored_answer_that_no_longer_fits_does_not_break_the_page(client, teacher, student, drill):
    answer(student, "sa-winner-1", {"odd": [1, 2]}, False, drill=drill)
    login(client, teacher)

    assert client.get(f"/en/classes/{drill.classroom_id}/dashboard/puzzles/").status_code == 200


def test_each_count_agrees_with_its_words_in_each_language(client, teacher, student, drill):
    other = make_student("bbb222", "Zainab", drill.classroom)
    answer(student, "sa-winner-1", "W", True, drill=drill)
    answer(other, "sa-winner-1", "E", False, drill=drill)  # 2 answered, 1 right at first, 1 solved
    login(client, teacher)
    address = f"/{{}}/classes/{drill.classroom.pk}/dashboard/puzzles/"

    english, french, arabic, persian = (
        client.get(address.format(ln)).text for ln in ("en", "fr", "ar", "fa")
    )

    assert "2 pupils answered: 1 right at the first try (50%); 1 solved it in the end." in english
    said = "2 élèves ont répondu\u00a0: 1 a réussi du premier coup (50 %)\u00a0; 1 l’a résolu à la fin."
    assert said in french
    assert "l’ont résolu" not in french
    assert "أجاب ٢ طالبان" in arabic and "طلاب" not in arabic.split("puzzle-report", 1)[1].split("</p>", 1)[0]
    assert "۲ شاگرد پاسخ دادند" in persian


def test_a_page_writes_one_percent_sign(client, teacher, student, drill):
    answer(student, "sa-winner-1", "W", True, drill=drill)
    answer(student, "sa-follow-1", "AS", False, drill=drill)
    login(client, teacher)

    for lang, sign, other in (("ar", "٪", "%"), ("fa", "٪", "%"), ("fr", "%", "٪")):
        for address in (f"/{lang}/classes/{drill.classroom.pk}/dashboard/puzzles/",
                        f"/{lang}/classes/{drill.classroom.pk}/dashboard/",
                        f"/{lang}/classes/{drill.classroom.pk}/students/{student.pk}/"):  # fmt: skip
            text = visible_text(client.get(address).text)
            assert sign in text and other not in text, address
    login(client, student)
    for lang, sign, other in (("ar", "٪", "%"), ("fr", "%", "٪")):
        text = visible_text(client.get(f"/{lang}/drills/{drill.pk}/").text)  # its target
        assert sign in text and other not in text


def visible_text(html):
    """The page's words: no markup, scripts or styles (a style's 100% is no percentage shown)."""
    import re

    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_each_wrong_answer_links_to_the_puzzle_and_the_pupils_who_gave_it(client, teacher, student, drill):
    other = make_student("bbb222", "Zainab", drill.classroom)
    answer(student, "sa-winner-1", "E", False, drill=drill)
    answer(other, "sa-winner-1", "E", False, drill=drill)
    puzzle = Puzzle.objects.get(key="sa-winner-1")
    login(client, teacher)
    base = f"/en/classes/{drill.classroom.pk}"

    report = client.get(f"{base}/dashboard/puzzles/").text
    detail = client.get(f"{base}/dashboard/puzzles/{puzzle.pk}/")

    assert f'href="{base}/dashboard/puzzles/{puzzle.pk}/"' in report
    for text in (report, detail.text):
        assert f'href="{base}/students/{student.pk}/">سارة</a>' in text
        assert f'href="{base}/students/{other.pk}/">Zainab</a>' in text
    assert detail.status_code == 200 and "puzzle-table-caption" in detail.text


def test_a_puzzle_outside_the_classs_drills_has_no_page_there(client, teacher, drill):
    login(client, teacher)
    elsewhere = Puzzle.objects.exclude(key__in=["sa-winner-1", "sa-follow-1"]).exclude(
        steps__lesson__slug="follow-suit"
    )

    response = client.get(f"/en/classes/{drill.classroom.pk}/dashboard/puzzles/{elsewhere.first().pk}/")

    assert response.status_code == 404


def test_a_wrong_best_card_is_shown_as_a_card_not_a_code(saudi):
    from lessons.classroom.dashboard import answer_label
    from lessons.models import Task

    puzzle = Puzzle(key="x", variant="french", task=Task.BEST_CARD, position={})

    assert answer_label(puzzle, "QH", "en") == "Q♥"
    assert answer_label(puzzle, "QH", "fr") == "D♥"


def test_the_pupils_who_gave_an_answer_are_parted_by_the_arabic_comma_in_arabic(
    client, teacher, student, drill
):
    from lessons.models import Attempt, Puzzle
    from tests.site.classroom.base import login, make_student

    zainab = make_student("zzz222", "زينب", drill.classroom)
    puzzle = Puzzle.objects.get(key="sa-winner-1")
    for n, pupil in enumerate((student, zainab)):
        Attempt.objects.create(
            puzzle=puzzle,
            session_key="s",
            user=pupil,
            answer="E",
            correct=False,
            token=f"sep-{n}",
            drill=drill,
        )
    login(client, teacher)

    arabic = client.get(f"/ar/classes/{drill.classroom_id}/dashboard/puzzles/").text
    french = client.get(f"/fr/classes/{drill.classroom_id}/dashboard/puzzles/").text

    assert "</a>، <a" in arabic and "</a>, <a" not in arabic
    assert "</a>, <a" in french
