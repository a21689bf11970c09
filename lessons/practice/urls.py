"""URLs of the practice table, mounted inside the language prefixes (see baloot_site/urls.py)."""

from django.urls import path

from lessons.practice import views
from lessons.practice.decouverte import views as decouverte_views

GAME = "practice/game/<int:pk>/"

urlpatterns = [
    # A game, whoever started it how: the table, the learner's moves, "why?", hints, and finished hands
    path(GAME, views.game_page, name="practice-game"),
    path(GAME + "play", views.play, name="practice-play"),
    path(GAME + "call", views.call, name="practice-call"),
    path(GAME + "declare", views.declare, name="practice-declare"),
    path(GAME + "next", views.next_hand, name="practice-next"),
    path(GAME + "takeback", views.take_back, name="practice-takeback"),
    path(GAME + "why", views.why, name="practice-why"),
    path(GAME + "hint", views.hint, name="practice-hint"),
    path(GAME + "hand/<int:n>/", views.replay, name="practice-replay"),
    path(GAME + "hand/<int:n>/practise", views.practise, name="practice-practise"),
    # A puzzle's position played out against the bots
    path("practice/puzzle/<slug:key>/", views.from_puzzle, name="practice-puzzle"),
    # A hand a teacher put in a drill, dealt for the pupil
    path("practice/drill-hand/<int:item_id>/", views.drill_hand, name="practice-drill-hand"),
    # Two-player Belote découverte against the bot (a French table of its own)
    path("practice/french/decouverte/", decouverte_views.table_page, name="practice-decouverte"),
    path("practice/french/decouverte/new", decouverte_views.new_game, name="practice-decouverte-new"),
    path("practice/french/decouverte/<int:pk>/call", decouverte_views.call, name="practice-decouverte-call"),
    path("practice/french/decouverte/<int:pk>/play", decouverte_views.play, name="practice-decouverte-play"),
    path("practice/french/decouverte/<int:pk>/hint", decouverte_views.hint, name="practice-decouverte-hint"),
    path(
        "practice/french/decouverte/<int:pk>/next",
        decouverte_views.next_hand,
        name="practice-decouverte-next",
    ),
    # The practice table of each variant
    path("practice/", views.index, name="practice-index"),
    # A guided first hand (the home page's "Start here" links to it)
    path("practice/guided/<str:variant>/", views.guided_hand, name="practice-guided"),
    path("practice/<str:variant>/", views.variant_table, name="practice-variant"),
    path("practice/<str:variant>/new", views.new_game, name="practice-new"),
]
