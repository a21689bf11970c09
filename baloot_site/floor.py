"""The floor request: what Django itself costs for a request like an answer, for the load test.

The load test's ``answer_cpu_ratio`` divides the server's CPU per puzzle answer by its CPU per
floor request, both measured in the same run, so that the figure means the same on a fast machine
and on a slow one. A floor request goes through the same gunicorn worker and every middleware as
an answer (CSRF, session, locale, htmx, rate limits, the request log), and does the least an
answer does: it reads the session (making one if there is none), INSERTs one row, renders a
tiny template.

It writes, so it exists only where ``LOADTEST_FLOOR`` is on (baloot_site/urls.py): never in
production. Its table, ``loadtest_floor``, is made by the load test in its throwaway database
(bench/loadtest.py, ``FLOOR_TABLE``); it belongs to no model and no migration.
"""

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

from lessons.progress import session_key


@require_POST
def floor(request: HttpRequest) -> HttpResponse:
    # The session read as every page of the site reads it (the learner's preferences live there),
    # not only its key from the cookie: loading it is part of what Django costs.
    seen = request.session.get(SEEN_KEY, 0)
    key = session_key(request, create=True) or ""
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO loadtest_floor (session_key) VALUES (%s)", [key])
    return render(request, "floor.html", {"key": key, "seen": seen})


# A session key no other part of the site uses: the floor request only reads it.
SEEN_KEY = "loadtest_floor_seen"
