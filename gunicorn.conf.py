"""gunicorn's configuration: `gunicorn -c gunicorn.conf.py baloot_site.wsgi`.

Every value can be changed from the environment, so one file serves a laptop, a single server
and a row of app servers behind a load balancer.
"""

import multiprocessing
import os

# 127.0.0.1:8000 behind nginx on the same machine; 0.0.0.0:8000 behind a load balancer.
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# The engine's work is pure Python: one process per core, plus one to cover requests waiting on the database.
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() + 1))
# A few threads per process overlap the database round trips of concurrent requests.
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
worker_class = "gthread" if threads > 1 else "sync"
# A bot's move or a solver's answer can take a few seconds; anything longer is stuck.
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 30
# Seconds an idle keep-alive connection stays open (nginx in front keeps its own pool).
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
