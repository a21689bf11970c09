"""What the practice-table tests share: starting games, making moves through the pages, and an
independent replay of a stored hand through engine.hand.Hand to check the page's score."""

import random
import re

from engine.cards import CARDS, Card, Seat, cards_of
from engine.hand import Hand, Phase
from engine.variants import rules_for
from lessons.models import PracticeGame
from lessons.practice.state import Table

HTMX = {"HX-Request": "true"}


def start(client, variant, level="random", lang="en", target=None):
    """Start a game through the page's form and return it."""
    data = {"level": level}
    if target is not None:
        data["target"] = str(target)
    response = client.post(f"/{lang}/practice/{variant}/new", data)
    assert response.status_code == 302, response.text[:500]
    return PracticeGame.objects.latest("id")


def move_number(response):
    match = re.search(r'name="move" value="(\d+)"', response.text)
    assert match is not None, "no move number on the page"
    return int(match.group(1))


def choice(game, rng):
    """A move the learner may make now, chosen with the engine: ("call", word) or ("card", code)."""
    game.refresh_from_db()
    table = Table(game)
    hand = table.hand
    if hand.phase is Phase.AUCTION:
        return "call", rng.choice(hand.auction.allowed(cards_of(hand.first.hands[table.learner])))
    if hand.phase is Phase.DOUBLING:
        return "call", rng.choice(hand.doubling.allowed(table.learner))
    if hand.phase is Phase.PLAY:
        return "card", str(CARDS[rng.choice(cards_of(hand.legal()))])
    return None


def post(client, game, field, value, move=None, htmx=False, lang="en"):
    game.refresh_from_db()
    url = f"/{lang}/practice/game/{game.pk}/" + ("play" if field == "card" else "call")
    data = {field: value, "move": game.move if move is None else move}
    return client.post(url, data, headers=HTMX if htmx else {})


def play_out_hand(client, game, seed=1, htmx=False, lang="en"):
    """Make legal moves through the pages until the current hand is over; return the last response."""
    rng = random.Random(seed)
    response = None
    for _ in range(200):
        game.refresh_from_db()
        if "result" in game.hands[-1]:
            return response
        field, value = choice(game, rng)
        response = post(client, game, field, value, htmx=htmx, lang=lang)
        assert response.status_code in (200, 302), response.text[:1000]
    raise AssertionError("the hand did not end")


def engine_replay(game, index=-1):
    """The stored hand replayed straight through engine.hand.Hand (not through the site's code)."""
    record = game.hands[index]
    rules = rules_for(game.variant, game.options)
    hand = Hand(
        rules,
        Seat.parse(record["dealer"]),
        deck=[Card.parse(c) for c in record["deck"]],
        game_score=tuple(record["game_score"]),
        pot=record["pot"],
        # A learner who declares for themselves: nobody declares for South.
        declaring=(Seat.S,) if record.get("declare_self") else (),
        khaysh=bool(record.get("khaysh")),
    )
    for kind, seat, value in record["actions"]:
        seat = Seat.parse(seat)
        if kind == "call":
            hand.call(value, seat, cards_of(hand.first.hands[seat]))
        elif kind == "double":
            hand.double(value, seat)
        elif kind == "declare":
            hand.declare(seat, [t for t in value.split(",") if t])
        else:
            assert hand.to_play == seat
            if kind == "belote":
                hand.say_belote(seat)
            hand.play(Card.parse(value))
    return hand


def play_it_out(client, key, level="random", seed=1):
    """Start a puzzle's position from its practice page and play it to the end of the hand."""
    response = client.post(f"/en/practice/puzzle/{key}/", {"level": level})
    assert response.status_code == 302, response.text[:500]
    game = PracticeGame.objects.latest("id")
    assert response["Location"] == f"/en/practice/game/{game.pk}/"
    rng = random.Random(seed)
    for _ in range(100):
        game.refresh_from_db()
        if game.finished:
            return game
        field, value = choice(game, rng)
        assert post(client, game, field, value).status_code == 302
    raise AssertionError("the position was not played out")


def rigged_hand(game, wanted, seeds=range(3000)):
    """Deal the game's current hand again until the learner, buying at the first call (Hokm or
    take), holds what ``wanted(hand)`` asks for; the learner's call is made. Returns the Table."""
    from engine.deal import shuffled_deck
    from engine.hand import Phase as P

    game.refresh_from_db()
    record = game.hands[-1]
    for seed in seeds:
        deck = [str(c) for c in shuffled_deck(seed)]
        game.hands[-1] = {**record, "seed": seed, "deck": deck, "actions": []}
        table = Table(game)
        word = "hokm" if game.variant == "saudi" else "take"
        if not table.learner_to_act():
            continue
        table.learner_call(word)
        hand = table.hand
        while hand.phase is P.AUCTION and table.learner_to_act():
            table.learner_call("confirm" if "confirm" in hand.auction.allowed() else "pass")
        contract = hand.contract
        if hand.phase is not P.PLAY or contract is None or contract.taker != Seat.S or contract.mode == "sun":
            continue
        if not table.learner_to_act() or not wanted(hand):
            continue
        assert table.save(game.move)
        game.refresh_from_db()
        return Table(game)
    raise AssertionError("no such deal")


def holds(kinds):
    """``wanted`` for rigged_hand: South's best split is exactly ``kinds`` and no K+Q of trump."""
    from engine.projects import best_split_mask

    def wanted(hand):
        split = best_split_mask(hand.full_hands[Seat.S], hand.rules, hand.contract.trump)
        return [p.type for p in split] == list(kinds) and not hand.belote_pair(Seat.S)

    return wanted


def holds_belote(hand):
    """``wanted`` for rigged_hand: South holds the K+Q of trump and no other project."""
    from engine.projects import best_split_mask

    return bool(hand.belote_pair(Seat.S)) and not best_split_mask(
        hand.full_hands[Seat.S], hand.rules, hand.contract.trump
    )
