"""baloot_site/postgres: the health check at the start of a request sends no query to a quiet
connection, and still finds a connection the server has ended."""

import time

import pytest
from django.db import connection

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL backend"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def checked(monkeypatch):
    """The connection as a request finds it, health checks on; the calls of SELECT 1 counted."""
    connection.ensure_connection()
    before = connection.health_check_enabled, connection.health_check_done
    connection.health_check_enabled, connection.health_check_done = True, False
    calls = []
    real = connection.is_usable

    def counted():
        calls.append(1)
        return real()

    monkeypatch.setattr(connection, "is_usable", counted)
    yield calls
    connection.health_check_enabled, connection.health_check_done = before


def test_a_quiet_connection_is_kept_without_a_query(checked):
    before = connection.connection
    connection.close_if_health_check_failed()
    assert connection.connection is before
    assert checked == []
    assert connection.health_check_done


def test_a_connection_the_server_ended_is_closed_and_the_next_query_reconnects(checked):
    pid = connection.connection.info.backend_pid
    other = connection.copy()
    try:
        with other.cursor() as killer:
            killer.execute("SELECT pg_terminate_backend(%s)", [pid])
    finally:
        other.close()
    # The server said "terminating connection" and hung up: the socket turns readable.
    time.sleep(0.2)
    connection.close_if_health_check_failed()
    assert checked == [1]
    assert connection.connection is None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != pid


def test_the_backend_is_django_s_postgresql_one():
    assert connection.settings_dict["ENGINE"] == "baloot_site.postgres"
    assert connection.vendor == "postgresql"
