"""A variant may have several courses: each is named in its address by its own key."""

from django.db import migrations, models


def key_from_variant(apps, schema_editor):
    # The existing courses are the rules courses: their key is their variant, so addresses stay.
    Course = apps.get_model("lessons", "Course")
    for course in Course.objects.all():
        course.key = course.variant
        course.save(update_fields=["key"])


class Migration(migrations.Migration):
    dependencies = [("lessons", "0018_lesson_checkpoint")]

    operations = [
        migrations.AddField(
            model_name="course", name="key", field=models.SlugField(max_length=60, default="", db_index=False)
        ),
        migrations.RunPython(key_from_variant, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="course", name="key", field=models.SlugField(max_length=60, unique=True)
        ),
        migrations.AlterField(
            model_name="course",
            name="variant",
            field=models.CharField(
                max_length=16,
                choices=[
                    ("saudi", "Saudi Baloot"),
                    ("moroccan", "Moroccan Belote"),
                    ("french", "French Belote"),
                ],
            ),
        ),
        migrations.AlterModelOptions(name="course", options={"ordering": ("order", "key")}),
    ]
