"""Middleware for running the site in production.

- :class:`RequestLogMiddleware`: one JSON line per request (method, path, status, ms, cpu_ms, user).
- :class:`NulCharacterMiddleware`: an address holding a NUL character is a 404.
- :class:`ContentSecurityPolicyMiddleware`: a strict Content-Security-Policy whose only inline
  scripts are those carrying the request's nonce (``request.csp_nonce``, ``{{ csp_nonce }}``),
  and a Permissions-Policy turning off the browser features the site never uses.
- :class:`PrivatePagesMiddleware`: pages made for a signed-in user are ``Cache-Control: private``.
- :class:`DatabaseUnavailableMiddleware`: a database that cannot be reached answers 503 with a
  page that needs no database, instead of a 500.
- :class:`AnswerRateLimitMiddleware`: at most ``ANSWER_RATE_LIMIT`` answers a minute per learner.
- :class:`JoinCodeRateLimitMiddleware`: at most ``JOIN_RATE_LIMIT`` join-code look-ups a minute
  per session (and ``JOIN_RATE_LIMIT_PER_ADDRESS`` per address).
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control

from baloot_site.client_address import client_address
from baloot_site.fallible_redis import REDIS_DOWN, is_down, mark_down
from lessons.render import page

request_log = logging.getLogger("baloot_site.requests")
# Server errors Django does not log itself, with their traceback (baloot_site/error_log.py).
error_log = logging.getLogger("baloot_site.errors")

# The URL names of the endpoints that check and record a puzzle answer (lessons/urls.py, lessons/*/urls.py).
ANSWER_ENDPOINTS = frozenset({"lessons-puzzle-answer", "drills-puzzle-answer", "trainer-answer"})
# The pages that look a class up by its join code: the code form (when a code is sent) and the
# join page, whose address holds the code (lessons/urls_classes.py).
JOIN_CODE_FORM, JOIN_PAGE = "classes-join-code", "classes-join"
Handler = Callable[[HttpRequest], HttpResponse]


class RequestLogMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        start, cpu_start = time.perf_counter(), time.thread_time()
        response = self.get_response(request)
        # Nothing to build when the lines are not written (REQUEST_LOG_LEVEL=WARNING).
        if request_log.isEnabledFor(logging.INFO):
            request_log.info(
                json.dumps(
                    {
                        "method": request.method,
                        "path": request.path,
                        "status": response.status_code,
                        "ms": round((time.perf_counter() - start) * 1000, 1),
                        # The CPU this request's thread used: unlike "ms", not stretched by a busy machine.
                        "cpu_ms": round((time.thread_time() - cpu_start) * 1000, 1),
                        "user": _user_id(request),
                    }
                )
            )
        return response


def _user_id(request: HttpRequest) -> int | str:
    # Only a user the request already loaded: logging must not query a database that may be down.
    user = getattr(request, "_cached_user", None)
    if user is not None and user.is_authenticated:
        return int(user.pk)
    return "anon"


# ---------------------------------------------------------------- NUL characters


class NulCharacterMiddleware:
    """``/en/join/%00/``: no page has such an address, and PostgreSQL refuses the character in a
    query (a 500), so it is a 404 before any view looks it up."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path_info:
            raise Http404
        return self.get_response(request)


# ---------------------------------------------------------------- Content-Security-Policy

CSP = (
    "default-src 'self'; script-src 'self' 'nonce-{nonce}'; style-src 'self'; img-src 'self' data:; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)


# Features a page of the site never asks for: no page may, nor any frame.
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.csp_nonce = secrets.token_urlsafe(16)  # type: ignore[attr-defined]
        response = self.get_response(request)
        response.setdefault("Content-Security-Policy", CSP.format(nonce=request.csp_nonce))  # type: ignore[attr-defined]
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response


def csp_nonce(request: HttpRequest) -> dict[str, str]:
    """Template context processor: ``<script nonce="{{ csp_nonce }}">``."""
    return {"csp_nonce": getattr(request, "csp_nonce", "")}


# ---------------------------------------------------------------- signed-in pages


class PrivatePagesMiddleware:
    """A page made for a signed-in user (a dashboard, a class's CSV, a pupil's history) is
    ``Cache-Control: private``: no shared cache between the school and the site may keep it."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # Only a user the view loaded: looking one up for every answer would cost a query.
        user = getattr(request, "_cached_user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, private=True)
        return response


# ---------------------------------------------------------------- database down

UNAVAILABLE = (OperationalError, InterfaceError)


def unavailable_page(request: HttpRequest | None = None) -> HttpResponse:
    """The 503 page: rendered without the request, so no context processor touches the database."""
    response = error_response(request, "503.html", 503)
    response["Retry-After"] = "30"
    return response


def error_response(request: HttpRequest | None, template: str, status: int) -> HttpResponse:
    """The error page, or under htmx its message alone, retargeted to the page's alert region.

    An htmx request swaps its answer into a part of the page (a verdict, a hint, a table); a whole
    error page there would be a page inside the page, and nothing at all (htmx's default for
    errors) leaves the learner clicking on. The message goes to ``#site-alert`` (base.html).
    """
    if request is not None and request.headers.get("HX-Request") == "true":
        response = HttpResponse(render_to_string(f"{template}#alert"), status=status)
        response["HX-Retarget"] = "#site-alert"
        response["HX-Reswap"] = "outerHTML"
        return response
    return HttpResponse(render_to_string(template), status=status)


class DatabaseUnavailableMiddleware:
    """Turns a database error raised by a view into a 503 (errors elsewhere: baloot_site.errors)."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if is_database_down(exception):
            response = unavailable_page(request)
            error_log.error(
                "Database unavailable: %s",
                request.path,
                exc_info=exception,
                extra={"request": request, "status_code": response.status_code},
            )
            response._has_been_logged = True  # type: ignore[attr-defined]  # by Django, once more
            return response
        return None


def is_database_down(exception: BaseException | None) -> bool:
    """A lost or refused connection, as opposed to a query the database rejected."""
    if isinstance(exception, UNAVAILABLE):
        return True
    # psycopg reports a server shut down in the middle of a query as a DatabaseError subclass.
    return isinstance(exception, DatabaseError) and "terminating connection" in str(exception)


# ---------------------------------------------------------------- answer rate limit


class AnswerRateLimitMiddleware:
    """A fixed one-minute window per session (or address, before a session exists) in the cache."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> HttpResponse | None:
        match = request.resolver_match
        if request.method != "POST" or match is None or match.url_name not in ANSWER_ENDPOINTS:
            return None
        # The answer is recorded against the session anyway: make it now so the first answer counts.
        if request.session.session_key is None:
            request.session.save()
        address = client_address(request)
        # Per learner, and a looser count per address: a client dropping its cookie gets a new
        # session at each answer, but not a new address (a school's pupils share one, hence looser).
        if _over_any(
            (f"session:{request.session.session_key}", settings.ANSWER_RATE_LIMIT),
            (f"address:{address}", settings.ANSWER_RATE_LIMIT_PER_ADDRESS),
        ):
            # Under htmx, the message alone, swapped in place of the verdict; else the whole page.
            template = "429.html#limited" if getattr(request, "htmx", False) else "429.html"
            response = page(request, template, status=429)
            # The seconds until the counting minute ends: then the learner may answer again.
            response["Retry-After"] = _seconds_left()
            return response
        return None


class JoinCodeRateLimitMiddleware:
    """Join-code look-ups in the same one-minute windows as answers, per session and per address."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> HttpResponse | None:
        match = request.resolver_match
        if match is None or match.url_name not in (JOIN_CODE_FORM, JOIN_PAGE):
            return None
        if match.url_name == JOIN_CODE_FORM and "code" not in request.POST and "code" not in request.GET:
            return None  # the empty form: nothing looked up
        # Per session, and per address: a guesser dropping the cookie has no session but keeps
        # the address. A look-up makes no session (baloot_site/sessions.py).
        key = request.session.session_key
        limits = [(f"address:{client_address(request)}", settings.JOIN_RATE_LIMIT_PER_ADDRESS)]
        if key is not None:
            limits.append((f"session:{key}", settings.JOIN_RATE_LIMIT))
        if _over_any(*limits, what="join-codes"):
            response = page(request, "429.html", {"join_codes": True}, status=429)
            response["Retry-After"] = _seconds_left()
            return response
        return None


def _seconds_left() -> str:
    """The seconds until the counting minute ends (a Retry-After value)."""
    return str(60 - int(_now()) % 60)


def _now() -> float:
    """The clock of the counting windows (a test holds it still, inside one minute)."""
    return time.time()


def _over_any(*limits: tuple[str, int], what: str = "answers") -> bool:
    """Count one ``what`` for each ``(who, limit)`` this minute; True if one is past its limit."""
    minute = int(_now() // 60)
    keys = [f"{what}:{who}:{minute}" for who, _ in limits]
    counts = count_each(keys, 60)
    return any(count > limit for count, (_, limit) in zip(counts, limits, strict=True))


def count_each(keys: list[str], timeout: int) -> list[int]:
    """Add one to each counter (a new one starts at 1 and lasts ``timeout`` seconds); the new counts."""
    backend = caches["default"]
    if isinstance(backend, RedisCache):
        # A Redis that cannot be reached counts nothing: the limits let requests through (fail
        # open, a warning logged) rather than refusing every learner or answering 500.
        location = getattr(backend, "location", "")
        if is_down(location):
            return [0] * len(keys)
        try:
            return _count_each_in_redis(backend, keys, timeout)
        except REDIS_DOWN as e:
            mark_down(location, e, "rate limits")
            return [0] * len(keys)
    # Any other cache (the memory cache of development and tests): Django's cache API, key by key.
    return [_count(key, timeout) for key in keys]


def _count_each_in_redis(backend: RedisCache, keys: list[str], timeout: int) -> list[int]:
    """Every counter in one round trip, through the client of Django's own Redis backend.

    Through the cache API it would be three round trips a key (``add``, then ``incr``, which asks
    whether the key exists before incrementing it) and a new redis-py client made for each
    (``RedisCacheClient.get_client``, some 0.1 ms of CPU: it fills a table of reply handlers).
    ``SET ... NX EX`` makes a missing counter at 0 with its timeout, ``INCR`` adds one: the same as
    ``cache.add(key, 0, timeout)`` then ``cache.incr(key)``, in the stored form Django's backend
    reads back (whole numbers are stored as they are). ``_cache`` and ``get_client`` are Django's
    (tests/site/test_redis_cache.py pins what is used of them).
    """
    client = backend._cache.get_client(write=True)
    pipe = client.pipeline(transaction=False)
    for key in keys:
        made = backend.make_and_validate_key(key)
        pipe.set(made, 0, ex=timeout, nx=True)
        pipe.incr(made)
    replies = pipe.execute()
    return [int(count) for count in replies[1::2]]


def _count(key: str, timeout: int) -> int:
    """Add one to the counter ``key`` (made at 0 for ``timeout`` seconds if missing); its new count."""
    cache.add(key, 0, timeout=timeout)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between the two: a new window
        cache.add(key, 1, timeout=timeout)
        return 1
