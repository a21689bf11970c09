"""URLs of the lessons app, mounted inside the language prefixes (see baloot_site/urls.py)."""

from django.urls import path

from lessons import reference, views

STEP = "learn/<str:variant>/<slug:slug>/<int:n>/"

urlpatterns = [
    # Courses and lessons
    path("", views.home, name="home"),
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
    path("prefs/", views.prefs, name="lessons-prefs"),
]
