"""Two web machines for real: two gunicorn servers sharing one PostgreSQL database and one Redis,
an RQ worker, and a learner whose requests alternate between the two, as behind a load balancer
without sticky sessions. Then Redis is stopped and started again (empty) in the middle of it.

What it proves: no 500 at any time; every acknowledged answer is recorded exactly once (answers
posted twice, once to each server, included); the learner is never signed out; a practice hand
played across both servers is reviewed by the worker; with Redis down both servers say
``degraded`` on /healthz with a 200, and ``ok`` once it is back.

It runs the real servers (bench/loadtest.py's helpers) on a throwaway database of the PostgreSQL
server the suite runs on, so it runs in the suite's PostgreSQL pass; on SQLite there is no
server two machines could share.

A live table whose two people are on two ASGI servers (Daphne) sharing the table through the Redis
channel layer: each move made on one server reaches the socket on the other. Redis then stops
under the sockets (the servers close them), a move is posted by the page's plain form meanwhile,
Redis comes back empty, and the reconnected sockets are sent the table with that move: none lost.
"""

import asyncio
import contextlib
import json
import os
import re
import subprocess
import tempfile
import time
import urllib.parse
from collections.abc import Iterator

import pytest
from django.db import connection

from bench import table_load
from bench.loadtest import (
    ADMIN_URL,
    PYTHON,
    ROOT,
    free_port,
    gunicorn,
    manage,
    psql,
    server_env,
    start_redis,
    stop,
)
from tests.site.http_browser import Browser

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="two servers share one database only on PostgreSQL: runs when DATABASE_URL names one",
)

TOKEN = re.compile(r'name="token" id="answer-token" value="([^"]+)"')
MOVE = re.compile(r'name="move" value="(\d+)"')
GAME = re.compile(r"/en/practice/game/\d+/")
SIGNED_IN = 'id="logout-form"'
# A contract at once: Sun ends the Saudi auction.
PREFERRED_CALLS = ["sun", "hokm", "confirm", "pass"]


class Learner(Browser):
    """One browser whose requests go to each server in turn, and never get a 500."""

    def send(self, method, path, form=None, htmx=False):
        status, text = super().send(method, path, form, htmx=htmx)
        assert status < 500, (method, path, text[:500])
        return status, text, self.location

    def page(self, path):
        """A page of the site, which must show the learner signed in."""
        status, text, _ = self.send("GET", path)
        assert status == 200 and SIGNED_IN in text, (path, status)
        return text


def answer_steps(learner, steps, acknowledged, twice=False):
    """Open each step and answer it, the page from one server and the answer to the other; with
    ``twice``, each answer is posted again to the other server (a double submit)."""
    for url, card in steps:
        token = TOKEN.search(learner.page(url))[1]
        for _ in range(2 if twice else 1):
            status, fragment, _ = learner.send(
                "POST", url + "answer", {"token": token, "card": card}, htmx=True
            )
            assert status == 200 and 'id="verdict"' in fragment, fragment[:300]
        acknowledged.append(token)


def play_a_hand(learner, page_url):
    """The learner's moves until the hand is over, each from the page of the server before; the
    game's own address (its actions')."""
    for _ in range(60):
        text = learner.page(page_url)
        game_url = GAME.search(text)[0]
        if "#hand-review" in text:
            return game_url
        move = MOVE.search(text)[1]
        if 'id="declare-form"' in text:
            options = [("declare", {"nothing": "1"})]
        elif 'id="call-form"' in text:
            calls = re.findall(r'name="call" value="([^"]+)" class="call(?: hinted)?"', text)
            calls.sort(
                key=lambda c: PREFERRED_CALLS.index(c) if c in PREFERRED_CALLS else len(PREFERRED_CALLS)
            )
            options = [("call", {"call": c}) for c in calls]
        else:
            options = [("play", {"card": c}) for c in re.findall(r'name="card" value="([^"]+)"', text)]
        for action, form in options:
            status, _, location = learner.send("POST", game_url + action, {**form, "move": move})
            if status == 302:
                assert location == page_url
                break
        else:
            raise AssertionError(f"no move accepted at {game_url}")
    raise AssertionError("the hand did not end")


PASSWORD = "two machines pass phrase 7"
# The content of the page tests (tests/site/pages.py) and one pupil with an account.
SETUP = """
from django.contrib.auth import get_user_model
from lessons.models import Account, Role
from tests.site.pages import make_saudi
make_saudi()
user = get_user_model().objects.create_user(username="nadia@example.org", password=%r)
Account.objects.create(user=user, role=Role.STUDENT, display_name="Nadia")
"""
# A step of make_saudi's course with a card to play, answered again and again (a new form token each time).
STEP, CARD = "/en/learn/saudi/follow-suit/2/", "KC"


@contextlib.contextmanager
def copy_of_the_test_database(name: str) -> Iterator[str]:
    """A new database made from this test run's own, already migrated (a template copy takes a
    second where migrating takes tens), dropped afterwards."""
    template = connection.settings_dict["NAME"]
    connection.close()  # PostgreSQL copies a database nobody is connected to
    psql(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    try:
        yield urllib.parse.urlunsplit(urllib.parse.urlsplit(ADMIN_URL)._replace(path="/" + name))
    finally:
        psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def attempts(url):
    out = subprocess.run(
        ["psql", url, "-Atq", "-c", "SELECT token FROM lessons_attempt ORDER BY id"],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return out.stdout.split()


@contextlib.contextmanager
def rq_worker(env):
    """The task worker as deployed (docs/DEPLOY.md), its log in a file."""
    log = tempfile.TemporaryFile()  # noqa: SIM115 (closed below)
    command = [PYTHON, "manage.py", "rqworker", "--job-class", "django_tasks_rq.Job", "default"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        yield process, log
    finally:
        stop(process)
        log.close()


def health(learner):
    """/healthz of each server in turn: (status, JSON text) for each."""
    return [learner.send("GET", "/healthz")[:2] for _ in learner.ports]


# transaction=True: no transaction of the test's own is open on the database copied.
@pytest.mark.django_db(transaction=True)
def test_two_servers_one_learner_redis_stopped_and_started_again():
    ports = [free_port(), free_port()]
    redis_port = free_port()
    redis = start_redis(redis_port)
    try:
        with (
            copy_of_the_test_database(f"baloot_two_{os.getpid()}") as url,
            tempfile.TemporaryDirectory() as static,
        ):
            redis_url = f"redis://127.0.0.1:{redis_port}/0"
            common = {"GUNICORN_WORKERS": "1", "GUNICORN_THREADS": "1", "REDIS_URL": redis_url}
            envs = [server_env(url, port, static, **common) for port in ports]
            envs[1]["SECRET_KEY"] = envs[0]["SECRET_KEY"]  # one site: one key
            # Only what the apps of a server with Redis add (django_rq's tables).
            manage(envs[0], "migrate", "--noinput", "-v", "0")
            manage(envs[0], "collectstatic", "--noinput", "-v", "0")
            manage(envs[0], "shell", "-v", "0", "-c", SETUP % PASSWORD)
            two_steps = [(STEP, CARD)] * 2
            with (
                gunicorn(envs[0], ports[0]),
                gunicorn(envs[1], ports[1]),
                rq_worker(envs[0]) as (worker, log),
            ):
                learner = Learner(*ports)
                learner.send("GET", "/en/accounts/login/")
                form = {"username": "nadia@example.org", "password": PASSWORD}
                assert learner.send("POST", "/en/accounts/login/", form)[0] == 302
                acknowledged = []
                answer_steps(learner, two_steps, acknowledged)

                # A practice hand, move by move across both servers; its review by the worker.
                status, _, page_url = learner.send("POST", "/en/practice/saudi/new", {"level": "random"})
                assert status == 302
                game_url = play_a_hand(learner, page_url)
                replay = game_url + "hand/1/"
                for _ in range(120):
                    if "review-pending" not in learner.page(replay):
                        break
                    time.sleep(0.5)
                else:
                    log.seek(0)
                    raise AssertionError("the worker did not review the hand: " + log.read().decode()[-2000:])
                assert "Review of your decisions" in learner.page(replay)

                redis.terminate()
                redis.wait(timeout=30)
                answer_steps(learner, two_steps, acknowledged, twice=True)
                assert all(s == 200 and '"degraded"' in t for s, t in health(learner))
                move = MOVE.search(learner.page(page_url))[1]
                assert learner.send("POST", game_url + "next", {"move": move})[0] == 302
                assert MOVE.search(learner.page(page_url))[1] != move  # the next hand is dealt

                redis = start_redis(redis_port)  # empty, as a Redis without persistence restarts
                answer_steps(learner, two_steps, acknowledged, twice=True)
                # Each server leaves Redis alone a few seconds after a failure; /healthz asks it.
                assert all(s == 200 and '"redis": "ok"' in t for s, t in health(learner))
                assert worker.poll() is None, "the worker stopped with Redis"
            # Each acknowledged answer once, in order: none lost, none twice.
            assert attempts(url) == acknowledged
    finally:
        redis.terminate()
        redis.wait(timeout=30)


# Two people at one table (South and East, bots elsewhere), each with a session of their own.
TABLE_SETUP = """
import json
from django.contrib.sessions.backends.db import SessionStore
from engine.cards import Seat
from lessons.practice.tables import game
table = game.open_table("saudi", "random", 152, True, game.Person(None, ""))
people = []
for seat in "SE":
    session = SessionStore()
    session.create()
    game.sit(table, Seat.parse(seat), game.Person(None, session.session_key), seat)
    people.append([seat, session.session_key])
print(json.dumps([table.code, people]))
"""


async def board_after(ws, move, seconds=10.0):
    """The first board ``ws`` receives that shows the game past ``move``: (move, html)."""
    deadline = time.monotonic() + seconds
    while True:
        html = await asyncio.wait_for(ws.receive(), timeout=max(0.1, deadline - time.monotonic()))
        if (match := table_load.BOARD.search(html)) and int(match[2]) > move:
            return int(match[2]), html


def the_move(boards):
    """The move of whichever person the table waits for: (their seat, the form's fields)."""
    for seat, html in boards.items():
        message = table_load.next_move(html, seat)
        if message is not None:
            return seat, {**message, "move": int(table_load.BOARD.search(html)[2])}
    raise AssertionError("nobody is asked for a move")


async def a_move(sockets, boards):
    """The move the table waits for, over its person's socket: the move number it was made on."""
    seat, message = the_move(boards)
    await sockets[seat].send(json.dumps(message))
    return message["move"]


async def play_across(ports, code, people, redis_port, redis):
    """South on one server, East on the other: moves cross over; Redis restarts under them."""
    path = f"/ws/en/tables/{code}/"
    port_of = {seat: ports[i] for i, (seat, _) in enumerate(people)}

    async def connect(seat):
        return await table_load.Socket.connect(port_of[seat], path, f"sessionid={dict(people)[seat]}")

    sockets = {seat: await connect(seat) for seat, _ in people}
    boards = {seat: (await board_after(ws, -1))[1] for seat, ws in sockets.items()}
    for _ in range(3):  # a move on one server reaches the socket on the other
        move = await a_move(sockets, boards)
        for seat, ws in sockets.items():
            boards[seat] = (await board_after(ws, move))[1]

    # Redis stops: the channel layer goes with it and the servers close their sockets. The next
    # move is posted by the page's form (as without JavaScript) and stored all the same.
    redis.terminate()
    redis.wait(timeout=30)
    seat, message = the_move(boards)
    page = Browser(port_of[seat])
    page.cookies["sessionid"] = dict(people)[seat]
    assert page.send("GET", f"/en/t/{code}/")[0] == 200
    assert page.send("POST", f"/en/t/{code}/act", message, htmx=False)[0] == 302
    # Redis comes back empty; each page's socket reconnects (as htmx's extension does) and is sent
    # the whole table at once: the move made meanwhile is there, on both servers.
    redis = start_redis(redis_port)
    for seat in sockets:
        sockets[seat].close()
        sockets[seat] = await connect(seat)
        new, boards[seat] = await board_after(sockets[seat], -1)
        assert new == message["move"] + 1, (seat, new, message)
    move = await a_move(sockets, boards)  # and the table goes on across both servers
    for ws in sockets.values():
        assert (await board_after(ws, move))[0] == move + 1
        ws.close()
    return redis


@pytest.mark.django_db(transaction=True)
def test_a_table_across_two_asgi_servers_and_redis_restarted_under_its_sockets():
    ports = [free_port(), free_port()]
    redis_port = free_port()
    redis = start_redis(redis_port)
    try:
        with (
            copy_of_the_test_database(f"baloot_table_{os.getpid()}") as url,
            tempfile.TemporaryDirectory() as static,
        ):
            common = {"REDIS_URL": f"redis://127.0.0.1:{redis_port}/0"}
            envs = [server_env(url, port, static, **common) for port in ports]
            envs[1]["SECRET_KEY"] = envs[0]["SECRET_KEY"]  # one site: one key
            manage(envs[0], "migrate", "--noinput", "-v", "0")
            manage(envs[0], "collectstatic", "--noinput", "-v", "0")
            out = manage_output(envs[0], TABLE_SETUP)
            code, people = json.loads(out.strip().splitlines()[-1])
            with table_load.daphne(envs[0], ports[0]), table_load.daphne(envs[1], ports[1]):
                redis = asyncio.run(play_across(ports, code, people, redis_port, redis))
    finally:
        redis.terminate()
        redis.wait(timeout=30)


def manage_output(env, script):
    return subprocess.run(
        [PYTHON, "manage.py", "shell", "-v", "0", "-c", script],
        cwd=ROOT, env=env, check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
