"""The request as the middleware leaves it, for the type checker.

Django's ``HttpRequest`` knows neither the user a login-protected view is sure to have nor the
``htmx`` attribute django-htmx's middleware adds; these say so, in one place.
"""

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class SignedInRequest(HttpRequest):
    """A request behind ``login_required`` (or a role's own decorator): its user has an account."""

    user: User


def htmx_of(request: HttpRequest) -> HtmxDetails:
    """``request.htmx``: what the request's htmx headers say (false when it is not from htmx)."""
    return request.htmx  # type: ignore[attr-defined]  # set by django_htmx.middleware.HtmxMiddleware
