"""The table mix of `make loadtest` (bench/loadtest.py): live tables over WebSockets.

``LOADTEST_TABLES`` (50) tables of four people each, every person a WebSocket client, play for
``LOADTEST_TABLE_SECONDS`` (60) against Daphne (the ASGI server of the live tables) on the load
test's PostgreSQL database and Redis (the channel layer). Each person waits
``TABLE_THINK_SECONDS`` before their move, as people do, then plays the first card the page
allows or says the first call it offers; South deals the next hand and starts the next game.

A move's time is from its sending to the arrival of the new board at each of the three other
players of the table: ``table_move_p95_ms`` is the 95th percentile of those. Every board names
its game and move (``data-game``, ``data-move``): a move whose board never reached one of the
others is *lost*, one that reached a player twice is *duplicated*, and an error shown to a
player (an answer with ``role="alert"``), a refused connection or a dropped one is an error.

No external tool: a minimal WebSocket client (RFC 6455, text frames) on one asyncio loop.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import random
import re
import secrets
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
TABLES = int(os.environ.get("LOADTEST_TABLES", "50"))
SECONDS = float(os.environ.get("LOADTEST_TABLE_SECONDS", "60"))
# Each person waits this long (uniformly at random) before their move, as people do.
TABLE_THINK_SECONDS = (2.0, 5.0)
# Daphne processes sharing the tables through Redis; a table's four people are spread over them,
# so that every move also crosses from one server to the others.
# Seconds between two people's arrivals at the start.
ARRIVAL_SECONDS = 0.02
# Seconds the boards of the last moves are waited for after the end.
DRAIN_SECONDS = 15.0
PROCESSES = int(os.environ.get("LOADTEST_ASGI_PROCESSES", "2"))
SEATS = ("S", "E", "N", "W")

# Made in the load test's database: the tables, and a session for each person in each seat.
SETUP = """
import json
from django.contrib.sessions.backends.db import SessionStore
from engine.cards import Seat
from lessons.practice.tables import game
people = []
for t in range(%(tables)d):
    table = game.open_table("saudi", "random", 152, True, game.Person(None, ""))
    for seat in "SENW":
        session = SessionStore()
        session.create()
        game.sit(table, Seat.parse(seat), game.Person(None, session.session_key), seat)
        people.append([table.code, seat, session.session_key])
print(json.dumps(people))
"""

BOARD = re.compile(r'id="table-board"[^>]*data-game="(\d+)"[^>]*data-move="(\d+)"')
LEGAL_CARD = re.compile(r'name="card" value="(\w+)"[^>]*data-legal')
CALL = re.compile(r'id="call-form".*?name="call" value="([^"]+)"', re.S)


@dataclass
class Tally:
    # (table, game, move) → when a move was sent on that state, and by which seat
    sent: dict[tuple[str, int, int], tuple[float, str]] = field(default_factory=dict)
    arrivals: dict[tuple[str, int, int], list[tuple[str, float]]] = field(default_factory=dict)
    connected: dict[str, set[str]] = field(default_factory=dict)  # table → the seats connected
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    moves: int = 0

    def error(self, text: str) -> None:
        self.errors += 1
        if len(self.error_samples) < 5:
            self.error_samples.append(text[:300])


class Socket:
    """A WebSocket client: the handshake, then masked text frames out and text frames in."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, port: int, path: str, cookie: str) -> Socket:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        key = base64.b64encode(secrets.token_bytes(16)).decode()
        writer.write(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                f"Origin: http://127.0.0.1:{port}\r\nCookie: {cookie}\r\n\r\n"
            ).encode()
        )
        status = await reader.readline()
        if b" 101 " not in status:
            raise ConnectionError(status.decode(errors="replace").strip())
        while (await reader.readline()) not in (b"\r\n", b""):
            pass
        return cls(reader, writer)

    async def send(self, text: str) -> None:
        data = text.encode()
        mask = secrets.token_bytes(4)
        n = len(data)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack("!H", n))
        self.writer.write(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))
        await self.writer.drain()

    async def receive(self) -> str:
        while True:
            b1, b2 = await self.reader.readexactly(2)
            n = b2 & 0x7F
            if n == 126:
                (n,) = struct.unpack("!H", await self.reader.readexactly(2))
            elif n == 127:
                (n,) = struct.unpack("!Q", await self.reader.readexactly(8))
            payload = await self.reader.readexactly(n)
            opcode = b1 & 0x0F
            if opcode == 0x8:
                raise ConnectionError("closed by the server")
            if opcode == 0x1:
                return payload.decode()

    def close(self) -> None:
        self.writer.close()


async def person(port: int, code: str, seat: str, key: str, tally: Tally, deadline: float, n: int) -> None:
    # The people arrive over the first seconds, not all in one instant (a listen queue holds ~50).
    await asyncio.sleep(n * ARRIVAL_SECONDS)
    for attempt in range(5):
        try:
            ws = await Socket.connect(port, f"/ws/en/tables/{code}/", f"sessionid={key}")
            break
        except (OSError, ConnectionError) as e:
            if attempt == 4:
                tally.error(f"connect: {e}")
                return
            await asyncio.sleep(1 + attempt)
    tally.connected.setdefault(code, set()).add(seat)
    seen: set[tuple[int, int]] = set()
    pending: asyncio.Task[None] | None = None
    try:
        # After the deadline no move is made; the boards still on their way are waited for.
        while time.monotonic() < deadline + DRAIN_SECONDS:
            try:
                html = await asyncio.wait_for(
                    ws.receive(), timeout=max(0.1, deadline + DRAIN_SECONDS - time.monotonic())
                )
            except TimeoutError:
                break
            now = time.monotonic()
            match = BOARD.search(html)
            if match is None:
                continue
            if 'role="alert"' in html:
                tally.error(f"{code} {seat}: " + html[html.index('role="alert"') :][:200])
            state = (int(match.group(1)), int(match.group(2)))
            if state in seen:
                continue  # the same board again (after an error): not a new arrival
            seen.add(state)
            tally.arrivals.setdefault((code, *state), []).append((seat, now))
            if pending is not None and not pending.done():
                pending.cancel()
            message = next_move(html, seat) if now < deadline else None
            if message is not None:
                message["move"] = state[1]
                pending = asyncio.create_task(make_move(ws, message, (code, *state), seat, tally))
    except (OSError, ConnectionError, asyncio.IncompleteReadError) as e:
        tally.error(f"{code} {seat}: {e}")
    finally:
        if pending is not None:
            pending.cancel()
        ws.close()


def next_move(html: str, seat: str) -> dict[str, object] | None:
    if m := LEGAL_CARD.search(html):
        return {"action": "play", "card": m.group(1)}
    if m := CALL.search(html):
        return {"action": "call", "call": m.group(1)}
    if 'id="declare-nothing"' in html:
        return {"action": "declare", "nothing": "1"}
    if seat == "S" and 'id="next-hand"' in html:
        return {"action": "next"}
    if seat == "S" and 'id="play-again"' in html:
        return {"action": "again"}
    return None


async def make_move(
    ws: Socket, message: dict[str, object], state: tuple[str, int, int], seat: str, tally: Tally
) -> None:
    await asyncio.sleep(random.uniform(*TABLE_THINK_SECONDS))
    if message["action"] != "again":  # a new game starts its own count of moves: not timed
        tally.sent[state] = (time.monotonic(), seat)
    tally.moves += 1
    await ws.send(json.dumps(message))


async def drive(ports: list[int], people: list[list[str]]) -> Tally:
    tally = Tally()
    deadline = time.monotonic() + SECONDS
    await asyncio.gather(
        *(
            person(ports[i % len(ports)], code, seat, key, tally, deadline, i)
            for i, (code, seat, key) in enumerate(people)
        )
    )
    return tally


def figures(tally: Tally) -> dict[str, float]:
    """The latencies of the moves (to each other player), the lost and the duplicated ones."""
    latencies: list[float] = []
    lost = duplicated = 0
    for (code, game, move), (t0, mover) in tally.sent.items():
        # A move made on (game, move) shows as (game, move + 1), or as a new game's first board.
        after = tally.arrivals.get((code, game, move + 1))
        if after is None:
            lost += len(tally.connected.get(code, set()))
            continue
        seats = [s for s, _ in after]
        duplicated += len(seats) - len(set(seats))
        latencies += [(t - t0) * 1000 for s, t in after if s != mover]  # at the other players
        lost += len(tally.connected.get(code, set()) - set(seats))
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
    return {"p95": p95, "lost": lost, "duplicated": duplicated, "arrivals": len(latencies)}


@contextlib.contextmanager
def daphne(env: dict[str, str], port: int) -> Iterator[subprocess.Popen[bytes]]:
    log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in the finally below)
    process = subprocess.Popen(
        [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "baloot_site.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(OSError):
                import socket

                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            if process.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise RuntimeError("daphne did not start: " + log.read().decode()[-2000:])
            time.sleep(0.3)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if os.environ.get("LOADTEST_SHOW_SERVER_LOG"):
            log.seek(0)
            print(log.read().decode(errors="replace")[-3000:], file=sys.stderr)
        log.close()


def run(env: dict[str, str], ports: list[int]) -> Tally:
    """Seat the people, serve the site with a Daphne on each of ``ports``, play for SECONDS; print
    the BENCH lines."""
    out = subprocess.run(
        [PYTHON, "manage.py", "shell", "-v", "0", "-c", SETUP % {"tables": TABLES}],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    people = json.loads(out.strip().splitlines()[-1])
    with contextlib.ExitStack() as stack:
        for port in ports:
            stack.enter_context(daphne(env, port))
        print(
            f"driving {len(ports)} Daphne processes with {len(people)} WebSocket clients: table mix",
            file=sys.stderr,
        )
        tally = asyncio.run(drive(ports, people))
    f = figures(tally)
    print(f"BENCH table_move_p95_ms {f['p95']:.1f} ms")
    print(f"BENCH table_moves {tally.moves} moves")
    print(f"BENCH table_lost_moves {f['lost']:.0f} moves")
    print(f"BENCH table_duplicated_moves {f['duplicated']:.0f} moves")
    print(f"BENCH table_errors {tally.errors} errors")
    for sample in tally.error_samples:
        print(f"  error: {sample}", file=sys.stderr)
    return tally
