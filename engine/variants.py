"""The three rule families as frozen rule sets, house rules as named fields.

A rule set is a value: ``rules_for("french", {"strict_contract": True})``.
Code asks the rule set (``rules.overtrump_always``) instead of testing the
variant's name, so a house rule is one field and one branch, not a search.

>>> rules_for("saudi").target
152
>>> rules_for("french", {"target": 1500}).target
1500
>>> rules_for("french", {"ekka": True})
Traceback (most recent call last):
...
engine.variants.UnknownOption: 'ekka' is not an option of french

Two-player Belote découverte is French Belote's rule set with two players and no house
rules: ``rules_for("french-2p").players`` is 2, its words are French Belote's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar


class UnknownOption(ValueError):
    """A house-rule option that the variant does not have, or a value of the wrong type."""

    def __init__(self, option: str, variant: str, detail: str = "") -> None:
        super().__init__(detail or f"{option!r} is not an option of {variant}")
        self.option = option
        self.variant = variant


class UnknownVariant(ValueError):
    def __init__(self, name: object) -> None:
        super().__init__(f"{name!r} is not a variant (saudi, moroccan, french)")
        self.name = name


@dataclass(frozen=True)
class RuleSet:
    """What every variant has; subclasses add their house rules as fields."""

    name: ClassVar[str]
    # How many play: 4, or 2 for découverte; the messages are those of ``wording``'s family.
    players: ClassVar[int] = 4
    # Fixed rules of the family (not options): see docs/rules.md §2.
    has_sun: ClassVar[bool] = False
    overtrump_always: ClassVar[bool] = True  # play.must-overtrump even over partner
    must_overruff: ClassVar[bool] = False  # play.must-overruff
    clockwise: bool = False
    target: int = 0

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            expected = type(f.default)
            # bool is an int subclass: insist on the exact type either way.
            if type(value) is not expected:
                raise UnknownOption(f.name, self.name, f"option {f.name!r} must be {expected.__name__}")

    @classmethod
    def wording(cls) -> str:
        """The family whose words the messages use (découverte speaks French Belote's)."""
        return cls.name

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))

    def options(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Saudi(RuleSet):
    name: ClassVar[str] = "saudi"
    has_sun: ClassVar[bool] = True
    overtrump_always: ClassVar[bool] = False
    overtrump_on_trump_lead: bool = True
    ekka: bool = False
    no_ashkal_on_ace: bool = False
    redeal_worthless_hand: bool = False
    tie_is_draw: bool = False
    baloot_transfers_on_failure: bool = False
    kaboot_88_on_ace: bool = False
    target: int = 152

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.clockwise:
            raise UnknownOption("clockwise", self.name)
        if not 1 <= self.target <= 10_000:
            raise UnknownOption("target", self.name, "option 'target' must be between 1 and 10000")


@dataclass(frozen=True)
class Moroccan(RuleSet):
    name: ClassVar[str] = "moroccan"
    target: int = 500

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.clockwise:
            raise UnknownOption("clockwise", self.name)
        if self.target not in range(500, 2001, 100):
            raise UnknownOption("target", self.name, "option 'target' must be 500 to 2000 in steps of 100")


@dataclass(frozen=True)
class French(RuleSet):
    name: ClassVar[str] = "french"
    must_overruff: ClassVar[bool] = True
    clockwise: bool = False
    deal_2_then_3: bool = False
    always_undertrump: bool = False
    no_declarations: bool = False
    contract_81: bool = False
    strict_contract: bool = False
    litige: bool = False
    round_scores: bool = False
    capot_keeps_declarations: bool = False
    stop_claim: bool = False
    target: int = 1000

    def __post_init__(self) -> None:
        super().__post_init__()
        if not 1 <= self.target <= 100_000:
            raise UnknownOption("target", self.name, "option 'target' must be between 1 and 100000")


@dataclass(frozen=True)
class FrenchTwoPlayer(French):
    """Two-player Belote découverte (docs/rules.md §5.4): French Belote's play, two players, the
    cards in piles on the table (:mod:`engine.decouverte`), and no house rules."""

    name: ClassVar[str] = "french-2p"
    players: ClassVar[int] = 2

    @classmethod
    def wording(cls) -> str:
        return French.name

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        return ()


# The three four-player families, by name.
VARIANTS: dict[str, type[RuleSet]] = {cls.name: cls for cls in (Saudi, Moroccan, French)}
# Every game the engine plays: the families and the two-player game.
GAMES: dict[str, type[RuleSet]] = {**VARIANTS, FrenchTwoPlayer.name: FrenchTwoPlayer}


def rules_for(variant: str, options: Mapping[str, Any] | None = None) -> RuleSet:
    """The rule set of ``variant`` with ``options`` applied; unknown names raise."""
    try:
        cls = GAMES[variant]
    except (KeyError, TypeError):
        raise UnknownVariant(variant) from None
    options = dict(options or {})
    allowed = set(cls.option_names())
    if cls is not French:
        allowed.discard("clockwise")
    for key in options:
        if key not in allowed:
            raise UnknownOption(str(key), cls.name)
    return cls(**options)
