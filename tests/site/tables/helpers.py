"""Helpers of the live tables' tests: open a table, seat people, find a legal move for a seat."""

from __future__ import annotations

from typing import Any

from django.test import Client

from engine.cards import CARDS, Seat, cards_of
from engine.hand import Hand, Phase
from lessons.models import LiveTable
from lessons.practice.tables import game


def open_table(client: Client, variant: str = "saudi", **fields: Any) -> LiveTable:
    data = {"variant": variant, "level": "random", "declare_for_me": "1", **fields}
    response = client.post("/en/tables/", data)
    assert response.status_code == 302, response.content[:500]
    return LiveTable.objects.get(code=response["Location"].rstrip("/").split("/")[-1])


def sit(client: Client, table: LiveTable, seat: str, name: str) -> Any:
    return client.post(f"/en/t/{table.code}/sit", {"seat": seat, "name": name})


def state(table: LiveTable, seat: str = "S") -> game.SeatTable:
    st = game.view_for(table, Seat.parse(seat))
    assert st is not None
    return st


def to_act(table: LiveTable) -> Seat | None:
    st = state(table)
    waiting = st.waiting_for()
    return waiting[0] if waiting else None


def legal_move(table: LiveTable, seat: Seat) -> dict[str, str]:
    """A move the rules allow for ``seat`` now (the first legal card, or the call pass/first allowed)."""
    st = state(table, str(seat))
    hand = st.hand
    assert isinstance(hand, Hand)
    if hand.phase is Phase.PLAY:
        card = cards_of(hand.legal())[0]
        return {"action": "play", "card": str(card)}
    if hand.phase is Phase.AUCTION:
        from engine.bots import view_of

        choices = view_of(hand, seat).choices
        # Buy the hand when allowed (Sun, else the first trump contract): the hand is then played.
        word = next((c for c in choices if c.lower() == "sun"), "") or next(
            (c for c in choices if c.lower().startswith("hokm")), "pass" if "pass" in choices else choices[0]
        )
        return {"action": "call", "call": word}
    assert hand.doubling is not None
    return {"action": "call", "call": "pass"}


def illegal_card(table: LiveTable, seat: Seat) -> str | None:
    """A card ``seat`` holds that the rules forbid now (None: every card is allowed)."""
    st = state(table, str(seat))
    hand = st.hand
    assert isinstance(hand, Hand) and hand.tricks is not None
    held = hand.tricks.hands[seat]
    bad = held & ~hand.legal()
    return str(CARDS[(bad & -bad).bit_length() - 1]) if bad else None


def held(table: LiveTable, seat: str) -> set[str]:
    """The codes of the cards ``seat`` holds now."""
    return {str(c) for c in cards_of(state(table, seat).learner_cards())}


def codes_in_hand_section(html: str) -> set[str]:
    """The card codes drawn in a page's or a message's own hand (``practice-hand``), none elsewhere."""
    if 'class="practice-hand"' not in html:
        return set()
    section = html.split('class="practice-hand"')[1].split("</section>")[0]
    return {part.split('"')[0] for part in section.split('data-card="')[1:]}
