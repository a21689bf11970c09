"""Sessions written only by requests that change something, and new ones limited per address.

Django saves a session whenever a request stored something in it, and some pages note what the
learner read (the lesson seen, where to continue in a course): right for a learner who has a
session, but a visitor without a cookie would get a new ``django_session`` row at each page, kept
for two weeks, and a client that never keeps its cookie could fill the table by reading. So:

- a GET or HEAD never makes a session: what it noted for a visitor who has none is not kept.
  The visitor's first answer, preference or game makes the session; pages note into it from
  then on. The one page read that must make one says so (:func:`keep_this_session`).
- a request that changes something (a POST) without a session may make one, but one address
  makes at most ``SESSION_RATE_LIMIT_PER_ADDRESS`` of them a minute; past it, 429 until the
  minute ends. A learner who keeps their cookie is never counted.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.sessions.middleware import SessionMiddleware as DjangoSessionMiddleware
from django.http import HttpRequest, HttpResponse

from baloot_site.client_address import client_address
from lessons.render import page

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
KEEP = "keep_this_session"


def keep_this_session(request: HttpRequest) -> None:
    """Let this page read make a session all the same: Django's password-reset link keeps its
    token in the session and sends the browser on to the form, and a link opened from a mail
    usually comes with no session at all."""
    setattr(request, KEEP, True)


class SessionMiddleware(DjangoSessionMiddleware):
    """Django's session middleware, which lets only requests that change something make a session."""

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> HttpResponse | None:
        if request.method in SAFE_METHODS or _has_session(request):
            return None
        from baloot_site.middleware import ANSWER_ENDPOINTS, _over_any, _seconds_left

        if not _over_any(
            (f"address:{client_address(request)}", settings.SESSION_RATE_LIMIT_PER_ADDRESS), what="sessions"
        ):
            return None
        match = request.resolver_match
        if getattr(request, "htmx", False) and match is not None and match.url_name in ANSWER_ENDPOINTS:
            response = page(request, "429.html#limited", status=429)  # in place of the verdict
        else:
            response = page(request, "429.html", {"new_sessions": True}, status=429)
        response["Retry-After"] = _seconds_left()
        return response

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        session = getattr(request, "session", None)
        if (
            session is not None
            and request.method in SAFE_METHODS
            and session.session_key is None
            and not getattr(request, KEEP, False)
        ):
            session.modified = False  # noted by a page for a visitor without a session: not kept
        return super().process_response(request, response)


def _has_session(request: HttpRequest) -> bool:
    """Whether the request came with a session that exists (a made-up or expired cookie has none)."""
    if request.session.session_key is None:
        return False
    request.session.keys()  # loads it: a key that names no session is forgotten
    return request.session.session_key is not None
