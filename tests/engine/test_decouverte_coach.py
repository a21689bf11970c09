"""Découverte hints and reviews (engine/decouverte/coach.py): judged from what South sees only."""

from engine.bots.decouverte import choose_decouverte_card
from engine.cards import Card, Seat
from engine.coach.evaluator import MISTAKE_CARD_POINTS
from engine.deal import shuffled_deck
from engine.decouverte import DecouverteAuction, DecouverteHand, deal_decouverte
from engine.decouverte.coach import advise, advise_call, hidden, judge

SAMPLES = 8


def _hand(deck: list[Card]) -> DecouverteHand:
    deal = deal_decouverte(Seat.N, deck=deck)  # North deals: South leads the first trick
    return DecouverteHand(deal, trump=deal.bidding_card.suit, taker=Seat.S)


def test_advice_ignores_how_the_face_down_cards_lie() -> None:
    deck = shuffled_deck(11)
    # The first sixteen cards of the deck are the face-down ones: lay them the other way round.
    other = [*reversed(deck[:16]), *deck[16:]]
    a, b = _hand(deck), _hand(other)
    assert a.view(Seat.S) == b.view(Seat.S)
    assert a.table.face_down(Seat.S) != b.table.face_down(Seat.S)
    one, two = advise(a.view(Seat.S), 3, SAMPLES), advise(b.view(Seat.S), 3, SAMPLES)
    assert one.choice == two.choice
    assert one.reasons == two.reasons
    assert one.evaluation == two.evaluation


def test_the_hidden_cards_are_the_face_down_ones() -> None:
    h = _hand(shuffled_deck(4))
    view = h.view(Seat.S)
    assert hidden(view) == h.table.face_down(Seat.S) | h.table.face_down(Seat.N)


def test_following_every_hint_gives_no_mistake() -> None:
    h = _hand(shuffled_deck(7))
    judged = 0
    while not h.is_over():
        if h.to_play == Seat.S:
            view = h.view(Seat.S)
            hint = advise(view, 0, SAMPLES)
            verdict = judge(view, hint.choice, 0, SAMPLES)
            assert not verdict.mistake and verdict.reasons
            judged += 1
            h.play(Card.parse(hint.choice))
        else:
            h.play(choose_decouverte_card(h.view(Seat.N)))
    assert judged > 0


def test_a_card_that_throws_points_away_is_a_mistake() -> None:
    # Search a position where one card loses at least the threshold: it is marked, with the
    # principle of the better card.
    for seed in range(30):
        h = _hand(shuffled_deck(seed))
        view = h.view(Seat.S)
        evaluation = advise(view, 0, SAMPLES).evaluation
        assert evaluation is not None
        worst = max(evaluation.options, key=lambda c: evaluation.loss(c))
        if evaluation.mistake(worst):
            verdict = judge(view, worst, 0, SAMPLES)
            assert verdict.mistake and verdict.loss >= MISTAKE_CARD_POINTS
            assert verdict.reasons[0].params["card"] == Card.parse(evaluation.choice)
            return
    raise AssertionError("no blunder found in 30 deals")


def test_call_advice_ignores_how_the_face_down_cards_lie() -> None:
    deck = shuffled_deck(5)
    other = [*deck[8:16], *deck[:8], *deck[16:]]  # the two players' face-down cards swapped
    advices = []
    for d in (deck, other):
        deal = deal_decouverte(Seat.N, deck=d)
        ups = {s: tuple(up for _, up in deal.table.piles_of(s) if up is not None) for s in (Seat.S, Seat.N)}
        advices.append(advise_call(DecouverteAuction(Seat.N, deal.bidding_card), ups, 0, SAMPLES))
    assert advices[0] == advices[1]
    assert advices[0].choice in ("pass", "take") and advices[0].reasons


def test_the_trumps_counted_out_are_all_the_player_has_not_seen_in_hand() -> None:
    # The player's own face-down cards are as unknown to them as the opponent's: the trumps "still
    # out" are every face-down trump, theirs included, and the opponent's face-up ones. Counting
    # their own face-down trumps apart would tell them what lies under their piles.
    from engine.cards import SUIT_MASK
    from engine.decouverte.coach import reasons

    found = 0
    for seed in range(40):
        deck = shuffled_deck(seed)
        for lay in (deck, [*reversed(deck[:16]), *deck[16:]]):
            h = _hand(lay)
            view = h.view(Seat.S)
            trump = SUIT_MASK[h.trump]
            for c in (c for c in range(32) if h.legal() >> c & 1):
                said = reasons(view, c)
                if said and said[0].rule == "hint.count-trumps":
                    down = h.table.face_down(Seat.S) | h.table.face_down(Seat.N)
                    out = (down | h.table.face_up(Seat.N)) & trump
                    assert said[0].params["left"] == out.bit_count()
                    found += 1
    assert found > 0
