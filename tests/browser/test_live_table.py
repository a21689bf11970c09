"""A live table in Chromium over WebSockets: two people (French on a desktop, Arabic on a 375 px
phone) and two bots play a whole hand to its score. At every step each page holds only its own
player's cards, and a refused card's reason reaches only the player who tried it. Then four
people at one table play a trick, each move reaching the three other pages.

The site is served by Daphne (the ASGI server of `make run`) in a thread of the test process, on
the test's database, so that the pages' sockets reach the table's consumer (``asgi_server``, in
tests/browser/conftest.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from lessons.models import LiveTable
from tests.browser.browsing import DESKTOP, PHONE, SERVERS
from tests.browser.live_tables import open_table, take_seat, wait_live
from tests.site.tables.helpers import held, state


def cut_websockets() -> None:
    """Drop every WebSocket's TCP connection at the server, as a network cut does (no closing
    handshake: the browser sees an abnormal close, code 1006, and reconnects)."""
    from daphne.ws_protocol import WebSocketProtocol
    from twisted.internet import reactor

    for server in SERVERS:
        for protocol in list(server.connections):
            if isinstance(protocol, WebSocketProtocol):
                reactor.callFromThread(protocol.transport.abortConnection)


def hand_codes(page: Page) -> set[str]:
    return set(page.locator(".practice-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))


def make_a_move(p: Page) -> None:
    """The move the page offers: its first allowed card, a call that buys the hand when it may
    (Sun, or the first Hokm: the hand is then played), or no projects to declare."""
    if p.locator("#play-form").count():
        p.locator("#play-form button.card[data-legal]").first.click()
    elif p.locator("#call-form").count():
        buttons = p.locator("#call-form .choices:not(.choices-refused) button")
        names = [b.get_attribute("value") or "" for b in buttons.all()]
        pick = next((n for n in names if n.lower() == "sun"), "") or next(
            (n for n in names if n.lower().startswith("hokm")), names[-1]
        )
        buttons.and_(p.locator(f"[value='{pick}']")).first.click()
    elif p.locator("#declare-nothing").count():
        p.locator("#declare-nothing").click()


@pytest.mark.django_db(transaction=True)
def test_two_people_and_two_bots_play_a_hand_live(asgi_server, new_context, artifacts):
    fr = new_context(viewport=DESKTOP, locale="fr-FR").new_page()
    ar = new_context(viewport=PHONE, locale="ar").new_page()
    code = open_table(fr, asgi_server, "fr", "saudi")
    take_seat(fr, "Camille", "S")
    table = LiveTable.objects.get(code=code)
    take_seat(ar, "نورة", "N", f"{asgi_server}/ar/t/{code}/")
    pages = {"S": fr, "N": ar}
    wait_live(fr, ar)

    refused_seen = False
    for _ in range(120):
        # Each page holds its own player's cards and no other's, at every step.
        for seat, p in pages.items():
            expect(p.locator("#table-board")).to_have_attribute("data-move", str(state(table).game.move))
            assert hand_codes(p) == held(table, seat)
        if p.locator("#hand-score .score-points").count() and "result" in state(table).record:
            break
        waiting = state(table).waiting_for()
        if not waiting:
            if state(table).can_deal_next():  # a void deal: the next one
                fr.locator("#next-hand").click()
                continue
            break
        seat = str(waiting[0])
        p, other = pages[seat], pages["N" if seat == "S" else "S"]
        move = state(table).game.move
        if p.locator("#play-form").count():
            forbidden = p.locator("#play-form button.card:not([data-legal])")
            if not refused_seen and forbidden.count():
                forbidden.first.click()
                expect(p.locator("#refusal")).to_be_visible()
                assert p.locator("#refusal .reasons li").count() >= 1
                expect(other.locator("#refusal")).to_have_count(0)
                refused_seen = True
                if seat == "N":
                    ar.screenshot(path=str(artifacts / "live-table-ar-375-refusal.png"), full_page=False)
            p.locator("#play-form button.card[data-legal]").first.click()
        else:
            make_a_move(p)
        expect(p.locator("#table-board")).not_to_have_attribute("data-move", str(move))
    assert "result" in state(table).record and not state(table).record["result"].get("void")
    for p in pages.values():
        expect(p.locator("#hand-score")).to_be_visible()
        expect(p.locator("#own-review")).to_be_visible()
    assert refused_seen
    fr.screenshot(path=str(artifacts / "live-table-fr-desktop.png"), full_page=True)
    ar.screenshot(path=str(artifacts / "live-table-ar-375.png"), full_page=False)
    assert ar.evaluate("document.documentElement.scrollWidth") <= 375

    # The connections are cut and the next hand is dealt meanwhile (by a plain post: the French
    # page has no socket then); each page reconnects by itself and is sent the whole table: the
    # new hand, with its own cards.
    move = state(table).game.move
    ar.evaluate("document.getElementById('live-state').dataset.connected = 'cut'")
    cut_websockets()
    expect(ar.locator("#live-state[data-connected='0']")).to_be_attached()
    fr.context.request.post(
        f"{asgi_server}/fr/t/{code}/act",
        form={"action": "next", "move": str(move)},
        headers={
            "X-CSRFToken": fr.evaluate("document.querySelector('[name=csrfmiddlewaretoken]').value"),
            "Referer": f"{asgi_server}/fr/t/{code}/",
        },
    )
    assert state(table).game.move > move
    for seat, p in pages.items():
        expect(p.locator("#live-state[data-connected='1']")).to_be_attached()
        expect(p.locator("#table-board")).to_have_attribute("data-move", str(state(table).game.move))
        assert hand_codes(p) == held(table, seat)


@pytest.mark.django_db(transaction=True)
def test_four_people_play_a_trick_live(asgi_server, new_context):
    """Four people, no bot: every move reaches the three other pages, each with its own cards."""
    pages: dict[str, Page] = {}
    code = ""
    for seat in "SENW":
        p = new_context(viewport=PHONE if seat in "EW" else DESKTOP).new_page()
        if not pages:
            p.goto(f"{asgi_server}/en/tables/")
            p.locator("input[name=variant][value=saudi]").check()
            p.locator("#open-table").click()
        else:
            p.goto(f"{asgi_server}/en/t/{code}/")
        p.locator("#sit-name").fill(f"Player {seat}")
        p.locator(f"#sit-{seat}").click()
        code = p.locator(".table-code").first.inner_text()
        pages[seat] = p
    table = LiveTable.objects.get(code=code)
    for p in pages.values():
        expect(p.locator("#live-state[data-connected='1']")).to_be_attached()
    for _ in range(60):
        st = state(table)
        if st.hand.tricks is not None and st.hand.tricks.taken:
            break  # the first trick is over
        waiting = st.waiting_for()
        if waiting:
            make_a_move(pages[str(waiting[0])])
        else:  # a void deal (nobody bought): the next one
            pages["S"].locator("#next-hand").click()
        for seat, p in pages.items():
            expect(p.locator("#table-board")).to_have_attribute("data-move", str(st.game.move + 1))
            assert hand_codes(p) == held(table, seat)
    else:
        raise AssertionError("no trick was played")
    for p in pages.values():
        expect(p.locator(".last-trick")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_teacher_watches_the_coach_judge_a_pupils_card_during_the_hand(asgi_server, new_context, artifacts):
    """A class table: the teacher (French, desktop) opens it for the class, a pupil (Arabic, 375 px
    phone) sits down and plays; the coach's verdict on the pupil's card appears on the teacher's
    page while the hand is played. The pupil's page never shows another hand or a verdict. The
    teacher's own phone (Arabic, 375×667) has the pause and the seating in the first screen."""
    from django.conf import settings
    from django.test import Client

    from tests.site.classroom.base import make_class, make_student, make_teacher

    teacher = make_teacher("t@example.com", "Mme Haddad")
    classroom = make_class(teacher, "Nadi Riyadh", "ABC234")
    pupil = make_student("p1", "نورة", classroom)
    make_student("p2", "Omar", classroom)  # standing: the teacher may seat him

    def signed_in(user, **options):
        client = Client()
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
        context = new_context(**options)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": asgi_server}])
        return context.new_page()

    fr = signed_in(teacher, viewport=DESKTOP, locale="fr-FR")
    ar = signed_in(pupil, viewport=PHONE, locale="ar")
    code = open_table(fr, asgi_server, "fr", "saudi", classroom.pk)
    table = LiveTable.objects.get(code=code)
    take_seat(ar, "نورة", "S", f"{asgi_server}/ar/t/{code}/")
    wait_live(fr, ar)

    # A note the teacher is typing stays while the board is drawn again after every move.
    fr.locator("#teacher-note").fill("Comptez les atouts.")
    live_hand = fr.locator(".coach-hand[data-live]")
    pupils_cards = live_hand.locator(".coach-decision[data-decision=card]", has_text="نورة")
    for _ in range(40):
        if pupils_cards.count() or "result" in state(table).record:
            break
        move = state(table).game.move
        if state(table).waiting_for():
            make_a_move(ar)
            expect(ar.locator("#table-board")).not_to_have_attribute("data-move", str(move))
        # The pupil's page: her own cards, nobody else's, and no word of the coach.
        assert hand_codes(ar) == held(table, "S")
        assert ar.locator("#coach-evaluation, [data-open-hand]").count() == 0
        # The teacher's page follows the table and the coach's verdicts.
        expect(fr.locator("#table-board")).to_have_attribute("data-move", str(state(table).game.move))
    expect(pupils_cards.first).to_be_visible()
    assert "result" not in state(table).record  # during the hand
    expect(fr.locator("#teacher-note")).to_have_value("Comptez les atouts.")
    verdict = pupils_cards.first.locator(".coach-verdict").inner_text()
    assert verdict.strip() and "فيما" not in verdict  # in the teacher's French
    fr.screenshot(path=str(artifacts / "live-table-teacher-fr-desktop.png"), full_page=True)

    # The teacher's phone, in Arabic: the pause and the seating in the first screen, nothing wider.
    phone = signed_in(teacher, viewport={"width": 375, "height": 667}, locale="ar")
    phone.goto(f"{asgi_server}/ar/t/{code}/")
    expect(phone.locator("#live-state[data-connected='1']")).to_be_attached()
    expect(phone.locator(".coach-hand[data-live] .coach-decision").first).to_be_attached()
    phone.screenshot(path=str(artifacts / "live-table-teacher-ar-375.png"), full_page=False)
    phone.locator("#coach-evaluation").screenshot(path=str(artifacts / "live-table-teacher-ar-375-coach.png"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    for decision in ("#pause-table", "#seat-pupil"):
        box = phone.locator(decision).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 667, decision
