"""/healthz, the request log lines, the Content-Security-Policy and the 503 page."""

import json
import logging
import re
from unittest import mock

import pytest
from django.db import OperationalError
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from tests.site.pages import *  # noqa: F403

pytestmark = pytest.mark.django_db


def test_it_answers_ok_when_the_database_is_up_and_migrated(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "migrations": "applied"}
    assert "no-cache" in response["Cache-Control"]


def test_it_answers_503_when_a_migration_is_missing(client):
    class Migration:
        app_label, name = "lessons", "9999_future"

    with mock.patch.object(MigrationExecutor, "migration_plan", return_value=[(Migration(), False)]):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["unapplied_migrations"] == ["lessons.9999_future"]


def test_it_answers_503_when_the_database_is_unreachable(client):
    with mock.patch(
        "django.db.backends.base.base.BaseDatabaseWrapper.cursor", side_effect=OperationalError("down")
    ):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "unreachable"


def test_it_logs_one_json_line_per_request(client, caplog, saudi):
    with caplog.at_level(logging.INFO, logger="baloot_site.requests"):
        client.get("/en/learn/saudi/")
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "baloot_site.requests"]
    assert len(lines) == 1
    line = lines[0]
    assert (line["method"], line["path"], line["status"], line["user"]) == (
        "GET",
        "/en/learn/saudi/",
        200,
        "anon",
    )
    assert isinstance(line["ms"], float)


def test_it_logs_the_user_id_of_a_signed_in_user(client, caplog, django_user_model):
    user = django_user_model.objects.create_user(username="kam472", password="x")
    client.force_login(user)
    with caplog.at_level(logging.INFO, logger="baloot_site.requests"):
        client.get("/en/progress/")
    line = json.loads(next(r.getMessage() for r in caplog.records if r.name == "baloot_site.requests"))
    assert line["user"] == user.pk


def test_it_sends_a_content_security_policy_with_a_fresh_nonce(client, saudi):
    first = client.get("/en/learn/saudi/")["Content-Security-Policy"]
    second = client.get("/en/learn/saudi/")["Content-Security-Policy"]
    assert "script-src 'self' 'nonce-" in first
    assert "style-src 'self';" in first and "frame-ancestors 'none'" in first
    assert "unsafe-inline" not in first and "unsafe-eval" not in first
    assert re.search(r"nonce-([\w-]+)", first)[1] != re.search(r"nonce-([\w-]+)", second)[1]


def test_it_tells_htmx_not_to_eval_nor_inject_styles(client, saudi):
    html = client.get("/en/learn/saudi/").content.decode()
    assert '"includeIndicatorStyles": false' in html and '"allowEval": false' in html
    # No inline script without the nonce, no inline style at all.
    assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*\bnonce=)", html)
    assert "<style" not in html and " style=" not in html


def database_down():
    return mock.patch(
        "django.db.backends.utils.CursorWrapper.execute", side_effect=OperationalError("refused")
    )


def assert_clean_503(response):
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    html = response.content.decode()
    assert "Back in a moment" in html
    assert "Traceback" not in html and "OperationalError" not in html


def test_it_answers_a_clean_503_page_when_the_database_goes_down(client, saudi):
    with database_down():
        response = client.get("/en/learn/saudi/")
    assert_clean_503(response)


def test_it_answers_503_for_a_database_error_outside_the_views(saudi):
    # The session is saved after the view: an error there goes through the 500 handler.
    client = Client(raise_request_exception=False)
    with mock.patch(
        "django.contrib.sessions.backends.db.SessionStore.save", side_effect=OperationalError("refused")
    ):
        response = client.post("/en/prefs/", {"digits": "western", "next": "/en/"})
    assert_clean_503(response)


def test_under_htmx_the_503_is_a_message_for_the_pages_alert_region(client, saudi):
    page = client.get("/fr/learn/saudi/")
    assert '<div id="site-alert" class="site-alert" role="alert" hidden></div>' in page.content.decode()

    with database_down():
        response = client.get("/fr/learn/saudi/", headers={"HX-Request": "true"})

    assert response.status_code == 503 and response["Retry-After"] == "30"
    assert (response["HX-Retarget"], response["HX-Reswap"]) == ("#site-alert", "outerHTML")
    html = response.content.decode()
    assert html.startswith('<div id="site-alert" class="site-alert" role="alert">')
    assert "<html" not in html and "Traceback" not in html
    assert "Nothing you did is lost" in html or "rien de ce que vous avez fait" in html.lower()


def test_under_htmx_a_500_is_a_message_for_the_pages_alert_region(saudi):
    client = Client(raise_request_exception=False)
    with mock.patch("lessons.progress.lesson_marks", side_effect=RuntimeError("bug")):
        plain = client.get("/en/learn/saudi/")
        htmx = client.get("/en/learn/saudi/", headers={"HX-Request": "true"})

    assert plain.status_code == htmx.status_code == 500
    assert "<html" in plain.content.decode() and "Something went wrong" in plain.content.decode()
    assert htmx["HX-Retarget"] == "#site-alert"
    assert htmx.content.decode().startswith('<div id="site-alert"')
    assert "Something went wrong" in htmx.content.decode() and "RuntimeError" not in htmx.content.decode()
