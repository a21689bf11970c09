"""BENCH table_fanout_ms: the server time of one move's fan-out at a live table.

Usage: python bench/run.py bench_table_fanout   (or `make bench`)

Prints:
  BENCH table_fanout_ms <v> ms   median time to draw the four boards that follow one move

A table of four people (no bot) plays on, move after move, in a throwaway SQLite database
(bench/child.py); after each move the four boards are drawn as the four sockets draw them
(:func:`lessons.practice.tables.consumers.draw_board`, from one read of the table), and the
median over the moves is printed. It is the server's share of ``table_move_p95_ms`` (`make
loadtest`'s table mix), without the network, the channel layer or the other work of the machine.
"""

from __future__ import annotations

import re
import statistics
import sys
import time

MOVES = 150
LEGAL_CARD = re.compile(r'name="card" value="(\w+)"[^>]*data-legal')
CALL = re.compile(r'id="call-form".*?name="call" value="([^"]+)"', re.S)
MOVE = re.compile(r'data-move="(\d+)"')


def next_move(html: str, south: bool) -> dict[str, str] | None:
    """The first move a board offers (South deals the next hand and starts the next game)."""
    if m := LEGAL_CARD.search(html):
        return {"action": "play", "card": m[1]}
    if m := CALL.search(html):
        return {"action": "call", "call": m[1]}
    if 'id="declare-nothing"' in html:
        return {"action": "declare", "nothing": "1"}
    if south and 'id="next-hand"' in html:
        return {"action": "next"}
    if south and 'id="play-again"' in html:
        return {"action": "again"}
    return None


def run() -> None:
    from bench.child import throwaway_site

    with throwaway_site("bench-table-fanout-"):
        from engine.cards import SEATS, Seat
        from lessons.models import LiveTable
        from lessons.practice.tables import consumers, game
        from lessons.views import DEFAULT_PREFS

        table = game.open_table("saudi", "random", 152, True, game.Person(None, ""))
        people = {seat: game.Person(None, f"bench-{seat}") for seat in SEATS}
        for seat, person in people.items():
            game.sit(table, seat, person, str(seat))

        def fan_out(stamp: str) -> dict[Seat, str]:
            snap = consumers.snapshot(table.pk, stamp)
            assert snap is not None
            return {
                seat: consumers.draw_board(snap, person, "en", dict(DEFAULT_PREFS), lambda t: False)
                for seat, person in people.items()
            }

        boards = fan_out("0")
        times = []
        for n in range(1, MOVES + 1):
            seat, message = next(
                (s, m) for s, html in boards.items() if (m := next_move(html, s == Seat.S)) is not None
            )
            message["move"] = MOVE.search(boards[seat])[1]  # type: ignore[index]
            fresh = LiveTable.objects.get(pk=table.pk)
            assert game.act(fresh, people[seat], message["action"], message).moved
            start = time.perf_counter()
            boards = fan_out(str(n))
            times.append((time.perf_counter() - start) * 1000)
    print(f"BENCH table_fanout_ms {statistics.median(times):.1f} ms")


def main() -> None:
    """Run the benchmark in a child process: Django starts there, on its own database."""
    from bench.child import run_in_child

    run_in_child(__file__, "bench_table_fanout")


if __name__ == "__main__":
    if sys.argv[1:] == ["--run"]:
        run()
    else:
        main()
