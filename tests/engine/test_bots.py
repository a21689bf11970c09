"""Practice bots: they see only their seat's View, answer only with allowed calls and legal cards,
infer voids as the rules of play allow (docs/rules.md §2), and the strongest beats random play."""

from __future__ import annotations

import random
import statistics

import pytest

from engine.auction import Contract
from engine.bots import Bot, HeuristicBot, RandomBot, View, play_hand, step, view_of
from engine.bots.auction_model import finish_auction
from engine.bots.heuristic import heuristic_call
from engine.bots.knowledge import infer
from engine.bots.policy import choose_card
from engine.bots.sampling import sample_hands
from engine.bots.strong import StrongBot, representatives
from engine.cards import CARDS, FULL_DECK, SEATS, SUIT_MASK, Card, Seat, Team, cards_of, mask_of
from engine.hand import Called, Hand, Phase
from engine.play import legal_mask
from engine.ranking import NO_TRUMP
from engine.tricks import Played
from engine.variants import rules_for

S, H, D, C = range(4)

RULE_SETS = [
    ("saudi", {}),
    ("saudi", {"overtrump_on_trump_lead": False, "redeal_worthless_hand": True}),
    ("moroccan", {}),
    ("french", {}),
    ("french", {"always_undertrump": True, "clockwise": True}),
]


def cs(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


class Checked(Bot):
    """Asserts that every answer is allowed, and that every seat's inferences hold on the real hands."""

    def __init__(self, bot: Bot, hand: Hand) -> None:
        self.bot = bot
        self.hand = hand

    def bid(self, view: View) -> str:
        call = self.bot.bid(view)
        assert call in view.choices
        return call

    def double(self, view: View) -> str:
        word = self.bot.double(view)
        assert word in view.choices
        return word

    def play(self, view: View) -> Card:
        check_knowledge(self.hand, view.seat)
        card = self.bot.play(view)
        assert view.legal >> card & 1, f"{card} is not among {cards_of(view.legal)}"
        assert view.hand == self.hand.tricks.hands[view.seat]  # type: ignore[union-attr]
        return card


def check_knowledge(hand: Hand, seat: Seat) -> None:
    """The seat's inferences are true of the real hands, and a sample respects them."""
    k = infer(view_of(hand, seat))
    real = hand.tricks.hands  # type: ignore[union-attr]
    for s in SEATS:
        assert k.counts[s] == real[s].bit_count()
        assert k.known[s] & real[s] == k.known[s], f"{s} is said to hold a card it does not hold"
        assert not k.forbidden[s] & real[s], f"{s} is said not to hold {cards_of(k.forbidden[s] & real[s])}"
    sample = sample_hands(k, random.Random(len(hand.tricks.moves)))  # type: ignore[union-attr]
    assert sample[seat] == real[seat]
    assert sample[0] | sample[1] | sample[2] | sample[3] == real[0] | real[1] | real[2] | real[3]
    for s in SEATS:
        assert sample[s].bit_count() == k.counts[s]
        assert sample[s] & k.known[s] == k.known[s] and not sample[s] & k.forbidden[s]


@pytest.mark.parametrize("variant,options", RULE_SETS)
def test_bots_choose_only_allowed_calls_and_legal_cards(variant, options):
    rules = rules_for(variant, options)
    for i in range(16):
        hand = Hand(rules, SEATS[i % 4], seed=100 + i)
        if i < 8:
            bots: list[Bot] = [RandomBot(seed=i * 4 + s) for s in range(4)]
        else:
            bots = [HeuristicBot(), RandomBot(seed=i), HeuristicBot(), RandomBot(seed=i + 1)]
        play_hand(hand, [Checked(b, hand) for b in bots])
        assert hand.phase in (Phase.DONE, Phase.VOID)
    hand = Hand(rules, Seat.N, seed=7)
    strong = StrongBot(seed=1, samples=3, budget_ms=None)
    play_hand(hand, [Checked(b, hand) for b in (strong, HeuristicBot(), strong, RandomBot(seed=2))])


def test_view_shows_only_the_seat_own_cards():
    rules = rules_for("french")
    hand = Hand(rules, Seat.S, seed=21)
    first = view_of(hand, Seat.E)
    assert first.hand == hand.first.hands[Seat.E] and first.hand.bit_count() == 5
    while hand.phase is Phase.AUCTION:
        step(hand, [HeuristicBot()] * 4)
    if hand.phase is Phase.VOID:
        pytest.skip("void deal")
    for seat in SEATS:
        view = view_of(hand, seat)
        assert view.hand == hand.full_hands[seat]
        assert view.unseen == FULL_DECK & ~hand.full_hands[seat]
        shown = [other for other, _ in view.projects]
        assert shown in ([], [seat]), "other seats' projects are not shown before the second trick"


def swap_deck(deck: list[Card], a: Card, b: Card) -> list[Card]:
    out = list(deck)
    i, j = out.index(a), out.index(b)
    out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("variant", ["saudi", "moroccan", "french"])
def test_view_hides_other_hands_same_view_same_choice(variant):
    """Exchange two hidden cards between E and N: S's View and S's choices do not change."""
    rules = rules_for(variant)
    deck = list(CARDS)
    random.Random(5).shuffle(deck)
    trump = H
    contract = Contract("hokm", trump, Seat.E, Seat.E)
    # Dealer W: S leads in french and saudi; moroccan's leader follows the taker (N).
    dealer = Seat.W
    one = Hand.with_contract(rules, dealer, contract, deck=deck)
    bots = [HeuristicBot()] * 4
    for _ in range(6):
        step(one, bots)
    while one.to_play != Seat.S:
        step(one, bots)
    moves = [p.card for p in one.tricks.moves]  # type: ignore[union-attr]
    # Two cards of one plain suit still hidden from S, one with E and one with N.
    e_cards = one.tricks.hands[Seat.E]  # type: ignore[union-attr]
    n_cards = one.tricks.hands[Seat.N]  # type: ignore[union-attr]
    pairs = [
        (a, b)
        for a in cards_of(e_cards)
        for b in cards_of(n_cards)
        if a.suit == b.suit != trump and a != one.first.bidding_card and b != one.first.bidding_card
    ]
    # Keep a pair that leaves the declarations as they were (they are shown from the second trick).
    two = next(
        h
        for h in (Hand.with_contract(rules, dealer, contract, deck=swap_deck(deck, a, b)) for a, b in pairs)
        if h.declared == one.declared
    )
    for c in moves:
        two.play(c)
    assert two.full_hands[Seat.E] != one.full_hands[Seat.E], "the hidden hands differ"
    assert view_of(one, Seat.S) == view_of(two, Seat.S)
    assert view_of(one, Seat.E) != view_of(two, Seat.E), "E sees the difference"
    for make in (HeuristicBot, lambda: StrongBot(seed=3, samples=6, budget_ms=None)):
        assert make().play(view_of(one, Seat.S)) == make().play(view_of(two, Seat.S))


def test_view_hides_other_hands_in_the_auction():
    rules = rules_for("saudi")
    deck = list(CARDS)
    random.Random(8).shuffle(deck)
    one = Hand(rules, Seat.W, deck=deck)
    # Dealing starts after the dealer: S, E, N, W get 3 cards each, then 2 each.
    e_card, n_card = deck[3], deck[6]
    two = Hand(rules, Seat.W, deck=swap_deck(deck, e_card, n_card))
    assert one.first.hands[Seat.E] != two.first.hands[Seat.E]
    assert view_of(one, Seat.S) == view_of(two, Seat.S)
    for make in (HeuristicBot, lambda: StrongBot(seed=4, samples=4, budget_ms=None)):
        assert make().bid(view_of(one, Seat.S)) == make().bid(view_of(two, Seat.S))


# ---------------------------------------------------------------- void inference


def scripted_view(variant: str, trump: int, mine: str, plays: list[tuple[Seat, str]], leader: Seat) -> View:
    """S's View after ``plays`` (from the first trick on); S holds ``mine`` and took the contract."""
    rules = rules_for(variant)
    my_cards = cs(mine)
    contract = Contract("sun" if trump == NO_TRUMP else "hokm", trump, Seat.S, Seat.S)
    played = tuple(Played(seat, Card.parse(c), i // 4) for i, (seat, c) in enumerate(plays))
    trick = tuple(p.card for p in played[len(played) - len(played) % 4 :])
    return View(
        rules=rules, seat=Seat.S, phase=Phase.PLAY, dealer=Seat.W, hand=mask_of(my_cards),
        bidding_card=my_cards[0], calls=(), contract=contract, doubles=(), multiplier=1, gahwa=False,
        projects=(), belote=None, plays=played, leader=leader, trick=trick, to_act=None, choices=(),
        legal=0, game_score=(0, 0), pot=0,
    )  # fmt: skip


def forbidden_cards(view: View, seat: Seat, suit: int) -> list[str]:
    k = infer(view)
    return sorted(str(c) for c in cards_of(k.forbidden[seat] & SUIT_MASK[suit] & k.unseen))


MINE = "AS KS 7D 8D QD KD 8C TC"


def test_inference_play_must_follow_a_discard_proves_a_void():
    # Sun: E leads the ace of hearts, N plays a spade.
    view = scripted_view("saudi", NO_TRUMP, MINE, [(Seat.E, "AH"), (Seat.N, "7S")], leader=Seat.E)
    assert infer(view).void_suits(Seat.N) == [H]
    assert infer(view).void_suits(Seat.E) == []


def test_inference_play_must_trump_against_an_opponent_proves_no_trump():
    # Diamonds trump: E leads a heart and wins; N (E's opponent) neither follows nor trumps.
    view = scripted_view("moroccan", D, MINE, [(Seat.E, "AH"), (Seat.N, "7S")], leader=Seat.E)
    assert sorted(infer(view).void_suits(Seat.N)) == [H, D]


def test_inference_play_partner_winning_a_discard_proves_no_trump_void():
    # E leads the ace of hearts and wins; W (E's partner) discards a club: void in hearts,
    # but its trumps (diamonds) stay possible.
    plays = [(Seat.E, "AH"), (Seat.N, "7H"), (Seat.W, "9C")]
    view = scripted_view("moroccan", D, MINE, plays, leader=Seat.E)
    assert infer(view).void_suits(Seat.W) == [H]
    assert forbidden_cards(view, Seat.W, D) == []
    # The same discard with an opponent (N) winning the trick proves a trump void.
    plays = [(Seat.E, "7H"), (Seat.N, "AH"), (Seat.W, "9C")]
    view = scripted_view("moroccan", D, MINE, plays, leader=Seat.E)
    assert sorted(infer(view).void_suits(Seat.W)) == [H, D]


def test_inference_play_must_overtrump_proves_no_higher_trump():
    # Clubs trump, led by E; N plays the king; W plays the seven under it: no 9, A or J of trump
    # (S holds the ten).
    plays = [(Seat.E, "QC"), (Seat.N, "KC"), (Seat.W, "7C")]
    for variant in ("moroccan", "french", "saudi"):
        view = scripted_view(variant, C, MINE, plays, leader=Seat.E)
        assert forbidden_cards(view, Seat.W, C) == ["9C", "AC", "JC"], variant


def test_inference_saudi_no_overtrump_over_partner_proves_nothing():
    # E leads the king of trump; N (an opponent of E) plays the queen: no higher trump.
    # W plays the seven under its partner's king: in saudi that proves nothing.
    plays = [(Seat.E, "KC"), (Seat.N, "QC"), (Seat.W, "7C")]
    view = scripted_view("saudi", C, MINE, plays, leader=Seat.E)
    assert forbidden_cards(view, Seat.N, C) == ["9C", "AC", "JC"]
    assert forbidden_cards(view, Seat.W, C) == []
    # In moroccan the duty holds even over the partner.
    view = scripted_view("moroccan", C, MINE, plays, leader=Seat.E)
    assert forbidden_cards(view, Seat.W, C) == ["9C", "AC", "JC"]


def test_inference_french_must_overruff_over_partner_when_trumping():
    # N leads a heart; W trumps with the nine; S trumps with the eight; E (W's partner, winning)
    # trumps with the seven: void in hearts, no trump above the nine (the Jack), other trumps possible.
    plays = [(Seat.N, "AH"), (Seat.W, "9C"), (Seat.S, "8C"), (Seat.E, "7C")]
    view = scripted_view("french", C, MINE, plays, leader=Seat.N)
    assert H in infer(view).void_suits(Seat.E)
    assert forbidden_cards(view, Seat.E, C) == ["JC"]
    # Moroccan has no such duty: undertrumping a partner proves nothing.
    view = scripted_view("moroccan", C, MINE, plays, leader=Seat.N)
    assert forbidden_cards(view, Seat.E, C) == []


def test_inference_the_bidding_card_is_with_the_receiver():
    rules = rules_for("moroccan")
    hand = Hand.with_contract(rules, Seat.S, Contract("hokm", S, Seat.N, Seat.N), seed=3)
    k = infer(view_of(hand, Seat.S))
    assert k.known[Seat.N] >> hand.first.bidding_card & 1
    assert k.forbidden[Seat.E] >> hand.first.bidding_card & 1


def test_sampling_respects_voids_and_counts():
    plays = [(Seat.E, "AH"), (Seat.N, "7C"), (Seat.W, "KH")]  # N: no hearts, no trumps (diamonds)
    view = scripted_view("moroccan", D, MINE, plays, leader=Seat.E)
    k = infer(view)
    rng = random.Random(2)
    for _ in range(200):
        hands = sample_hands(k, rng)
        assert not hands[Seat.N] & (SUIT_MASK[H] | SUIT_MASK[D])
        assert [h.bit_count() for h in hands] == [8, 7, 7, 7]


def test_representatives_merge_adjacent_zero_point_cards():
    hand = mask_of(cs("7S 8S 9S AS"))
    live = hand | mask_of(cs("KS"))
    assert sorted(CARDS[c] for c in representatives(hand, live, NO_TRUMP)) == cs("7S AS")
    # Spades trump: 7 8 are adjacent and worth nothing; the 9 is worth 14 and ranks above the ace.
    live = hand | mask_of(cs("QS"))
    assert sorted(CARDS[c] for c in representatives(hand, live, S)) == cs("7S 9S AS")


# ---------------------------------------------------------------- strength


def test_strong_bot_beats_random_bots():
    """The strong team takes clearly more card points than random players.

    Each deal is played twice with the same contract and the teams swapped, so the
    cards' luck cancels in the deal's mean margin; the contracts are fixed so that the
    random calls of the auction add no noise. Over 36 deals the mean margin must be
    more than 2.5 standard errors above zero (random players are less hopeless than
    they sound: following suit and trumping are forced).
    """
    margins = []
    for variant in ("saudi", "moroccan", "french"):
        rules = rules_for(variant)
        for deal in range(12):
            taker = SEATS[deal % 4]
            contract = Contract("hokm", deal % 4, taker, taker)
            margin = 0
            for strong_team in (Team.NS, Team.EW):
                strong = StrongBot(seed=deal, samples=10, budget_ms=None)
                bots: list[Bot] = [
                    strong if s.team == strong_team else RandomBot(seed=deal * 4 + s) for s in SEATS
                ]
                hand = Hand.with_contract(rules, SEATS[(deal + 3) % 4], contract, seed=deal)
                play_hand(hand, bots)
                points = hand.tricks.points  # type: ignore[union-attr]
                margin += points[strong_team] - points[strong_team.other]
            margins.append(margin / 2)
    mean = statistics.mean(margins)
    se = statistics.stdev(margins) / len(margins) ** 0.5
    assert mean > 2.5 * se, f"mean margin {mean:.1f} card points, standard error {se:.1f}"


@pytest.mark.parametrize("variant,options", RULE_SETS)
def test_auction_model_sells_what_the_auction_sells(variant, options):
    """The simulations' model of a rule-of-thumb auction agrees with the real auction."""
    rules = rules_for(variant, options)
    bots = [HeuristicBot()] * 4
    for i in range(60):
        hand = Hand(rules, SEATS[i % 4], seed=900 + i)
        while hand.phase is Phase.AUCTION:
            step(hand, bots)
        modelled = finish_auction(rules, hand.dealer, hand.first.bidding_card, [], hand.first.hands)
        assert modelled == hand.contract, f"deal {i}"
        calls = [e.call for e in hand.events if isinstance(e, Called)]
        for k in range(len(calls)):
            resumed = finish_auction(rules, hand.dealer, hand.first.bidding_card, calls[:k], hand.first.hands)
            assert resumed == hand.contract


# ---------------------------------------------------------------- rules of thumb


def choose(hand: str, trick: str, trump: int, out: str, attack: bool = False, taker: bool = False) -> str:
    rules = rules_for("moroccan")
    mine = mask_of(cs(hand))
    legal = legal_mask(mine, cs(trick), trump, rules)
    return str(CARDS[choose_card(mine, legal, cs(trick), trump, mask_of(cs(out)), attack, taker)])


def test_heuristic_gives_points_to_a_partner_sure_to_win():
    # Hearts trump. N (partner) leads the ace of spades, E follows; S is last and void in spades.
    assert choose("TD 7D KC", "AS 7S", H, "8S 9S QD AD") == "TD"
    # The partner's card can still be beaten (the ace is out): play low.
    assert choose("TD 7D KC", "KS 7S", H, "AS 9S QD AD") == "7D"


def test_heuristic_wins_cheaply_when_last():
    assert choose("AS TS 8S", "QS 7S KS", H, "") == "TS"


def test_heuristic_plays_the_master_card_when_others_follow():
    # Second to play with the ace of the led suit, more spades out: the ace holds.
    assert choose("AS 8S 7D", "KS", H, "QS 9S 7S JD TD 8D 9D") == "AS"


def test_heuristic_does_not_waste_a_high_trump_on_a_worthless_trick():
    # Last to play, void in spades, the partner (second) wins a pointless trick: no trump duty,
    # and ruffing with the Jack would gain nothing.
    assert choose("JH 7D 8C", "7S 9S 8S", H, "") in ("7D", "8C")


def test_heuristic_discards_low():
    # Cannot follow, cannot beat, an opponent wins (Sun): the lowest-value card goes.
    assert choose("AD 7C KH", "7S AS", NO_TRUMP, "KS QS") == "7C"


def test_heuristic_leads_the_master_trump_when_taking():
    assert choose("JH 9H 7H AS 8C", "", H, "AH TH KH 7S KS", attack=True, taker=True) == "JH"
    # A defender leads its master plain card instead.
    assert choose("JH 9H 7H AS 8C", "", H, "AH TH KH 7S KS") == "AS"


def test_heuristic_bids_by_strength():
    up = Card.parse("7H")
    assert heuristic_call("saudi", ("pass", "hokm", "sun"), mask_of(cs("JH 9H 8S 7D 8C")), up) == "hokm"
    assert heuristic_call("saudi", ("pass", "hokm", "sun"), mask_of(cs("AS TS AD TD AC")), up) == "sun"
    assert heuristic_call("saudi", ("pass", "hokm", "sun"), mask_of(cs("7S 8S 9D 7C 8C")), up) == "pass"
    assert heuristic_call("moroccan", ("pass", "take"), mask_of(cs("JH 8H 8S 7D 8C")), up) == "take"
    assert heuristic_call("french", ("pass", "take"), mask_of(cs("QH 8S 9S 7D 8C")), up) == "pass"
    second = ("pass", "take:S", "take:D", "take:C")
    assert heuristic_call("french", second, mask_of(cs("JC 9C AC 7D 8S")), up) == "take:C"


# ---------------------------------------------------------------- the cautious beginner's calls


def test_beginner_buys_hokm_with_the_jack_and_three_trumps():
    from engine.bots.beginner import beginner_call

    hand = mask_of([Card.parse(c) for c in ("JH", "8H", "7S", "8C", "9D")])
    choices = ["pass", "hokm", "sun"]

    assert beginner_call("saudi", choices, hand, Card.parse("QH")) == "hokm"
    assert beginner_call("saudi", choices, hand, Card.parse("QS")) == "pass"
    assert beginner_call("french", ["pass", "take"], hand, Card.parse("QH")) == "take"
    assert beginner_call("moroccan", ["pass", "take"], hand, Card.parse("QS")) == "pass"


def test_beginner_calls_sun_only_with_three_aces_and_never_ashkal():
    from engine.bots.beginner import beginner_call

    two = mask_of([Card.parse(c) for c in ("AS", "AH", "TH", "KC", "9D")])
    three = mask_of([Card.parse(c) for c in ("AS", "AH", "AC", "KC", "9D")])
    choices = ["pass", "hokm", "sun", "ashkal"]

    assert beginner_call("saudi", choices, two, Card.parse("7D")) == "pass"
    assert beginner_call("saudi", choices, three, Card.parse("7D")) == "sun"
    assert beginner_call("saudi", choices, two, Card.parse("AD")) == "sun"  # the bidding card is an ace too


def test_beginner_names_a_second_round_suit_it_holds_and_confirms_its_hokm():
    from engine.bots.beginner import beginner_call

    hand = mask_of([Card.parse(c) for c in ("JC", "9C", "7S", "8H", "9D")])

    second_round = ["pass", "sun", "hokm:S", "hokm:H", "hokm:C"]
    assert beginner_call("saudi", second_round, hand, Card.parse("QD")) == "hokm:C"
    assert beginner_call("french", ["pass", "take:S", "take:H", "take:C"], hand, Card.parse("QD")) == "take:C"
    assert beginner_call("saudi", ["confirm", "sun"], hand, Card.parse("QD")) == "confirm"


@pytest.mark.parametrize("variant", ["saudi", "moroccan", "french"])
def test_beginner_bots_do_not_buy_sun_every_hand(variant):
    """The practice table's first level once bought Sun at nearly every deal (random calls)."""
    from bench.bench_bidding import shares

    counts = shares(variant, "beginner", 200)

    if variant == "saudi":
        assert counts["sun"] + counts["ashkal"] < 20  # under a tenth of the auctions
        assert counts["hokm"] > 60
    else:
        assert counts["take"] > 60
    assert counts["pass"] > 0  # careful beginners sometimes all pass


@pytest.mark.parametrize("variant", ["saudi", "french"])
def test_strong_bid_estimates_value_each_allowed_call_and_pick_the_bid(variant):
    """The estimates the review of a hand reads (lessons/practice/review.py): one per allowed call
    (redeal aside), and the call the bot makes is the best of them, as bid() makes it."""
    rules = rules_for(variant)
    for deal in range(4):
        hand = Hand(rules, SEATS[deal % 4], seed=700 + deal)
        seat = hand.auction.to_act
        view = view_of(hand, seat)
        best, values = StrongBot(seed=deal, samples=8, budget_ms=None).bid_estimates(view)
        same = StrongBot(seed=deal, samples=8, budget_ms=None, method="race").bid(view)

        assert set(values) == {c for c in view.choices if c != "redeal"}
        assert best == same


def a_hand_in_the_doubling(seed: int) -> Hand:
    """A Saudi hand sold by a Hokm (Sun needs a score to be doubled), waiting for a doubling word."""
    hand = Hand(rules_for("saudi"), SEATS[seed % 4], seed=seed)
    seat = hand.auction.to_act
    assert seat is not None
    hand.call("hokm", seat)
    while hand.phase is Phase.AUCTION:
        allowed = hand.auction.allowed()
        hand.call("confirm" if "confirm" in allowed else "pass")
    assert hand.phase is Phase.DOUBLING
    return hand


def test_strong_double_estimates_value_only_the_allowed_words_and_repeat_with_a_seed():
    """The estimates the review of a hand reads for a doubling word (lessons/practice/review.py):
    one per word the seat may say, the bot's word the best of them, the same for the same seed."""
    for deal in range(4):
        hand = a_hand_in_the_doubling(800 + deal)
        assert hand.doubling is not None
        seat = hand.doubling.speakers[0]
        view = view_of(hand, seat)
        best, values = StrongBot(seed=deal, samples=8, budget_ms=None).double_estimates(view)
        again = StrongBot(seed=deal, samples=8, budget_ms=None).double_estimates(view)
        said = StrongBot(seed=deal, samples=8, budget_ms=None, method="race").double(view)

        assert set(values) == set(hand.doubling.allowed(seat)) == set(view.choices)
        assert best == said == max(values, key=values.__getitem__)
        assert (best, values) == again
