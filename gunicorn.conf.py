"""gunicorn's configuration: `gunicorn -c gunicorn.conf.py baloot_site.wsgi`.

Every value can be changed from the environment, so one file serves a laptop, a single server
and a row of app servers behind a load balancer.
"""

import gc
import multiprocessing
import os

# 127.0.0.1:8000 behind nginx on the same machine; 0.0.0.0:8000 behind a load balancer.
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# The site's work is pure Python, so processes, not threads, use the cores: two per core (one
# runs while the other waits on the database or Redis), plus one, so that a slow request (a bot's
# move, the solver) never holds up the others on a small machine.
workers = int(os.environ.get("GUNICORN_WORKERS", 2 * multiprocessing.cpu_count() + 1))
# Sync workers (one request at a time each) behind nginx, which buffers slow clients. Measured
# with `make loadtest` on 2 cores: the same throughput as 4 processes of 2 threads, for a p95
# latency of 1.2 times the median instead of 3.5 (a thread-pool worker keeps its kept-alive
# connections to itself however busy it is). GUNICORN_THREADS > 1 chooses threads all the same.
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
worker_class = "gthread" if threads > 1 else "sync"
# A bot's move or a solver's answer can take a few seconds; anything longer is stuck.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 30
# Seconds an idle keep-alive connection stays open (gthread workers only: a sync worker answers
# one request per connection).
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
# Recycle workers now and then so a slow leak never grows into an outage.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "5000"))
max_requests_jitter = 500
# The site writes one JSON line per request itself (baloot_site.middleware.RequestLogMiddleware);
# gunicorn's access log is off unless asked for, in the same JSON shape.
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
access_log_format = '{"remote": "%(h)s", "request": "%(r)s", "status": %(s)s, "bytes": %(B)s, "us": %(D)s}'
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# Only nginx on this machine may say which scheme the client used (X-Forwarded-Proto).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")


def post_worker_init(worker: object) -> None:
    """Once the worker has loaded the site: the garbage collector leaves its objects alone.

    Django, the templates and the curriculum are tens of thousands of objects that live as long
    as the worker; a full collection walks them all again and finds nothing to free. Frozen, they
    are skipped, and a collection starts after 10,000 new container objects instead of 700
    (a request makes a few thousand that are freed as soon as it ends). Counted with valgrind
    (bench/profile_answers.py --callgrind): 7.7 % fewer instructions per answer.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 50, 100)
