"""A lesson may be a checkpoint: the short quiz after a group of lessons, listed right after the
lesson whose number it shares."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0017_classroom_reminders"),
    ]

    operations = [
        migrations.AddField(
            model_name="lesson",
            name="checkpoint",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterModelOptions(
            name="lesson",
            options={"ordering": ("course", "order", "checkpoint")},
        ),
    ]
