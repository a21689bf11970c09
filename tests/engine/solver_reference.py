"""Reference answers of the exact solver on fixed positions: how ``data/solver_reference.json`` is made.

The file pins what :func:`engine.solver.solve` answers (the value of every legal
card for North–South, and the set of best cards) on seeded positions, so that a
faster search can be checked against the answers of the one before it:

- 30 whole deals per variant (before the first card), the variant's house rules
  that change legality taking turns;
- 60 endgames: 2 to 6 tricks left, 0 to 3 cards of the next trick played, an
  Ekka call now and then.

The positions themselves are written out (hands, trick, leader), so the file
does not depend on how deals are made. Regenerate (only when the rules change,
never to make a faster search pass)::

    python -m tests.engine.solver_reference > tests/engine/data/solver_reference.json
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.cards import CARDS, SEATS, SUIT_LETTERS, Card, Seat, cards_of
from engine.deal import complete_deal, first_deal
from engine.ranking import NO_TRUMP
from engine.solver import solve
from engine.tricks import TrickPlay
from engine.variants import rules_for

PATH = Path(__file__).resolve().parent / "data" / "solver_reference.json"

# Per variant: the house-rule sets that change which cards are legal, in turn.
HOUSE_RULES: dict[str, list[dict[str, bool]]] = {
    "saudi": [{}, {"overtrump_on_trump_lead": False}, {"ekka": True}],
    "moroccan": [{}],
    "french": [{}, {"always_undertrump": True}, {"clockwise": True}],
}
DEALS_PER_VARIANT = 30
ENDGAMES = 60


def _played(variant: str, options: dict[str, bool], rng: random.Random, cards: int) -> TrickPlay:
    rules = rules_for(variant, options)
    trumps = [0, 1, 2, 3, NO_TRUMP] if rules.has_sun else [0, 1, 2, 3]
    dealer = Seat(rng.randrange(4))
    hands = complete_deal(first_deal(rules, dealer, rng), Seat(rng.randrange(4)), rules)
    t = TrickPlay(rules, hands, rng.choice(trumps), Seat(rng.randrange(4)))
    for _ in range(cards):
        t.push(rng.choice(cards_of(t.legal())))
    return t


def _position(variant: str, options: dict[str, bool], t: TrickPlay, ekka: bool) -> dict[str, Any]:
    return {
        "variant": variant,
        "rules": options,
        "trump": None if t.trump == NO_TRUMP else SUIT_LETTERS[t.trump],
        "hands": {str(SEATS[s]): [str(c) for c in cards_of(t.hands[s])] for s in range(4)},
        "leader": str(SEATS[t.leader]),
        "to_play": str(SEATS[t.to_play]),
        "trick": [str(CARDS[c]) for c in t.trick],
        "ekka": ekka,
    }


def positions() -> Iterator[dict[str, Any]]:
    """The fixed positions, without answers, in the file's order."""
    for variant, house in HOUSE_RULES.items():
        rng = random.Random(f"deals-{variant}")
        for i in range(DEALS_PER_VARIANT):
            options = house[i % len(house)]
            yield _position(variant, options, _played(variant, options, rng, 0), False)
    rng = random.Random("endgames")
    variants = [(v, o) for v, house in HOUSE_RULES.items() for o in house]
    for i in range(ENDGAMES):
        variant, options = variants[i % len(variants)]
        tricks_left = 2 + i % 5
        t = _played(variant, options, rng, 32 - 4 * tricks_left + rng.randrange(4))
        ekka = bool(options.get("ekka")) and len(t.trick) == 2 and rng.random() < 0.5
        yield _position(variant, options, t, ekka)


def solve_position(p: dict[str, Any]) -> dict[str, Any]:
    """The solver's answer for a position of the file: NS's value per legal card, the best cards."""
    rules = rules_for(p["variant"], p["rules"])
    trump = NO_TRUMP if p["trump"] is None else SUIT_LETTERS.index(p["trump"])
    hands = [0, 0, 0, 0]
    for seat, cards in p["hands"].items():
        for c in cards:
            hands[Seat.parse(seat)] |= 1 << Card.parse(c)
    s = solve(
        rules,
        trump,
        hands,
        Seat.parse(p["to_play"]),
        Seat.parse(p["leader"]),
        [Card.parse(c) for c in p["trick"]],
        ekka=p["ekka"],
    )
    return {"values": {str(c): ns for c, (ns, _) in s.values.items()}, "best": [str(c) for c in s.best]}


def main() -> None:
    out = []
    for p in positions():
        out.append({**p, **solve_position(p)})
        print(len(out), file=sys.stderr, flush=True)
    json.dump({"positions": out}, sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
