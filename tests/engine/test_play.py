"""Legality (docs/rules.md §2) and the trick winner, named after the rule IDs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import CARDS, SUIT_MASK, Card, Seat, cards_of, mask_of
from engine.play import explain_play, explain_trick, legal_mask, legal_mask_for
from engine.ranking import NO_TRUMP, PLAIN_ORDER, TRUMP_ORDER
from engine.variants import rules_for

S, H, D, C = range(4)
SAUDI, MOROCCAN, FRENCH = rules_for("saudi"), rules_for("moroccan"), rules_for("french")


def cs(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def legal(hand: str, trick: str, trump: int, rules=SAUDI, ekka: bool = False) -> list[str]:
    mask = legal_mask(mask_of(cs(hand)), cs(trick), trump, rules, ekka)
    return sorted(str(c) for c in cards_of(mask))


def verdict(hand: str, trick: str, trump: int, rules=SAUDI, ekka: bool = False):
    # Seats follow the turn order from S; who leads does not matter for legality.
    trick_pairs = [(Seat(i), c) for i, c in enumerate(cs(trick))]
    return explain_play(cs(hand), trick_pairs, trump, rules, ekka)


def rules_of(v, card: str) -> list[str]:
    return [r.rule for r in v.illegal[Card.parse(card)]]


# ---------------------------------------------------------------- play.must-follow


def test_play_must_follow_in_sun():
    assert legal("KC 7C AS", "9C", NO_TRUMP) == ["7C", "KC"]
    v = verdict("KC 7C AS", "9C", NO_TRUMP)
    assert rules_of(v, "AS") == ["play.must-follow"]
    assert v.illegal[Card.parse("AS")][0].params["cards"] == cs("7C KC")


def test_play_must_follow_beats_trumping_in_hokm():
    # Holding the led suit, trumping is not allowed even if it would win.
    assert legal("JH 7C", "AC", H) == ["7C"]


def test_play_first_card_of_trick_is_always_legal():
    assert legal("JH 7C AS", "", H) == ["7C", "AS", "JH"]


def test_play_void_in_sun_any_card():
    assert legal("JH AS", "9C", NO_TRUMP) == ["AS", "JH"]


# ---------------------------------------------------------------- play.must-trump


def test_play_must_trump_when_opponent_wins():
    for rules in (SAUDI, MOROCCAN, FRENCH):
        assert legal("7H AS", "AC", H, rules) == ["7H"]
        v = verdict("7H AS", "AC", H, rules)
        assert rules_of(v, "AS") == ["play.must-trump"]


def test_play_must_trump_any_trump_even_a_losing_one_saudi_and_moroccan():
    # I play fourth: an opponent led AC, my partner followed, the other opponent trumped with 9H.
    # My only trump 7H cannot beat 9H, yet it must be played.
    for rules in (SAUDI, MOROCCAN):
        assert legal("7H AS", "AC 8C 9H", H, rules) == ["7H"]


# ---------------------------------------------------------------- play.partner-winning


def test_play_partner_winning_frees_the_discard():
    # Position 2: partner led AC and is winning.
    for rules in (SAUDI, MOROCCAN, FRENCH):
        assert legal("7H AS", "AC 8C", H, rules) == ["7H", "AS"]
    v = verdict("7H AS", "AC 8C", H, MOROCCAN)
    assert [r.rule for r in v.basis] == ["play.partner-winning"]


# ---------------------------------------------------------------- play.must-overtrump


def test_play_must_overtrump_on_trump_lead_against_opponent():
    # 9H led by an opponent; AH is below 9H in trump order, JH above.
    for rules in (SAUDI, MOROCCAN, FRENCH):
        assert legal("JH 7H", "9H", H, rules) == ["JH"]
        v = verdict("JH 7H", "9H", H, rules)
        assert rules_of(v, "7H") == ["play.must-overtrump"]
        assert v.illegal[Card.parse("7H")][0].params["cards"] == cs("JH")


def test_play_must_overtrump_any_trump_when_unable():
    assert legal("AH 7H", "JH", H, FRENCH) == ["7H", "AH"]


def test_play_must_overtrump_even_over_partner_moroccan_and_french():
    # Partner led 9H (position 0), opponent played 7H, I am at position 2.
    for rules in (MOROCCAN, FRENCH):
        assert legal("JH 8H", "9H 7H", H, rules) == ["JH"]


def test_play_must_overtrump_not_over_partner_in_saudi():
    assert legal("JH 8H", "9H 7H", H, SAUDI) == ["8H", "JH"]


def test_play_must_overtrump_saudi_option_off():
    rules = rules_for("saudi", {"overtrump_on_trump_lead": False})
    assert legal("JH 8H", "9H", H, rules) == ["8H", "JH"]


# ---------------------------------------------------------------- play.must-overruff


def test_play_must_overruff_french_against_opponent():
    # Opponent (position 1) trumped with 9H over the led AC; I must beat it with JH.
    assert legal("JH 7H AS", "KC 9H", H, FRENCH) == ["JH"]
    v = verdict("JH 7H AS", "KC 9H", H, FRENCH)
    assert rules_of(v, "7H") == ["play.must-overruff"]
    assert rules_of(v, "AS") == ["play.must-trump"]


def test_play_must_overruff_french_lower_trump_when_unable():
    assert legal("8H 7H AS", "KC 9H", H, FRENCH) == ["7H", "8H"]


def test_play_must_overruff_french_over_partner_if_trumping():
    # Partner (position 1 before me at 3) trumped with 9H and wins; I may discard, or trump higher.
    assert legal("JH 7H AS", "KC 9H 8C", H, FRENCH) == ["AS", "JH"]
    v = verdict("JH 7H AS", "KC 9H 8C", H, FRENCH)
    assert v.illegal[Card.parse("7H")][0].params["case"] == "partner"


def test_play_must_overruff_not_required_in_saudi_and_moroccan():
    for rules in (SAUDI, MOROCCAN):
        assert legal("JH 7H AS", "KC 9H", H, rules) == ["7H", "JH"]


def test_play_must_overruff_always_undertrump_option():
    rules = rules_for("french", {"always_undertrump": True})
    # Partner winning (position 2, partner led): must still trump, overtrumping if able.
    assert legal("JH 7H AS", "AC 8C", H, rules) == ["7H", "JH"]
    assert legal("JH 7H AS", "KC 9H 8C", H, rules) == ["JH"]
    v = verdict("JH 7H AS", "AC 8C", H, rules)
    assert v.illegal[Card.parse("AS")][0].params["case"] == "always"


# ---------------------------------------------------------------- play.ekka

EKKA = rules_for("saudi", {"ekka": True})


def test_play_ekka_must_trump_even_over_partner_without_a_call():
    # Partner led KC (not an Ace, no call) and wins; with the Ekka house rule I must trump.
    assert legal("7H AS", "KC 8C", H, EKKA) == ["7H"]
    v = verdict("7H AS", "KC 8C", H, EKKA)
    assert rules_of(v, "AS") == ["play.ekka"]


def test_play_ekka_called_frees_the_partner():
    assert legal("7H AS", "KC 8C", H, EKKA, ekka=True) == ["7H", "AS"]


def test_play_ekka_led_ace_needs_no_call():
    assert legal("7H AS", "AC 8C", H, EKKA) == ["7H", "AS"]


def test_play_ekka_opponent_trumped_partner_must_overtrump_if_able():
    assert legal("JH 7H AS", "AC 9H", H, EKKA) == ["JH"]
    assert legal("8H 7H AS", "AC 9H", H, EKKA) == ["7H", "8H", "AS"]
    v = verdict("JH 7H AS", "AC 9H", H, EKKA)
    assert rules_of(v, "AS") == ["play.ekka"]


# ---------------------------------------------------------------- trick.win


def test_trick_win_highest_of_led_suit():
    r = explain_trick(list(zip(Seat, cs("TC AC 7D KC"), strict=True)), NO_TRUMP)
    assert (r.winner, str(r.card), r.points) == (Seat.E, "AC", 25)
    assert r.reason.rule == "trick.win" and r.reason.params["case"] == "led"


def test_trick_win_lowest_trump_beats_any_plain_card():
    r = explain_trick(list(zip(Seat, cs("AC 7H TC JH"), strict=True)), H)
    assert r.winner == Seat.W and r.points == 11 + 0 + 10 + 20
    r = explain_trick(list(zip(Seat, cs("AC 7H TC KC"), strict=True)), H)
    assert r.winner == Seat.E and r.reason.params["case"] == "trump"


def test_trick_win_trump_order_and_plain_order():
    for trump, order in ((H, TRUMP_ORDER), (NO_TRUMP, PLAIN_ORDER)):
        for i, strong in enumerate(order[:-1]):
            weak = order[i + 1]
            trick = [(Seat.S, CARDS[H * 8 + weak]), (Seat.E, CARDS[H * 8 + strong])]
            trick += [(Seat.N, Card.parse("7S")), (Seat.W, Card.parse("8S"))]
            assert explain_trick(trick, trump).winner == Seat.E


# ---------------------------------------------------------------- properties


def reference_legal(hand: list[int], trick: list[int], trump: int, rules) -> set[int]:
    """docs/rules.md §2 written out the slow way, one rule after another."""
    if not trick:
        return set(hand)
    led = trick[0] // 8
    order = lambda c: (TRUMP_ORDER if c // 8 == trump else PLAIN_ORDER).index(c % 8)  # noqa: E731

    def winner(cards: list[int]) -> int:
        trumps = [i for i, c in enumerate(cards) if c // 8 == trump]
        pool = trumps or [i for i, c in enumerate(cards) if c // 8 == led]
        return min(pool, key=lambda i: order(cards[i]))

    w = winner(trick)
    partner_wins = w == len(trick) - 2
    suit_cards = [c for c in hand if c // 8 == led]
    trumps = [c for c in hand if c // 8 == trump]

    def beats(c: int) -> bool:
        return winner([*trick, c]) == len(trick)

    if suit_cards:
        if led == trump and (rules.overtrump_always or (rules.overtrump_on_trump_lead and not partner_wins)):
            over = [c for c in suit_cards if beats(c)]
            return set(over or suit_cards)
        return set(suit_cards)
    if trump == NO_TRUMP or not trumps or led == trump:
        return set(hand)
    if partner_wins and not rules.must_overruff:
        return set(hand)
    over = [c for c in trumps if beats(c)]
    if partner_wins:
        return {c for c in hand if c // 8 != trump} | set(over or trumps)
    return set(over or trumps) if rules.must_overruff else set(trumps)


positions = st.builds(
    lambda perm, n_trick, hand_size, trump: (perm[:n_trick], perm[n_trick : n_trick + hand_size], trump),
    st.permutations(range(32)),
    st.integers(0, 3),
    st.integers(1, 8),
    st.sampled_from([0, 1, 2, 3, NO_TRUMP]),
)


@settings(max_examples=3000, deadline=None)
@given(positions, st.sampled_from(["saudi", "moroccan", "french"]))
def test_legal_mask_agrees_with_the_rules_written_out(position, variant):
    trick, hand, trump = position
    rules = rules_for(variant)
    if trump == NO_TRUMP and variant != "saudi":
        trump = 0
    fast = set(cards_of(legal_mask(mask_of(hand), trick, trump, rules)))
    reference_rules = rules
    if variant != "saudi":
        # Give the reference the saudi-only flag name so it can read one attribute everywhere.
        class R:
            overtrump_always = rules.overtrump_always
            overtrump_on_trump_lead = True
            must_overruff = rules.must_overruff

        reference_rules = R
    assert fast == reference_legal(hand, trick, trump, reference_rules)
    assert fast, "a legal card always exists"


@settings(max_examples=1500, deadline=None)
@given(positions, st.sampled_from(["saudi", "moroccan", "french"]), st.booleans(), st.booleans())
def test_explain_play_partitions_the_hand_with_reasons(position, variant, ekka_rule, ekka_call):
    trick, hand, trump = position
    option = {"saudi": "ekka", "french": "always_undertrump"}.get(variant)
    options = {option: ekka_rule} if option else {}
    rules = rules_for(variant, options)
    v = explain_play([CARDS[c] for c in hand], [(None, CARDS[c]) for c in trick], trump, rules, ekka_call)
    assert v.legal, "a legal card always exists"
    assert set(v.legal).isdisjoint(v.illegal)
    assert set(v.legal) | set(v.illegal) == set(hand)
    assert all(v.illegal[c] for c in v.illegal), "every illegal card has a reason"
    assert v.legal == [c for c in hand if c in set(v.legal)], "legal keeps the order of the hand"
    for reasons in v.illegal.values():
        assert all(r.rule.startswith("play.") for r in reasons)


def test_suit_masks_cover_the_deck():
    assert sum(bin(m).count("1") for m in SUIT_MASK) == 32


HOUSE_RULES = [
    ("saudi", {}), ("saudi", {"ekka": True}), ("saudi", {"overtrump_on_trump_lead": False}),
    ("moroccan", {}), ("french", {}), ("french", {"always_undertrump": True}),
]


@settings(max_examples=1500, deadline=None)
@given(positions, st.sampled_from(HOUSE_RULES), st.booleans())
def test_legal_mask_for_a_rule_set_agrees_with_legal_mask(position, variant_options, ekka_call):
    trick, hand, trump = position
    variant, options = variant_options
    rules = rules_for(variant, options)
    if trump == NO_TRUMP and not rules.has_sun:
        trump = 0
    expected = legal_mask(mask_of(hand), trick, trump, rules, ekka_call)
    assert legal_mask_for(rules)(mask_of(hand), trick, trump, ekka_call) == expected


def test_play_must_overruff_always_undertrump_never_says_discarding_was_allowed():
    rules = rules_for("french", {"always_undertrump": True})
    v = verdict("JH 7H KS", "AC 9H 8C", H, rules)
    reason = v.illegal[Card.parse("7H")][0]
    assert reason.rule == "play.must-overruff" and reason.params["case"] == "always"


def test_play_must_overtrump_names_a_partner_only_when_one_is_winning():
    """French: overtrumping "even when your partner is winning" is said when the partner is; an
    opponent winning (always the case with two players) is said as such."""
    from engine.messages import render

    rules = rules_for("french")
    clubs = Card.parse("7C").suit
    two_player = explain_play(
        [Card.parse("AC"), Card.parse("8C")], [(Seat.N, Card.parse("TC"))], clubs, rules
    )
    [reason] = two_player.illegal[Card.parse("8C")]
    assert reason.rule == "play.must-overtrump" and reason.params["case"] == "opponent"
    for lang, partner in (("en", "partner"), ("ar", "شريك"), ("fa", "یار"), ("fr", "partenaire")):
        assert partner not in render(reason, "french", lang)
    # Four players, the partner (two seats back) winning with the trump led: "always".
    trick = [(Seat.W, Card.parse("TC")), (Seat.N, Card.parse("7C"))]
    [reason] = explain_play([Card.parse("AC"), Card.parse("8C")], trick, clubs, rules).illegal[
        Card.parse("8C")
    ]
    assert reason.params["case"] == "always"
    assert "partner" in render(reason, "french", "en")
