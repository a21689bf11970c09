"""A player's own declarations checked: the projects they announce against the projects they hold.

At a real table nobody declares for you. A player announces the types of their projects
(``sira``, ``tierce``, ``carre``...) before the card the variant's declaration window names
(:func:`engine.projects.declaration_window`), and says Baloot (belote) with the card of the K+Q
of trump that carries the call. :func:`check_declaration` compares what was announced with the
best split of the hand (:func:`engine.projects.best_split_mask`):

- a project held and announced is credited;
- a type announced but not held is a **false** declaration;
- a project held but not announced is **missed**: its points are simply lost.

What a false declaration or a missed Baloot costs beyond that is the variant's business: in
Saudi Baloot a table may play seed 002's penalty (``penalty.sa.khaysh``: the hand is lost and
scored as a failure of the offending team); elsewhere the points are lost and nothing more.
:class:`engine.hand.Hand` applies it (``declaring``, ``khaysh``).

Reasons cite the declaration window's rule with a ``case``: ``credited``, ``false``, ``missed``
(``types`` the project types, ``seat``); the belote's rule with ``case`` ``said`` or ``missed``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Seat
from engine.explain import Reason
from engine.projects import Project, best_split_mask, declaration_window
from engine.variants import RuleSet


@dataclass(frozen=True)
class DeclarationCheck:
    """What a seat announced, judged: credited projects, false types, missed projects, and why."""

    seat: Seat
    credited: tuple[Project, ...]
    false: tuple[str, ...]
    missed: tuple[Project, ...]
    reasons: tuple[Reason, ...]

    @property
    def ok(self) -> bool:
        return not self.false and not self.missed


def check_declaration(
    rules: RuleSet, trump: int, mask: int, announced: Sequence[str], seat: Seat
) -> DeclarationCheck:
    """Judge ``announced`` (project types in any order, one per project) for a seat holding ``mask``."""
    held = list(best_split_mask(mask, rules, trump))
    credited: list[Project] = []
    false: list[str] = []
    for kind in announced:
        match = next((p for p in held if p.type == kind), None)
        if match is None:
            false.append(kind)
        else:
            held.remove(match)
            credited.append(match)
    rule = declaration_window(rules).rule
    reasons = []
    if credited:
        reasons.append(Reason(rule, {"case": "credited", "types": [p.type for p in credited], "seat": seat}))
    if false:
        reasons.append(Reason(rule, {"case": "false", "types": false, "seat": seat}))
    if held:
        reasons.append(Reason(rule, {"case": "missed", "types": [p.type for p in held], "seat": seat}))
    return DeclarationCheck(seat, tuple(credited), tuple(false), tuple(held), tuple(reasons))


def belote_reason(rules: RuleSet, seat: Seat, said: bool) -> Reason:
    """The Baloot (belote) of ``seat``: said with the card that carries the call, or missed."""
    return Reason(declaration_window(rules).belote_rule, {"case": "said" if said else "missed", "seat": seat})
