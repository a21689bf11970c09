"""Which database each query goes to when a read replica is set up (``DATABASE_REPLICA_URL``).

The primary (``default``) takes every write, and every read of what people write: sessions,
attempts, accounts, classes, drills, trainer ratings, practice games. The content — courses,
lessons, steps and puzzles, written by ``load_curriculum`` — may be read from the replica
(``replica``), a streaming copy of the primary that can lag a moment behind it.

So that nobody reads their own write stale, a content read still goes to the primary:

- outside a request (``load_curriculum``, the shell, scripts): they read what they then write;
- inside a transaction, and in a request that has already written anything;
- inside :func:`reading_from_primary` (the lesson cache: what it reads, it keeps for minutes);
- for ``REPLICA_PIN_SECONDS`` after a request from the same browser wrote content (a teacher's
  new puzzle, an edit in the admin): :class:`ReplicaMiddleware` leaves a cookie saying so.

Migrations run on the primary only; the replica gets them through replication.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.http import HttpRequest, HttpResponse

PRIMARY = DEFAULT_DB_ALIAS
REPLICA = "replica"
# The models load_curriculum writes: the only ones ever read from the replica.
CONTENT_MODELS = frozenset({"lessons.course", "lessons.lesson", "lessons.step", "lessons.puzzle"})
# Set on a browser whose request wrote content: its next requests read content from the primary.
PIN_COOKIE = "read_primary"


@dataclass
class RequestState:
    """What the router knows about the request being answered."""

    pinned: bool = False  # the browser wrote content a moment ago
    wrote: bool = False
    wrote_content: bool = False


# None outside a request (and inside reading_from_primary): every read goes to the primary.
_request: ContextVar[RequestState | None] = ContextVar("baloot_db_request", default=None)


class ReplicaRouter:
    """``DATABASE_ROUTERS`` entry, installed by settings.py only when a replica is configured."""

    def db_for_read(self, model: type[Any], **hints: Any) -> str:
        state = _request.get()
        if (
            state is None
            or state.wrote
            or state.pinned
            or model._meta.label_lower not in CONTENT_MODELS
            or connections[PRIMARY].in_atomic_block
        ):
            return PRIMARY
        return REPLICA

    def db_for_write(self, model: type[Any], **hints: Any) -> str:
        state = _request.get()
        if state is not None:
            state.wrote = True
            state.wrote_content = state.wrote_content or model._meta.label_lower in CONTENT_MODELS
        return PRIMARY

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool | None:
        # The replica holds the primary's rows: a puzzle read there may be an attempt's puzzle.
        if {obj1._state.db, obj2._state.db} <= {PRIMARY, REPLICA}:
            return True
        return None

    def allow_migrate(self, db: str, app_label: str, model_name: str | None = None, **hints: Any) -> bool:
        return db == PRIMARY


class ReplicaMiddleware:
    """Tells the router a request is being answered, and pins a browser that wrote content."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        state = RequestState(pinned=PIN_COOKIE in request.COOKIES)
        token = _request.set(state)
        try:
            response = self.get_response(request)
        finally:
            _request.reset(token)
        if state.wrote_content:
            response.set_cookie(
                PIN_COOKIE,
                "1",
                max_age=settings.REPLICA_PIN_SECONDS,
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        return response


@contextlib.contextmanager
def reading_from_primary() -> Iterator[None]:
    """Every read inside the block goes to the primary (what is read is kept, not shown once)."""
    token = _request.set(None)
    try:
        yield
    finally:
        _request.reset(token)
