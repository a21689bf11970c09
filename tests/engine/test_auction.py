"""The auction, doubling and the first lead (docs/rules.md §3), named after the rule IDs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.auction import (
    Call,
    CallRecord,
    Contract,
    Doubling,
    IllegalCall,
    SaudiAuction,
    Void,
    first_lead,
    first_leader,
    is_worthless_hand,
    new_auction,
)
from engine.cards import CARDS, Card, NotationError, Seat, Team
from engine.ranking import NO_TRUMP
from engine.variants import rules_for

S, H, D, C = range(4)
SAUDI, MOROCCAN, FRENCH = rules_for("saudi"), rules_for("moroccan"), rules_for("french")


def run(rules, dealer: str, card: str, calls: str = ""):
    a = new_auction(rules, Seat.parse(dealer), Card.parse(card))
    for c in calls.split():
        a = a.call(c)
    return a


def refused(a, call: str, seat: str | None = None, hand=None) -> list[str]:
    with pytest.raises(IllegalCall) as e:
        a.verify(call, None if seat is None else Seat.parse(seat), hand)
    return [r.rule for r in e.value.reasons]


def speakers(a, n: int) -> str:
    """The next ``n`` speakers when everyone passes."""
    out = ""
    for _ in range(n):
        out += str(a.to_act)
        a = a.call("pass")
    return out


def cs(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


# ---------------------------------------------------------------- turn order

# Counter-clockwise S → E → N → W: the dealer's right speaks first, the dealer last.
ORDER = {"S": "ENWS", "E": "NWSE", "N": "WSEN", "W": "SENW"}


@pytest.mark.parametrize("dealer", "SENW")
@pytest.mark.parametrize("rules", [SAUDI, MOROCCAN, FRENCH], ids=["saudi", "moroccan", "french"])
def test_bid_turn_order_starts_after_dealer_in_both_rounds(rules, dealer):
    a = run(rules, dealer, "7H")
    assert speakers(a, 8) == ORDER[dealer] * 2


def test_bid_fr_clockwise_option_reverses_the_order():
    assert speakers(run(rules_for("french", {"clockwise": True}), "S", "7H"), 4) == "WNES"
    assert speakers(run(rules_for("french", {"clockwise": True}), "N", "7H"), 4) == "ESWN"


def test_bid_turn_refuses_a_call_out_of_turn():
    a = run(SAUDI, "S", "7H")
    assert refused(a, "sun", "N") == ["bid.turn"]
    with pytest.raises(IllegalCall) as e:
        a.call("pass", Seat.N)
    assert e.value.reasons[0].params == {"seat": Seat.N, "to_act": Seat.E}
    assert a.call("pass", Seat.E).to_act == Seat.N


def test_bid_over_after_the_first_take():
    a = run(MOROCCAN, "S", "7H", "pass take")
    assert a.contract == Contract("hokm", H, Seat.N, Seat.N)
    assert a.to_act is None and a.is_over
    assert a.allowed() == [] and a.refusals() == {}
    with pytest.raises(IllegalCall) as e:
        a.verify("pass")
    assert e.value.reasons == [e.value.reasons[0]] and e.value.reasons[0].rule == "bid.over"
    assert e.value.reasons[0].params == {"seat": Seat.N}


@pytest.mark.parametrize(
    ("rules", "calls", "call"),
    [
        (SAUDI, "", "take"),
        (SAUDI, "", "hokm:S"),  # naming a suit is for round 2
        (SAUDI, "", "confirm"),  # nobody has called Hokm
        (SAUDI, "", "redeal"),  # option off
        (SAUDI, "", "double"),  # doubling comes after the auction
        (MOROCCAN, "", "hokm"),
        (MOROCCAN, "", "take:S"),
        (FRENCH, "", "sun"),
    ],
)
def test_bid_unknown_call_for_the_variant_or_round(rules, calls, call):
    a = run(rules, "S", "7H", calls)
    assert refused(a, call) == ["bid.unknown"]
    assert call not in a.allowed()


# ---------------------------------------------------------------- notation


def test_call_notation_round_trips():
    for text in ["pass", "hokm", "hokm:S", "sun", "ashkal", "confirm", "take", "take:C", "redeal", "gahwa"]:
        assert str(Call.parse(text)) == text
        assert eval(repr(Call.parse(text))) == Call.parse(text)
    assert Call.parse(" Hokm:d ") == Call("hokm", D)


def test_call_wala_is_read_as_pass():
    a = run(SAUDI, "S", "7H", "pass pass pass pass")
    a = a.call("wala")
    assert a.history[-1] == CallRecord(Seat.E, Call("pass"), 2)
    assert str(a.history[-1].call) == "pass"


@pytest.mark.parametrize("text", ["sun:S", "hokm:X", "hokm:", "bogus", "", 5, "pass:H"])
def test_call_bad_notation_raises(text):
    with pytest.raises(NotationError):
        Call.parse(text)


# ---------------------------------------------------------------- saudi round 1


def test_bid_sa_sun_ends_the_auction_at_once():
    a = run(SAUDI, "S", "7H", "sun")
    assert a.contract == Contract("sun", NO_TRUMP, Seat.E, Seat.E)
    assert a.to_act is None
    assert refused(a, "sun") == ["bid.sa.sun-ends"]


def test_bid_sa_sun_ends_even_after_a_hokm():
    a = run(SAUDI, "S", "7H", "pass hokm sun")
    assert a.contract == Contract("sun", NO_TRUMP, Seat.W, Seat.W)
    with pytest.raises(IllegalCall) as e:
        a.verify("pass")
    assert e.value.reasons[0].rule == "bid.sa.sun-ends"
    assert e.value.reasons[0].params == {"seat": Seat.W}


# The seat on the dealer's left (the third speaker); it and the dealer may say Ashkal.
LEFT = {"S": "W", "E": "S", "N": "E", "W": "N"}


@pytest.mark.parametrize("dealer", "SENW")
def test_bid_sa_ashkal_seat_third_speaker_and_dealer_only(dealer):
    a = run(SAUDI, dealer, "7H")
    may = set()
    for _ in range(4):
        seat = str(a.to_act)
        if "ashkal" in a.allowed():
            may.add(seat)
        else:
            assert [r.rule for r in a.refusals()["ashkal"]] == ["bid.sa.ashkal-seat"]
            assert a.refusals()["ashkal"][0].params["seats"] == [Seat.parse(LEFT[dealer]), Seat.parse(dealer)]
        a = a.call("pass")
    assert may == {LEFT[dealer], dealer}


def test_bid_sa_ashkal_is_sun_bought_for_the_partner():
    a = run(SAUDI, "S", "7H", "pass pass ashkal")
    assert a.contract == Contract("sun", NO_TRUMP, Seat.W, Seat.E)
    assert a.contract.team == Team.EW
    a = run(SAUDI, "S", "7H", "pass pass pass ashkal")
    assert a.contract == Contract("sun", NO_TRUMP, Seat.S, Seat.N)
    assert refused(a, "pass") == ["bid.sa.sun-ends"]


def test_bid_sa_ashkal_allowed_after_a_hokm_for_the_dealer():
    a = run(SAUDI, "S", "7H", "hokm pass pass")
    assert a.to_act == Seat.S
    assert a.allowed() == ["pass", "sun", "ashkal"]
    assert a.call("ashkal").contract == Contract("sun", NO_TRUMP, Seat.S, Seat.N)


def test_bid_sa_no_ashkal_on_ace_when_the_option_is_on():
    ace_rule = rules_for("saudi", {"no_ashkal_on_ace": True})
    a = run(ace_rule, "S", "AH", "pass pass")
    assert refused(a, "ashkal") == ["bid.sa.no-ashkal-on-ace"]
    assert a.refusals()["ashkal"][0].params == {"card": Card.parse("AH")}
    # Wrong seat and an Ace: both reasons.
    assert refused(run(ace_rule, "S", "AH"), "ashkal") == ["bid.sa.ashkal-seat", "bid.sa.no-ashkal-on-ace"]
    assert "ashkal" in run(ace_rule, "S", "KH", "pass pass").allowed()
    assert "ashkal" in run(SAUDI, "S", "AH", "pass pass").allowed()


def test_bid_sa_after_hokm_only_sun_ashkal_or_pass():
    # The example of docs/engine-cli.md: E passes, N says Hokm, W (the dealer's left) to act.
    a = run(SAUDI, "S", "7H", "pass hokm")
    assert a.to_act == Seat.W
    assert a.allowed() == ["pass", "sun", "ashkal"]
    assert list(a.refusals()) == ["hokm"]
    assert a.refusals()["hokm"][0].params == {"seat": Seat.N, "suit": H}
    # E, the first speaker, may not say Ashkal either.
    a = run(SAUDI, "S", "7H", "hokm")
    assert a.allowed() == ["pass", "sun"]
    assert refused(a, "ashkal") == ["bid.sa.ashkal-seat"]
    assert refused(a, "hokm") == ["bid.sa.after-hokm"]


def test_bid_sa_after_hokm_everyone_else_answers_once_then_the_bidder():
    # W (third) says Hokm: S, then E and N who passed before, then W is asked again.
    a = run(SAUDI, "S", "7H", "pass pass hokm")
    order = ""
    while a.to_act != Seat.W:
        order += str(a.to_act)
        a = a.call("pass")
    assert order == "SEN"
    assert a.allowed() == ["confirm", "sun"]
    # A player who passed before the Hokm may now overcall with Sun.
    b = run(SAUDI, "S", "7H", "pass pass hokm pass sun")
    assert b.contract == Contract("sun", NO_TRUMP, Seat.E, Seat.E)


def test_bid_sa_confirm_keeps_the_hokm():
    a = run(SAUDI, "E", "9D", "hokm pass pass pass")
    assert a.to_act == Seat.N
    a = a.call("confirm")
    assert a.contract == Contract("hokm", D, Seat.N, Seat.N)
    assert a.contract.as_json() == {"mode": "hokm", "trump": "D", "taker": "N", "receiver": "N"}
    assert refused(a, "pass") == ["bid.over"]


def test_bid_sa_confirm_or_turn_into_sun():
    a = run(SAUDI, "E", "9D", "hokm pass pass pass sun")
    assert a.contract == Contract("sun", NO_TRUMP, Seat.N, Seat.N)
    assert a.contract.as_json() == {"mode": "sun", "trump": None, "taker": "N", "receiver": "N"}


def test_bid_sa_confirm_refuses_anything_else():
    a = run(SAUDI, "E", "9D", "hokm pass pass pass")
    assert refused(a, "pass") == ["bid.sa.confirm"]
    assert refused(a, "hokm") == ["bid.sa.confirm"]
    assert refused(a, "ashkal") == ["bid.sa.confirm"]
    assert a.refusals()["pass"][0].params == {"seat": Seat.N, "suit": D}
    # The others may not confirm for the bidder, nor may he before they answered.
    assert refused(run(SAUDI, "E", "9D", "hokm"), "confirm") == ["bid.sa.confirm"]


# ---------------------------------------------------------------- saudi round 2


def test_bid_sa_second_hokm_suit_excludes_the_bidding_card_suit():
    a = run(SAUDI, "S", "7H", "pass pass pass pass")
    assert a.round == 2 and a.to_act == Seat.E
    assert a.allowed() == ["pass", "sun", "hokm:S", "hokm:D", "hokm:C"]
    assert a.refusals()["hokm:H"] == [a.refusals()["hokm:H"][0]]
    assert a.refusals()["hokm:H"][0].rule == "bid.sa.second-hokm-suit"
    assert a.refusals()["hokm:H"][0].params == {"suit": H}
    assert refused(a, "hokm") == ["bid.sa.second-hokm-suit"]
    a = a.call("hokm:C").call("pass").call("pass").call("pass").call("confirm")
    assert a.contract == Contract("hokm", C, Seat.E, Seat.E)


def test_bid_sa_second_round_after_hokm_and_sun():
    a = run(SAUDI, "S", "7H", "pass pass pass pass pass hokm:S")
    assert a.to_act == Seat.W
    assert refused(a, "hokm:D") == ["bid.sa.after-hokm"]
    assert a.allowed() == ["pass", "sun"]
    a = a.call("pass").call("pass").call("pass")
    assert a.to_act == Seat.N and a.allowed() == ["confirm", "sun"]
    assert a.call("sun").contract == Contract("sun", NO_TRUMP, Seat.N, Seat.N)


def test_bid_sa_no_ashkal_round2():
    a = run(SAUDI, "S", "7H", "pass pass pass pass pass pass")
    assert a.to_act == Seat.W  # the third speaker, who could say Ashkal in round 1
    assert refused(a, "ashkal") == ["bid.sa.no-ashkal-round2"]
    assert refused(a.call("pass"), "ashkal") == ["bid.sa.no-ashkal-round2"]


def test_bid_void_after_four_passes_twice_saudi():
    a = run(SAUDI, "S", "7H", "pass " * 7)
    assert a.contract is None and a.to_act == Seat.S
    a = a.call("pass")
    assert a.contract == Void("bid.void", Seat.E)
    assert a.contract.as_json() == {"void": True}
    with pytest.raises(IllegalCall) as e:
        a.verify("sun")
    assert e.value.reasons[0].rule == "bid.void"
    assert e.value.reasons[0].params == {"seat": Seat.E}


@pytest.mark.parametrize("rules", [MOROCCAN, FRENCH, rules_for("french", {"clockwise": True})])
def test_bid_void_after_four_passes_twice_belote(rules):
    a = run(rules, "N", "7H", "pass " * 8)
    next_dealer = Seat.E if rules.clockwise else Seat.W
    assert a.contract == Void("bid.void", next_dealer)
    assert refused(a, "take") == ["bid.void"]


# ---------------------------------------------------------------- saudi redeal option

REDEAL = rules_for("saudi", {"redeal_worthless_hand": True})


def test_is_worthless_hand_only_sevens_eights_nines():
    assert is_worthless_hand(cs("7S 8S 9H 7D 9C"))
    assert not is_worthless_hand(cs("7S 8S 9H 7D TC"))
    assert not is_worthless_hand(cs("7S 8S 9H 7D JC"))
    assert not is_worthless_hand([])


def test_bid_sa_redeal_a_worthless_hand():
    a = run(REDEAL, "S", "7H", "pass")
    poor, rich = cs("7S 8S 9H 7D 9C"), cs("7S 8S 9H 7D AC")
    assert a.allowed(poor) == ["pass", "hokm", "sun", "redeal"]
    assert a.allowed(rich) == ["pass", "hokm", "sun"]
    assert [r.rule for r in a.refusals(rich)["redeal"]] == ["bid.sa.redeal"]
    assert a.refusals(rich)["redeal"][0].params == {"round": 1, "cards": rich}
    assert refused(a, "redeal") == ["bid.sa.redeal"]  # hand not shown
    done = a.call("redeal", hand=poor)
    assert done.contract == Void("bid.sa.redeal", Seat.E)
    assert done.history[-1] == CallRecord(Seat.N, Call("redeal"), 1, tuple(poor))
    assert refused(done, "pass") == ["bid.over"]


def test_bid_sa_redeal_not_after_a_hokm_nor_in_round_2():
    poor = cs("7S 8S 9H 7D 9C")
    assert refused(run(REDEAL, "S", "7H", "hokm"), "redeal", hand=poor) == ["bid.sa.redeal"]
    assert refused(run(REDEAL, "S", "7H", "pass " * 4), "redeal", hand=poor) == ["bid.sa.redeal"]
    assert "redeal" not in run(REDEAL, "S", "7H", "hokm").refusals(poor)


# ---------------------------------------------------------------- moroccan and french


def test_bid_ma_forced_jack_first_speaker_must_take():
    a = run(MOROCCAN, "S", "JC")
    assert a.allowed() == ["take"]
    assert refused(a, "pass") == ["bid.ma.forced-jack"]
    assert a.refusals()["pass"][0].params == {"card": Card.parse("JC"), "seat": Seat.E}
    assert a.call("take").contract == Contract("hokm", C, Seat.E, Seat.E)


def test_bid_ma_forced_jack_only_for_a_jack_and_not_in_french():
    assert run(MOROCCAN, "S", "QC").allowed() == ["pass", "take"]
    assert run(FRENCH, "S", "JC").allowed() == ["pass", "take"]


def test_bid_ma_second_suit_differs_from_the_bidding_card():
    a = run(MOROCCAN, "S", "7H", "pass pass pass pass")
    assert a.allowed() == ["pass", "take:S", "take:D", "take:C"]
    assert refused(a, "take:H") == ["bid.ma.second-suit"]
    assert refused(a, "take") == ["bid.ma.second-suit"]
    assert a.refusals()["take:H"][0].params == {"suit": H}
    a = a.call("pass").call("take:D")
    assert a.contract == Contract("hokm", D, Seat.N, Seat.N)
    assert a.contract.as_json() == {"mode": "hokm", "trump": "D", "taker": "N", "receiver": "N"}


def test_bid_fr_second_suit_differs_from_the_bidding_card():
    a = run(FRENCH, "S", "7C", "pass pass pass pass")
    assert refused(a, "take:C") == ["bid.fr.second-suit"]
    assert a.call("take:S").contract == Contract("hokm", S, Seat.E, Seat.E)


def test_bid_fr_clockwise_taker_and_round_2():
    a = run(rules_for("french", {"clockwise": True}), "S", "7C", "pass pass pass pass pass")
    assert a.to_act == Seat.N
    assert a.call("take:H").contract == Contract("hokm", H, Seat.N, Seat.N)


# ---------------------------------------------------------------- values and history


def test_auction_call_returns_a_new_value():
    a = run(SAUDI, "S", "7H")
    b = a.call("pass")
    assert a.history == () and a.to_act == Seat.E
    assert b.history == (CallRecord(Seat.E, Call("pass"), 1),)
    assert b == run(SAUDI, "S", "7H", "pass")
    assert SaudiAuction(SAUDI, Seat.S, Card.parse("7H"), b.history) == b


def test_auction_history_is_checked_when_rebuilt():
    bad = (CallRecord(Seat.E, Call("hokm"), 1), CallRecord(Seat.N, Call("hokm"), 1))
    with pytest.raises(IllegalCall):
        SaudiAuction(SAUDI, Seat.S, Card.parse("7H"), bad)
    with pytest.raises(TypeError):
        SaudiAuction(MOROCCAN, Seat.S, Card.parse("7H"))


# ---------------------------------------------------------------- doubling

HOKM_NS = Contract("hokm", H, Seat.N, Seat.N)
SUN_NS = Contract("sun", NO_TRUMP, Seat.N, Seat.N)


def test_double_sa_who_the_ladder_alternates_teams():
    d = Doubling(SAUDI, HOKM_NS)
    assert d.multiplier == 1 and d.to_speak == Team.EW
    assert d.speakers == (Seat.W, Seat.E)  # either defender, from the buyer's right
    assert d.allowed(Seat.N) == []
    assert [r.rule for r in d.refusals(Seat.N)["double"]] == ["double.sa.who"]
    assert d.refusals(Seat.N)["double"][0].params == {"seat": Seat.N, "team": Team.EW, "call": "double"}
    steps = [("double", "W", 2, Team.NS), ("three", "N", 3, Team.EW), ("four", "W", 4, Team.NS)]
    for word, seat, multiplier, next_team in steps:
        d = d.call(word, Seat.parse(seat))
        assert (d.multiplier, d.to_speak, d.gahwa) == (multiplier, next_team, False)
    d = d.call("gahwa", Seat.N)
    assert (d.multiplier, d.gahwa, d.is_over) == (4, True, True)


def test_double_sa_who_three_and_gahwa_by_the_buyer_four_by_the_doubler():
    # Seed 000: «والمشتري يقدر يرد ثري، وصاحب الدبل فور، والمشتري قهوة».
    d = Doubling(SAUDI, HOKM_NS).call("double", Seat.E)
    assert d.speakers == (Seat.N,)
    assert d.allowed(Seat.S) == []  # the buyer's partner may not answer Three
    (reason,) = d.refusals(Seat.S)["three"]
    assert reason.rule == "double.sa.who"
    assert (reason.params["case"], reason.params["speaker"]) == ("buyer", Seat.N)
    assert d.allowed(Seat.N) == ["pass", "three"]
    d = d.call("three", Seat.N)
    assert d.speakers == (Seat.E,)
    (reason,) = d.refusals(Seat.W)["four"]  # the doubler's partner may not answer Four
    assert (reason.params["case"], reason.params["speaker"]) == ("doubler", Seat.E)
    d = d.call("four", Seat.E)
    assert d.speakers == (Seat.N,) and not d.can_call("gahwa", Seat.S)
    assert d.call("gahwa", Seat.N).gahwa


def test_double_sa_who_words_in_order():
    d = Doubling(SAUDI, HOKM_NS)
    with pytest.raises(IllegalCall) as e:
        d.verify("three", Seat.E)
    assert [r.rule for r in e.value.reasons] == ["double.sa.who"]
    assert e.value.reasons[0].params["call"] == "double"
    d = d.call("double", Seat.E)
    assert not d.can_call("four", Seat.W)
    assert not d.can_call("gahwa", Seat.N)
    assert d.allowed(Seat.N) == ["pass", "three"]


def test_double_sa_gahwa_decides_the_game_and_ends_the_doubling():
    d = Doubling(SAUDI, HOKM_NS)
    for word, seat in [("double", Seat.E), ("three", Seat.N), ("four", Seat.E), ("gahwa", Seat.N)]:
        d = d.call(word, seat)
    assert d.gahwa and d.to_speak is None
    with pytest.raises(IllegalCall) as e:
        d.verify("pass", Seat.E)
    assert [r.rule for r in e.value.reasons] == ["double.sa.gahwa"]


def test_double_sa_pass_closes_the_doubling():
    d = Doubling(SAUDI, HOKM_NS).call("double", Seat.E).call("pass", Seat.N)
    assert d.is_over and d.multiplier == 2 and not d.gahwa
    with pytest.raises(IllegalCall) as e:
        d.verify("three", Seat.N)
    assert e.value.reasons[0].rule == "bid.over"
    assert Doubling(SAUDI, HOKM_NS).call("pass", Seat.W).multiplier == 1


@pytest.mark.parametrize(
    ("ns", "ew", "may"),
    [(101, 100, True), (150, 0, True), (100, 50, False), (120, 101, False), (0, 0, False)],
)
def test_double_sa_sun_condition(ns, ew, may):
    d = Doubling(SAUDI, SUN_NS, (ns, ew))
    assert d.can_call("double", Seat.E) is may
    if not may:
        reason = d.refusals(Seat.E)["double"][0]
        assert reason.rule == "double.sa.sun-condition"
        assert reason.params == {"team": Team.NS, "buyer_score": ns, "doubler_score": ew}


def test_double_sa_sun_condition_only_double_exists_in_sun():
    d = Doubling(SAUDI, SUN_NS, (120, 80)).call("double", Seat.W)
    assert d.multiplier == 2 and d.is_over
    with pytest.raises(IllegalCall) as e:
        d.verify("three", Seat.N)
    assert [r.rule for r in e.value.reasons] == ["double.sa.sun-condition"]
    # Buyers EW this time: the scores are read by team.
    ew_sun = Contract("sun", NO_TRUMP, Seat.W, Seat.E)
    assert Doubling(SAUDI, ew_sun, (80, 120)).can_call("double", Seat.S)
    assert not Doubling(SAUDI, ew_sun, (120, 80)).can_call("double", Seat.S)


def test_double_sa_only_in_saudi():
    with pytest.raises(TypeError):
        Doubling(MOROCCAN, HOKM_NS)


# ---------------------------------------------------------------- first lead


@pytest.mark.parametrize("taker", list(Seat))
def test_lead_sa_first_after_the_dealer_whoever_bought(taker):
    c = Contract("hokm", S, taker, taker)
    assert first_leader(SAUDI, Seat.S, c) == Seat.E
    assert first_leader(SAUDI, Seat.W, c) == Seat.S
    assert first_lead(SAUDI, Seat.S, c).rule == "lead.sa.first"
    assert first_lead(SAUDI, Seat.S, c).params == {"seat": Seat.E, "dealer": Seat.S}


def test_lead_ma_first_after_the_taker():
    assert first_leader(MOROCCAN, Seat.S, Contract("hokm", S, Seat.N, Seat.N)) == Seat.W
    assert first_leader(MOROCCAN, Seat.S, Contract("hokm", S, Seat.W, Seat.W)) == Seat.S
    reason = first_lead(MOROCCAN, Seat.S, Contract("hokm", S, Seat.N, Seat.N))
    assert reason.rule == "lead.ma.first" and reason.params == {"seat": Seat.W, "taker": Seat.N}


def test_lead_fr_first_after_the_dealer_in_either_direction():
    c = Contract("hokm", S, Seat.N, Seat.N)
    assert first_leader(FRENCH, Seat.S, c) == Seat.E
    assert first_leader(rules_for("french", {"clockwise": True}), Seat.S, c) == Seat.W
    assert first_lead(FRENCH, Seat.S, c).rule == "lead.fr.first"


# ---------------------------------------------------------------- property

VARIANT_RULES = st.sampled_from(
    [
        SAUDI,
        rules_for("saudi", {"no_ashkal_on_ace": True}),
        REDEAL,
        MOROCCAN,
        FRENCH,
        rules_for("french", {"clockwise": True}),
    ]
)


@settings(max_examples=150, deadline=None)
@given(rules=VARIANT_RULES, dealer=st.sampled_from(list(Seat)), card=st.sampled_from(CARDS), data=st.data())
def test_bid_random_allowed_calls_always_end_in_a_contract_or_void(rules, dealer, card, data):
    a = new_auction(rules, dealer, card)
    limit = 12 if rules.name == "saudi" else 8
    for _ in range(limit):
        if a.is_over:
            break
        allowed = a.allowed()
        refusals = a.refusals()
        assert allowed, "an open auction always has a call"
        assert not set(allowed) & set(refusals)
        for call, reasons in refusals.items():
            assert reasons and not a.can_call(call)
        call = data.draw(st.sampled_from(allowed))
        assert a.can_call(call, a.to_act)
        a = a.call(call)
    assert a.is_over and a.to_act is None
    assert isinstance(a.contract, Contract | Void)
    if isinstance(a.contract, Contract):
        assert a.contract.receiver in (a.contract.taker, a.contract.taker.partner)
        assert (a.contract.trump == NO_TRUMP) == (a.contract.mode == "sun")


def test_double_sa_who_module_notes_name_the_one_player_of_each_answer():
    """The notes of engine.auction say what the doubling code does: Three and Gahwa are the buyer's
    alone, Four the doubler's alone (not "either member of the team")."""
    import engine.auction as auction

    notes = " ".join((auction.__doc__ or "").split())
    assert "either member" not in notes
    assert "only the buyer (the taker, not his partner) may answer Three and Gahwa" in notes
    assert "only the player who doubled may answer Four" in notes
    d = Doubling(rules_for("saudi"), Contract("hokm", 1, Seat.N, Seat.N)).call("double", Seat.W)
    assert d.speakers == (Seat.N,) and not d.can_call("three", Seat.S)
    d = d.call("three", Seat.N)
    assert d.speakers == (Seat.W,) and not d.can_call("four", Seat.E)
