"""Best-card positions: the JSON notation, the answer against brute force, the explanation's steps."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine import messages
from engine.cards import FULL_DECK, SEATS, Card, Seat, cards_of, mask_of
from engine.explain import Reason, Step
from engine.messages import DECKS, LANGUAGES, render
from engine.notation import InputError
from engine.play import legal_mask
from engine.ranking import LAST_TRICK_BONUS, POINTS, points_of, trick_winner_index
from engine.rule_ids import SOLVER_IDS
from engine.solver import BestCard, analyse, read_position, write_position
from engine.solver.explain import as_messages
from engine.tricks import TrickPlay

C = Card.parse


def with_points(obj: dict[str, Any], ns_share: float = 0.5) -> dict[str, Any]:
    """``obj`` with the finished tricks' points filled in, so that the deal adds up."""
    obj = copy.deepcopy(obj)
    trump = {"S": 0, "H": 1, "D": 2, "C": 3, None: 4}[obj["contract"]["trump"]]
    live = [C(c) for cards in obj["hands"].values() for c in cards] + [C(c) for _, c in obj.get("trick", [])]
    so_far = points_of(FULL_DECK, trump) - points_of(mask_of(live), trump)
    ns = int(so_far * ns_share)
    obj["points"] = {"NS": ns, "EW": so_far - ns}
    return obj


# Hand-made positions: every variant, Sun and Hokm, an empty trick and tricks of one to three cards.
POSITIONS: dict[str, dict[str, Any]] = {
    "saudi-sun-one-card": {
        "variant": "saudi",
        "contract": {"mode": "sun", "trump": None, "taker": "N"},
        "hands": {"N": ["AC", "7C", "TH"], "E": ["AD", "9H"],
                  "W": ["QC", "TD", "8S"], "S": ["JC", "KH", "AS"]},
        "trick": [["E", "KC"]],
    },
    "saudi-hokm-empty-trick": {
        "variant": "saudi",
        "contract": {"mode": "hokm", "trump": "H", "taker": "E"},
        "hands": {"S": ["JH", "AS", "7D"], "E": ["9H", "TS", "KD"],
                  "N": ["7H", "KS", "AD"], "W": ["8S", "QD", "TC"]},
        "leader": "S",
    },
    "saudi-hokm-ekka": {
        "variant": "saudi",
        "rules": {"ekka": True},
        "contract": {"mode": "hokm", "trump": "S", "taker": "S"},
        "hands": {"S": ["QD", "KH"], "E": ["9H", "QC"], "N": ["JS", "8C", "AH"], "W": ["7D", "7S", "TC"]},
        "trick": [["S", "KD"], ["E", "7H"]],
        "ekka": True,
    },
    "moroccan-two-cards": {
        "variant": "moroccan",
        "contract": {"mode": "hokm", "trump": "S", "taker": "W"},
        "hands": {"E": ["9S", "7S", "QD"], "N": ["TH", "JS", "8D"], "W": ["KH", "AD"], "S": ["QH", "7D"]},
        "trick": [["W", "7H"], ["S", "AH"]],
    },
    "french-three-cards": {
        "variant": "french",
        "contract": {"mode": "hokm", "trump": "D", "taker": "N"},
        "hands": {"N": ["QC", "7S"], "W": ["AS", "TH"], "S": ["JD", "8H"], "E": ["9D", "7D", "KH"]},
        "trick": [["N", "TC"], ["W", "8D"], ["S", "AC"]],
    },
    "french-clockwise": {
        "variant": "french",
        "rules": {"clockwise": True},
        "contract": {"mode": "hokm", "trump": "H", "taker": "S"},
        "hands": {"W": ["TC", "8H", "JS"], "N": ["AC", "7H", "KS"],
                  "E": ["7C", "QH", "AS"], "S": ["KD", "9H"]},
        "trick": [["S", "9C"]],
    },
    "french-no-taker": {
        "variant": "french",
        "contract": {"mode": "hokm", "trump": "C", "taker": None},
        "hands": {"S": ["JC", "AH", "7S", "TD"], "E": ["9C", "TH", "8S", "AD"],
                  "N": ["7C", "KH", "QS", "KD"], "W": ["8C", "QH", "AS", "7D"]},
        "leader": "W",
    },
}  # fmt: skip


def read(name: str):
    return read_position(with_points(POSITIONS[name]))


def brute_force_ns(p, hands: list[int], leader: int, trick: list[int]) -> int:
    """NS's card points from here with best play: every legal card, no pruning."""
    rules, trump, step = p.rules, p.trump, p.step
    if len(trick) == 4:
        winner = (leader + step * trick_winner_index(trick, trump)) % 4
        won = sum(POINTS[trump][c] for c in trick)
        if not any(hands):
            return won + LAST_TRICK_BONUS if winner % 2 == 0 else 0
        return (won if winner % 2 == 0 else 0) + brute_force_ns(p, hands, winner, [])
    seat = (leader + step * len(trick)) % 4
    ekka = p.ekka and trick[: len(p.trick)] == p.trick and leader == p.leader and bool(p.trick)
    results = []
    for c in cards_of(legal_mask(hands[seat], trick, trump, rules, ekka)):
        hands[seat] ^= 1 << c
        results.append(brute_force_ns(p, hands, leader, [*trick, c]))
        hands[seat] ^= 1 << c
    return max(results) if seat % 2 == 0 else min(results)


def brute_force_values(p) -> dict[Card, int]:
    """The to-play team's points from here after each legal card."""
    hands = list(p.hands)
    team = p.to_play & 1
    values = {}
    rest = sum(POINTS[p.trump][c] for c in p.trick) + points_of(
        hands[0] | hands[1] | hands[2] | hands[3], p.trump
    )
    for c in cards_of(p.legal()):
        hands[p.to_play] ^= 1 << c
        ns = brute_force_ns(p, hands, p.leader, [*p.trick, c])
        hands[p.to_play] ^= 1 << c
        values[c] = ns if team == 0 else rest + LAST_TRICK_BONUS - ns
    return values


def replay_is_legal(p, line: list[tuple[Seat, Card]]) -> bool:
    """Every card of ``line`` is held by the seat whose turn it is, and legal then."""
    hands = list(p.hands)
    trick, leader = list(p.trick), p.leader
    ekka = p.ekka
    for seat, c in line:
        if seat != (leader + p.step * len(trick)) % 4:
            return False
        if not legal_mask(hands[seat], trick, p.trump, p.rules, ekka) >> c & 1:
            return False
        hands[seat] ^= 1 << c
        trick.append(c)
        if len(trick) == 4:
            leader = SEATS[(leader + p.step * trick_winner_index(trick, p.trump)) % 4]
            trick, ekka = [], False
    return not any(hands) and not trick


def assert_clean(text: str, what: object) -> None:
    assert text, what
    assert "{" not in text and "}" not in text, (what, text)
    assert messages.MISSING not in text, (what, text)


# ---------------------------------------------------------------- the answer


@pytest.mark.parametrize("name", POSITIONS)
def test_best_cards_are_those_of_brute_force(name: str) -> None:
    p = read(name)
    answer = analyse(p)
    values = brute_force_values(p)
    top = max(values.values())
    assert sorted(answer.best) == sorted(c for c, v in values.items() if v == top)
    assert answer.steps[0].params["points"] == top


@pytest.mark.parametrize("name", POSITIONS)
def test_why_not_loses_the_value_difference(name: str) -> None:
    p = read(name)
    answer = analyse(p)
    values = brute_force_values(p)
    top = max(values.values())
    for c, v in values.items():
        reasons = answer.why_not(c)
        if v == top:
            assert reasons == []
            continue
        loses = reasons[0]
        assert loses.rule == "solve.loses"
        assert loses.params["points"] == top - v == answer.loss(c)
        assert (loses.params["got"], loses.params["could"]) == (v, top)
        assert loses.params["best"] == answer.best


@pytest.mark.parametrize("name", POSITIONS)
def test_steps_add_up_and_the_line_is_legal(name: str) -> None:
    p = read(name)
    answer = analyse(p)
    best, *tricks = answer.steps
    outcome = None
    if tricks[-1].rule == "solve.outcome":
        *tricks, outcome = tricks
    assert best.rule == "solve.best" and all(s.rule == "solve.trick" for s in tricks)
    team = p.to_play & 1
    assert sum(s.params["points"] for s in tricks) == best.params["total"]
    assert sum(s.params["points"] for s in tricks if s.params["seat"] & 1 == team) == best.params["points"]
    assert best.params["hand_points"] == p.points_so_far[team] + best.params["points"]
    assert [s.params["n"] for s in tricks] == list(range(9 - len(tricks), 9))
    assert [s.params.get("last", False) for s in tricks] == [False] * (len(tricks) - 1) + [True]
    plays = [play for s in tricks for play in s.params["cards"]]
    assert plays[: len(p.trick)] == p.plays()
    assert replay_is_legal(p, plays[len(p.trick) :])
    assert plays[len(p.trick)][1] in answer.best
    if p.taker is None:
        assert outcome is None
    else:
        assert outcome is not None and outcome.params["team"] == p.taker
        assert outcome.params["outcome"] == answer.solution.outcome(answer.best[0])


@pytest.mark.parametrize("name", POSITIONS)
def test_why_not_line_replays_and_adds_up(name: str) -> None:
    p = read(name)
    answer = analyse(p)
    for c in answer.legal:
        if c in answer.best:
            continue
        loses, *rest = answer.why_not(c)
        tricks = [r for r in rest if r.rule == "solve.trick"]
        plays = [play for r in tricks for play in r.params["cards"]]
        assert plays[len(p.trick)] == (p.to_play, c)
        assert replay_is_legal(p, plays[len(p.trick) :])
        team = p.to_play & 1
        assert sum(r.params["points"] for r in tricks if r.params["seat"] & 1 == team) == loses.params["got"]


def test_why_not_an_illegal_card_gives_the_rules_reasons() -> None:
    p = read("moroccan-two-cards")  # East, void in hearts, must trump over an opponent's ace
    answer = analyse(p)
    reasons = answer.why_not(C("QD"))
    assert [r.rule for r in reasons] == ["play.must-trump"]
    with pytest.raises(ValueError):
        answer.why_not(C("AS"))  # not in East's hand


def test_why_not_a_discard_over_partners_ruff_cites_must_overruff() -> None:
    p = read("french-three-cards")  # East may discard, but a trump must beat partner's 8D
    assert [r.rule for r in analyse(p).why_not(C("7D"))] == ["play.must-overruff"]


def test_ruff_with_the_nine_before_north_jack_can_take_it() -> None:
    answer = analyse(read("moroccan-two-cards"))
    assert isinstance(answer, BestCard)
    # Kept, the 9 (14 points) would fall under North's Jack; ruffing with it banks it now.
    assert answer.best == [C("9S")]
    assert answer.loss(C("7S")) > 0


# ---------------------------------------------------------------- rendering


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("deck", DECKS)
def test_explanations_render_in_every_language_and_deck(name: str, lang: str, deck: str) -> None:
    p = read(name)
    answer = analyse(p)
    items: list[Reason | Step] = list(answer.steps)
    for c in answer.legal:
        items += answer.why_not(c)
    for item in items:
        assert_clean(render(item, p.variant, lang, deck), (item, lang, deck))
    for shown in as_messages(items, p.variant, lang, deck):
        assert shown["rule"] in SOLVER_IDS


def test_plays_render_as_seat_and_card() -> None:
    step = Step(
        "solve.trick",
        {
            "n": 8,
            "cards": [(Seat.S, C("7H")), (Seat.E, C("8H"))],
            "seat": Seat.E,
            "card": C("8H"),
            "points": 10,
            "last": True,
        },
    )
    assert render(step, "french", "en") == (
        "Trick 8, the last: South: 7♥ and East: 8♥. East wins it with 8♥: 10 card points, "
        "the last trick's 10 included."
    )
    # Plays given as notation render the same.
    as_text = Step("solve.trick", {**step.params, "cards": [["S", "7H"], ["E", "8H"]]})
    assert render(as_text, "french", "en") == render(step, "french", "en")
    assert "أكلة" in render(step, "saudi", "ar") and "أخذة" in render(step, "moroccan", "ar")
    assert "4 de copas" in render(step, "moroccan", "fr", "spanish")


def test_solver_ids_are_not_rules_of_rules_md() -> None:
    from engine.rule_ids import RULE_IDS

    assert not set(SOLVER_IDS) & set(RULE_IDS)
    for rule in SOLVER_IDS:
        for lang in LANGUAGES:
            assert messages.rule_title(rule, "saudi", lang) != f"title:{rule}"


# ---------------------------------------------------------------- the notation


@pytest.mark.parametrize("name", POSITIONS)
def test_positions_round_trip(name: str) -> None:
    p = read(name)
    obj = write_position(p)
    assert read_position(obj) == p
    assert write_position(read_position(obj)) == obj


def test_to_play_follows_the_variant_direction() -> None:
    assert read("french-clockwise").to_play == Seat.W  # clockwise: after South comes West
    assert read("saudi-sun-one-card").to_play == Seat.N  # counter-clockwise: after East comes North
    assert read("saudi-hokm-empty-trick").to_play == Seat.S  # empty trick: the leader


def mutated(name: str, change) -> dict[str, Any]:
    obj = with_points(POSITIONS[name])
    change(obj)
    return obj


ERRORS = [
    ("unknown field", lambda o: o.update(colour="red"), "unknown-field", "colour"),
    ("no variant", lambda o: o.pop("variant"), "missing-field", "variant"),
    ("unknown variant", lambda o: o.update(variant="belote"), "unknown-variant", "variant"),
    ("bad option", lambda o: o.update(rules={"ekka": 3}), "bad-option", "rules.ekka"),
    ("contract field", lambda o: o["contract"].update(doubled=True), "unknown-field", "contract.doubled"),
    ("bad mode", lambda o: o["contract"].update(mode="take"), "bad-field", "contract.mode"),
    ("sun with a trump", lambda o: o["contract"].update(trump="H"), "bad-field", "contract.trump"),
    ("bad trump", lambda o: o["contract"].update(mode="hokm", trump="X"), "unknown-suit", "contract.trump"),
    ("bad taker", lambda o: o["contract"].update(taker="Q"), "unknown-seat", "contract.taker"),
    ("bad card", lambda o: o["hands"]["N"].__setitem__(0, "1H"), "unknown-card", "hands.N[0]"),
    ("card twice", lambda o: o["hands"]["S"].__setitem__(0, "AC"), "duplicate-card", "hands.S[0]"),
    (
        "card in trick and hand",
        lambda o: o["hands"]["S"].__setitem__(0, "KC"),
        "duplicate-card",
        "hands.S[0]",
    ),
    ("hand missing", lambda o: o["hands"].pop("W"), "missing-field", "hands.W"),
    ("wrong count", lambda o: o["hands"]["W"].pop(), "hand-size", "hands.W"),
    ("played seat holds too many", lambda o: o["hands"]["E"].append("7S"), "hand-size", "hands.E"),
    ("trick out of turn", lambda o: o["trick"].append(["S", "7S"]), "out-of-turn", "trick[1][0]"),
    ("leader disagrees", lambda o: o.update(leader="S"), "out-of-turn", "leader"),
    ("points do not add up", lambda o: o["points"].update(NS=0), "card-points", "points"),
    ("negative points", lambda o: o["points"].update(NS=-4), "bad-field", "points.NS"),
    ("points missing", lambda o: o.pop("points"), "card-points", "points"),
    (
        "ekka with an empty trick",
        lambda o: o.update(trick=[], leader="E", ekka=True, hands={**o["hands"], "E": ["AD", "9H", "KC"]}),
        "bad-field",
        "ekka",
    ),
]


@pytest.mark.parametrize(("label", "change", "code", "field"), ERRORS, ids=[e[0] for e in ERRORS])
def test_read_position_names_the_field(label: str, change, code: str, field: str) -> None:
    obj = mutated("saudi-sun-one-card", change)
    with pytest.raises(InputError) as e:
        read_position(obj)
    assert (e.value.code, e.value.field) == (code, field)


def test_read_position_more_errors() -> None:
    def fails(obj: Any) -> tuple[str, str | None]:
        with pytest.raises(InputError) as e:
            read_position(obj)
        return e.value.code, e.value.field

    assert fails([1, 2]) == ("not-object", None)
    no_leader = mutated("saudi-hokm-empty-trick", lambda o: o.pop("leader"))
    assert fails(no_leader) == ("missing-field", "leader")
    sun = mutated("french-clockwise", lambda o: o["contract"].update(mode="sun", trump=None))
    assert fails(sun) == ("no-sun", "contract.mode")
    ekka = mutated("french-clockwise", lambda o: o.update(ekka=False))
    assert fails(ekka) == ("unknown-field", "ekka")
    over = {
        "variant": "french",
        "contract": {"mode": "hokm", "trump": "S"},
        "hands": {"N": [], "E": [], "S": [], "W": []},
        "leader": "N",
        "points": {"NS": 100, "EW": 52},
    }
    assert fails(over) == ("hand-size", "hands.N")
    seats = mutated("moroccan-two-cards", lambda o: o["trick"].__setitem__(1, ["N", "7H"]))
    assert fails(seats) == ("out-of-turn", "trick[1][0]")


def test_whole_deal_position_from_a_trickplay() -> None:
    """A position written from a game in progress reads back to the same hands and turn."""
    p = read("french-no-taker")
    t = TrickPlay(p.rules, p.hands, p.trump, p.leader)
    t.push(cards_of(t.legal())[0])
    t.push(cards_of(t.legal())[0])
    obj = write_position(p)
    obj["hands"] = {str(s): [str(c) for c in cards_of(t.hands[s])] for s in SEATS}
    obj["trick"] = [[str(m.seat), str(m.card)] for m in t.moves]
    q = read_position(obj)
    assert q.to_play == t.to_play and list(q.hands) == t.hands and q.trick == t.trick
