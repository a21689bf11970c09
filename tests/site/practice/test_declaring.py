"""The learner declares: projects announced before the first card and checked by the engine,
Baloot (belote) said with its card; a false or missed declaration handled as the variant says."""

import random

import pytest

from engine.cards import CARDS, Seat, cards_of
from engine.hand import Phase
from lessons.practice.state import Table
from tests.site.practice.tools import HTMX, holds, holds_belote, rigged_hand


def start(client, variant, declare_for_me="never", khaysh=False, level="random"):
    from lessons.models import PracticeGame

    data = {"level": level, "declare_for_me": declare_for_me}
    if khaysh:
        data["khaysh"] = "1"
    assert client.post(f"/en/practice/{variant}/new", data).status_code == 302
    return PracticeGame.objects.latest("id")


def declare(client, game, counts, htmx=True):
    game.refresh_from_db()
    data = {"move": game.move, **{f"n_{k}": n for k, n in counts.items()}}
    return client.post(f"/en/practice/game/{game.pk}/declare", data, headers=HTMX if htmx else {})


def play_out(client, game, belote=False, seed=1):
    """The learner plays legal cards to the end of the hand (ticking the Baloot box if asked)."""
    rng = random.Random(seed)
    response = None
    for _ in range(20):
        game.refresh_from_db()
        table = Table(game)
        if table.hand.phase is not Phase.PLAY:
            return response
        card = str(CARDS[rng.choice(cards_of(table.hand.legal()))])
        data = {"move": game.move, "card": card}
        if belote:
            data["belote"] = "1"
        response = client.post(f"/en/practice/game/{game.pk}/play", data, headers=HTMX)
        assert response.status_code == 200, response.text[:500]
    raise AssertionError("the hand did not end")


@pytest.mark.django_db
def test_the_table_declares_for_the_learner_in_the_first_hand_by_default(client):
    game = start(client, "saudi", declare_for_me="first")

    assert game.hands[0]["declare_self"] is False
    assert game.coach["declare_for_me"] == "first"


@pytest.mark.django_db
def test_a_learner_declares_a_sira_and_is_credited(client):
    game = start(client, "saudi")
    rigged_hand(game, holds(["sira"]))
    assert 'id="declare-form"' in client.get("/en/practice/saudi/").text

    response = declare(client, game, {"sira": 1})

    assert response.status_code == 200
    assert "Declared and checked" in response.text
    assert 'id="declare-form"' not in response.text
    game.refresh_from_db()
    hand = Table(game).hand
    assert [p.type for p in hand.declared[Seat.S]] == ["sira"]
    assert ["declare", "S", "sira"] in game.hands[-1]["actions"]


@pytest.mark.django_db
def test_a_sira_not_declared_before_the_first_card_is_lost(client):
    game = start(client, "saudi")
    rigged_hand(game, holds(["sira"]))

    response = play_out(client, game)

    assert "did not declare it before your first card" in response.text
    game.refresh_from_db()
    assert Seat.S not in Table(game).hand.declared


@pytest.mark.django_db
def test_a_false_declaration_loses_the_hand_at_a_khaysh_table(client):
    game = start(client, "saudi", khaysh=True)
    rigged_hand(game, holds(["sira"]))

    declare(client, game, {"fifty": 1})
    response = play_out(client, game)

    assert "a false declaration" in response.text
    game.refresh_from_db()
    result = game.hands[-1]["result"]
    assert result["NS"] == 0 and result["result"] == "failed"
    assert Table(game).hand.score().steps[0].rule == "penalty.sa.khaysh"


@pytest.mark.django_db
def test_a_missed_baloot_is_lost_and_at_a_khaysh_table_loses_the_hand(client):
    plain = start(client, "saudi")
    rigged_hand(plain, holds_belote)
    declare(client, plain, {})
    response = play_out(client, plain)
    assert "without saying Baloot" in response.text
    plain.refresh_from_db()
    assert "proj.sa.baloot" not in [s.rule for s in Table(plain).hand.score().steps]

    strict = start(client, "saudi", khaysh=True)
    rigged_hand(strict, holds_belote)
    declare(client, strict, {})
    play_out(client, strict)
    strict.refresh_from_db()
    assert Table(strict).hand.score().steps[0].rule == "penalty.sa.khaysh"


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["saudi", "french"])
def test_baloot_said_with_its_card_counts(client, variant):
    game = start(client, variant)
    rigged_hand(game, holds_belote)
    declare(client, game, {})

    play_out(client, game, belote=True)

    game.refresh_from_db()
    hand = Table(game).hand
    assert Seat.S in hand.belote_said
    rule = "proj.sa.baloot" if variant == "saudi" else "decl.fr.belote"
    assert rule in [s.rule for s in hand.score().steps]


@pytest.mark.django_db
def test_a_declaration_posted_when_none_is_due_changes_nothing(client):
    game = start(client, "saudi", declare_for_me="always")
    rigged_hand(game, holds(["sira"]))

    response = declare(client, game, {"sira": 1})

    assert response.status_code == 400
    game.refresh_from_db()
    assert not any(a[0] == "declare" for a in game.hands[-1]["actions"])
