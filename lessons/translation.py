"""Fields translated with django-modeltranslation (one column per language, English fallback)."""

from modeltranslation.translator import TranslationOptions, register

from lessons.models import Course, Lesson, Puzzle, Step


@register(Course)
class CourseTranslationOptions(TranslationOptions):
    fields = ("title", "description")


@register(Lesson)
class LessonTranslationOptions(TranslationOptions):
    fields = ("title", "summary", "recap")


@register(Step)
class StepTranslationOptions(TranslationOptions):
    fields = ("body",)


@register(Puzzle)
class PuzzleTranslationOptions(TranslationOptions):
    fields = ("prompt", "hint", "explanation")
