"""Drills: a due moment (an aware datetime) and the teacher's time zone instead of a due day,
drafts, and drills given to some pupils only; a class's announcement to its pupils.

A due day becomes the midnight that ended it in the site's time zone, the moment it was late
from before: nothing changes for the drills already given.
"""

import datetime
import zoneinfo

from django.conf import settings
from django.db import migrations, models


def due_days_to_moments(apps, schema_editor):
    Drill = apps.get_model("lessons", "Drill")
    zone = zoneinfo.ZoneInfo(settings.TIME_ZONE or "UTC")
    for drill in Drill.objects.exclude(due=None).only("pk", "due").iterator():
        try:
            moment = datetime.datetime.combine(
                drill.due + datetime.timedelta(days=1), datetime.time.min, tzinfo=zone
            )
        except OverflowError:  # the last day of the calendar: its last moment
            moment = datetime.datetime.combine(drill.due, datetime.time.max, tzinfo=zone)
        Drill.objects.filter(pk=drill.pk).update(due_at=moment)


def due_moments_to_days(apps, schema_editor):
    Drill = apps.get_model("lessons", "Drill")
    for drill in Drill.objects.exclude(due_at=None).only("pk", "due_at").iterator():
        day = (drill.due_at - datetime.timedelta(microseconds=1)).date()
        Drill.objects.filter(pk=drill.pk).update(due=day)


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0014_trainer_levels"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="drill",
            name="due_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="drill",
            name="time_zone",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AddField(
            model_name="drill",
            name="draft",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="drill",
            name="pupils",
            field=models.ManyToManyField(blank=True, related_name="+", to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name="classroom",
            name="announcement",
            field=models.TextField(blank=True),
        ),
        migrations.AddField(
            model_name="classroom",
            name="announced_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(due_days_to_moments, due_moments_to_days),
        migrations.RemoveField(model_name="drill", name="due"),
    ]
