"""What a wrong score is told first: the step of the count that went wrong, never the right figures.

The engine scores the hand again with each usual slip (:mod:`engine.slips`); when exactly one
slip gives the learner's two figures, the learner reads that step in words ("You left out the
Baloot."), linked to its rule. Otherwise each team's figure is said right, too high or too low,
with the parts its score is made of to look at again. Each course in its own words: the Saudi
sentences (msgctxt ``saudi``) say projects, Baloot, abnat and buyers; the plain ones the Moroccan
and French courses' declarations, belote, card points and takers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from engine import messages
from engine.cards import TEAMS, Team
from engine.cli import score_facts
from engine.notation import InputError
from engine.slips import Diagnosis, Off, Slip, diagnose
from lessons.templatetags.baloot import variant_gettext

# What each slip says, by kind; (rule, kind) where one kind reads differently for two rules.
# The plain sentence is the Moroccan and French courses'; a ``saudi`` entry words it for Baloot.
SLIP_SENTENCES: dict[str, Any] = {
    "five-rounded": _("The rounding went wrong: in Sun, abnat that end in 5 are not rounded."),
    "five-rounded-up": _("The rounding went wrong: in Hokm, a remainder of exactly 5 is dropped."),
    "wrong-rounding:score.sa.round-sun": _(
        "The rounding went wrong: in Sun, round the buyers' abnat to the nearest ten."
    ),
    "wrong-rounding:score.sa.round-hokm": _(
        "The rounding went wrong: in Hokm, a remainder up to 5 is dropped, and above 5 it rounds up."
    ),
    "sun-not-doubled": _("You forgot the ×2 of Sun: the rounded abnat are doubled, then divided by 10."),
    "own-conversion": _(
        "The other team does not convert its own abnat: it gets the rest of the hand's game points."
    ),
    "projects-left-out": _("You left out the declarations."),
    "both-projects": _("You counted the declarations of both teams: only one team's declarations count."),
    "baloot-left-out": _("You left out the belote."),
    "baloot-twice": _("You counted the belote twice."),
    "multiplier-left-out": _("You forgot the doubling: a doubled hand is multiplied."),
    "failure-missed": _("You let each team keep its own points: did the takers make their contract?"),
    "litige-missed": _("You let the takers keep their card points: look again at what a tie does."),
    "all-tricks-missed": _("You scored it like any hand, but one team took all eight tricks."),
    "pot-left-out": _("You left out the points waiting in the pot."),
    "rounding-left-out": _("This table rounds the scores to the nearest ten: you did not round them."),
}

# The Saudi course's entries of some of these msgids (msgctxt "saudi"), marked for makemessages:
# variant_gettext finds them by the variant's name.
_SAUDI_WORDS = (
    pgettext_lazy("saudi", "You left out the declarations."),
    pgettext_lazy("saudi", "You counted the declarations of both teams: only one team's declarations count."),
    pgettext_lazy("saudi", "You left out the belote."),
    pgettext_lazy("saudi", "You counted the belote twice."),
    pgettext_lazy("saudi", "You let each team keep its own points: did the takers make their contract?"),
    pgettext_lazy("saudi", "You scored it like any hand, but one team took all eight tricks."),
    pgettext_lazy("saudi", "the card points"),
    pgettext_lazy("saudi", "the declarations"),
    pgettext_lazy("saudi", "the belote"),
    pgettext_lazy("saudi", "whether the takers made their contract"),
)

# The parts of a team's score (engine.slips.Off.parts), as a sentence names them.
PART_NAMES: dict[str, Any] = {
    "card-points": _("the card points"),
    "projects": _("the declarations"),
    "baloot": _("the belote"),
    "pot": _("the pot"),
    "contract": _("whether the takers made their contract"),
}


def what_is_wrong(position: Mapping[str, Any], answer: Mapping[str, int], steps: list[dict[str, Any]],
                  variant: str, lang: str) -> list[dict[str, str]]:
    """The first feedback on the wrong score ``answer`` (``{"NS": n, "EW": n}``), in the active
    language: the slip, else each team's figure. ``steps`` are the engine's steps of the count."""
    try:
        facts, _steps = score_facts(position)
    except InputError:
        return []
    found: Diagnosis = diagnose(facts, {team: int(answer[str(team)]) for team in TEAMS})
    if found.slip is not None:
        return [{"rule": found.slip.rule, "message": slip_sentence(found.slip, variant)}]
    # The figures that are off link to the count's first step of the score itself (the rounding,
    # the contract), before the projects and Baloot added to it.
    first_rule = next((s["rule"] for s in steps if s["rule"].startswith("score.")), "")
    off = {o.team: o for o in found.off}
    items = []
    for team in TEAMS:
        items.append({"rule": first_rule if team in off else "", "message": _team_line(team, off.get(team),
                                                                                       variant, lang)})
    # The figure that is off first: where to look.
    return sorted(items, key=lambda item: not item["rule"])


def slip_sentence(slip: Slip, variant: str) -> str:
    """The slip in words, in the course's own words."""
    entry = SLIP_SENTENCES.get(f"{slip.kind}:{slip.rule}", SLIP_SENTENCES.get(slip.kind))
    if entry is None:
        return ""
    return _in_words_of(entry, variant)


def _team_line(team: Team, off: Off | None, variant: str, lang: str) -> str:
    name = messages.team_name(team, variant, lang)
    if off is None:
        return str(_("%(team)s: right.") % {"team": name})
    parts = messages.join_list((_in_words_of(PART_NAMES[p], variant) for p in off.parts), variant, lang)
    if off.direction == "high":
        text = _("%(team)s: too many points. Look again at %(parts)s.")
    else:
        text = _("%(team)s: too few points. Look again at %(parts)s.")
    return str(text % {"team": name, "parts": parts})


def _in_words_of(entry: Any, variant: str) -> str:
    """A lazy sentence of this module in the active language, in the course's words."""
    from django.utils import translation

    with translation.override(None):
        msgid = str(entry)
    return variant_gettext(msgid, variant)
