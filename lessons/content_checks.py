"""Content that features keep beside the curriculum, checked when the curriculum is loaded.

Some content is read by a feature rather than loaded into the database (the guided first hands are
files the practice table plays). The core cannot import a feature, so each feature registers here,
when Django starts it (its ``AppConfig.ready``), a function listing what is wrong in its files;
``load_curriculum`` runs them all and loads nothing if one finds a problem.
"""

from __future__ import annotations

from collections.abc import Callable

Check = Callable[[], list[str]]

_CHECKS: list[Check] = []


def register(check: Check) -> None:
    """Add ``check`` (returns one sentence per problem, naming its file) to the load's checks."""
    if check not in _CHECKS:
        _CHECKS.append(check)


def problems() -> list[str]:
    """What every registered check finds wrong, in the order they were registered."""
    return [problem for check in _CHECKS for problem in check()]
