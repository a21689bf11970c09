"""A drill may hold a hand at the practice table (a guided first hand, or a hand against the bots),
and a practice game remembers the drill item it was started from."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0019_course_key"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="drillitem",
            name="drill_item_lesson_xor_puzzle",
        ),
        migrations.AddField(
            model_name="drillitem",
            name="hand_kind",
            field=models.CharField(blank=True, default="", max_length=16),
        ),
        migrations.AddField(
            model_name="drillitem",
            name="hand_variant",
            field=models.CharField(
                blank=True,
                choices=[
                    ("saudi", "Saudi Baloot"),
                    ("moroccan", "Moroccan Belote"),
                    ("french", "French Belote"),
                ],
                default="",
                max_length=16,
            ),
        ),
        migrations.AddField(
            model_name="practicegame",
            name="drill_item",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="games",
                to="lessons.drillitem",
            ),
        ),
        migrations.AddConstraint(
            model_name="drillitem",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("hand_variant", ""), ("lesson__isnull", True), ("puzzle__isnull", False)),
                    models.Q(("hand_variant", ""), ("lesson__isnull", False), ("puzzle__isnull", True)),
                    models.Q(
                        ("lesson__isnull", True),
                        ("puzzle__isnull", True),
                        models.Q(("hand_variant", ""), _negated=True),
                        models.Q(("hand_kind", ""), _negated=True),
                    ),
                    _connector="OR",
                ),
                name="drill_item_one_thing",
            ),
        ),
        migrations.AddConstraint(
            model_name="drillitem",
            constraint=models.UniqueConstraint(
                condition=models.Q(("hand_variant", ""), _negated=True),
                fields=("drill", "hand_variant", "hand_kind"),
                name="drill_item_unique_hand",
            ),
        ),
    ]
