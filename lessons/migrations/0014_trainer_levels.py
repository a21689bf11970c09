from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("lessons", "0013_practice_coach")]

    operations = [
        migrations.AddField(
            model_name="trainerrating",
            name="level",
            field=models.CharField(blank=True, default="", max_length=8),
        ),
        migrations.AddField(
            model_name="trainerrating",
            name="theme",
            field=models.CharField(blank=True, default="", max_length=40),
        ),
        migrations.AddField(
            model_name="trainerrating",
            name="difficulty",
            field=models.CharField(default="normal", max_length=8),
        ),
    ]
