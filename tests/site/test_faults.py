"""PostgreSQL stopped and started again under a running gunicorn: while it is down every request
gets the clean 503 page; after it is back the same answers go through, none lost, none twice.

It runs the real server (bench/loadtest.py's helpers) on a throwaway database, and stops the
machine's PostgreSQL cluster, so it runs only when the suite runs on PostgreSQL; the cluster is
started again in a ``finally``, whatever happens.
"""

import os
import re
import subprocess
import tempfile
import time

import pytest
from django.db import connection

from bench.loadtest import free_port, gunicorn, prepare, server_env, throwaway_database
from tests.site.http_browser import Browser

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="stops the PostgreSQL server"),
    # Stopping the server breaks every other test running on it at the time: this one runs on its
    # own, after the parallel suite (`make test` sets RUN_FAULT_TESTS=1 for that step).
    pytest.mark.skipif(os.environ.get("RUN_FAULT_TESTS") != "1", reason="RUN_FAULT_TESTS=1 runs it alone"),
]

TOKEN = re.compile(r'name="token" id="answer-token" value="([^"]+)"')


def postgres(action):
    (version,) = os.listdir("/etc/postgresql")
    command = ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", action]
    subprocess.run(command, check=True, capture_output=True, timeout=120)


def wait_until_ready():
    for _ in range(120):
        if subprocess.run(["pg_isready", "-h", "127.0.0.1", "-q"]).returncode == 0:
            return
        time.sleep(0.5)
    raise AssertionError("PostgreSQL did not come back")


def attempts(url):
    out = subprocess.run(
        ["psql", url, "-Atq", "-c", "SELECT token FROM lessons_attempt ORDER BY id"],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return out.stdout.split()


def test_it_answers_503_while_postgres_is_down_and_loses_no_attempt():
    port = free_port()
    with throwaway_database(f"baloot_fault_{os.getpid()}") as url, tempfile.TemporaryDirectory() as static:
        env = server_env(url, port, static, GUNICORN_WORKERS="2", GUNICORN_THREADS="1")
        data = prepare(env)
        step, card = data["steps"][0]
        with gunicorn(env, port):
            learner = Browser(port)
            status, page = learner.send("GET", step)
            token = TOKEN.search(page)[1]
            recorded = []
            for _ in range(3):
                status, fragment = learner.send("POST", step + "answer", {"token": token, "card": card})
                assert status == 200
                recorded.append(token)
                token = TOKEN.search(fragment)[1]

            try:
                postgres("stop")
                for path, form in [(step + "answer", {"token": token, "card": card}), (step, None)]:
                    status, text = learner.send("POST" if form else "GET", path, form)
                    assert status == 503, (path, status, text[:300])
                    assert "Back in a moment" in text and "Traceback" not in text
                status, text = learner.send("GET", "/healthz")
                assert status == 503
            finally:
                postgres("start")
                wait_until_ready()

            # The learner sends the answer that failed again, twice (an impatient double click).
            for _ in range(2):
                status, fragment = learner.send("POST", step + "answer", {"token": token, "card": card})
                assert status == 200, fragment[:300]
            recorded.append(token)
            assert learner.send("GET", "/healthz")[0] == 200
        assert attempts(url) == recorded
