"""The load test's floor request (baloot_site/floor.py): there only where LOADTEST_FLOOR is on."""

import importlib

import pytest
from django.db import connection
from django.urls import clear_url_caches

import baloot_site.urls

pytestmark = pytest.mark.django_db


def _reload_urls():
    importlib.reload(baloot_site.urls)
    clear_url_caches()


@pytest.fixture
def floor_on(settings):
    settings.LOADTEST_FLOOR = True
    _reload_urls()
    # The table the load test makes in its throwaway database.
    serial = "bigserial" if connection.vendor == "postgresql" else "integer"
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE loadtest_floor (id {serial} PRIMARY KEY, session_key varchar(40))")
    yield
    settings.LOADTEST_FLOOR = False
    _reload_urls()


def test_it_is_no_page_when_loadtest_floor_is_off(client, settings):
    assert settings.LOADTEST_FLOOR is False
    _reload_urls()
    assert client.post("/en/floor/").status_code == 404


def test_it_makes_the_session_inserts_one_row_and_renders_a_tiny_template(client, floor_on):
    response = client.post("/en/floor/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert b'id="floor"' in response.content
    key = client.session.session_key
    assert key
    with connection.cursor() as cursor:
        cursor.execute("SELECT session_key FROM loadtest_floor")
        assert cursor.fetchall() == [(key,)]


def test_it_answers_only_posts(client, floor_on):
    assert client.get("/en/floor/").status_code == 405


def test_it_reads_the_session_not_only_its_key(client, floor_on):
    session = client.session
    session["loadtest_floor_seen"] = 3
    session.save()
    response = client.post("/en/floor/")
    assert b'data-seen="3"' in response.content
