"""BENCH hint_ms_p95: a hint at the practice table, the suggested choice and its reasons.

Prints:
  BENCH hint_ms_p50 <v> ms     median server time of a hint (htmx post, board rendered)
  BENCH hint_ms_p95 <v> ms     95th percentile of the same
  BENCH hint_samples_p50 <v> deals   the sampled deals behind those hints (the median of the hints
                               that sampled: one legal choice, or a rule, samples none)
  BENCH practice_advice_ms_p95 <v> ms   the engine's part: :func:`engine.advice.advise` alone

The requests: games at the practice table of each variant (Django's test Client with the htmx
header, on a throwaway database: bench/child.py), a hint asked at every decision of the learner
(calls, doubling words, declarations, cards), each timed from the request to the complete
response; then the learner plays a legal choice. The engine's part: South's every decision in
hands played by the rule-of-thumb bot, each answered from South's view only (the coach's evaluator:
a fixed number of sampled deals, each played out, exactly by the solver in the endgame). Wall-clock
time.

(``solver_hint_ms_p95`` of bench_review is the solver's hint of a position with every hand open.)
Usage: ``python bench/run.py bench_hints``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from bench.bench_solver import VARIANTS, percentile
from engine.advice import advise
from engine.bots import HeuristicBot, view_of
from engine.bots.table import doubling_word
from engine.cards import CARDS, Seat, cards_of
from engine.hand import Hand, Phase
from engine.variants import rules_for

GAMES = 4
"""Games per variant at the table (one hand each, about ten hints)."""
HANDS = 6
"""Hands per variant for the engine's part."""
HTMX = {"HX-Request": "true"}


def advice_times(hands: int, seed: int = 1) -> list[float]:
    times = []
    bots = [HeuristicBot()] * 4
    for variant in VARIANTS:
        rules = rules_for(variant)
        for deal in range(hands):
            hand = Hand(rules, Seat((seed + deal) % 4), seed=seed * 1000 + deal)
            while hand.phase in (Phase.AUCTION, Phase.DOUBLING, Phase.PLAY):
                view = view_of(hand, Seat.S)
                if view.choices or view.legal:
                    start = time.perf_counter()
                    advise(view, seed=deal)
                    times.append(time.perf_counter() - start)
                if hand.phase is Phase.AUCTION:
                    seat = hand.auction.to_act
                    assert seat is not None
                    hand.call(bots[seat].bid(view_of(hand, seat)), seat)
                elif hand.phase is Phase.DOUBLING:
                    seat, word = doubling_word(hand, bots)
                    hand.double(word, seat)
                else:
                    seat = hand.to_play
                    assert seat is not None
                    hand.play(bots[seat].play(view_of(hand, seat)))
    return times


def request_times(games: int, samples: list[int] | None = None) -> list[float]:
    """Server time of a hint at each decision of the learner, at tables of every variant; the sampled
    deals behind each hint that sampled go to ``samples``."""
    from django.test import Client

    from lessons.models import PracticeGame
    from lessons.practice.state import Table

    times = []
    rng = random.Random(1)
    for variant in VARIANTS:
        for _ in range(games):
            client = Client()
            client.post(f"/en/practice/{variant}/new", {"level": "heuristic", "declare_for_me": "never"})
            game = PracticeGame.objects.latest("id")
            for _ in range(60):
                game.refresh_from_db()
                if "result" in game.hands[-1]:
                    break
                start = time.perf_counter()
                response = client.post(f"/en/practice/game/{game.pk}/hint", {"move": game.move}, headers=HTMX)
                times.append(time.perf_counter() - start)
                assert response.status_code == 200, response.status_code
                game.refresh_from_db()
                used = (game.hands[-1].get("hint") or {}).get("samples") or 0
                if samples is not None and used:
                    samples.append(used)
                _learner_move(client, Table(game), rng)
    return times


def _learner_move(client: Any, table: Any, rng: random.Random) -> None:
    """A legal choice of the learner, made through the page (declarations: nothing to declare)."""
    hand = table.hand
    url = f"/en/practice/game/{table.game.pk}/"
    data: dict[str, Any] = {"move": table.game.move}
    if hand.phase is Phase.AUCTION:
        data["call"] = rng.choice(hand.auction.allowed(cards_of(hand.first.hands[table.learner])))
        url += "call"
    elif hand.phase is Phase.DOUBLING:
        data["call"] = rng.choice(hand.doubling.allowed(table.learner))
        url += "call"
    elif table.learner_declares() and hand.may_declare(table.learner):
        data["nothing"] = "1"
        url += "declare"
    else:
        data["card"] = str(CARDS[rng.choice(cards_of(hand.legal()))])
        url += "play"
    client.post(url, data)


def run() -> None:
    from bench.child import throwaway_site

    samples: list[int] = []
    with throwaway_site("bench-hints-"):
        requests = request_times(GAMES, samples)
    print(f"BENCH hint_ms_p50 {statistics.median(requests) * 1000:.0f} ms")
    print(f"BENCH hint_ms_p95 {percentile(requests, 0.95) * 1000:.0f} ms")
    print(f"BENCH hint_samples_p50 {statistics.median(samples) if samples else 0:.0f} deals")
    engine = advice_times(HANDS)
    print(f"BENCH practice_advice_ms_p95 {percentile(engine, 0.95) * 1000:.0f} ms")


def main() -> None:
    """Run the benchmark in a child process: Django starts there, on its own database."""
    from bench.child import run_in_child

    run_in_child(__file__, "bench_hints")


if __name__ == "__main__":
    if sys.argv[1:] == ["--run"]:
        run()
    else:
        main()
