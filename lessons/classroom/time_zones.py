"""A class's time zone: the teacher chooses it among common zones, and the class's drills follow.

A drill due "end of Thursday" is due at Thursday 23:59 in the class's zone, for every pupil, on
every page, in the reminder mail and in the spreadsheets (each shows moments in this zone).
Choosing another zone keeps each drill's due day and time as the teacher wrote them (Thursday
stays Thursday, 18:00 stays 18:00) and moves the stored moment to the new zone.
"""

from __future__ import annotations

import datetime as dt
import functools
import zoneinfo
from collections.abc import Callable
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from lessons.classroom.permissions import class_for_teacher
from lessons.models import Classroom, Drill

# The zones of the site's learners (the Gulf, Iran, the Maghreb, French-speaking Europe and
# Canada), and UTC; a class's zone set otherwise (an older choice) is offered too.
COMMON_ZONES = (
    "Asia/Riyadh",
    "Asia/Dubai",
    "Asia/Kuwait",
    "Asia/Qatar",
    "Asia/Bahrain",
    "Asia/Muscat",
    "Asia/Tehran",
    "Africa/Casablanca",
    "Africa/Algiers",
    "Africa/Tunis",
    "Europe/Paris",
    "Europe/Brussels",
    "Europe/Zurich",
    "Europe/Luxembourg",
    "Europe/London",
    "America/Toronto",
    "UTC",
)


def in_class_zone(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A view of one class (``class_id``) whose moments are shown in the class's time zone: its
    answers' times, last seen, the spreadsheets' dates (one small query for the zone)."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, class_id: int, *args: Any, **kwargs: Any) -> HttpResponse:
        name = Classroom.objects.filter(pk=class_id).values_list("time_zone", flat=True).first() or ""
        with timezone.override(Classroom(time_zone=name).zone):
            return view(request, class_id, *args, **kwargs)

    return wrapped


def default_zone(classroom: Classroom) -> str:
    """The zone to offer a class that has none: the one its latest drill was made in (the
    teacher's browser's), else the site's."""
    if classroom.time_zone:
        return classroom.time_zone
    latest = (
        Drill.objects.filter(classroom=classroom).exclude(time_zone="").order_by("-created", "-id").first()
    )
    return latest.time_zone if latest is not None else settings.TIME_ZONE


class TimeZoneForm(forms.Form):
    time_zone = forms.ChoiceField(label=_("Time zone of the class"))

    def __init__(self, *args: object, current: str = "", **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        zones = list(COMMON_ZONES)
        if current and current not in zones and _known(current):
            zones.append(current)
        field = self.fields["time_zone"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(z, z.replace("_", " ")) for z in zones]
        field.help_text = _("Due days end at midnight in this zone, and every time is shown in it.")


def _known(name: str) -> bool:
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return False
    return True


def move_drills(classroom: Classroom, zone_name: str) -> None:
    """The class's drills due at the same day and time as written, now in ``zone_name``."""
    zone = zoneinfo.ZoneInfo(zone_name)
    drills = list(Drill.objects.filter(classroom=classroom))
    for drill in drills:
        day, time = drill.due, drill.due_time
        drill.time_zone = zone_name
        if day is None:
            continue
        if time is None:
            drill.due = day  # the midnight after it, in the drill's (new) zone
        else:
            drill.due_at = dt.datetime.combine(day, time, tzinfo=zone)
    Drill.objects.bulk_update(drills, ["time_zone", "due_at"])


@login_required
@require_POST
def set_time_zone(request: HttpRequest, class_id: int) -> HttpResponse:
    from lessons.classroom.classes import _teacher_page  # the class page imports this module

    classroom = class_for_teacher(request, class_id, change=True)
    form = TimeZoneForm(request.POST, current=classroom.time_zone)
    if not form.is_valid():
        return _teacher_page(request, classroom, zone_form=form, status=400)
    name = form.cleaned_data["time_zone"]
    if name != classroom.time_zone:
        with transaction.atomic():
            classroom.time_zone = name
            classroom.save(update_fields=["time_zone"])
            move_drills(classroom, name)
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]) + "#class-zone")
