"""Addresses of many rows of one kind, reversed once: a page listing 40 pupils needs 120 links.

``reverse()`` walks the URL patterns for each call (about 0.1 ms); a list of rows only changes
the last argument, so the address is reversed once with a marker in its place and each row's
address is then the two halves around it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.urls import reverse

# A row id no table reaches (18 digits, the most the id converter accepts): it stands for the
# row's id in the address reversed once.
_MARKER = str(999_999_999_999_999_999)


def row_addresses(name: str, *args: Any) -> Callable[[int], str]:
    """The address of route ``name`` for each row id, the route's last argument after ``args``."""
    address = reverse(name, args=[*args, _MARKER])
    head, found, tail = address.rpartition(_MARKER)
    if not found:  # a converter that rewrites its value: reverse each row, slower but right
        return lambda pk: reverse(name, args=[*args, pk])
    return lambda pk: f"{head}{pk}{tail}"
