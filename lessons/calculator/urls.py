"""URLs of the score calculator, inside the language prefixes (fragments come back in the page language)."""

from django.urls import path

from lessons.calculator import views

CALCULATOR = "calculator/<str:variant>/"

urlpatterns = [
    # The calculator: a GET form, so that its address reproduces the hand
    path("calculator/", views.index, name="calculator-index"),
    path(CALCULATOR, views.calculator, name="calculator"),
    # The game sheet kept in the session
    path(CALCULATOR + "sheet/add", views.sheet_add, name="calculator-sheet-add"),
    path(CALCULATOR + "sheet/undo", views.sheet_undo, name="calculator-sheet-undo"),
    path(CALCULATOR + "sheet/clear", views.sheet_clear, name="calculator-sheet-clear"),
]
