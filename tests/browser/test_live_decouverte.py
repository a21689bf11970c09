"""A live découverte table in Chromium over WebSockets: two people, one in Arabic on a 375×667
phone and one in French on a desktop, play a whole hand to its score. At every step neither page
holds a face-down card, and the decision in front of the phone's player fits its first screen.
Then each opens their own review and the replay of the hand, and one starts a new game.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.cards import Card, Seat, cards_of
from lessons.models import LiveTable
from lessons.practice.tables import decouverte as live
from tests.browser.browsing import DESKTOP
from tests.browser.live_tables import open_table, take_seat, wait_live

PHONE_SCREEN = {"width": 375, "height": 667}


def face_down(t: LiveTable) -> set[str]:
    st = live.LiveDecouverte(live.current_game(t), Seat.S, frozenset())
    on_table = st.now.hand.table if st.now.hand is not None else st.now.deal.table
    return {str(Card(c)) for s in live.SEATS for c in cards_of(on_table.face_down(s))}


def waiting(t: LiveTable) -> str:
    st = live.LiveDecouverte(live.current_game(t), Seat.S, frozenset({Seat.S, Seat.N}))
    w = st.waiting_for()
    return str(w[0]) if w else ""


def fits_first_screen(p: Page, selector: str) -> bool:
    box = p.locator(selector).first.bounding_box()
    return box is not None and box["y"] + box["height"] <= PHONE_SCREEN["height"]


@pytest.mark.django_db(transaction=True)
def test_two_people_play_a_decouverte_hand_live_then_read_their_reviews_the_replay_and_start_again(
    asgi_server, new_context, artifacts
):
    ar = new_context(viewport=PHONE_SCREEN, locale="ar").new_page()
    fr = new_context(viewport=DESKTOP, locale="fr-FR").new_page()
    code = open_table(ar, asgi_server, "ar", "decouverte")
    take_seat(ar, "نورة", "S")
    t = LiveTable.objects.get(code=code)
    take_seat(fr, "Camille", "N", f"{asgi_server}/fr/t/{code}/")
    pages = {"S": ar, "N": fr}
    wait_live(ar, fr)

    shot = {"auction": False, "play": False}
    for _ in range(60):
        seat = waiting(t)
        if not seat:
            break
        p = pages[seat]
        move = live.current_game(t).move
        if p.locator("#call-form").count():
            if seat == "S" and not shot["auction"]:
                assert fits_first_screen(ar, "#call-form .choices")
                ar.screenshot(path=str(artifacts / "live-decouverte-ar-375-auction.png"))
                shot["auction"] = True
            buttons = p.locator("#call-form .choices:not(.choices-refused) button")
            values = [b.get_attribute("value") or "" for b in buttons.all()]
            pick = next((v for v in values if v.startswith("take")), values[0])
            p.locator(f"#call-form button[value='{pick}']").first.click()
        else:
            if seat == "S" and not shot["play"]:
                assert fits_first_screen(ar, "#play-form button.card:not(.card-illegal)")
                ar.screenshot(path=str(artifacts / "live-decouverte-ar-375-play.png"))
                shot["play"] = True
            p.locator("#play-form button.card:not(.card-illegal)").first.click()
        for q in pages.values():
            expect(q.locator("#table-board")).not_to_have_attribute("data-move", str(move))
        hidden = face_down(t)
        for q in pages.values():
            html = q.locator("#table-board").inner_html()
            assert not any(f'"{c}"' in html for c in hidden)
    assert "result" in live.current_game(t).hands[-1] and all(shot.values())

    # The score step by step on both pages; each opens their own review, then the replay.
    for p in pages.values():
        expect(p.locator("#hand-score .score-steps")).to_be_visible()
    for p in pages.values():
        p.evaluate("window.scrollTo(0, 0)")
    fr.screenshot(path=str(artifacts / "live-decouverte-fr-desktop.png"))
    ar.screenshot(path=str(artifacts / "live-decouverte-ar-375-score.png"))
    assert ar.evaluate("document.documentElement.scrollWidth") <= PHONE_SCREEN["width"]
    for p in pages.values():
        p.locator("#own-review").click()
        expect(p.locator("#hand-review[data-status='done']")).to_be_visible()
    ar.screenshot(path=str(artifacts / "live-decouverte-ar-375-review.png"))
    fr.locator("a[href$='/game/1/hand/1/']").click()
    expect(fr.locator("#replay-step")).to_have_attribute("data-trick", "16")
    fr.locator("a[rel=prev]").click()
    expect(fr.locator("#replay-step")).to_have_attribute("data-trick", "15")
    expect(fr.locator("#replay-step .dc-plays > li")).to_have_count(2)
    fr.screenshot(path=str(artifacts / "live-decouverte-fr-replay.png"))

    # A new game, asked first: both boards start a fresh sheet, the finished game listed under it.
    game = live.current_game(t).pk
    fr.goto(f"{asgi_server}/fr/t/{code}/")
    ar.goto(f"{asgi_server}/ar/t/{code}/")
    for p in pages.values():
        expect(p.locator("#live-state[data-connected='1']")).to_be_attached()
    fr.locator("#new-game summary").click()
    fr.locator("#play-again").click()
    for p in pages.values():
        expect(p.locator("#table-board")).not_to_have_attribute("data-game", str(game))
        expect(p.locator(".earlier-games li")).to_have_count(1)
    fr.locator(".sheet").screenshot(path=str(artifacts / "live-decouverte-fr-sheet.png"))
