"""A class's time zone, set by its teacher (blank: the site's)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("lessons", "0024_drill_theme_count")]

    operations = [
        migrations.AddField(
            model_name="classroom",
            name="time_zone",
            field=models.CharField(blank=True, max_length=64),
        ),
    ]
