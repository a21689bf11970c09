"""The first-lead, double and violation tasks: read from a form, checked by the engine's Python API."""

import pytest
from django.http import QueryDict
from django.utils import translation

from lessons.checking import BadAnswer, check, parse_answer, solution
from lessons.models import Course, Lesson, Puzzle, Step
from tests.site.pages import answer, words


@pytest.fixture(autouse=True)
def english_afterwards():
    """Pages in other languages leave their language active; the next test expects English."""
    yield
    translation.activate("en")


def puzzle(task: str, position: dict, answers: list | None = None) -> Puzzle:
    return Puzzle(key="p", variant=position["variant"], task=task, position=position, answers=answers or [])


def form(**fields) -> QueryDict:
    q = QueryDict(mutable=True)
    for name, value in fields.items():
        q.setlist(name, value if isinstance(value, list) else [value])
    return q


def rules_of(items: list[dict]) -> list[str]:
    return [item["rule"] for item in items]


# Turn order S → E → N → W: the seat after N is W, the seat after S is E.
SAUDI_LEAD = {"variant": "saudi", "dealer": "S", "contract": {"mode": "hokm", "trump": "H", "taker": "N"}}
MOROCCAN_LEAD = {
    "variant": "moroccan",
    "dealer": "S",
    "contract": {"mode": "hokm", "trump": "H", "taker": "N"},
}
FRENCH_LEAD = {"variant": "french", "dealer": "S", "contract": {"mode": "hokm", "trump": "H", "taker": "N"}}
HOKM_DOUBLE = {
    "variant": "saudi",
    "contract": {"mode": "hokm", "trump": "H", "taker": "N"},
    "calls": [],
    "seat": "E",
}
SUN_DOUBLE = {
    "variant": "saudi",
    "contract": {"mode": "sun", "trump": None, "taker": "N"},
    "game_score": {"NS": 80, "EW": 40},
    "calls": [],
    "seat": "E",
}
# East holds a spade and plays a club on South's spade lead.
RENOUNCE = {
    "variant": "saudi",
    "trump": "H",
    "hands": {"E": ["7C", "KS", "9D"], "N": ["8S", "9H", "TD"]},
    "trick": [["S", "AS"], ["E", "7C"], ["N", "8S"]],
}
CLEAN = {
    "variant": "french",
    "trump": "H",
    "hands": {"E": ["7C", "KS"], "N": ["8S", "9H"], "W": ["QS", "TC"]},
    "trick": [["S", "AS"], ["E", "KS"], ["N", "8S"], ["W", "QS"]],
}
# Moroccan: East is void in clubs, South (an opponent) wins, and East discards a diamond holding a trump.
NO_TRUMP_PLAYED = {
    "variant": "moroccan",
    "trump": "S",
    "hands": {"E": ["9D", "7S"]},
    "trick": [["S", "AC"], ["E", "9D"]],
}


# ---------------------------------------------------------------- first-lead


@pytest.mark.parametrize(
    ("position", "leader", "rule"),
    [
        (SAUDI_LEAD, "E", "lead.sa.first"),
        (MOROCCAN_LEAD, "W", "lead.ma.first"),
        (FRENCH_LEAD, "E", "lead.fr.first"),
    ],
)
def test_first_lead_is_the_seat_the_engine_names(position, leader, rule):
    p = puzzle("first-lead", position, [leader])

    verdict = check(p, parse_answer(p, form(seat=leader.lower())), "en")

    assert verdict.correct
    assert rules_of(verdict.steps) == [rule]
    assert solution(p, "en").values == [leader]


def test_lead_ma_first_a_wrong_seat_is_explained_by_the_rule():
    p = puzzle("first-lead", MOROCCAN_LEAD, ["W"])

    verdict = check(p, "E", "fr")

    assert not verdict.correct
    assert rules_of(verdict.reasons) == ["lead.ma.first"]
    assert "Ouest" in verdict.reasons[0]["message"]


def test_first_lead_refuses_a_posted_value_that_is_not_a_seat():
    p = puzzle("first-lead", SAUDI_LEAD, ["E"])

    with pytest.raises(BadAnswer):
        parse_answer(p, form(seat="X"))
    with pytest.raises(BadAnswer):
        parse_answer(p, form(seat="none"))


# ---------------------------------------------------------------- double


def test_double_sa_who_an_accepted_word_is_right():
    p = puzzle("double", HOKM_DOUBLE, ["double"])

    verdict = check(p, parse_answer(p, form(call="Double")), "en")

    assert verdict.correct
    assert solution(p, "en").labels == ["Double"]


def test_double_sa_who_a_word_out_of_its_turn_shows_the_engines_reason():
    p = puzzle("double", HOKM_DOUBLE, ["double"])

    verdict = check(p, parse_answer(p, form(call="three")), "en")

    assert not verdict.correct
    assert rules_of(verdict.reasons) == ["double.sa.who"]


def test_double_sa_sun_condition_refuses_double_when_the_buyers_have_100_or_less():
    p = puzzle("double", SUN_DOUBLE, ["pass"])

    verdict = check(p, parse_answer(p, form(call="double")), "ar")

    assert not verdict.correct
    assert rules_of(verdict.reasons) == ["double.sa.sun-condition"]
    assert verdict.reasons[0]["message"]


def test_double_allowed_but_not_accepted_is_legal_but_not_best():
    p = puzzle("double", HOKM_DOUBLE, ["double"])

    verdict = check(p, "pass", "en")

    assert not verdict.correct
    assert verdict.legal_but_not_best
    assert verdict.reasons == []


def test_double_refuses_a_word_that_is_not_of_the_doubling():
    p = puzzle("double", HOKM_DOUBLE, ["double"])

    with pytest.raises(BadAnswer):
        parse_answer(p, form(call="hokm"))


# ---------------------------------------------------------------- violation


def test_violation_names_the_first_illegal_card_and_saudi_adds_the_penalty():
    p = puzzle("violation", RENOUNCE, ["E"])

    verdict = check(p, parse_answer(p, form(seat="E")), "en")

    assert verdict.correct
    assert rules_of(verdict.steps)[:2] == ["play.must-follow", "penalty.sa.khaysh"]
    assert "score.sa.failure" in rules_of(verdict.steps)


def test_penalty_sa_khaysh_is_explained_in_every_language():
    p = puzzle("violation", RENOUNCE, ["E"])

    for lang in ("ar", "fa", "fr"):
        steps = check(p, "E", lang).steps
        assert all(s["text"] and s["text"] != s["rule"] for s in steps), (lang, steps)


def test_violation_a_wrong_seat_is_wrong_without_naming_the_offender():
    p = puzzle("violation", RENOUNCE, ["E"])

    verdict = check(p, parse_answer(p, form(seat="N")), "en")

    assert not verdict.correct
    assert verdict.reasons == []
    assert verdict.steps == []
    assert solution(p, "en").values == ["E"]


def test_violation_nobody_when_every_card_was_legal():
    p = puzzle("violation", CLEAN, ["none"])

    assert check(p, parse_answer(p, form(seat="none")), "en").correct
    assert not check(p, "E", "en").correct
    with translation.override("en"):
        assert solution(p, "en").labels == ["Nobody"]


def test_play_must_trump_violation_in_moroccan_has_no_penalty_step():
    p = puzzle("violation", NO_TRUMP_PLAYED, ["E"])

    verdict = check(p, "E", "en")

    assert verdict.correct
    assert rules_of(verdict.steps) == ["play.must-trump"]


def test_violation_refuses_a_posted_value_that_is_not_a_seat():
    p = puzzle("violation", RENOUNCE, ["E"])

    with pytest.raises(BadAnswer):
        parse_answer(p, form(seat="NS"))
    with pytest.raises(BadAnswer):
        parse_answer(p, form())


# ---------------------------------------------------------------- the pages


@pytest.fixture
def kinds(db):
    course = Course.objects.create(variant="saudi", order=1, **words("Saudi Baloot", field="title"))
    lesson = Lesson.objects.create(course=course, slug="kinds", order=1, **words("Kinds", field="title"))
    items = [
        ("k-lead", "first-lead", SAUDI_LEAD, ["E"]),
        ("k-double", "double", HOKM_DOUBLE, ["double"]),
        ("k-violation", "violation", RENOUNCE, ["E"]),
    ]
    for order, (key, task, position, answers) in enumerate(items, 1):
        p = Puzzle.objects.create(
            key=key,
            variant="saudi",
            task=task,
            position=position,
            answers=answers,
            **words("Your question.", field="prompt"),
            **words("Well seen.", field="explanation"),
        )
        Step.objects.create(lesson=lesson, order=order, kind="puzzle", puzzle=p)
    return lesson


def url(n: int, lang: str = "en") -> str:
    return f"/{lang}/learn/saudi/kinds/{n}/"


def test_it_draws_seat_buttons_for_first_lead(client, kinds):
    text = client.get(url(1)).text

    for seat in "NESW":
        assert f'name="seat" value="{seat}"' in text
    assert 'name="seat" value="none"' not in text


def test_it_draws_every_doubling_word_for_double(client, kinds):
    text = client.get(url(2)).text

    positions = [text.index(f'name="call" value="{w}"') for w in ("pass", "double", "three", "four", "gahwa")]
    assert positions == sorted(positions)


def test_it_draws_seat_buttons_and_nobody_for_violation(client, kinds):
    text = client.get(url(3, "fr")).text

    for seat in ("S", "E", "N", "none"):
        assert f'name="seat" value="{seat}"' in text


@pytest.mark.parametrize(
    ("n", "data", "rule"), [(1, {"seat": "E"}, "lead.sa.first"), (3, {"seat": "E"}, "penalty.sa.khaysh")]
)
def test_it_accepts_the_right_answer_and_shows_the_engines_steps(client, kinds, n, data, rule):
    response = answer(client, url(n), data, htmx=True)

    assert response.status_code == 200
    assert 'class="verdict verdict-right"' in response.text
    assert f'data-rule="{rule}"' in response.text


def test_it_explains_a_refused_doubling_word(client, kinds):
    response = answer(client, url(2, "ar"), {"call": "gahwa"}, htmx=True)

    assert 'class="verdict verdict-wrong"' in response.text
    assert 'data-rule="double.sa.who"' in response.text


def test_it_answers_a_bad_doubling_word_with_400(client, kinds):
    response = answer(client, url(2), {"call": "take"}, htmx=True)

    assert response.status_code == 400


def test_it_draws_the_contract_of_a_first_lead_puzzle_in_the_variants_words(client, db):
    course = Course.objects.create(variant="moroccan", order=2, **words("Moroccan Belote", field="title"))
    lesson = Lesson.objects.create(course=course, slug="lead", order=1, **words("Lead", field="title"))
    p = Puzzle.objects.create(
        key="m-lead", variant="moroccan", task="first-lead", position=MOROCCAN_LEAD, answers=["W"],
        **words("Who leads?", field="prompt"),
    )  # fmt: skip
    Step.objects.create(lesson=lesson, order=1, kind="puzzle", puzzle=p)

    text = client.get("/en/learn/moroccan/lead/1/").text

    caption = text[text.index('<figcaption id="puzzle-table-caption"') : text.index("</figcaption>")]
    assert "take · hearts · North" in caption
    assert "Hokm" not in caption
    assert 'class="seat seat-south' in text  # the seats are drawn around the contract
