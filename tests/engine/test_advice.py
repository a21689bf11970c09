"""Hints with reasons (engine.advice): each principle found where a beginner's book would name it,
and the suggestion taken only from what the seat sees."""

from __future__ import annotations

import pytest

from engine.advice import advise_declaration, advise_play, call_reasons, card_reasons
from engine.auction import Contract
from engine.bots.view import View
from engine.cards import FULL_DECK, Card, Seat, mask_of
from engine.hand import Phase
from engine.play import legal_mask
from engine.ranking import NO_TRUMP
from engine.tricks import Played
from engine.variants import rules_for

S, E, N, W = Seat.S, Seat.E, Seat.N, Seat.W
HEARTS = 1


def cards(*codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes]


def first_trick(
    variant: str, trump: int, hand: list[str], trick: list[tuple[Seat, str]], leader: Seat | None = None
) -> View:
    """South's view in the first trick: its cards (the rest is in the other hands), the cards played."""
    rules = rules_for(variant)
    own = mask_of(cards(*hand))
    played = [(seat, Card.parse(c)) for seat, c in trick]
    leader = played[0][0] if played else (leader or S)
    mode = "sun" if trump == NO_TRUMP else "hokm"
    on_table = [c for _, c in played]
    # The bidding card: one out that nobody has shown, with the taker (East).
    bidding = next(c for c in range(32) if not (own | mask_of(on_table)) >> c & 1)
    return View(
        rules=rules,
        seat=S,
        phase=Phase.PLAY,
        dealer=W,
        hand=own,
        bidding_card=Card(bidding),
        calls=(),
        contract=Contract(mode, trump, E, E),
        doubles=(),
        multiplier=1,
        gahwa=False,
        projects=(),
        belote=None,
        plays=tuple(Played(seat, c, 0) for seat, c in played),
        leader=leader,
        trick=tuple(on_table),
        to_act=S,
        choices=(),
        legal=legal_mask(own, on_table, trump, rules),
        game_score=(0, 0),
        pot=0,
    )


def main(view: View, code: str) -> tuple[str, dict]:
    reasons = card_reasons(view, Card.parse(code))
    assert reasons, code
    return reasons[0].rule, reasons[0].params


def test_leading_the_master_card_is_cashing_it() -> None:
    v = first_trick("saudi", NO_TRUMP, ["AS", "7S", "8H", "9H", "7D", "8D", "7C", "8C"], [])
    assert main(v, "AS") == ("hint.cash", {"card": Card.parse("AS")})
    # A small card is no master: no cash.
    assert not [r for r in card_reasons(v, Card.parse("7S")) if r.rule == "hint.cash"]


def test_leading_a_trump_while_trumps_are_out_is_counting_them() -> None:
    v = first_trick("french", HEARTS, ["JH", "9H", "7S", "8S", "7D", "8D", "7C", "8C"], [])
    rule, params = main(v, "JH")
    assert rule == "hint.count-trumps" and params["left"] == 6


def test_dont_overtrump_your_partner_who_is_winning() -> None:
    # East leads the ace of spades, North (the partner) ruffs, West follows; South has no spade.
    v = first_trick(
        "saudi", HEARTS, ["JH", "7C", "8C", "9C", "7D", "8D", "9D", "TD"], [(E, "AS"), (N, "8H"), (W, "7S")]
    )
    assert v.legal >> Card.parse("7C") & 1 and v.legal >> Card.parse("JH") & 1
    rule, params = main(v, "7C")
    assert rule == "hint.partner-winning" and params["case"] == "overtrump" and params["partner"] == N


def test_dont_take_the_trick_from_your_partner() -> None:
    v = first_trick(
        "saudi", NO_TRUMP, ["AS", "8S", "7C", "8C", "9C", "7D", "8D", "9D"], [(N, "KS"), (W, "7S")]
    )
    rule, params = main(v, "8S")
    assert rule == "hint.partner-winning" and params["case"] == "overtake"


def test_give_points_to_the_partner_who_is_sure_to_win() -> None:
    v = first_trick(
        "saudi", NO_TRUMP, ["TS", "7S", "7C", "8C", "9C", "7D", "8D", "9D"], [(N, "AS"), (W, "8S")]
    )
    assert main(v, "TS") == ("hint.give-points", {"card": Card.parse("TS"), "partner": N})


def test_ruff_when_void_in_the_suit_led() -> None:
    v = first_trick(
        "moroccan",
        HEARTS,
        ["7H", "8H", "7C", "8C", "9C", "7D", "8D", "9D"],
        [(E, "AS"), (N, "7S"), (W, "8S")],
    )
    assert main(v, "7H") == ("hint.ruff", {"card": Card.parse("7H"), "led": 0})


def test_overruff_an_opponents_trump() -> None:
    v = first_trick(
        "moroccan",
        HEARTS,
        ["JH", "9H", "7C", "8C", "9C", "7D", "8D", "9D"],
        [(E, "AS"), (N, "7S"), (W, "8H")],
    )
    assert main(v, "9H") == ("hint.overruff", {"card": Card.parse("9H"), "seat": W})


def test_duck_keeps_the_winner_for_later() -> None:
    # West leads the ten; South could take it with the ace but plays low.
    v = first_trick("saudi", NO_TRUMP, ["AS", "9S", "7C", "8C", "9C", "7D", "8D", "9D"], [(W, "TS")])
    assert main(v, "9S") == ("hint.duck", {"card": Card.parse("9S"), "seat": W, "kept": Card.parse("AS")})


def test_take_the_trick_with_a_card_nobody_can_beat() -> None:
    v = first_trick("saudi", NO_TRUMP, ["AS", "7S", "7C", "8C", "9C", "7D", "8D", "9D"], [(W, "KS")])
    assert main(v, "AS") == ("hint.win", {"card": Card.parse("AS")})


def test_a_trick_that_cannot_be_won_gets_the_card_worth_least() -> None:
    v = first_trick("saudi", NO_TRUMP, ["KS", "7S", "7C", "8C", "9C", "7D", "8D", "9D"], [(W, "AS")])
    assert main(v, "7S") == ("hint.low", {"card": Card.parse("7S")})


def test_the_only_legal_card_is_forced() -> None:
    v = first_trick("saudi", NO_TRUMP, ["KS", "7C", "8C", "9C", "7D", "8D", "9D", "TD"], [(W, "AS")])
    assert main(v, "KS")[0] == "hint.forced"


def test_belote_is_said_with_the_card_that_carries_it() -> None:
    v = first_trick("moroccan", HEARTS, ["KH", "QH", "7C", "8C", "9C", "7D", "8D", "9D"], [])
    assert "hint.belote" in [r.rule for r in card_reasons(v, Card.parse("KH"))]
    # Saudi Baloot is said with the second card, not the first.
    v = first_trick("saudi", HEARTS, ["KH", "QH", "7C", "8C", "9C", "7D", "8D", "9D"], [])
    assert "hint.belote" not in [r.rule for r in card_reasons(v, Card.parse("KH"))]


def test_the_strong_bot_suggests_a_legal_card_from_the_seats_view_only() -> None:
    v = first_trick("french", HEARTS, ["JH", "9H", "AS", "TS", "7D", "8D", "7C", "8C"], [(W, "KS")])
    advice = advise_play(v, seed=3)
    assert advice.kind == "play" and advice.source == "bot"
    assert v.legal >> Card.parse(advice.choice) & 1
    assert advice.reasons and advice.samples >= 1


def test_the_endgame_is_solved_on_sampled_deals() -> None:
    rules = rules_for("saudi")
    own = mask_of(cards("AS", "7S", "8H"))
    gone = FULL_DECK & ~own & ~mask_of(cards("KS", "QS", "TH", "9D", "7C", "8C", "9C", "TC", "JC"))
    # Everything but South's three cards and nine others was played in the first five tricks.
    order = [c for c in range(32) if gone >> c & 1]
    seats = [E, N, W]
    # Deal the gone cards out as five tricks led by East (suits do not matter to the view's count).
    plays = [Played(seats[i % 3], Card(c), i // 3) for i, c in enumerate(order[:15])]
    own_played = order[15:]
    assert len(own_played) == 5
    tricks = []
    for t in range(5):
        tricks += [plays[3 * t], plays[3 * t + 1], plays[3 * t + 2], Played(S, Card(own_played[t]), t)]
    view = View(
        rules=rules,
        seat=S,
        phase=Phase.PLAY,
        dealer=W,
        hand=own,
        bidding_card=Card(order[0]),
        calls=(),
        contract=Contract("sun", NO_TRUMP, E, E),
        doubles=(),
        multiplier=1,
        gahwa=False,
        projects=(),
        belote=None,
        plays=tuple(tricks),
        leader=S,
        trick=(),
        to_act=S,
        choices=(),
        legal=own,
        game_score=(0, 0),
        pot=0,
    )
    advice = advise_play(view, seed=1)
    assert advice.source == "solver" and advice.choice in ("AS", "7S", "8H")
    assert advice.reasons


def auction_view(hand: list[str], bidding: str, choices: tuple[str, ...], variant: str = "saudi") -> View:
    return View(
        rules=rules_for(variant),
        seat=S,
        phase=Phase.AUCTION,
        dealer=W,
        hand=mask_of(cards(*hand)),
        bidding_card=Card.parse(bidding),
        calls=(),
        contract=None,
        doubles=(),
        multiplier=1,
        gahwa=False,
        projects=(),
        belote=None,
        plays=(),
        leader=None,
        trick=(),
        to_act=S,
        choices=choices,
        legal=0,
        game_score=(0, 0),
        pot=0,
    )


def test_hokm_with_the_jack_and_nine_of_the_suit_is_safer_than_sun() -> None:
    v = auction_view(["JH", "9H", "7S", "8C", "7D"], "TH", ("pass", "hokm", "sun", "ashkal"))
    [reason] = call_reasons(v, "hokm")
    assert reason.rule == "hint.bid-trump"
    assert reason.params["cards"] == cards("JH", "9H", "TH") and reason.params["case"] == "safer"
    assert reason.params["count"] == 3


def test_sun_names_the_aces_and_tens_and_pass_names_the_suit() -> None:
    v = auction_view(["AS", "TS", "AD", "7C", "8H"], "9C", ("pass", "hokm", "sun"))
    [reason] = call_reasons(v, "sun")
    assert reason.rule == "hint.bid-sun" and reason.params["cards"] == cards("TS", "AS", "AD")
    [reason] = call_reasons(v, "pass")
    assert reason.rule == "hint.bid-pass" and reason.params["suit"] == 3
    # The bidding card is the nine: passing is for too few trumps, not for lack of the nine.
    assert reason.params["case"] == "few-trumps" and reason.params["cards"] == cards("9C")


@pytest.mark.parametrize(
    ("variant", "hand", "types"),
    [
        ("saudi", ["7S", "8S", "9S", "KH", "QH", "7D", "8D", "AC"], ["sira"]),
        ("french", ["7S", "8S", "9S", "TS", "KH", "QH", "7D", "AC"], ["quarte"]),
    ],
)
def test_a_declaration_hint_names_the_projects_held_and_the_belote(variant, hand, types) -> None:
    advice = advise_declaration(rules_for(variant), HEARTS, mask_of(cards(*hand)))
    assert advice.kind == "declare" and advice.choice == ",".join(types)
    assert [r.rule for r in advice.reasons] == ["hint.declare", "hint.belote-later"]


def test_no_project_no_declaration() -> None:
    advice = advise_declaration(rules_for("saudi"), NO_TRUMP, mask_of(cards("7S", "9S", "JH", "KD", "AC")))
    assert advice.choice == "" and [r.rule for r in advice.reasons] == ["hint.declare-none"]


def test_in_hokm_leading_a_short_suit_prepares_a_ruff() -> None:
    v = first_trick("saudi", HEARTS, ["JH", "9H", "QD", "JD", "7S", "8S", "9S", "KC"], [])
    assert main(v, "JD") == ("hint.lead-short", {"card": Card.parse("JD"), "suit": 2})


def test_in_sun_leading_the_long_suit() -> None:
    v = first_trick("saudi", NO_TRUMP, ["KS", "QS", "9S", "7S", "8D", "7C", "8C", "9H"], [])
    assert main(v, "7S") == ("hint.lead-long", {"card": Card.parse("7S"), "suit": 0, "count": 4})


def test_beat_the_opponents_card_with_the_smallest_card_that_does_it() -> None:
    # West leads the queen; South is second to play: the king beats it, cheaper than the ace.
    v = first_trick("saudi", NO_TRUMP, ["AS", "KS", "7C", "8C", "9C", "7D", "8D", "9D"], [(W, "QS")])
    assert main(v, "KS") == ("hint.beat-cheap", {"card": Card.parse("KS"), "top": Card.parse("QS")})


def test_no_need_to_beat_a_partner_who_is_winning() -> None:
    # North's king holds the trick, but the ace is still out (East plays last): South plays small.
    v = first_trick(
        "saudi", NO_TRUMP, ["QS", "7S", "7C", "8C", "9C", "7D", "8D", "9D"], [(N, "KS"), (W, "8S")]
    )
    rule, params = main(v, "7S")
    assert rule == "hint.partner-winning" and params["case"] == "follow"


def test_a_position_without_its_history_is_advised_by_rules_of_thumb() -> None:
    v = first_trick("french", HEARTS, ["JH", "9H", "AS", "TS", "7D", "8D", "7C", "8C"], [(W, "KS")])
    advice = advise_play(v, full_history=False)
    assert advice.source == "thumb" and v.legal >> Card.parse(advice.choice) & 1 and advice.reasons


def replayed(seed: int, actions: str) -> View:
    """South's view of a Saudi hand dealt from ``seed`` after ``actions`` (``cN:hokm``, ``dE:pass``,
    ``pN:AS``: a call, a doubling word or a card, and who said or played it)."""
    from engine.hand import Hand

    hand = Hand(rules_for("saudi"), Seat(seed % 4), seed=seed)
    for item in actions.split():
        kind, seat, value = item[0], Seat.parse(item[1]), item[3:]
        if kind == "c":
            hand.call(value, seat)
        elif kind == "d":
            hand.double(value, seat)
        else:
            hand.play(Card.parse(value))
    from engine.bots.view import view_of

    return view_of(hand, S)


def test_keep_the_master_for_the_last_trick_in_the_endgame() -> None:
    view = replayed(
        1,
        "cN:hokm cW:pass cS:sun dE:pass pN:AS pW:7S pS:KS pE:JS pN:TS pW:QS pS:8S pE:8C pN:9S pW:7D "
        "pS:AH pE:9H pN:8H pW:JH pS:7H pE:TH pE:JC pN:TC pW:7C pS:AC",
    )
    advice = advise_play(view, seed=7)
    assert advice.source == "solver"
    assert advice.reasons[0].rule == "hint.last-trick"


def test_unblock_for_the_partner_in_the_endgame() -> None:
    view = replayed(
        32,
        "cE:pass cN:hokm cW:pass cS:pass cE:pass cN:confirm dW:pass pE:7H pN:QH pW:AH pS:8H pW:AC pS:KC "
        "pE:7C pN:QD pN:JD pW:8D pS:TD pE:7D pN:9D pW:KD pS:AS pE:8C pN:8S pW:QS",
    )
    advice = advise_play(view, seed=7)
    assert advice.source == "solver"
    assert advice.reasons[0].rule == "hint.unblock"
