"""Explanations as data: a rule ID from docs/rules.md and the parameters of one case.

Rule logic returns these; only :mod:`engine.messages` turns them into sentences,
through the gettext catalogs under ``locale/``.

Parameter values are plain JSON-able data: ints, strings, lists of them, and
cards as :class:`~engine.cards.Card` (rendered as localized card names).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Reason:
    """Why a card or call is refused (or allowed): ``Reason("play.must-follow", {"suit": 2, ...})``."""

    rule: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    """One step of a scoring explanation, in order."""

    rule: str
    params: dict[str, Any] = field(default_factory=dict)
