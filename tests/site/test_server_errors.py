"""With DEBUG off, every server error is one JSON line on standard error, with its traceback."""

import io
import json
import logging

import pytest
from django.db import OperationalError

from baloot_site.middleware import DatabaseUnavailableMiddleware


@pytest.fixture
def stderr_lines():
    """What the configured standard-error handler of server errors writes, as JSON lines."""
    (handler,) = [h for h in logging.getLogger("django.request").handlers if h.get_name() == "stderr"]
    stream = io.StringIO()
    previous = handler.setStream(stream)
    yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    handler.setStream(previous)


@pytest.mark.urls("tests.site.failing_urls")
def test_it_logs_a_server_error_with_its_traceback(client, db, settings, stderr_lines):
    settings.DEBUG = False
    client.raise_request_exception = False

    response = client.get("/en/broken/?x=1")

    assert response.status_code == 500
    (line,) = stderr_lines()
    assert (line["level"], line["method"], line["path"], line["status"], line["user"]) == (
        "ERROR",
        "GET",
        "/en/broken/",
        500,
        "anon",
    )
    assert "ZeroDivisionError: a view that fails" in line["traceback"]
    assert 'in broken\n    raise ZeroDivisionError("a view that fails")' in line["traceback"]


def test_it_logs_nothing_for_a_page_that_is_not_found(client, db, stderr_lines):
    assert client.get("/en/no-such-page/").status_code == 404

    assert stderr_lines() == []


def test_it_logs_a_database_that_is_down(rf, stderr_lines):
    request = rf.get("/en/")
    middleware = DatabaseUnavailableMiddleware(lambda r: None)  # type: ignore[arg-type,return-value]

    try:
        raise OperationalError("connection refused")
    except OperationalError as error:
        response = middleware.process_exception(request, error)

    assert response.status_code == 503
    lines = stderr_lines()  # the same handler serves the site's own error log
    assert any("OperationalError: connection refused" in line.get("traceback", "") for line in lines)
