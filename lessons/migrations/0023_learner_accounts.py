"""What an account keeps of a browser's session; a signed-in learner's answers and review queue
stored under the account's key (lessons/progress.py ``account_key``), the same on every device.

Answers and review items already tied to an account move to its key here, so that nobody signed
in when this is deployed finds their progress empty. Two review items of one puzzle (one per
browser) are kept once: the sooner, as signing in does (lessons/review/).
"""

from django.db import migrations, models
from django.db.models import CharField, Value
from django.db.models.functions import Cast, Concat


def to_account_keys(apps, schema_editor):
    Attempt = apps.get_model("lessons", "Attempt")
    ReviewItem = apps.get_model("lessons", "ReviewItem")
    key = Concat(Value("account-"), Cast("user_id", CharField()))
    Attempt.objects.filter(user__isnull=False).update(session_key=key)
    kept = {}
    for item in ReviewItem.objects.filter(user__isnull=False).order_by("id"):
        other = kept.get((item.user_id, item.puzzle_id))
        if other is None:
            kept[(item.user_id, item.puzzle_id)] = item
            continue
        sooner = lambda i: (i.learnt, i.stage, i.due)  # noqa: E731
        keep, drop = (item, other) if sooner(item) < sooner(other) else (other, item)
        drop.delete()
        kept[(item.user_id, item.puzzle_id)] = keep
    for (user_id, _puzzle), item in kept.items():
        ReviewItem.objects.filter(pk=item.pk).update(session_key=f"account-{user_id}")


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0022_counting_puzzle_kinds"),
    ]

    operations = [
        migrations.AddField(
            model_name="account",
            name="browser",
            field=models.JSONField(blank=True, default=dict),
        ),
        # Backwards: the keys stay as they are (every page reads them by account key or session).
        migrations.RunPython(to_account_keys, migrations.RunPython.noop),
    ]
