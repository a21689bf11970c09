"""URLs of the puzzle trainer (inside the language prefixes, like every page and fragment)."""

from django.urls import path

from lessons.trainer import views

TRAIN = "train/<str:variant>/"
PUZZLE = TRAIN + "<slug:key>/"

urlpatterns = [
    path("train/", views.index, name="trainer-index"),
    path(TRAIN, views.train, name="trainer-next"),
    path(TRAIN + "replay/", views.replay, name="trainer-replay"),
    path(TRAIN + "start", views.start, name="trainer-start"),
    path(TRAIN + "themes/", views.theme_page, name="trainer-themes"),
    path(TRAIN + "choose", views.choose, name="trainer-choose"),
    # Puzzle interaction: htmx posts get a fragment, plain posts the whole trainer page
    path(PUZZLE + "answer", views.answer, name="trainer-answer"),
    path(PUZZLE + "hint", views.hint, name="trainer-hint"),
    path(PUZZLE + "solution", views.solution, name="trainer-solution"),
]
