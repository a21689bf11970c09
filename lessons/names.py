"""The one check of every name a person types: a pupil's, a teacher's, a class's.

A name is shown to other people (on the class page, the dashboard, a login card), so it must be
something they can see and read in the right order:

- bidirectional controls (U+202A–U+202E, U+2066–U+2069) are removed: one of them in a name
  turns the rest of a table row around, in Arabic and Persian pages as much as in English ones;
- control characters (category Cc: NUL, tabs, line breaks) are removed or, for spaces, collapsed;
- invisible characters (spaces, zero-width and other format characters) at either end are
  removed, and a name with nothing visible left is refused. Format characters inside a name
  stay: the zero-width non-joiner is how Persian writes مریم‌ها;
- a name longer than the limit is refused with a message that says the limit, rather than cut
  (mid-word) by the browser or the database.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
INVISIBLE = frozenset({"Cf", "Zs", "Zl", "Zp", "Cc"})


def _strip_invisible(text: str) -> str:
    """``text`` without the invisible characters at its ends (they only make two names look alike)."""
    start, end = 0, len(text)
    while start < end and unicodedata.category(text[start]) in INVISIBLE:
        start += 1
    while end > start and unicodedata.category(text[end - 1]) in INVISIBLE:
        end -= 1
    return text[start:end]


def clean_name(value: str, limit: int) -> str:
    """``value`` as a name to show, or ValidationError saying what is wrong with it."""
    kept = "".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in value if ch not in BIDI_CONTROLS)
    name = _strip_invisible(" ".join(kept.split()))
    if not name and value.strip():
        raise ValidationError(_("Enter a name with letters that can be seen."), code="invisible")
    if not name:
        raise ValidationError(_("Enter a name."), code="required")
    if len(name) > limit:
        raise ValidationError(
            _("A name has at most %(limit)d characters; this one has %(length)d."),
            code="max_length",
            params={"limit": limit, "length": len(name)},
        )
    return name
