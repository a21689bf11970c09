"""PostgreSQL through Django's own backend, its connections checked before each request's first
query (``CONN_HEALTH_CHECKS``): a connection the server ended is replaced, not used."""

import pytest
from django.db import connection

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL backend"),
    pytest.mark.django_db(transaction=True),
]


def test_it_is_django_s_own_backend_with_health_checks():
    assert connection.settings_dict["ENGINE"] == "django.db.backends.postgresql"
    assert connection.settings_dict["CONN_HEALTH_CHECKS"] is True


def test_it_replaces_a_connection_the_server_ended_at_the_next_request():
    connection.ensure_connection()
    before = connection.health_check_enabled, connection.health_check_done
    pid = connection.connection.info.backend_pid
    other = connection.copy()
    try:
        with other.cursor() as killer:
            killer.execute("SELECT pg_terminate_backend(%s)", [pid])
    finally:
        other.close()
    try:
        # As at the start of a request (django.db.close_old_connections), health checks on.
        connection.health_check_enabled, connection.health_check_done = True, False
        connection.close_if_health_check_failed()
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            assert cursor.fetchone()[0] != pid
    finally:
        connection.health_check_enabled, connection.health_check_done = before
