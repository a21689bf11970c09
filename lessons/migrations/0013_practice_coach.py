from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0012_feedback"),
    ]

    operations = [
        migrations.AddField(
            model_name="practicegame",
            name="coach",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
