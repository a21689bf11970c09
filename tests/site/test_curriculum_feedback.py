"""Every puzzle of the real curriculum answered wrong three times: what the learner reads names
rules in words (never their IDs), and writes every figure in the page's digits.

The third wrong try shows all three stages of the feedback and the solution, so one answer per
puzzle renders everything a learner can read about it.
"""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from lessons import checking
from lessons.models import Step, Task
from tests.site.pages import answer

# A rule ID or a solver's key as written in the catalogs: `trick.win`, `score.sa.round-hokm`, `solve.best`.
RULE_ID = re.compile(r"\b(?:play|trick|score|bid|double|proj|decl|lead|penalty|solve|title)[.:][a-z][a-z.-]*")
WESTERN = re.compile(r"[0-9]")


@pytest.fixture
def curriculum(loaded):
    yield
    translation.activate("en")


def wrong_answer(step: Step) -> dict:
    """A wrong answer to the step's puzzle, as its form posts it."""
    p = step.puzzle
    out = checking.engine_output(p, "en")
    task = p.task
    seats = ["N", "E", "S", "W"]
    if task in (Task.PLAY, Task.BEST_CARD):
        hand = out["hand"] if task == Task.BEST_CARD else p.position["hand"]
        cards = [str(c) for c in hand if str(c) not in p.answers]
        return {"card": cards[0]}
    if task == Task.ALL_LEGAL:
        return {"cards": []} if out["legal"] else {"cards": [str(p.position["hand"][0])]}
    if task == Task.TRICK_WINNER:
        played = [play[0] for play in p.position["trick"]]
        return {"seat": next(s for s in played if s != out["winner"])}
    if task == Task.COUNT:
        return {"points": str(out["points"] + 1)}
    if task == Task.SCORE:
        return {"NS": str(out["points"]["NS"] + 1), "EW": str(out["points"]["EW"])}
    if task == Task.PROJECTS:
        return {"team": next(t for t in ("NS", "EW", "none") if t != (out["counted_team"] or "none"))}
    if task == Task.BID:
        # A close call accepts every allowed call (its intervals overlap): then a refused one is wrong.
        return {"call": next(c for c in [*out["allowed"], *out["refused"], "double"] if c not in p.answers)}
    if task == Task.FIRST_LEAD:
        return {"seat": next(s for s in seats if s != out["leader"])}
    if task == Task.DOUBLE:
        return {"call": next(w for w in checking.positions.DOUBLING_WORDS if w not in p.answers)}
    if task == Task.SHEET:
        return {"line": str(next(line["n"] for line in out["lines"] if line["right"]))}
    if task == Task.TRUMPS_LEFT:
        return {"count": str(out["left"] + 1)}
    if task == Task.DECOUVERTE_CARD:
        return {"card": next(str(c) for c in out["legal"] if str(c) not in p.answers)}
    if task == Task.CONTRACT_MADE:
        return {"outcome": next(o for o in checking.OUTCOMES if o != out["verdict"])}
    return {"seat": next(s for s in [*seats, "none"] if s != (out["offender"] or "none"))}


def visible(html: str) -> str:
    """The text a learner reads; a card face's index is printed on the card, not written by the page."""
    html = re.sub(r'<span class="face-rank">[^<]*</span>', " ", html)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.content
@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_no_rule_id_and_one_digit_system_in_any_feedback(client, curriculum, lang):
    client.post(reverse("lessons-prefs"), {"digits": "native", "next": "/"})
    found = []
    steps = Step.objects.filter(kind="puzzle").select_related("lesson__course", "puzzle").order_by("pk")
    for step in steps:
        url = f"/{lang}/learn/{step.lesson.course.key}/{step.lesson.slug}/{step.order}/"
        data = wrong_answer(step)
        for _ in range(2):
            answer(client, url, data, htmx=True)
        text = visible(answer(client, url, data, htmx=True).text)
        if ids := RULE_ID.findall(text):
            found.append((url, "ids", ids))
        if lang == "ar" and (digit := WESTERN.search(text)):
            found.append((url, "digits", " ".join(text[digit.start() - 80 : digit.end() + 40].split())))
    assert not found, found[:8]
