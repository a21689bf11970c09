"""How long a learner took to answer: a signed stamp in the answer form, read back on the answer.

The answer form carries ``shown``, the moment the form was shown, signed with the site's key and
bound to the puzzle. The answer view turns it into whole seconds for the attempt. The stamp is
renewed with each verdict (with the form token), so ``seconds`` is the time spent on one try.

A missing, tampered or foreign stamp (another puzzle's, or one from the future) gives ``None``:
the attempt is stored without a time rather than with a made-up one, and the learner never sees
an error for it. A learner who left the page open for a day is counted :data:`MAX_SECONDS`.
"""

import time

from django.core import signing

SALT = "lessons.timing.shown"
MAX_SECONDS = 3600
# A stamp from a little later than now is a clock step between two servers, not a forgery.
CLOCK_SKEW_MS = 2000


def _now_ms() -> int:
    return int(time.time() * 1000)


def shown_stamp(puzzle_pk: int, now_ms: int | None = None) -> str:
    """The signed moment ``puzzle_pk``'s answer form is shown, for its hidden ``shown`` field."""
    return signing.dumps([puzzle_pk, _now_ms() if now_ms is None else now_ms], salt=SALT, compress=False)


def seconds_since(stamp: object, puzzle_pk: int, now_ms: int | None = None) -> int | None:
    """Whole seconds from the stamp to now (at most :data:`MAX_SECONDS`), or None if it is not ours."""
    if not isinstance(stamp, str) or not stamp or len(stamp) > 200:
        return None
    try:
        value = signing.loads(stamp, salt=SALT)
    except signing.BadSignature:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        return None
    pk, shown_ms = value
    now = _now_ms() if now_ms is None else now_ms
    elapsed_ms = now - shown_ms
    if pk != puzzle_pk or elapsed_ms < -CLOCK_SKEW_MS:
        return None
    return min(max(0, round(elapsed_ms / 1000)), MAX_SECONDS)
