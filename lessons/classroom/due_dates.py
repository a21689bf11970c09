"""A drill's due moment in words, the same on every page and in every reminder.

A drill is due either at a time the teacher chose or at the end of a day; both are read in the
zone the teacher chose them in (``Drill.zone``). A day's end is stored as the midnight that
starts the next day, so formatting ``due_at`` itself would name the wrong day ("5 December,
00:00" for a drill due on the 4th): everything that shows a due date goes through here.
"""

from __future__ import annotations

from django.utils.formats import date_format, time_format

from lessons.models import Drill


def due_words(drill: Drill, fmt: str = "DATE_FORMAT") -> str:
    """The due day in the active language's ``fmt``, and the time when one was set:
    "4 décembre 2026" (due at the end of the day) or "31 janvier 2030, 18:00"."""
    day, time = drill.due, drill.due_time
    if day is None:
        return ""
    text = date_format(day, fmt)
    return text if time is None else f"{text}, {time_format(time, 'TIME_FORMAT')}"


def due_iso(drill: Drill) -> str:
    """The same moment for a spreadsheet: "2030-01-31", or "2030-01-31 18:00" with a time."""
    day, time = drill.due, drill.due_time
    if day is None:
        return ""
    return day.isoformat() if time is None else f"{day.isoformat()} {time:%H:%M}"
