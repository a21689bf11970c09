"""bench/loadtest.py's arithmetic: the server's CPU by kind of request, read from the request log,
and answer_cpu_ratio; and the class mix's pauses."""

import asyncio
import concurrent.futures
import json
import tempfile
import time

import pytest

from bench import loadtest


def run(coroutine):
    """``asyncio.run`` in a thread of its own: a browser test of the same worker keeps an event
    loop running in the main thread (Playwright's), where ``asyncio.run`` refuses to start."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _log(lines):
    """A request log holding ``lines`` (path, cpu_ms), as the server writes it."""
    log = tempfile.TemporaryFile()  # noqa: SIM115 (closed by the test's with)
    for path, cpu_ms in lines:
        entry = {"method": "POST", "path": path, "status": 200, "cpu_ms": cpu_ms}
        log.write(json.dumps(entry).encode() + b"\n")
    log.flush()
    return log


def test_it_reads_the_cpu_of_answers_and_floor_requests_within_the_mix_s_span_only():
    before = [("/en/learn/saudi/basics/2/answer", 99.0)]
    during = [
        ("/en/learn/saudi/basics/2/answer", 4.0),
        ("/en/learn/saudi/basics/3/answer", 6.0),
        ("/en/floor/", 2.0),
        ("/en/learn/saudi/basics/3/", 7.0),
    ]
    with _log(before) as head, _log(before + during) as log:
        start = head.seek(0, 2)
        by_kind = loadtest.server_cpu_by_kind(log, (start, log.seek(0, 2)))
    assert by_kind == {"answer": [4.0, 6.0], "floor": [2.0], "step page": [7.0]}
    assert loadtest.cpu_ratio(by_kind) == (5.0, 2.0, 2.5)


def test_its_ratio_is_not_a_number_without_floor_requests():
    answer, floor, ratio = loadtest.cpu_ratio({"answer": [3.0]})
    assert (answer, floor) == (3.0, 0.0)
    assert ratio != ratio


async def timed(coroutine):
    """How long ``coroutine`` took, measured inside its event loop (not the thread's start-up)."""
    start = time.monotonic()
    await coroutine
    return time.monotonic() - start


@pytest.mark.parametrize("think", [(0.02, 0.05)])
def test_a_class_mix_user_pauses_within_its_bounds_before_each_request(think):
    user = loadtest.User(port=1, budget=loadtest.Budget(60, 10), tally=loadtest.Tally(), seed=7)
    user.think = think
    waits = [run(timed(user.pause())) for _ in range(5)]
    assert all(think[0] * 0.9 <= wait for wait in waits)
    assert all(wait < think[1] + 0.5 for wait in waits)
    user.think = None
    assert run(timed(user.pause())) < 0.01
