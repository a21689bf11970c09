"""URLs of the practice table, mounted inside the language prefixes (see baloot_site/urls.py)."""

from django.urls import path

from lessons import practice

GAME = "practice/game/<int:pk>/"

urlpatterns = [
    # A game, whoever started it how: the table, the learner's moves, "why?", and finished hands
    path(GAME, practice.game_page, name="practice-game"),
    path(GAME + "play", practice.play, name="practice-play"),
    path(GAME + "call", practice.call, name="practice-call"),
    path(GAME + "next", practice.next_hand, name="practice-next"),
    path(GAME + "why", practice.why, name="practice-why"),
    path(GAME + "hand/<int:n>/", practice.replay, name="practice-replay"),
    # A puzzle's position played out against the bots
    path("practice/puzzle/<slug:key>/", practice.from_puzzle, name="practice-puzzle"),
    # The practice table of each variant
    path("practice/", practice.index, name="practice-index"),
    path("practice/<str:variant>/", practice.variant_table, name="practice-variant"),
    path("practice/<str:variant>/new", practice.new_game, name="practice-new"),
]
