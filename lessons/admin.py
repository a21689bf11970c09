"""Admin pages: content is edited in lessons/content/ files; the admin is for looking."""

from django.contrib import admin
from modeltranslation.admin import TranslationAdmin, TranslationTabularInline

from lessons.models import Attempt, Course, Lesson, Puzzle, Step


@admin.register(Course)
class CourseAdmin(TranslationAdmin):
    list_display = ("variant", "title", "order")


class StepInline(TranslationTabularInline):
    model = Step
    extra = 0
    fields = ("order", "kind", "body", "puzzle")
    raw_id_fields = ("puzzle",)


@admin.register(Lesson)
class LessonAdmin(TranslationAdmin):
    list_display = ("slug", "course", "order", "title")
    list_filter = ("course",)
    inlines = (StepInline,)


@admin.register(Puzzle)
class PuzzleAdmin(TranslationAdmin):
    list_display = ("key", "variant", "task", "difficulty", "source")
    list_filter = ("variant", "task", "source", "difficulty")
    search_fields = ("key",)


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ("puzzle", "session_key", "correct", "hints_used", "created")
    list_filter = ("correct",)
    raw_id_fields = ("puzzle", "user")
    date_hierarchy = "created"
