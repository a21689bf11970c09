"""What one puzzle answer costs the server, measured without the noise of a busy machine.

Usage: python bench/profile_answers.py [N] [--profile] [--profile-pages] [--sqlite | --redis]
       valgrind --tool=callgrind --instr-atstart=no python bench/profile_answers.py N --redis --callgrind
       valgrind --tool=callgrind --instr-atstart=no python bench/profile_answers.py --redis \
           --callgrind-page="class page"

The load test's wall-clock figures move with whatever else the machine runs; these do not:

- CPU time of the server process per answer (``time.process_time``, best of three rounds);
- database queries per answer and per step page (``CaptureQueriesContext``), listed once;
- with ``--profile``, cProfile's top functions over N answers (cumulative time);
- with ``--profile-pages``, cProfile's top functions of each other kind of request;
- with ``--callgrind``, under valgrind, the machine instructions of N answers: the steadiest
  measure of all, the same to a fraction of a percent whatever else the machine runs;
  ``--callgrind-page="class page"`` (any name of :func:`mix`) counts 20 requests of that page.

The site runs in this process as gunicorn runs it (DEBUG off, the WSGI handler, every
middleware) on a throwaway PostgreSQL database (``--sqlite``: a temporary SQLite file) holding the
curriculum; ``--redis`` adds a throwaway Redis for the cache and the sessions, as deployed.
Requests are WSGI calls with the learner's cookies, as the load test's learners send them: a
step page, then answers posted with the htmx header, the CSRF token and the form token.
"""

from __future__ import annotations

import contextlib
import cProfile
import io
import os
import pstats
import re
import runpy
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.loadtest import PASSWORD, prepare, server_env, throwaway_database, throwaway_redis  # noqa: E402

# The least CPU time of several rounds: other processes only ever add to it.
ROUNDS = 7
TOKEN = re.compile(r'name="token" id="answer-token" value="([^"]+)"')


class Learner:
    """One browser: its cookies, and WSGI calls straight into the application."""

    def __init__(self, app: Callable[..., Any]) -> None:
        self.app = app
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str]:
        body = urllib.parse.urlencode(form).encode() if form is not None else b""
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "80",
            "HTTP_HOST": "127.0.0.1",
            "REMOTE_ADDR": "127.0.0.1",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "CONTENT_LENGTH": str(len(body)),
        }
        if form is not None:
            environ["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
            environ["HTTP_X_CSRFTOKEN"] = self.cookies.get("csrftoken", "")
            if "token" in form:
                environ["HTTP_HX_REQUEST"] = "true"
        if self.cookies:
            environ["HTTP_COOKIE"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        status: list[str] = []
        headers: list[tuple[str, str]] = []

        def start_response(s: str, h: list[tuple[str, str]], exc_info: Any = None) -> None:
            status.append(s)
            headers.extend(h)

        result = self.app(environ, start_response)
        text = b"".join(result).decode()
        if hasattr(result, "close"):
            result.close()
        for name, value in headers:
            if name.lower() == "set-cookie":
                cookie: SimpleCookie = SimpleCookie()
                cookie.load(value)
                for key, morsel in cookie.items():
                    self.cookies[key] = morsel.value
        return int(status[0].split()[0]), text


def run(n: int, profile: bool, steps: list[list[str]], teachers: list[list[Any]]) -> None:
    from django.core.wsgi import get_wsgi_application
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    app = get_wsgi_application()
    url, card = steps[0]

    def answers(learner: Learner, count: int, page: str) -> str:
        for _ in range(count):
            match = TOKEN.search(page)
            assert match, page[:500]
            status, page = learner.request("POST", url + "answer", {"token": match[1], "card": card})
            assert status == 200, (status, page[:500])
        return page

    learner = Learner(app)
    with CaptureQueriesContext(connection) as queries:
        status, page = learner.request("GET", url)
    assert status == 200
    # Counted at once: the next request empties Django's query log.
    print(f"queries: step page of a new learner {len(queries)}")
    page = answers(learner, 20, page)  # warm: templates, caches, the connection
    with CaptureQueriesContext(connection) as queries:
        status, _ = learner.request("GET", url)
    print(f"queries: step page {len(queries)}")
    with CaptureQueriesContext(connection) as queries:
        page = answers(learner, 1, page)
    print(f"queries per answer: {len(queries)}")
    for q in queries.captured_queries:
        print("   ", q["sql"][:160])

    # The garbage collector as a gunicorn worker sets it once the site is loaded.
    runpy.run_path(str(ROOT / "gunicorn.conf.py"))["post_worker_init"](None)

    if any(a.startswith("--callgrind-page=") for a in sys.argv):
        mix(app, steps, teachers)
        return
    if "--callgrind" in sys.argv:
        # Under valgrind --tool=callgrind --instr-atstart=no: instructions of n answers only.
        pid = str(os.getpid())
        subprocess.run(["callgrind_control", "-i", "on", pid], check=True, capture_output=True)
        answers(learner, n, page)
        subprocess.run(["callgrind_control", "-i", "off", pid], check=True, capture_output=True)
        print(f"instructions counted for {n} answers: divide valgrind's 'Collected' by {n}")
        return

    best = float("inf")
    for _ in range(ROUNDS):
        fresh = Learner(app)
        _, page = fresh.request("GET", url)
        start = time.process_time()
        answers(fresh, n, page)
        best = min(best, time.process_time() - start)
    print(f"CPU ms per answer: {best / n * 1000:.2f} (best of {ROUNDS} rounds of {n})")

    mix(app, steps, teachers)

    if profile:
        fresh = Learner(app)
        _, page = fresh.request("GET", url)
        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
        answers(fresh, n, page)
        profiler.disable()
        if os.environ.get("PROFILE_DUMP"):
            profiler.dump_stats(os.environ["PROFILE_DUMP"])
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out).sort_stats("cumulative")
        stats.print_stats(60)
        out.write("\n---- what the answer view calls\n")
        stats.print_stats("is_usable")  # the connection's health check: a SELECT 1 per request
        stats.print_callees("views.py.*\\(answer\\)")
        stats.print_callees("views.py.*\\(puzzle_context\\)")
        stats.print_callees("views.py.*\\(context\\)")
        out.write("\n---- by own time\n")
        stats.sort_stats("tottime").print_stats(40)
        print(out.getvalue())


def cpu_ms(call: Callable[[], Any], n: int = 30) -> float:
    """CPU milliseconds of one ``call()``: the best of ``ROUNDS`` rounds of ``n``."""
    call()
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.process_time()
        for _ in range(n):
            call()
        best = min(best, time.process_time() - start)
    return best / n * 1000


def mix(app: Callable[..., Any], steps: list[list[str]], teachers: list[list[Any]]) -> None:
    """CPU time of each kind of request of the load test (with their query counts)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    learner = Learner(app)
    url = steps[0][0]
    learner.request("GET", url)
    teacher = Learner(app)
    teacher.request("GET", "/en/accounts/login/")
    form = {"username": teachers[0][0], "password": PASSWORD}
    status, _ = teacher.request("POST", "/en/accounts/login/", form)
    assert status == 302, status
    class_url = f"/en/classes/{teachers[0][1]}/"
    pages = {
        "step page": (learner, url),
        "lesson page": (learner, url.rsplit("/", 2)[0] + "/"),
        "progress page": (learner, "/en/progress/"),
        "class dashboard": (teacher, class_url + "dashboard/"),
        "class page": (teacher, class_url),
        "class puzzles": (teacher, class_url + "dashboard/puzzles/"),
    }
    counted = [a.split("=", 1)[1] for a in sys.argv if a.startswith("--callgrind-page=")]
    if counted:
        # Under valgrind, as --callgrind: the instructions of 20 requests of that page only.
        who, path = pages[counted[0]]
        who.request("GET", path)
        pid = str(os.getpid())
        subprocess.run(["callgrind_control", "-i", "on", pid], check=True, capture_output=True)
        for _ in range(20):
            who.request("GET", path)
        subprocess.run(["callgrind_control", "-i", "off", pid], check=True, capture_output=True)
        what = f"20 requests of the {counted[0]}"
        print(f"instructions counted for {what}: divide valgrind's 'Collected' by 20")
        return
    for name, (who, path) in pages.items():
        with CaptureQueriesContext(connection) as queries:
            status, _ = who.request("GET", path)
        assert status == 200, (name, status)
        count = len(queries)  # now: the next request empties Django's query log
        ms = cpu_ms(lambda who=who, path=path: who.request("GET", path), n=10)
        print(f"CPU ms {name}: {ms:.2f} ({count} queries)")
    if "--profile-pages" in sys.argv:
        for name, (who, path) in pages.items():
            profiler = cProfile.Profile(time.process_time)
            profiler.enable()
            for _ in range(20):
                who.request("GET", path)
            profiler.disable()
            out = io.StringIO()
            out.write(f"\n---- {name}, 20 requests\n")
            pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(45)
            print(out.getvalue())


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 300
    profile = "--profile" in sys.argv
    with tempfile.TemporaryDirectory() as tmp:
        if "--sqlite" in sys.argv:
            url = f"sqlite:///{tmp}/profile.sqlite3"
            env = server_env(url, 0, tmp)
            data = prepare(env)
            _start(env)
            run(n, profile, data["steps"], data["teachers"])
        else:
            with contextlib.ExitStack() as stack:
                url = stack.enter_context(throwaway_database(f"baloot_profile_{os.getpid()}"))
                extra = {}
                if "--redis" in sys.argv:
                    extra["REDIS_URL"] = stack.enter_context(throwaway_redis())[0]
                env = server_env(url, 0, tmp, **extra)
                data = prepare(env)
                _start(env)
                try:
                    run(n, profile, data["steps"], data["teachers"])
                finally:
                    from django.db import connections

                    connections.close_all()
    return 0


def _start(env: dict[str, str]) -> None:
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baloot_site.settings")
    import django

    django.setup()


if __name__ == "__main__":
    sys.exit(main())
