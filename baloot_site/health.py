"""``/healthz``: what a load balancer asks before sending a server any learner.

200 with ``{"status": "ok"}`` when the database answers and every migration is applied;
503 with what is wrong otherwise. With a read replica (``DATABASE_REPLICA_URL``) the replica must
answer too, and the answer says so (``"replica": "ok"``): the content is read there.

With Redis (``REDIS_URL``) the answer says whether it answers (``"redis": "ok"``). A Redis that
cannot be reached leaves the site working, more slowly (baloot_site/fallible_redis.py): the
answer is then ``{"status": "degraded", "redis": "unreachable", ...}`` with a 200, so that a load
balancer does not take every app server out at once for a Redis they all share; ``?strict=1``
answers 503 instead, for a check that should fail (monitoring, a release script).

No session, no language, no login: it sits outside the language prefixes and reads nothing of
the request but ``strict``.
"""

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from baloot_site.db_router import REPLICA
from baloot_site.fallible_redis import redis_status


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    connection = connections[DEFAULT_DB_ALIAS]
    try:
        _select_1(connection)
        executor = MigrationExecutor(connection)
        unapplied = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError as e:
        return JsonResponse(
            {"status": "error", "database": "unreachable", "error": type(e).__name__}, status=503
        )
    if unapplied:
        names = [f"{migration.app_label}.{migration.name}" for migration, _backwards in unapplied]
        return JsonResponse({"status": "error", "database": "ok", "unapplied_migrations": names}, status=503)
    answer = {"status": "ok", "database": "ok"}
    if REPLICA in settings.DATABASES:
        try:
            _select_1(connections[REPLICA])
        except DatabaseError as e:
            return JsonResponse(
                {"status": "error", "database": "ok", "replica": "unreachable", "error": type(e).__name__},
                status=503,
            )
        answer["replica"] = "ok"
    answer["migrations"] = "applied"
    redis = redis_status()
    if redis is not None:
        answer["redis"] = redis
    if redis == "unreachable":
        answer["status"] = "degraded"
        return JsonResponse(answer, status=503 if request.GET.get("strict") == "1" else 200)
    return JsonResponse(answer)


def _select_1(connection: BaseDatabaseWrapper) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
