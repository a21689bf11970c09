"""`make loadtest`: the site under gunicorn, PostgreSQL and Redis, driven by 32 simulated users.

What it does, and undoes:
1. creates a throwaway PostgreSQL database (``baloot_load_<pid>``), migrates it, loads the
   curriculum and makes teachers with classes of pupils; starts a throwaway Redis on a free port
   for the cache and the sessions, as deployed (``LOADTEST_REDIS=0``: without Redis);
2. starts gunicorn (gunicorn.conf.py, DEBUG off, its request log on, the floor request of
   baloot_site/floor.py on) on 127.0.0.1 and a free port;
3. signs the pupils and teachers in, runs every user ``LOADTEST_WARMUP_SECONDS`` (5) seconds off
   the clock, then two mixes on it, each at most ``LOADTEST_MAX_REQUESTS`` requests:
   - the **class mix**, ``LOADTEST_CLASS_SECONDS`` (60): 28 learners (2 of them signed-in pupils)
     answer puzzles (the htmx form, with its CSRF token and session) and now and then open a
     lesson or their progress, each waiting 2 to 5 seconds (at random) before each request, as
     people do; 4 teachers, waiting the same, open one of their class's pages (dashboard, pupils,
     puzzles) for every 50 answers the learners give;
   - the **saturation mix**, ``LOADTEST_SECONDS`` (60): the same users with no pause at all, the
     teachers reading their pages in turn, and each learner sending one *floor request* (a
     minimal view: session, one INSERT, a tiny template) after each puzzle's answers;
   ``LOADTEST_MIX=class`` or ``saturation`` runs only one of them;
4. prints ``BENCH`` lines for both mixes, among them ``answer_cpu_ratio``: the server's CPU per
   answer divided by its CPU per floor request, both read from the request log's ``cpu_ms`` of
   the same run, a figure that means the same on a fast machine and a slow one. Then, on standard
   error, the CPU time per request of the server, the database, Redis and the load generator,
   latencies by kind of request, the load average, and the CPU time of a reference loop (how fast
   this machine runs Python today); stops gunicorn and Redis and drops the database, even on
   failure.

Every response that is not 2xx or 3xx, every network error or timeout, and every answer without
its verdict counts as an error. Only loopback addresses are used. No external load tool: one
asyncio event loop and plain HTTP/1.1.
"""

from __future__ import annotations

import asyncio
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
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench import table_load

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
ADMIN_URL = os.environ.get("LOADTEST_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres")
SECONDS = float(os.environ.get("LOADTEST_SECONDS", "60"))
CLASS_SECONDS = float(os.environ.get("LOADTEST_CLASS_SECONDS", "60"))
MAX_REQUESTS = int(os.environ.get("LOADTEST_MAX_REQUESTS", "200000"))
WARMUP_SECONDS = float(os.environ.get("LOADTEST_WARMUP_SECONDS", "5"))
# "all" (the default: the class, the saturation and the table mix), "both" (the first two),
# "class", "saturation" or "table" (bench/table_load.py: live tables over WebSockets, on Daphne).
MIX = os.environ.get("LOADTEST_MIX", "all")
USERS = 32
# The class mix: each user waits this many seconds (uniformly at random) before each request,
# and the teachers open one page for every ANSWERS_PER_TEACHER_PAGE answers.
THINK_SECONDS = (2.0, 5.0)
ANSWERS_PER_TEACHER_PAGE = 50
# The floor request's table, made by the load test in its throwaway database (baloot_site/floor.py).
FLOOR_TABLE = (
    "CREATE TABLE loadtest_floor (id bigserial PRIMARY KEY, session_key varchar(40) NOT NULL, "
    "made timestamptz NOT NULL DEFAULT now())"
)
FLOOR_URL = "/en/floor/"
# Like the documented deployment (docs/DEPLOY.md): Redis holds the cache and the sessions' copies.
WITH_REDIS = os.environ.get("LOADTEST_REDIS", "1") == "1"
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
        # Every simulated learner comes from 127.0.0.1: one address making hundreds of sessions.
        SESSION_RATE_LIMIT_PER_ADDRESS="1000000000",
        REQUEST_LOG_LEVEL="WARNING",
        # Connections kept for the whole run: a database backend that exits (CONN_MAX_AGE) takes
        # the count of its CPU with it, and the database's share would be missing from the figures.
        CONN_MAX_AGE="3600",
        GUNICORN_BIND=f"127.0.0.1:{port}",
        # Workers and threads as gunicorn.conf.py chooses them for this machine, unless the
        # environment says otherwise; with threads, each user keeps its connection, as a browser does.
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
def throwaway_redis() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A Redis on a free loopback port, without persistence, for the cache and the sessions."""
    port = free_port()
    process = start_redis(port)
    try:
        yield f"redis://127.0.0.1:{port}/0", process
    finally:
        process.terminate()
        process.wait(timeout=30)


def start_redis(port: int) -> subprocess.Popen[bytes]:
    """redis-server on loopback ``port``, without persistence, once it takes connections (the
    fault tests start it again on the same port after stopping it)."""
    command = ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return process
        if process.poll() is not None or time.monotonic() > deadline:
            process.terminate()
            process.wait(timeout=30)
            raise RuntimeError("redis-server did not start")
        time.sleep(0.1)


@contextlib.contextmanager
def gunicorn(
    env: dict[str, str], port: int, stdout: IO[bytes] | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """gunicorn serving the site on ``port``; the request log lines go to ``stdout`` if given."""
    # Its log goes to a file, not a pipe: a pipe nobody reads fills up and stops the server.
    log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in the finally below)
    process = subprocess.Popen(
        [PYTHON, "-m", "gunicorn", "-c", "gunicorn.conf.py", "baloot_site.wsgi"],
        cwd=ROOT,
        env=env,
        stdout=stdout or subprocess.DEVNULL,
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
        stop(process)
        log.close()


def stop(process: subprocess.Popen[bytes], timeout: float = 40) -> None:
    """SIGTERM, and SIGKILL if it has not exited within ``timeout`` seconds (gunicorn's graceful
    stop waits 30 for its workers)."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


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

# The load generator shares the machine's cores with the server: it must cost the server as little
# CPU as possible. One event loop drives every user over raw HTTP/1.1 keep-alive connections
# (asyncio streams, minimal parsing): far cheaper than a thread and http.client per user.

TOKEN = re.compile(rb'name="token" id="answer-token" value="([^"]+)"')
VERDICT = b'id="verdict"'
FLOOR = b'id="floor"'
TIMEOUT_S = 30.0
# A refused or cut connection, no answer in time, or an answer that is not HTTP.
NETWORK_ERRORS = (TimeoutError, OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError)


class Budget:
    """The run's end: a time and a request count, shared by every user."""

    def __init__(self, seconds: float, max_requests: int) -> None:
        self.end = time.monotonic() + seconds
        self.left = max_requests

    def open(self) -> bool:
        return self.left > 0 and time.monotonic() < self.end

    def take(self) -> bool:
        # One event loop runs every user: no lock is needed between the test and the decrement.
        if self.left <= 0 or time.monotonic() >= self.end:
            return False
        self.left -= 1
        return True


@dataclass
class Tally:
    latencies_ms: list[float] = field(default_factory=list)
    # The same latencies by kind of request ("answer", "step page", ...), to see which ones wait.
    by_kind: dict[str, list[float]] = field(default_factory=dict)
    answers: int = 0
    # The class mix's teacher pages, one per ANSWERS_PER_TEACHER_PAGE answers.
    teacher_pages: int = 0
    errors: int = 0
    # Idle keep-alive connections a server worker closed (gunicorn recycles its workers):
    # the request is sent again on a new connection, as a browser does; not an error.
    reconnects: int = 0
    error_samples: list[str] = field(default_factory=list)


class StopRun(Exception):
    pass


class ClosedBeforeAnswer(Exception):
    """A kept connection closed by the server before a single byte of the answer."""


async def read_response(reader: asyncio.StreamReader) -> tuple[int, list[tuple[str, str]], bytes, bool]:
    """Status, headers (lower-case names), body, and whether the server closes the connection."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as e:
        if not e.partial:
            raise ClosedBeforeAnswer from None
        raise
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers: list[tuple[str, str]] = []
    length: int | None = None
    chunked = close = False
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if not name:
            continue
        name, value = name.strip().lower(), value.strip()
        headers.append((name, value))
        if name == "content-length":
            length = int(value)
        elif name == "transfer-encoding":
            chunked = "chunked" in value.lower()
        elif name == "connection":
            close = value.lower() == "close"
    if chunked:
        body = bytearray()
        while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            body += (await reader.readexactly(size + 2))[:-2]
        await reader.readuntil(b"\r\n")
        return status, headers, bytes(body), close
    if length is None:  # the body ends with the connection
        return status, headers, await reader.read(), True
    return status, headers, await reader.readexactly(length), close


class User:
    def __init__(self, port: int, budget: Budget, tally: Tally, seed: int) -> None:
        self.port = port
        self.budget = budget
        self.tally = tally
        self.random = random.Random(seed)
        self.cookies: dict[str, str] = {}
        self.timeout = TIMEOUT_S
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        # The class mix: the seconds (lowest, highest) waited before each request; the
        # saturation mix: none, and a floor request after each puzzle's answers.
        self.think: tuple[float, float] | None = None
        self.floor = False

    async def pause(self) -> None:
        if self.think is not None:
            await asyncio.sleep(self.random.uniform(*self.think))

    async def request(
        self, kind: str, method: str, path: str, form: dict[str, str] | None = None, htmx: bool = False
    ) -> bytes:
        """The body of the answer, or b"" after counting an error (status not 2xx/3xx, network, timeout)."""
        await self.pause()
        if not self.budget.take():
            raise StopRun
        body = urllib.parse.urlencode(form).encode() if form is not None else b""
        lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if form is not None:
            lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append("X-CSRFToken: " + self.cookies.get("csrftoken", ""))
        if htmx:
            lines.append("HX-Request: true")
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        start = time.perf_counter()
        try:
            # asyncio.timeout, not wait_for: no task made per request.
            async with asyncio.timeout(self.timeout):
                status, headers, text, close = await self.exchange(raw)
        except NETWORK_ERRORS as e:
            self.disconnect()
            self.fail(f"{method} {path}: {e!r}")
            return b""
        ms = (time.perf_counter() - start) * 1000
        self.tally.latencies_ms.append(ms)
        self.tally.by_kind.setdefault(kind, []).append(ms)
        if close:
            self.disconnect()
        for name, value in headers:
            if name == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        if not 200 <= status < 400:
            self.fail(f"{method} {path}: {status}")
            return b""
        return text

    async def exchange(self, raw: bytes) -> tuple[int, list[tuple[str, str]], bytes, bool]:
        reused = self.writer is not None
        try:
            return await self.send(raw)
        except (ClosedBeforeAnswer, ConnectionResetError, BrokenPipeError):
            if not reused:
                raise
        # The server had closed this idle connection: a new one, once.
        self.tally.reconnects += 1
        self.disconnect()
        return await self.send(raw)

    async def send(self, raw: bytes) -> tuple[int, list[tuple[str, str]], bytes, bool]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        self.writer.write(raw)
        return await read_response(self.reader)

    def disconnect(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    def fail(self, what: str) -> None:
        self.tally.errors += 1
        if len(self.tally.error_samples) < 5:
            self.tally.error_samples.append(what)

    async def sign_in(self, username: str) -> None:
        await self.request("sign-in", "GET", "/en/accounts/login/")
        await self.request(
            "sign-in", "POST", "/en/accounts/login/", {"username": username, "password": PASSWORD}
        )

    async def learn(self, steps: list[list[str]]) -> None:
        while True:
            url, card = self.random.choice(steps)
            page = await self.request("step page", "GET", url)
            match = TOKEN.search(page)
            for _ in range(self.random.randint(3, 6)):
                if match is None:
                    break
                form = {"token": match[1].decode(), "card": card}
                fragment = await self.request("answer", "POST", url + "answer", form, htmx=True)
                match = TOKEN.search(fragment)
                # An answer counts when its verdict came back with the next try's token.
                if VERDICT in fragment and match is not None:
                    self.tally.answers += 1
                elif fragment:
                    self.fail(f"POST {url}answer: no verdict in the answer")
            if self.floor:
                reply = await self.request("floor", "POST", FLOOR_URL, {}, htmx=True)
                if reply and FLOOR not in reply:
                    self.fail(f"POST {FLOOR_URL}: not the floor's template")
            if self.random.random() < 0.3:
                await self.request("lesson page", "GET", url.rsplit("/", 2)[0] + "/")
            if self.random.random() < 0.1:
                await self.request("progress page", "GET", "/en/progress/")

    async def teach(self, class_id: int) -> None:
        base = f"/en/classes/{class_id}/"
        pages = [
            ("class dashboard", base + "dashboard/"),
            ("class page", base),
            ("class puzzles", base + "dashboard/puzzles/"),
        ]
        turn = 0
        while True:
            if self.think is not None:
                # The class mix: a page only when the learners have given 50 answers more.
                await self.pause()
                if self.tally.answers < ANSWERS_PER_TEACHER_PAGE * (self.tally.teacher_pages + 1):
                    if not self.budget.open():
                        raise StopRun
                    continue
                self.tally.teacher_pages += 1
            kind, path = pages[turn % len(pages)]
            turn += 1
            think, self.think = self.think, None  # the pause was taken above
            try:
                await self.request(kind, "GET", path)
            finally:
                self.think = think


async def run_user(user: User, role: str, data: dict[str, list], n: int) -> None:  # type: ignore[type-arg]
    try:
        if role == "teacher":
            await user.teach(data["teachers"][n % len(data["teachers"])][1])
        else:
            await user.learn(data["steps"])
    except StopRun:
        pass
    finally:
        user.disconnect()


async def sign_in(user: User, role: str, data: dict[str, list], n: int) -> None:  # type: ignore[type-arg]
    if role == "teacher":
        await user.sign_in(data["teachers"][n % len(data["teachers"])][0])
    elif role == "pupil":
        await user.sign_in(data["pupils"][n])


CpuMeter = Callable[[], dict[str, float]]


@dataclass
class Mix:
    """One timed run of every user: its tally, length, CPU seconds by part, and request log span."""

    name: str
    tally: Tally
    elapsed: float
    cpu: dict[str, float]
    log_span: tuple[int, int] = (0, 0)


async def drive_users(
    port: int,
    data: dict[str, list],  # type: ignore[type-arg]
    mixes: list[str],
    max_requests: int,
    cpu: CpuMeter,
    log_size: Callable[[], int] = lambda: 0,
) -> list[Mix]:
    roles = ["teacher"] * TEACHERS + ["pupil"] * SIGNED_IN_PUPILS
    roles += ["learner"] * (USERS - len(roles))
    # Signing in first, off the clock: a password hash is slow on purpose and happens once a day.
    warmup = Tally()
    users = [User(port, Budget(300, 100), warmup, n) for n in range(USERS)]
    for n, (user, role) in enumerate(zip(users, roles, strict=True)):
        # One at a time: on a busy machine six hashes at once time out.
        user.timeout = 180
        await sign_in(user, role, data, n)
        user.timeout = TIMEOUT_S
    if warmup.errors:
        raise RuntimeError(f"signing in failed: {warmup.error_samples}")

    async def run_all(tally: Tally, budget: Budget, mix: str) -> float:
        for user in users:
            user.tally, user.budget = tally, budget
            user.think = THINK_SECONDS if mix == "class" else None
            user.floor = mix == "saturation"
        start = time.monotonic()
        runs = [
            run_user(user, role, data, n) for n, (user, role) in enumerate(zip(users, roles, strict=True))
        ]
        # A user may be pausing when the time is up: it stops at its next request.
        await asyncio.wait_for(asyncio.gather(*runs), budget.end - start + 60)
        return time.monotonic() - start

    # Then a few seconds off the clock too, as a server that has been up a while: every worker has
    # loaded its templates, catalogs and database connection. Its errors count all the same.
    warm = Tally()
    await run_all(warm, Budget(WARMUP_SECONDS, max_requests), "saturation")
    results = []
    for mix in mixes:
        tally = Tally()
        tally.errors, tally.error_samples = warm.errors, warm.error_samples
        warm = Tally()  # the warm-up's errors are counted once, in the first mix
        seconds = CLASS_SECONDS if mix == "class" else SECONDS
        before, log_start = cpu(), log_size()
        elapsed = await run_all(tally, Budget(seconds, max_requests), mix)
        after, log_end = cpu(), log_size()
        used = {name: after[name] - before.get(name, 0.0) for name in after}
        results.append(Mix(mix, tally, elapsed, used, (log_start, log_end)))
    return results


def drive(
    port: int,
    data: dict[str, list],  # type: ignore[type-arg]
    mixes: list[str],
    max_requests: int,
    cpu: CpuMeter = dict,
    log_size: Callable[[], int] = lambda: 0,
) -> list[Mix]:
    """Run the users through each mix (after the warm-up): the tally, length and CPU of each."""
    return asyncio.run(drive_users(port, data, mixes, max_requests, cpu, log_size))


# ---------------------------------------------------------------- where the CPU went

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str]:
    with open(f"/proc/{pid}/stat") as f:
        # The command name (field 2) may hold spaces: split after its closing parenthesis.
        return f.read().rsplit(")", 1)[1].split()


def _ppid(pid: int) -> int:
    return int(_stat(pid)[1])


def tree_cpu(root: int) -> float:
    """CPU seconds of ``root`` and its live children, plus the children it has already reaped."""
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        pid = int(entry)
        try:
            fields = _stat(pid)
            if pid == root:
                # utime, stime, cutime, cstime (fields 14-17 of proc(5); 3 is the first one here).
                total += sum(int(v) for v in fields[11:15])
            elif int(fields[1]) == root:
                total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            continue
    return total / CLOCK_TICKS


def database_cpu(name: str) -> float:
    """CPU seconds of the PostgreSQL backends serving database ``name`` (live ones only)."""
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                title = f.read()
            if title.startswith(b"postgres: ") and f" {name} ".encode() in title:
                fields = _stat(int(entry))
                total += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
        except (OSError, IndexError, ValueError):
            continue
    return total


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def stop_on_sigterm(signum: int, frame: object) -> None:
    # `timeout` or Ctrl-C: unwind through the `finally` blocks that stop gunicorn and drop the database.
    raise KeyboardInterrupt


def cpu_meter(
    server: subprocess.Popen[bytes], database: str, redis: subprocess.Popen[bytes] | None
) -> CpuMeter:
    """CPU seconds so far of each part: gunicorn, PostgreSQL's backends, Redis, this process."""

    def measure() -> dict[str, float]:
        used = {
            "server": tree_cpu(server.pid),
            "database": database_cpu(database),
            "load generator": time.process_time(),
        }
        if redis is not None:
            used["redis"] = tree_cpu(redis.pid)
        return used

    return measure


KINDS = [
    ("answer", re.compile(r"/answer$")),
    ("floor", re.compile(r"/floor/$")),
    ("class puzzles", re.compile(r"/classes/\d+/dashboard/puzzles/$")),
    ("class dashboard", re.compile(r"/classes/\d+/dashboard/$")),
    ("class page", re.compile(r"/classes/\d+/$")),
    ("progress page", re.compile(r"/progress/$")),
    ("step page", re.compile(r"/learn/[^/]+/[^/]+/\d+/$")),
    ("lesson page", re.compile(r"/learn/[^/]+/[^/]+/$")),
]


def server_cpu_by_kind(request_log: IO[bytes], span: tuple[int, int]) -> dict[str, list[float]]:
    """The server's CPU milliseconds of each request logged within ``span`` (bytes), by kind."""
    start, end = span
    request_log.seek(start)
    by_kind: dict[str, list[float]] = {}
    for line in request_log.read(end - start).decode().splitlines():
        with contextlib.suppress(ValueError, KeyError):
            entry = json.loads(line)
            cpu_ms = float(entry["cpu_ms"])
            kind = next((k for k, pattern in KINDS if pattern.search(entry["path"])), "other")
            by_kind.setdefault(kind, []).append(cpu_ms)
    return by_kind


def cpu_ratio(by_kind: dict[str, list[float]]) -> tuple[float, float, float]:
    """Mean server CPU ms per answer, per floor request, and the first divided by the second."""
    answer = statistics.mean(by_kind.get("answer") or [0.0])
    floor = statistics.mean(by_kind.get("floor") or [0.0])
    return answer, floor, (answer / floor if floor else float("nan"))


def reference_loop_ms() -> float:
    """CPU milliseconds of a fixed pure-Python loop (best of three): this machine's speed today.

    Machines of the same kind run the same instructions up to twice as fast as one another; the
    load test's figures are comparable only between runs whose reference loops agree.
    """
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        total = 0
        for i in range(2_000_000):
            total += i
        best = min(best, time.process_time() - start)
    return best * 1000


def report(mix: Mix, by_kind: dict[str, list[float]]) -> None:
    """The mix's BENCH lines, then (standard error) where its CPU went and how each kind waited."""
    tally, elapsed = mix.tally, mix.elapsed
    lat = tally.latencies_ms or [0.0]
    if mix.name == "class":
        print(f"BENCH load_class_answers_per_s {tally.answers / elapsed:.1f} answers/s")
        print(f"BENCH load_class_p50_ms {statistics.median(lat):.1f} ms")
        print(f"BENCH load_class_p95_ms {percentile(lat, 95):.1f} ms")
        print(f"BENCH load_class_errors {tally.errors} errors")
    else:
        answer_ms, floor_ms, ratio = cpu_ratio(by_kind)
        print(f"BENCH load_requests_per_s {len(tally.latencies_ms) / elapsed:.1f} requests/s")
        print(f"BENCH load_answers_per_s {tally.answers / elapsed:.1f} answers/s")
        print(f"BENCH load_p50_ms {statistics.median(lat):.1f} ms")
        print(f"BENCH load_p95_ms {percentile(lat, 95):.1f} ms")
        print(f"BENCH load_p99_ms {percentile(lat, 99):.1f} ms")
        print(f"BENCH load_errors {tally.errors} errors")
        print(f"BENCH load_answer_cpu_ms {answer_ms:.2f} ms")
        print(f"BENCH load_floor_cpu_ms {floor_ms:.2f} ms")
        print(f"BENCH answer_cpu_ratio {ratio:.2f}")
    # What each part cost per request: unlike the figures above, hardly moved by a busy machine.
    requests = max(1, len(tally.latencies_ms))
    parts = ", ".join(f"{part} {seconds * 1000 / requests:.2f}" for part, seconds in mix.cpu.items())
    print(
        f"{mix.name} mix: {len(tally.latencies_ms)} requests in {elapsed:.1f} s"
        + (f", {tally.teacher_pages} teacher pages" if mix.name == "class" else "")
        + f"; CPU ms per request: {parts}",
        file=sys.stderr,
    )
    for kind, values in sorted(tally.by_kind.items()):
        print(
            f"  {kind}: {len(values)} requests, p50 {statistics.median(values):.1f} ms, "
            f"p95 {percentile(values, 95):.1f} ms"
            + (f", server CPU {statistics.mean(by_kind[kind]):.2f} ms" if kind in by_kind else ""),
            file=sys.stderr,
        )
    for sample in tally.error_samples:
        print(f"  error: {sample}", file=sys.stderr)


def main() -> int:
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    mixes = {
        "all": ["class", "saturation", "table"],
        "both": ["class", "saturation"],
        "class": ["class"],
        "saturation": ["saturation"],
        "table": ["table"],
    }.get(MIX)
    if mixes is None:
        raise SystemExit(f"LOADTEST_MIX={MIX!r}: expected all, both, class, saturation or table")
    http_mixes = [m for m in mixes if m != "table"]
    reference_ms = reference_loop_ms()
    name = f"baloot_load_{os.getpid()}"
    port = free_port()
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(throwaway_database(name))
        static_root = stack.enter_context(tempfile.TemporaryDirectory())
        redis = stack.enter_context(throwaway_redis()) if WITH_REDIS else None
        extra = {"REDIS_URL": redis[0]} if redis else {}
        # The request log gives each request's CPU time (cpu_ms): the answer's and the floor's.
        extra.update(REQUEST_LOG_LEVEL="INFO", LOADTEST_FLOOR="1")
        request_log = stack.enter_context(tempfile.TemporaryFile())
        env = server_env(url, port, static_root, **extra)
        print(f"setting up {name} ...", file=sys.stderr)
        if not http_mixes:
            manage(env, "migrate", "--noinput", "-v", "0")
            manage(env, "collectstatic", "--noinput", "-v", "0")
            table_load.run(env, [free_port() for _ in range(table_load.PROCESSES)])
            return 0
        data = prepare(env)
        psql(FLOOR_TABLE, url)
        if not data["steps"]:
            raise RuntimeError("the curriculum has no play puzzle to answer")
        with gunicorn(env, port, request_log) as server:
            print(
                f"driving 127.0.0.1:{port} with {USERS} users: {' then '.join(http_mixes)} mix",
                file=sys.stderr,
            )
            load_before = os.getloadavg()[0]
            meter = cpu_meter(server, name, redis[1] if redis else None)
            results = drive(
                port, data, http_mixes, MAX_REQUESTS, meter, lambda: os.fstat(request_log.fileno()).st_size
            )
            load_after = os.getloadavg()[0]
        for mix in results:
            report(mix, server_cpu_by_kind(request_log, mix.log_span))
        if "table" in mixes:
            table_load.run(env, [free_port() for _ in range(table_load.PROCESSES)])
    print(
        f"load average (1 min) {load_before:.2f} before, {load_after:.2f} after; "
        f"{sum(m.tally.reconnects for m in results)} idle connection(s) closed by the server and reopened",
        file=sys.stderr,
    )
    print(
        f"this machine: a reference loop of 2,000,000 additions takes {reference_ms:.0f} ms of CPU",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
