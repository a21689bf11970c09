"""What one card does to the trick in progress (``trick.win`` cases of :func:`engine.play.card_effect`)."""

from __future__ import annotations

from engine.cards import Card, Seat
from engine.messages import render
from engine.play import card_effect, why_not_winning
from engine.ranking import NO_TRUMP

S, H, D, C = range(4)


def plays(*pairs: str) -> list[tuple[Seat, Card]]:
    return [(Seat.parse(p[0]), Card.parse(p[1:])) for p in pairs]


def test_trick_win_a_card_under_the_best_card_is_beaten_by_it():
    effect = card_effect(plays("ETS"), Card.parse("KS"), NO_TRUMP)

    assert effect is not None
    assert (effect.rule, effect.params["case"], str(effect.params["by"])) == ("trick.win", "beaten", "TS")
    assert render(effect, "saudi", "en") == "K♠ does not win the trick: 10♠ beats it."


def test_trick_win_a_plain_card_under_a_trump_is_beaten_because_trumps_win():
    effect = card_effect(plays("EAS", "N7H"), Card.parse("KS"), H)

    assert effect is not None and effect.params.get("trumped") is True
    assert "because a trump beats" in render(effect, "french", "en")


def test_trick_win_a_discard_cannot_win():
    effect = card_effect(plays("EAS"), Card.parse("KD"), H)

    assert effect is not None and effect.params["case"] == "off-suit"
    assert effect.params["led"] == S


def test_trick_win_overtaking_a_winning_partner_is_said():
    effect = card_effect(plays("NTS", "W8S"), Card.parse("AS"), NO_TRUMP)

    assert effect is not None and effect.params["case"] == "over-partner"
    assert effect.params["seat"] == Seat.N


def test_trick_win_a_card_beating_an_opponent_or_leading_says_nothing():
    assert card_effect(plays("ETS"), Card.parse("AS"), NO_TRUMP) is None
    assert card_effect([], Card.parse("AS"), NO_TRUMP) is None


def test_trick_win_why_a_seat_does_not_win_a_complete_trick():
    trick = plays("E9C", "NJC", "W7H", "SAC")

    assert why_not_winning(trick, 2, H) is None  # West trumped
    reason = why_not_winning(trick, 3, H)
    assert reason is not None and reason.params["case"] == "beaten" and reason.params.get("trumped")
    assert render(reason, "saudi", "fr").startswith("A♣ ne remporte pas le pli")
