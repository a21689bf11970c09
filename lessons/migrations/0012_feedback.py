from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0011_review_queue"),
    ]

    operations = [
        migrations.AddField(
            model_name="puzzle",
            name="why_not",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
