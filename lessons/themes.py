"""The themes of generated puzzles, and the difficulty bands, as the trainer and the drill editor choose them.

A generated puzzle lists its themes (``Puzzle.themes``): a rule drill its family (engine.drills),
an endgame what the solver found in it (engine/solver/themes.py), and ``short-endgame`` when one or
two tricks are left (lessons/generated.py). :func:`with_theme` and :func:`in_band` narrow a query
of puzzles to one theme and one band of difficulty; :func:`theme_puzzles` is the query the trainer
and a teacher's drill ("20 overruff puzzles, easy") both use.

A learner's success on each theme (:func:`success_by_theme`: of the puzzles of a theme answered,
how many were solved first time) is read by the trainer's theme page and by a pupil's page for
their teachers, and each theme is named there by :func:`label`, in the page's language.

A theme is found in the stored JSON list by its quoted key (``"ruff"`` does not match
``"overruff"``): the ``icontains`` lookup of a JSON field works on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from engine import messages
from lessons.models import Puzzle, Source, Task
from lessons.templatetags.baloot import variant_gettext

# Rule drills (engine.drills.FAMILIES), in the order a learner meets the rules.
RULE_THEMES: dict[str, object] = {
    "legal-cards": _("Legal cards"),
    "trick-winner": _("Who wins the trick"),
    "card-points": _("Counting card points"),
    "projects": _("Projects"),
    "scoring": _("Scoring a hand"),
    "bidding": _("Bidding"),
}
# Endgame themes (engine.solver.themes, named in each variant's words by the catalogs' theme.<key>),
# and the site's own tag of the shortest endgames.
ENDGAME_THEMES = (
    "short-endgame",
    "cash",
    "duck",
    "ruff",
    "overruff",
    "unblock",
    "counting-trumps",
    "last-trick",
    "discard",
)
SHORT_ENDGAME_NAME = _("Last two tricks")

# Difficulty bands over Puzzle.difficulty (1 to 5): what "easy" means to a teacher's drill and
# on the theme page.
BANDS: dict[str, tuple[int, int]] = {"easy": (1, 2), "normal": (3, 3), "hard": (4, 5)}
BAND_NAMES = {"easy": _("Easy"), "normal": _("Normal"), "hard": _("Hard")}


def is_theme(key: str) -> bool:
    return key in RULE_THEMES or key in ENDGAME_THEMES


def generated(variant: str) -> QuerySet[Puzzle]:
    """Every generated puzzle of the variant (rule drills and endgames)."""
    return Puzzle.objects.filter(source=Source.GENERATED, variant=variant)


def with_theme(puzzles: QuerySet[Puzzle], theme: str) -> QuerySet[Puzzle]:
    """The puzzles of ``puzzles`` that have ``theme`` (any puzzle when ``theme`` is blank)."""
    if not theme:
        return puzzles
    return puzzles.filter(themes__icontains=f'"{theme}"')


def in_band(puzzles: QuerySet[Puzzle], band: str) -> QuerySet[Puzzle]:
    lo, hi = BANDS[band]
    return puzzles.filter(difficulty__gte=lo, difficulty__lte=hi)


def rule_drills(puzzles: QuerySet[Puzzle]) -> QuerySet[Puzzle]:
    return puzzles.exclude(task=Task.BEST_CARD)


def beginner_puzzles(puzzles: QuerySet[Puzzle]) -> QuerySet[Puzzle]:
    """What a learner new to the rules meets first: rule drills, and endgames of two tricks or fewer."""
    return rule_drills(puzzles) | with_theme(puzzles.filter(task=Task.BEST_CARD), "short-endgame")


def theme_puzzles(variant: str, theme: str = "", band: str = "") -> QuerySet[Puzzle]:
    """The generated puzzles of ``variant`` with ``theme`` in difficulty ``band`` (blank: all)."""
    found = with_theme(generated(variant), theme)
    return in_band(found, band) if band else found


def theme_name(key: str) -> str:
    """A rule family's or the short endgames' name; the solver's themes are named by the catalogs."""
    if key in RULE_THEMES:
        return str(RULE_THEMES[key])
    if key == "short-endgame":
        return str(SHORT_ENDGAME_NAME)
    return key


def label(key: str, variant: str, lang: str) -> str:
    """Any theme's name in ``lang``, in the variant's own words («الأخذة» on a Moroccan page, not
    the Saudi «الأكلة»): the site's names through the variant's wording, or the engine's catalogs."""
    if key in RULE_THEMES:
        with translation.override(None):  # the English msgid, to look up the variant's wording
            msgid = str(RULE_THEMES[key])
        return variant_gettext(msgid, variant)
    if key == "short-endgame":
        return theme_name(key)
    return messages.lookup(f"theme.{key}", variant, lang, default=key)


def in_sentence(key: str, variant: str, lang: str) -> str:
    """A solver theme's name inside a sentence ("L’idée : la défausse."). The catalogs name a theme
    as a heading, with a capital; inside a sentence it is a common noun (the solver's themes are
    no names of persons or games), so its first letter is lower case. Arabic and Persian have no case."""
    name = label(key, variant, lang)
    return name[:1].lower() + name[1:]


@dataclass(frozen=True)
class ThemeSuccess:
    """A learner's rated answers to the puzzles of one theme: how many, and how many solved first time."""

    played: int = 0
    solved: int = 0

    @property
    def percent(self) -> int | None:
        return round(100 * self.solved / self.played) if self.played else None


def success_by_theme(answers: Iterable[tuple[Iterable[str] | None, bool]]) -> dict[str, ThemeSuccess]:
    """Each theme met in ``answers`` (a rated answer's puzzle themes, and its success) with its figures.

    A puzzle of several themes counts for each of them. The answers are the learner's trainer
    plays (one per puzzle, its rated first answer: a hinted answer is not solved).
    """
    tried: dict[str, list[int]] = {}
    for keys, success in answers:
        for key in keys or []:
            seen = tried.setdefault(key, [0, 0])
            seen[0] += 1
            seen[1] += int(success)
    return {key: ThemeSuccess(played, solved) for key, (played, solved) in tried.items()}
