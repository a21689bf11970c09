"""A live découverte table: two people play Belote découverte, the engine refereeing; each sees
the face-up cards of both and no face-down card, their own or the other's."""

from __future__ import annotations

import pytest

from engine.cards import Card, Seat, cards_of
from lessons.models import LiveTable, TableGame
from lessons.practice.tables import decouverte as live
from lessons.practice.tables.game import Person

pytestmark = pytest.mark.django_db


def table_of(t: LiveTable, seat: str) -> live.LiveDecouverte:
    rows = live.seating(t)
    return live.LiveDecouverte(live.current_game(t), Seat.parse(seat), live.humans_of(rows))


def face_down(t: LiveTable) -> set[str]:
    """Every face-down card on the table now (of both players)."""
    d = table_of(t, "S").now
    table = d.hand.table if d.hand is not None else d.deal.table
    return {str(c) for s in live.SEATS for c in cards_of(table.face_down(s))}


def a_face_up_card(t: LiveTable) -> str:
    d = table_of(t, "S").now
    table = d.hand.table if d.hand is not None else d.deal.table
    return str(Card(cards_of(table.face_up(Seat.N) | table.face_up(Seat.S))[0]))


def shown(t: LiveTable, seat: str | None) -> str:
    board = live.view_for(t, Seat.parse(seat) if seat else None, "en", "french")
    assert board is not None
    return repr(board)


def no_face_down_card_in(text: str, hidden: set[str]) -> bool:
    return not any(f"code='{c}'" in text for c in hidden)


def a_move(t: LiveTable, seat: str) -> dict[str, str]:
    st = table_of(t, seat)
    d = st.now
    if d.hand is None:
        calls = d.auction.calls()
        # Take when allowed, so that the hand is played.
        word = next((c for c in calls if c.startswith("take")), calls[0])
        return {"action": "call", "call": word}
    legal = d.hand.legal() & d.hand.table.face_up(Seat.parse(seat))
    return {"action": "play", "card": str(Card(cards_of(legal)[0]))}


def test_two_people_play_a_hand_each_move_reaching_the_other_and_no_face_down_card_shown():
    amal, badr = Person(None, "amal-session"), Person(None, "badr-session")
    t = live.open_table("heuristic", amal)
    assert live.is_decouverte(t) and t.variant == "french"
    live.sit(t, Seat.S, amal, "Amal")
    with pytest.raises(live.SeatTaken):
        live.sit(t, Seat.E, badr, "Badr")  # two seats only
    with pytest.raises(live.SeatTaken):
        live.sit(t, Seat.S, badr, "Badr")
    live.sit(t, Seat.N, badr, "Badr")
    people = {"S": amal, "N": badr}
    moves = 0
    for _ in range(60):
        waiting = table_of(t, "S").waiting_for()
        if not waiting:
            break
        seat = str(waiting[0])
        other = "N" if seat == "S" else "S"
        hidden = face_down(t)
        for viewer in ("S", "N", None):
            text = shown(t, viewer)
            assert no_face_down_card_in(text, hidden)
            assert f"code='{a_face_up_card(t)}'" in text  # the face-up cards are everybody's
        # Out of turn: refused, nothing moves.
        game = live.current_game(t)
        move = a_move(t, seat)
        assert (
            live.act(t, people[other], move["action"], {**move, "move": game.move}).error == "not-your-turn"
        )
        outcome = live.act(t, people[seat], move["action"], {**move, "move": game.move})
        assert outcome.moved, outcome
        moves += 1
        # The move reaches the other player's board.
        board = live.view_for(t, Seat.parse(other), "en", "french")
        assert board is not None
        if move["action"] == "call":
            assert board.auction, "the call is on the other's board"
        else:
            played = {f.code for _, f in board.trick} | {
                p.face.code for tr in board.tricks for p in tr.plays if p.face is not None
            }
            assert move["card"] in played
        # A stale move (the same form sent twice) is refused.
        assert live.act(t, people[seat], move["action"], {**move, "move": game.move}).error == "stale"
    st = table_of(t, "S")
    assert moves >= 4 and "result" in st.record


def test_a_face_down_card_is_refused_alike_whoever_holds_it():
    amal, badr = Person(None, "amal-session"), Person(None, "badr-session")
    t = live.open_table("heuristic", amal)
    live.sit(t, Seat.S, amal, "Amal")
    live.sit(t, Seat.N, badr, "Badr")
    people = {"S": amal, "N": badr}
    for _ in range(10):  # the auction, up to the first card
        st = table_of(t, "S")
        if st.now.hand is not None or not st.waiting_for():
            break
        bidder = str(st.waiting_for()[0])
        call = a_move(t, bidder)
        live.act(t, people[bidder], call["action"], {**call, "move": live.current_game(t).move})
    st = table_of(t, "S")
    assert st.now.hand is not None and st.waiting_for(), "a person takes when allowed: the play begins"
    mover = st.waiting_for()[0]
    table = st.now.hand.table
    own = str(Card(cards_of(table.face_down(mover))[0]))
    theirs = str(Card(cards_of(table.face_down(Seat.N if mover == Seat.S else Seat.S))[0]))
    move = live.current_game(t).move
    texts = []
    for card in (own, theirs):
        refused = live.act(t, people[str(mover)], "play", {"card": card, "move": move}).refused
        assert refused is not None
        texts.append([r.rule for r in refused.reasons])
    assert texts[0] == texts[1] and texts[0], texts
    assert live.current_game(t).move == move  # nothing moved


@pytest.mark.django_db(transaction=True)
def test_two_people_over_their_sockets_each_move_reaching_the_other_without_a_face_down_card():
    """The table opened from the form ("découverte"), two people seated from their pages, moves
    sent over one socket and drawn on both, no face-down card in any page or message."""
    from asgiref.sync import async_to_sync, sync_to_async
    from django.test import Client

    from tests.site.tables.test_consumers import Socket, key_of

    a, b = Client(), Client()
    response = a.post("/en/tables/", {"variant": "decouverte", "level": "heuristic"})
    assert response.status_code == 302
    t = LiveTable.objects.get(code=response["Location"].rstrip("/").split("/")[-1])
    assert live.is_decouverte(t)
    assert a.post(f"/en/t/{t.code}/sit", {"seat": "E", "name": "Amal"}).status_code == 400  # two seats only
    assert a.post(f"/en/t/{t.code}/sit", {"seat": "S", "name": "Amal"}).status_code == 302
    assert b.post(f"/en/t/{t.code}/sit", {"seat": "N", "name": "Badr"}).status_code == 302
    people = {"S": a, "N": b}
    for client in people.values():
        page = client.get(f"/en/t/{t.code}/").content.decode()
        assert 'class="dc-piles"' in page and no_face_down_html(page, face_down(t))

    def waiting() -> str:
        w = table_of(t, "S").waiting_for()
        return str(w[0]) if w else ""

    async def body() -> int:
        sockets = {s: await Socket(t, key_of(c)).open() for s, c in people.items()}
        for s in sockets.values():
            await s.receive()
        moves = 0
        for _ in range(8):
            seat = await sync_to_async(waiting)()
            if not seat:
                break
            move = await sync_to_async(a_move)(t, seat)
            number = await sync_to_async(lambda: live.current_game(t).move)()
            await sockets[seat].send({**move, "move": number})
            htmls = [await s.receive() for s in sockets.values()]
            hidden = await sync_to_async(face_down)(t)  # still face down after the move
            assert hidden
            for html in htmls:
                assert f'data-move="{number + 1}"' in html
                assert no_face_down_html(html, hidden)
            moves += 1
        return moves

    assert async_to_sync(body)() >= 2


def no_face_down_html(html: str, hidden: set[str]) -> bool:
    return not any(f'"{c}"' in html for c in hidden)


@pytest.mark.django_db(transaction=True)
def test_a_class_teacher_sees_every_face_down_card_and_the_pupils_none_at_every_message():
    """A class's découverte table over the sockets: at every message the teacher's board holds
    every face-down card and each pupil's holds none; after the hand the teacher finds both
    pupils' reviews, and a pupil's "new game" reaches the three sockets."""
    from asgiref.sync import async_to_sync, sync_to_async
    from django.test import Client

    from tests.site.classroom.base import login, make_class, make_student, make_teacher
    from tests.site.tables.test_consumers import Socket, key_of

    teacher = make_teacher("t@example.com", "Mme Haddad")
    classroom = make_class(teacher, "Club de Lyon", "LYO234")
    t_client, a, b = Client(), Client(), Client()
    login(t_client, teacher)
    pupils = [make_student("p1", "Amal", classroom), make_student("p2", "Badr", classroom)]
    login(a, pupils[0])
    login(b, pupils[1])
    response = t_client.post(
        "/en/tables/", {"variant": "decouverte", "level": "heuristic", "classroom": classroom.pk}
    )
    t = LiveTable.objects.get(code=response["Location"].rstrip("/").split("/")[-1])
    assert a.post(f"/en/t/{t.code}/sit", {"seat": "S", "name": "Amal"}).status_code == 302
    assert b.post(f"/en/t/{t.code}/sit", {"seat": "N", "name": "Badr"}).status_code == 302
    page = t_client.get(f"/en/t/{t.code}/").content.decode()
    hidden = face_down(t)
    assert 'id="teacher-view"' in page and all(f'data-card="{c}"' in page for c in hidden)
    pupil_page = a.get(f"/en/t/{t.code}/").content.decode()
    assert 'id="teacher-view"' not in pupil_page and no_face_down_html(pupil_page, hidden)

    def waiting() -> str:
        w = table_of(t, "S").waiting_for()
        return str(w[0]) if w else ""

    async def body() -> None:
        pupils_sockets = {"S": await Socket(t, key_of(a)).open(), "N": await Socket(t, key_of(b)).open()}
        watcher = await Socket(t, key_of(t_client)).open()
        for s in [*pupils_sockets.values(), watcher]:
            await s.receive()
        for _ in range(60):
            seat = await sync_to_async(waiting)()
            if not seat:
                break
            move = await sync_to_async(a_move)(t, seat)
            number = await sync_to_async(lambda: live.current_game(t).move)()
            await pupils_sockets[seat].send({**move, "move": number})
            htmls = [await s.receive() for s in pupils_sockets.values()]
            teacher_html = await watcher.receive()
            hidden = await sync_to_async(face_down)(t)  # after the move: what it left face down
            assert all(no_face_down_html(html, hidden) for html in htmls)
            assert all(f'data-card="{c}"' in teacher_html for c in hidden)
        # The hand is over: the teacher's board links both pupils' reviews, which the teacher reads.
        assert "game/1/hand/1/review?seat=S" in teacher_html and "game/1/hand/1/review?seat=N" in teacher_html
        # A pupil starts a new game: everybody's board is the new game's.
        number = await sync_to_async(lambda: live.current_game(t).move)()
        await pupils_sockets["N"].send({"action": "again", "move": number})
        htmls = [await s.receive() for s in [*pupils_sockets.values(), watcher]]
        fresh = await sync_to_async(lambda: live.current_game(t).pk)()
        assert all(f'data-game="{fresh}"' in html for html in htmls)
        assert 'data-total="S">0<' in htmls[0] and "Earlier games at this table" in htmls[0]
        for s in [*pupils_sockets.values(), watcher]:
            await s.close()

    async_to_sync(body)()
    review = t_client.get(f"/en/t/{t.code}/game/1/hand/1/review?seat=N")
    assert review.status_code == 200 and review.context["review"]["status"] == "done"
    # The hand is on the teacher's page of the pupil, with its points.
    first = TableGame.objects.get(table=t, number=1).game.hands[0]["result"]["points"]
    report = t_client.get(f"/en/classes/{classroom.pk}/students/{pupils[1].pk}/").content.decode()
    assert "Belote découverte (2 players)" in report and str(first["N"]) in report
