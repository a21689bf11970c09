"""A class's game, drills filled with puzzles of a theme made by the engine, the earlier versions
of an edited puzzle a drill item held, and the one-time token of the new-drill form."""

import django.core.validators
import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('lessons', '0023_learner_accounts'),
    ]

    operations = [
        migrations.AddField(
            model_name='classroom',
            name='variant',
            field=models.CharField(blank=True, choices=[('saudi', 'Saudi Baloot'), ('moroccan', 'Moroccan Belote'), ('french', 'French Belote')], default='', max_length=16),
        ),
        migrations.AddField(
            model_name='drillitem',
            name='earlier_puzzles',
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AlterField(
            model_name='formresult',
            name='kind',
            field=models.CharField(choices=[('class', 'class'), ('join', 'join'), ('cards', 'cards'), ('copy', 'copy'), ('drill', 'drill')], max_length=8),
        ),
        migrations.CreateModel(
            name='DrillFill',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('variant', models.CharField(choices=[('saudi', 'Saudi Baloot'), ('moroccan', 'Moroccan Belote'), ('french', 'French Belote')], max_length=16)),
                ('theme', models.CharField(max_length=32)),
                ('band', models.CharField(blank=True, max_length=8)),
                ('count', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(50)])),
                ('missing', models.PositiveSmallIntegerField(default=0)),
                ('made', models.PositiveSmallIntegerField(default=0)),
                ('status', models.CharField(choices=[('waiting', 'Waiting for the puzzle generator'), ('running', 'Making puzzles'), ('done', 'Done'), ('failed', 'Failed')], default='waiting', max_length=8)),
                ('give_when_done', models.BooleanField(default=True)),
                ('created', models.DateTimeField(default=django.utils.timezone.now)),
                ('finished', models.DateTimeField(blank=True, null=True)),
                ('drill', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='fill', to='lessons.drill')),
            ],
        ),
    ]
