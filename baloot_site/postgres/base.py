"""PostgreSQL as Django's own backend, with a health check that costs no round trip.

A kept connection is checked at the start of each request (``conn_health_checks``), so that
after a database restart the first request reconnects instead of failing on a dead socket.
Django checks with a ``SELECT 1``: a round trip to the database on every request, the third
query of every answer. Here the socket is asked instead, without waiting: an idle connection
has nothing to read unless the server has spoken since, and a server that restarts or ends the
session (``terminating connection due to administrator command``) speaks, then hangs up. Only
then is the ``SELECT 1`` sent, which decides: a connection that still works is kept.
"""

import select
from typing import Any

from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):  # type: ignore[misc]
    def close_if_health_check_failed(self) -> None:
        if self.pool or self.connection is None or not self.health_check_enabled or self.health_check_done:
            return
        if not _quiet(self.connection) and not self.is_usable():
            self.close()
        self.health_check_done = True


def _quiet(connection: Any) -> bool:
    """True if the server has sent nothing on this idle connection (nor closed it)."""
    if connection.closed:
        return False
    try:
        readable, _, _ = select.select([connection.fileno()], [], [], 0)
    except (OSError, ValueError):
        return False
    return not readable
