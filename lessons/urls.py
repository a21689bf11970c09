"""URLs of the lessons app, mounted inside the language prefixes (see baloot_site/urls.py)."""

from django.urls import path

from lessons import reference, views
from lessons.review import pages as review_pages

STEP = "learn/<str:variant>/<slug:slug>/<int:n>/"

urlpatterns = [
    # Courses and lessons
    path("", views.home, name="home"),
    # <variant> names a course by its key: the variant's name for its rules course.
    path("learn/<str:variant>/", views.course, name="lessons-course"),
    path("learn/<str:variant>/<slug:slug>/", views.lesson, name="lessons-lesson"),
    path(STEP, views.step, name="lessons-step"),
    # Puzzle interaction: htmx posts get a fragment, plain posts the whole step page
    path(STEP + "answer", views.answer, name="lessons-puzzle-answer"),
    path(STEP + "hint", views.hint, name="lessons-puzzle-hint"),
    path(STEP + "solution", views.solution, name="lessons-puzzle-solution"),
    # The rules explained, and the words of the game
    path("rules/<str:variant>/", reference.rules, name="lessons-rules"),
    path("glossary/", reference.glossary, name="lessons-glossary"),
    # The learner
    path("progress/", views.my_progress, name="lessons-progress"),
    # The review: puzzles got wrong, back after 1, 3 and 7 days
    path("review/", review_pages.index, name="review-index"),
    path("review/<slug:key>/", review_pages.puzzle_page, name="review-puzzle"),
    path("review/<slug:key>/answer", review_pages.answer, name="review-answer"),
    path("review/<slug:key>/hint", review_pages.hint, name="review-hint"),
    path("review/<slug:key>/solution", review_pages.solution, name="review-solution"),
    path("prefs/", views.prefs, name="lessons-prefs"),
]
