"""Rendering the pages of accounts and classes with what every page of the site expects."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.utils.html import format_html

from lessons.views import get_prefs


def page(
    request: HttpRequest, template: str, ctx: dict[str, Any] | None = None, status: int = 200
) -> HttpResponse:
    """``render`` with the learner's preferences (digits, deck) that the base template reads."""
    return render(request, template, {"prefs": get_prefs(request), **(ctx or {})}, status=status)


def csrf_input(request: HttpRequest) -> str:
    """The hidden CSRF field, made once, for a form repeated in every row of a table.

    ``{% csrf_token %}`` does the same work at every form: it reads the lazy token, compares it and
    formats the field again. The class page has two such forms for each pupil.
    """
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', get_token(request))


def confirm_page(
    request: HttpRequest,
    *,
    title: str,
    consequences: list[str],
    action: str,
    button: str,
    cancel: str,
    classroom: Any = None,
    status: int = 200,
) -> HttpResponse:
    """The question a destructive action asks first: what will happen, then a button that does
    it (a POST to ``action``) and a way back (``cancel``). A plain page and a plain form, so it
    works without JavaScript; the action itself answers the GET of its address with this page.
    """
    ctx = {
        "title": title,
        "consequences": consequences,
        "action": action,
        "button": button,
        "cancel": cancel,
        "classroom": classroom,
    }
    return page(request, "classroom/confirm.html", ctx, status=status)
