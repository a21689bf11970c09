"""The game sheet (القيد) of the score calculator, kept in the session, one per variant.

A sheet is the score the game started from (zero, or the score of a game already
under way when its first hand was added), the litige pot carried in, and the hands
added since, each as the engine scored it. Totals are always added up from the
entries, so undoing the last hand is dropping it. Each entry keeps the query string
of its hand: the sheet links every line to the calculator page that explains it.

Stored as plain JSON in the session::

    {"start": {"NS": 0, "EW": 0}, "pot": 0,
     "entries": [{"query": "trump=sun&taker=S&...", "trump": "sun", "taker": "S",
                  "points": {"NS": 19, "EW": 7}, "result": "made", "pot": 0,
                  "game_over": false, "gahwa": false, "target": 152}]}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.sessions.backends.base import SessionBase

from engine.variants import rules_for

SESSION_KEY = "calculator_sheets"
TEAMS = ("NS", "EW")


@dataclass
class Sheet:
    variant: str
    start: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    start_pot: int = 0
    entries: list[dict[str, Any]] = field(default_factory=list)

    # ---------------------------------------------------------------- reading

    @property
    def totals(self) -> dict[str, int]:
        return {team: self.start[team] + sum(e["points"][team] for e in self.entries) for team in TEAMS}

    @property
    def pot(self) -> int:
        return self.entries[-1]["pot"] if self.entries else self.start_pot

    @property
    def target(self) -> int:
        """The target of the latest hand's house rules, else the variant's own."""
        if self.entries:
            return int(self.entries[-1]["target"])
        return rules_for(self.variant).target

    @property
    def is_empty(self) -> bool:
        return not self.entries

    @property
    def game_over(self) -> bool:
        return bool(self.entries) and bool(self.entries[-1]["game_over"])

    @property
    def winner(self) -> str | None:
        """The team that won the game; ``None`` while it goes on, or for a drawn game.

        A Gahwa is won by the winner of the hand (more points in it); a target by the higher total.
        """
        if not self.game_over:
            return None
        last = self.entries[-1]
        scores = last["points"] if last.get("gahwa") else self.totals
        if scores["NS"] == scores["EW"]:
            return None
        return "NS" if scores["NS"] > scores["EW"] else "EW"

    def running(self) -> list[dict[str, Any]]:
        """The entries with the totals after each of them, for the sheet's lines."""
        totals = dict(self.start)
        lines = []
        for n, entry in enumerate(self.entries, 1):
            totals = {team: totals[team] + entry["points"][team] for team in TEAMS}
            lines.append({**entry, "n": n, "totals": totals})
        return lines

    # ---------------------------------------------------------------- changing

    def add(self, entry: dict[str, Any], start: dict[str, int], pot: int) -> None:
        """Add a scored hand; the first hand also sets the score the game started from."""
        if not self.entries:
            self.start = dict(start)
            self.start_pot = pot
        self.entries.append(entry)

    def undo(self) -> None:
        if self.entries:
            self.entries.pop()

    def as_json(self) -> dict[str, Any]:
        return {"start": self.start, "pot": self.start_pot, "entries": self.entries}


def load(session: SessionBase, variant: str) -> Sheet:
    """The variant's sheet from the session; a damaged one is a fresh sheet, never an error."""
    stored = session.get(SESSION_KEY, {}).get(variant)
    if not isinstance(stored, dict):
        return Sheet(variant)
    try:
        start = {team: int(stored["start"][team]) for team in TEAMS}
        entries = [e for e in stored["entries"] if _is_entry(e)]
        return Sheet(variant, start, int(stored.get("pot", 0)), entries)
    except (KeyError, TypeError, ValueError):
        return Sheet(variant)


def save(session: SessionBase, sheet: Sheet) -> None:
    sheets = dict(session.get(SESSION_KEY, {}))
    if sheet.is_empty and not any(sheet.start.values()):
        sheets.pop(sheet.variant, None)
    else:
        sheets[sheet.variant] = sheet.as_json()
    session[SESSION_KEY] = sheets


def clear(session: SessionBase, variant: str) -> None:
    sheets = dict(session.get(SESSION_KEY, {}))
    sheets.pop(variant, None)
    session[SESSION_KEY] = sheets


def _is_entry(entry: Any) -> bool:
    """An entry as :meth:`Sheet.add` stores it (a session written by an older page may differ)."""
    try:
        points = [entry["points"][team] for team in TEAMS]
        kinds = [entry["query"], entry["pot"], entry["target"], entry["game_over"]]
    except (KeyError, TypeError):
        return False
    return all(type(p) is int for p in points) and [type(k) for k in kinds] == [str, int, int, bool]
