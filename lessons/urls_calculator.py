"""URLs of the score calculator, inside the language prefixes (fragments come back in the page language)."""

from django.urls import path

from lessons import calculator

CALCULATOR = "calculator/<str:variant>/"

urlpatterns = [
    # The calculator: a GET form, so that its address reproduces the hand
    path("calculator/", calculator.index, name="calculator-index"),
    path(CALCULATOR, calculator.calculator, name="calculator"),
    # The game sheet kept in the session
    path(CALCULATOR + "sheet/add", calculator.sheet_add, name="calculator-sheet-add"),
    path(CALCULATOR + "sheet/undo", calculator.sheet_undo, name="calculator-sheet-undo"),
    path(CALCULATOR + "sheet/clear", calculator.sheet_clear, name="calculator-sheet-clear"),
]
