"""Which rules of docs/rules.md apply to which variant, in the sections of that file.

The rules explainer pages, ``manage.py curriculum_stats`` and the curriculum tests read the
same table, so "the rules a course must practise" means one thing everywhere.

Readings of docs/rules.md where the table could be read two ways:

- ``trick.win`` (§1, used by every table of §2) applies to every variant.
- ``bid.void`` (everyone passes twice, §1 and §3.1) applies to every variant.
- ``play.must-overruff`` applies only to French Belote: the §2 table says "not required"
  for Saudi Sun, Saudi Hokm and Moroccan Belote.
- ``play.must-trump``, ``play.partner-winning`` and ``play.must-overtrump`` apply to Saudi
  Baloot (in Hokm), Moroccan and French Belote alike, each as the §2 table states it.
- House-rule IDs apply to the variant whose option they belong to, even when the option is
  off by default: ``play.ekka`` (saudi ``ekka``), ``bid.sa.no-ashkal-on-ace`` (saudi
  ``no_ashkal_on_ace``). A course teaches its house rules; a puzzle about one sets the option
  in its position (``rules: {ekka: true}``).
- ``penalty.sa.khaysh`` (§5.5, seed 002) is a Saudi rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import rule_ids as engine_rule_ids
from lessons.content import RULE_IDS

VARIANTS = ("saudi", "moroccan", "french")

# The playing rules of each variant (docs/rules.md §2 table and its house rules).
PLAY_RULES = {
    "saudi": (
        "play.must-follow",
        "play.must-trump",
        "play.partner-winning",
        "play.must-overtrump",
        "play.ekka",
    ),
    "moroccan": ("play.must-follow", "play.must-trump", "play.partner-winning", "play.must-overtrump"),
    "french": (
        "play.must-follow",
        "play.must-trump",
        "play.partner-winning",
        "play.must-overtrump",
        "play.must-overruff",
    ),
}

# The rest: every ID of docs/rules.md starting with one of these belongs to the variant.
PREFIXES = {
    "saudi": ("bid.sa.", "double.sa.", "lead.sa.", "proj.sa.", "score.sa.", "penalty.sa."),
    "moroccan": ("bid.ma.", "lead.ma.", "decl.ma.", "score.ma."),
    "french": ("bid.fr.", "lead.fr.", "decl.fr.", "score.fr."),
}
COMMON = ("trick.win", "bid.void")

# The rules of two-player Belote découverte (docs/rules.md §5.4): the engine plays that game, but
# no course teaches it yet, so no variant's rulebook lists them.
TWO_PLAYER_RULES = tuple(r for r in engine_rule_ids.RULE_IDS if ".fr2." in r)


@dataclass(frozen=True)
class Section:
    """A part of the rules, as docs/rules.md orders them; ``prefixes`` pick its rule IDs."""

    slug: str
    prefixes: tuple[str, ...]


# docs/rules.md §1 (deck and ranking), §2 (playing a card), §3 (bidding, doubling, first lead),
# §4 (projects and declarations), §5 (scoring, penalties); the house rules come last.
SECTIONS = (
    Section("deck", ("trick.",)),
    Section("play", ("play.",)),
    Section("bidding", ("bid.", "double.", "lead.")),
    Section("projects", ("proj.", "decl.")),
    Section("scoring", ("score.", "penalty.")),
    Section("house-rules", ()),
)


def _order(rule: str) -> tuple[int, int]:
    """Sort key: the section, then the order of docs/rules.md within it (kept by RULE_ORDER)."""
    return (section_of(rule), RULE_ORDER.index(rule))


def section_of(rule: str) -> int:
    for i, section in enumerate(SECTIONS):
        if rule.startswith(section.prefixes):
            return i
    raise ValueError(f"{rule} belongs to no section")


# The IDs in the order docs/rules.md introduces them (RULE_IDS is a set).
RULE_ORDER = engine_rule_ids.RULE_IDS


def applicable_rules(variant: str) -> list[str]:
    """The docs/rules.md IDs that apply to ``variant``, in the order of docs/rules.md's sections."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    chosen = set(COMMON) | set(PLAY_RULES[variant])
    chosen |= {r for r in RULE_IDS if r.startswith(PREFIXES[variant])}
    return sorted(chosen, key=_order)


def rules_by_section(variant: str) -> list[tuple[Section, list[str]]]:
    """``applicable_rules`` grouped by section, every section listed (the house rules have no ID)."""
    rules = applicable_rules(variant)
    return [(section, [r for r in rules if section_of(r) == i]) for i, section in enumerate(SECTIONS)]
