"""People's names in the order a reader expects: by the Unicode Collation Algorithm (pyuca's
default table), not by code point, so "Éloïse" comes before "Zoé" and «آمنة» before «سارة».

The default table orders Latin, Arabic and Persian letters as their alphabets do, accents and
case counting only between names otherwise alike; one order serves the four languages.
"""

from __future__ import annotations

import functools

from pyuca import Collator


@functools.cache
def _collator() -> Collator:
    return Collator()  # reads its table once (a few hundred milliseconds)


def name_key(name: str) -> tuple[int, ...]:
    """The sorting key of a name."""
    return tuple(_collator().sort_key(name))
