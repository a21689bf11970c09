"""Two new puzzle kinds: how many trumps are left, and whether the contract is already made."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0021_sheet_puzzles"),
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
                    ("trumps-left", "Count the trumps left"),
                    ("contract-made", "Is the contract already made"),
                ],
                max_length=16,
            ),
        ),
    ]
