"""`make loadtest`: the site under gunicorn and PostgreSQL, driven by 32 simulated users.

What it does, and undoes:
1. creates a throwaway PostgreSQL database (``baloot_load_<pid>``), migrates it, loads the
   curriculum and makes teachers with classes of pupils;
2. starts gunicorn (gunicorn.conf.py, DEBUG off) on 127.0.0.1 and a free port;
3. runs 32 users for ``LOADTEST_SECONDS`` (60) seconds, at most ``LOADTEST_MAX_REQUESTS``
   requests: 26 learners answer puzzles (the htmx form, with its CSRF token and session) and now
   and then open a lesson or their progress; 2 pupils do the same signed in; 4 teachers read
   their class's dashboard, its pupils and its puzzles;
4. prints ``BENCH load_*`` lines, stops gunicorn and drops the database, even on failure.

Only loopback addresses are used. No external load tool: threads and http.client.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
ADMIN_URL = os.environ.get("LOADTEST_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres")
SECONDS = float(os.environ.get("LOADTEST_SECONDS", "60"))
MAX_REQUESTS = int(os.environ.get("LOADTEST_MAX_REQUESTS", "200000"))
USERS = 32
TEACHERS = 4
SIGNED_IN_PUPILS = 2
PASSWORD = "load test pass phrase 7"

SETUP = """
import json
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from lessons.models import Account, Classroom, Membership, Role, Step
User = get_user_model()
hashed = make_password(%(password)r)  # once: hashing is slow on purpose
steps = []
play_steps = Step.objects.filter(kind="puzzle", puzzle__task="play")
for step in play_steps.select_related("lesson__course", "puzzle"):
    if step.puzzle.answers:
        course = step.lesson.course
        url = f"/en/learn/{course.variant}/{step.lesson.slug}/{step.order}/"
        steps.append([url, step.puzzle.answers[0]])
teachers, pupils = [], []
for t in range(%(teachers)d):
    user = User.objects.create(username=f"teacher{t}@example.org", password=hashed)
    Account.objects.create(user=user, role=Role.TEACHER, display_name=f"Teacher {t}")
    room = Classroom.objects.create(name=f"Class {t}", code=f"LOAD{t:02d}", owner=user)
    room.teachers.add(user)
    teachers.append([user.username, room.pk])
    class_pupils = User.objects.bulk_create([User(username=f"p{t}x{s}", password=hashed) for s in range(40)])
    Account.objects.bulk_create(
        [Account(user=p, role=Role.STUDENT, display_name=f"Pupil {p.username}") for p in class_pupils]
    )
    Membership.objects.bulk_create([Membership(classroom=room, student=p) for p in class_pupils])
    pupils += [p.username for p in class_pupils]
print(json.dumps({"steps": steps, "teachers": teachers, "pupils": pupils}))
"""


# ---------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def psql(sql: str, url: str = ADMIN_URL) -> None:
    subprocess.run(["psql", url, "-q", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True, capture_output=True)


@contextlib.contextmanager
def throwaway_database(name: str) -> Iterator[str]:
    psql(f'CREATE DATABASE "{name}"')
    try:
        yield urllib.parse.urlunsplit(urllib.parse.urlsplit(ADMIN_URL)._replace(path="/" + name))
    finally:
        psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_env(database_url: str, port: int, static_root: str, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=database_url,
        STATIC_ROOT=static_root,
        # Plain HTTP on loopback: no TLS to redirect to.
        SECURE_SSL_REDIRECT="0",
        SECURE_COOKIES="0",
        SECURE_HSTS_SECONDS="0",
        # The users answer far faster than people: the answer limit would stop them.
        ANSWER_RATE_LIMIT="1000000000",
        ANSWER_RATE_LIMIT_PER_ADDRESS="1000000000",
        REQUEST_LOG_LEVEL="WARNING",
        GUNICORN_BIND=f"127.0.0.1:{port}",
        GUNICORN_WORKERS=os.environ.get("GUNICORN_WORKERS", "4"),
        GUNICORN_THREADS=os.environ.get("GUNICORN_THREADS", "2"),
        # Each simulated user keeps its connection, as a browser does.
        GUNICORN_KEEPALIVE="300",
    )
    env.pop("REDIS_URL", None)
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return result.stdout


def prepare(env: dict[str, str]) -> dict[str, list]:  # type: ignore[type-arg]
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    manage(env, "load_curriculum")
    setup = SETUP % {"teachers": TEACHERS, "password": PASSWORD}
    out = manage(env, "shell", "-v", "0", "-c", setup)
    return json.loads(out.strip().splitlines()[-1])


@contextlib.contextmanager
def gunicorn(env: dict[str, str], port: int) -> Iterator[subprocess.Popen[bytes]]:
    # Its log goes to a file, not a pipe: a pipe nobody reads fills up and stops the server.
    log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in the finally below)
    process = subprocess.Popen(
        [PYTHON, "-m", "gunicorn", "-c", "gunicorn.conf.py", "baloot_site.wsgi"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    try:
        deadline = time.monotonic() + 180
        while not healthy(port):
            if process.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise RuntimeError("gunicorn did not start: " + log.read().decode()[-2000:])
            time.sleep(0.5)
        yield process
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def healthy(port: int) -> bool:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", "/healthz")
        return conn.getresponse().status == 200
    except OSError:
        return False
    finally:
        conn.close()


# ---------------------------------------------------------------- a simulated user

TOKEN = re.compile(r'name="token" id="answer-token" value="([^"]+)"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Budget:
    """The run's end: a time and a request count, shared by every user."""

    def __init__(self, seconds: float, max_requests: int) -> None:
        self.end = time.monotonic() + seconds
        self.left = max_requests
        self.lock = threading.Lock()

    def take(self) -> bool:
        with self.lock:
            if self.left <= 0 or time.monotonic() >= self.end:
                return False
            self.left -= 1
            return True


@dataclass
class Tally:
    latencies_ms: list[float] = field(default_factory=list)
    answers: int = 0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)


class StopRun(Exception):
    pass


class User:
    def __init__(self, port: int, budget: Budget, tally: Tally, seed: int) -> None:
        self.port = port
        self.budget = budget
        self.tally = tally
        self.random = random.Random(seed)
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, form: dict[str, str] | None = None, htmx: bool = False) -> str:
        if not self.budget.take():
            raise StopRun
        headers = {"Host": "127.0.0.1"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        if htmx:
            headers["HX-Request"] = "true"
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            text = response.read().decode()
        except (OSError, http.client.HTTPException) as e:
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            self.fail(f"{method} {path}: {e!r}")
            return ""
        self.tally.latencies_ms.append((time.perf_counter() - start) * 1000)
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        if response.status >= 400:
            self.fail(f"{method} {path}: {response.status}")
        return text

    def fail(self, what: str) -> None:
        self.tally.errors += 1
        if len(self.tally.error_samples) < 5:
            self.tally.error_samples.append(what)

    def sign_in(self, username: str) -> None:
        self.request("GET", "/en/accounts/login/")
        self.request("POST", "/en/accounts/login/", {"username": username, "password": PASSWORD})

    def learn(self, steps: list[list[str]]) -> None:
        while True:
            url, card = self.random.choice(steps)
            page = self.request("GET", url)
            match = TOKEN.search(page)
            for _ in range(self.random.randint(3, 6)):
                if match is None:
                    break
                fragment = self.request("POST", url + "answer", {"token": match[1], "card": card}, htmx=True)
                if fragment:
                    self.tally.answers += 1
                match = TOKEN.search(fragment)
            if self.random.random() < 0.3:
                self.request("GET", url.rsplit("/", 2)[0] + "/")  # the lesson
            if self.random.random() < 0.1:
                self.request("GET", "/en/progress/")

    def teach(self, class_id: int) -> None:
        base = f"/en/classes/{class_id}/"
        while True:
            self.request("GET", base + "dashboard/")
            self.request("GET", base)
            self.request("GET", base + "dashboard/puzzles/")


def run_user(user: User, role: str, data: dict[str, list], n: int) -> None:  # type: ignore[type-arg]
    try:
        if role == "teacher":
            user.teach(data["teachers"][n % len(data["teachers"])][1])
        else:
            user.learn(data["steps"])
    except StopRun:
        pass


def sign_in(user: User, role: str, data: dict[str, list], n: int) -> None:  # type: ignore[type-arg]
    if role == "teacher":
        user.sign_in(data["teachers"][n % len(data["teachers"])][0])
    elif role == "pupil":
        user.sign_in(data["pupils"][n])


def in_threads(target: object, calls: list[tuple[object, ...]], timeout: float) -> None:
    threads = [threading.Thread(target=target, args=args, daemon=True) for args in calls]  # type: ignore[arg-type]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)


def drive(port: int, data: dict[str, list], seconds: float, max_requests: int) -> tuple[Tally, float]:  # type: ignore[type-arg]
    roles = ["teacher"] * TEACHERS + ["pupil"] * SIGNED_IN_PUPILS
    roles += ["learner"] * (USERS - len(roles))
    # Signing in first, off the clock: a password hash is slow on purpose and happens once a day.
    warmup = Tally()
    users = [User(port, Budget(300, 100), warmup, n) for n in range(USERS)]
    calls = [(user, role, data, n) for n, (user, role) in enumerate(zip(users, roles, strict=True))]
    for user, role, _, n in calls:  # one at a time: on a busy machine six hashes at once time out
        user.conn.timeout = 180
        sign_in(user, role, data, n)
        user.conn.close()
        user.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    if warmup.errors:
        raise RuntimeError(f"signing in failed: {warmup.error_samples}")
    tally = Tally()
    budget = Budget(seconds, max_requests)
    for user in users:
        user.tally, user.budget = tally, budget
    start = time.monotonic()
    in_threads(run_user, calls, seconds + 60)
    return tally, time.monotonic() - start


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def stop_on_sigterm(signum: int, frame: object) -> None:
    # `timeout` or Ctrl-C: unwind through the `finally` blocks that stop gunicorn and drop the database.
    raise KeyboardInterrupt


def main() -> int:
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    name = f"baloot_load_{os.getpid()}"
    port = free_port()
    with throwaway_database(name) as url, tempfile.TemporaryDirectory() as static_root:
        env = server_env(url, port, static_root)
        print(f"setting up {name} ...", file=sys.stderr)
        data = prepare(env)
        if not data["steps"]:
            raise RuntimeError("the curriculum has no play puzzle to answer")
        with gunicorn(env, port):
            print(f"driving 127.0.0.1:{port} for {SECONDS:.0f} s with {USERS} users ...", file=sys.stderr)
            tally, elapsed = drive(port, data, SECONDS, MAX_REQUESTS)
    lat = tally.latencies_ms or [0.0]
    print(f"BENCH load_requests_per_s {len(tally.latencies_ms) / elapsed:.1f} requests/s")
    print(f"BENCH load_answers_per_s {tally.answers / elapsed:.1f} answers/s")
    print(f"BENCH load_p50_ms {statistics.median(lat):.1f} ms")
    print(f"BENCH load_p95_ms {percentile(lat, 95):.1f} ms")
    print(f"BENCH load_p99_ms {percentile(lat, 99):.1f} ms")
    print(f"BENCH load_errors {tally.errors} errors")
    for sample in tally.error_samples:
        print(f"  error: {sample}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
