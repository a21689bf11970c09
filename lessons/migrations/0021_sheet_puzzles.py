"""A new puzzle kind: find the line of a score sheet that is wrong."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0020_drill_hands"),
    ]

    operations = [
        migrations.AlterField(
            model_name="puzzle",
            name="task",
            field=models.CharField(
                choices=[
                    ("play", "Play a card"),
                    ("all-legal", "Select every legal card"),
                    ("trick-winner", "Who wins the trick"),
                    ("count", "Count the trick"),
                    ("score", "Score the hand"),
                    ("projects", "Projects"),
                    ("bid", "Bid"),
                    ("first-lead", "Who leads first"),
                    ("double", "Double or not"),
                    ("violation", "Spot the violation"),
                    ("best-card", "Find the best card"),
                    ("sheet", "Find the error in the score sheet"),
                ],
                max_length=16,
            ),
        ),
    ]
