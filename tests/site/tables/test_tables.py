"""The live tables' pages: opening, seats, a hand played by posting forms, bad input, play again."""

from __future__ import annotations

import pytest
from django.test import Client

from engine.cards import Seat
from lessons.models import LiveTable, TableGame, TableSeat
from tests.site.tables.helpers import (
    codes_in_hand_section,
    held,
    illegal_card,
    legal_move,
    open_table,
    sit,
    state,
    to_act,
)

pytestmark = pytest.mark.django_db


def play_to_end_of_hand(table: LiveTable, clients: dict[str, Client]) -> None:
    for _ in range(60):
        seat = to_act(table)
        if seat is None:
            return
        move = state(table).game.move
        response = clients[str(seat)].post(
            f"/en/t/{table.code}/act", {**legal_move(table, seat), "move": move}
        )
        assert response.status_code == 302


def test_a_table_is_opened_with_a_short_code_and_found_by_it():
    table = open_table(Client(), "french", target="500")
    assert len(table.code) == 6 and table.options == {"target": 500}
    found = Client().get("/en/tables/", {"code": table.code.lower()})
    assert found.status_code == 302 and found["Location"] == f"/en/t/{table.code}/"
    unknown = Client().get("/en/tables/", {"code": "NOPE99"})
    # The code stays in its field, to be corrected rather than typed again.
    assert unknown.status_code == 404 and 'value="NOPE99"' in unknown.text
    page = Client().get(f"/en/t/{table.code}/").content.decode()
    assert table.code in page and 'id="sit-S"' in page and "ws-connect" in page


def test_a_bad_new_table_form_is_answered_with_its_error():
    response = Client().post("/en/tables/", {"variant": "saudi", "level": "random", "target": "999"})
    assert response.status_code == 400 and b"game lengths" in response.content
    assert not LiveTable.objects.exists()


def test_two_people_and_two_bots_play_a_hand_to_its_score_by_posting_forms():
    a, b = Client(), Client()
    table = open_table(a)
    assert sit(a, table, "S", "Amal").status_code == 302
    assert sit(b, table, "N", "Badr").status_code == 302
    play_to_end_of_hand(table, {"S": a, "N": b})
    st = state(table)
    assert "result" in st.record
    page = a.get(f"/en/t/{table.code}/").content.decode()
    assert 'id="hand-score"' in page and 'id="own-review"' in page and 'id="hand-replay"' in page
    # The replay is for everyone at the table, the review only for the seat's own person.
    assert Client().get(f"/en/t/{table.code}/game/1/hand/1/").status_code == 200
    assert Client().get(f"/en/t/{table.code}/game/1/hand/1/review").status_code == 404
    assert a.get(f"/en/t/{table.code}/game/1/hand/1/review").status_code == 200


def test_each_page_holds_only_its_own_players_cards():
    a, b, watcher = Client(), Client(), Client()
    table = open_table(a)
    sit(a, table, "S", "Amal")
    sit(b, table, "N", "Badr")

    def hand_codes(client: Client) -> set[str]:
        return codes_in_hand_section(client.get(f"/en/t/{table.code}/").content.decode())

    assert hand_codes(a) == held(table, "S")
    assert hand_codes(b) == held(table, "N")
    assert hand_codes(watcher) == set()


def test_a_seat_is_taken_once_and_a_person_sits_once():
    a, b = Client(), Client()
    table = open_table(a)
    assert sit(a, table, "S", "Amal").status_code == 302
    taken = sit(b, table, "S", "Badr")
    assert taken.status_code == 409
    # Said once, in the form to sit, where the person chooses another seat (not under the table).
    sit_form = taken.content.decode().split('class="sit-form"')[1].split("</form>")[0]
    assert "Someone has just taken this seat" in sit_form
    assert taken.content.count(b"Someone has just taken this seat") == 1
    assert sit(a, table, "E", "Amal again").status_code == 409
    assert TableSeat.objects.filter(table=table).count() == 1


def test_bad_moves_are_refused_and_lose_nothing():
    a, b, stranger = Client(), Client(), Client()
    table = open_table(a)
    sit(a, table, "S", "Amal")
    sit(b, table, "N", "Badr")
    clients = {"S": a, "N": b}
    seat = to_act(table)
    assert seat is not None
    other = clients["N" if seat == Seat.S else "S"]
    move = state(table).game.move
    url = f"/en/t/{table.code}/act"
    # Out of turn, a stale form, no move number, an unknown action, a stranger, a card not held.
    out_of_turn = other.post(url, {**legal_move(table, seat), "move": move})
    assert out_of_turn.status_code == 400 and b"not your turn" in out_of_turn.content
    assert clients[str(seat)].post(url, {**legal_move(table, seat), "move": move + 5}).status_code == 400
    assert clients[str(seat)].post(url, {**legal_move(table, seat)}).status_code == 400
    assert clients[str(seat)].post(url, {"action": "cheat", "move": move}).status_code == 400
    assert stranger.post(url, {**legal_move(table, seat), "move": move}).status_code == 400
    assert state(table).game.move == move
    # The move itself, then the same form posted again (a double submit, a second tab): stale.
    assert clients[str(seat)].post(url, {**legal_move(table, seat), "move": move}).status_code == 302
    again = clients[str(seat)].post(url, {"action": "call", "call": "pass", "move": move})
    assert again.status_code == 400 and b"out of date" in again.content


def test_a_card_the_rules_forbid_is_explained_to_its_player():
    a, b = Client(), Client()
    table = open_table(a)
    sit(a, table, "S", "Amal")
    sit(b, table, "N", "Badr")
    clients = {"S": a, "N": b}
    for _ in range(60):
        seat = to_act(table)
        assert seat is not None, "the hand ended before a refusal could be tried"
        st = state(table, str(seat))
        if st.hand.phase.value == "play":
            bad = illegal_card(table, seat)
            if bad:
                move = st.game.move
                response = clients[str(seat)].post(
                    f"/en/t/{table.code}/act", {"action": "play", "card": bad, "move": move}
                )
                page = response.content.decode()
                assert response.status_code == 200 and 'id="refusal"' in page
                assert f'data-refused-card="{bad}"' in page
                assert state(table).game.move == move  # nothing was played
                held = {"S", "N"} - {str(seat)}
                assert 'id="refusal"' not in clients[held.pop()].get(f"/en/t/{table.code}/").content.decode()
                return
        move = st.game.move
        clients[str(seat)].post(f"/en/t/{table.code}/act", {**legal_move(table, seat), "move": move})
    pytest.fail("no forbidden card came up")


def test_a_player_who_leaves_is_replaced_by_a_bot_and_play_again_keeps_the_seats():
    a, b = Client(), Client()
    table = open_table(a, target="100")
    sit(a, table, "S", "Amal")
    sit(b, table, "N", "Badr")
    assert b.post(f"/en/t/{table.code}/leave").status_code == 302
    assert list(TableSeat.objects.filter(table=table).values_list("seat", flat=True)) == ["S"]
    # Whatever North had to do, a bot did it: the table waits for South or for nobody.
    assert to_act(table) in (Seat.S, None)
    sit(b, table, "N", "Badr")
    clients = {"S": a, "N": b}
    for _ in range(30):  # hands until the game to 100 is over
        play_to_end_of_hand(table, clients)
        st = state(table)
        if st.game.finished:
            break
        a.post(f"/en/t/{table.code}/act", {"action": "next", "move": st.game.move})
    first = state(table).game
    assert first.finished
    # The finished game's hands, as links anyone may open (shared as a replay).
    page = a.get(f"/en/t/{table.code}/").content.decode()
    assert 'id="game-replays"' in page
    first_played = next(i for i, r in enumerate(first.hands, 1) if not r["result"].get("void"))
    replay = Client().get(f"/en/t/{table.code}/game/1/hand/{first_played}/")
    assert replay.status_code == 200 and "Play with people" in replay.content.decode()  # the way back
    assert a.post(f"/en/t/{table.code}/act", {"action": "again", "move": first.move}).status_code == 302
    assert TableGame.objects.filter(table=table).count() == 2
    assert TableSeat.objects.filter(table=table).count() == 2
    page = b.get(f"/en/t/{table.code}/").content.decode()
    assert "Earlier games at this table" in page
