"""Rendering the pages of accounts and classes with what every page of the site expects."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from lessons.views import get_prefs


def page(
    request: HttpRequest, template: str, ctx: dict[str, Any] | None = None, status: int = 200
) -> HttpResponse:
    """``render`` with the learner's preferences (digits, deck) that the base template reads."""
    return render(request, template, {"prefs": get_prefs(request), **(ctx or {})}, status=status)
