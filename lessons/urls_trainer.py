"""URLs of the puzzle trainer (inside the language prefixes, like every page and fragment)."""

from django.urls import path

from lessons import trainer

TRAIN = "train/<str:variant>/"
PUZZLE = TRAIN + "<slug:key>/"

urlpatterns = [
    path("train/", trainer.index, name="trainer-index"),
    path(TRAIN, trainer.train, name="trainer-next"),
    path(TRAIN + "replay/", trainer.replay, name="trainer-replay"),
    # Puzzle interaction: htmx posts get a fragment, plain posts the whole trainer page
    path(PUZZLE + "answer", trainer.answer, name="trainer-answer"),
    path(PUZZLE + "hint", trainer.hint, name="trainer-hint"),
    path(PUZZLE + "solution", trainer.solution, name="trainer-solution"),
]
