"""The calculator's game sheet (القيد): adding hands, undoing the last one, the end of the game."""

import pytest

from lessons.calculator.sheet import SESSION_KEY
from tests.site.calculator.pages import add_form, calc_url, sheet_count, sheet_lines, sheet_url, totals

pytestmark = pytest.mark.django_db


def add(client, variant="saudi", lang="en", **params):
    """Score a hand on the page, then press "Add this hand to the game sheet"."""
    page = client.get(calc_url(variant, lang=lang, **params)).text
    return client.post(sheet_url(variant, "add", lang), add_form(page))


def test_it_adds_a_hand_and_comes_back_to_the_sheet(client):
    response = add(client, trump="sun", points=95)

    assert response.status_code == 303
    assert response["Location"] == "/en/calculator/saudi/#sheet"
    page = client.get("/en/calculator/saudi/").text
    assert sheet_lines(page) == [(19, 7)]
    assert totals(page) == {"NS": 19, "EW": 7}


def test_it_keeps_the_sheet_across_visits(client):
    add(client, trump="sun", points=95)
    add(client, trump="H", points=95, taker="E")

    # A refresh, a later visit: the session still holds the sheet.
    page = client.get("/en/calculator/saudi/").text
    assert sheet_lines(page) == [(19, 7), (7, 9)]
    assert totals(page) == {"NS": 26, "EW": 16}


def test_its_lines_link_to_the_hand_they_score(client):
    add(client, trump="sun", points=95)

    page = client.get("/en/calculator/saudi/").text

    assert 'href="/en/calculator/saudi/?trump=sun&amp;taker=S&amp;dealer=W&amp;points=95"' in page


def test_it_starts_the_next_hand_from_the_sheet(client):
    add(client, trump="sun", points=95, dealer="W")

    page = client.get("/en/calculator/saudi/").text

    # The deal passes to the right (South after West), and the game score so far is filled in.
    assert 'name="dealer" value="S" checked' in page
    assert 'value="19"' in page.split('id="field-ns"', 1)[1].split(">", 1)[0]
    assert 'value="7"' in page.split('id="field-ew"', 1)[1].split(">", 1)[0]


def test_it_keeps_the_house_rules_for_the_next_hand(client):
    add(client, "french", trump="H", points=100, strict_contract=1, target=500)

    page = client.get("/en/calculator/french/").text

    assert 'name="strict_contract" value="1" checked' in page
    assert "Game to 500" in page


def test_a_double_click_adds_the_hand_once(client):
    page = client.get(calc_url("saudi", trump="sun", points=95)).text
    form = add_form(page)

    client.post(sheet_url("saudi", "add"), form)
    client.post(sheet_url("saudi", "add"), form)

    assert sheet_lines(client.get("/en/calculator/saudi/").text) == [(19, 7)]


def test_it_undoes_the_last_hand(client):
    add(client, trump="sun", points=95)
    add(client, trump="sun", points=54)
    page = client.get("/en/calculator/saudi/").text

    response = client.post(sheet_url("saudi", "undo"), {"n": sheet_count(page)})

    assert response.status_code == 303
    page = client.get("/en/calculator/saudi/").text
    assert sheet_lines(page) == [(19, 7)]
    assert totals(page) == {"NS": 19, "EW": 7}


def test_undo_from_an_old_page_changes_nothing(client):
    add(client, trump="sun", points=95)
    add(client, trump="sun", points=54)

    client.post(sheet_url("saudi", "undo"), {"n": "1"})

    assert len(sheet_lines(client.get("/en/calculator/saudi/").text)) == 2


def test_it_ends_the_game_at_the_target(client):
    add(client, trump="sun", points=95, ns=140, ew=100)

    page = client.get("/en/calculator/saudi/").text

    # The first hand carries in the score of a game already under way.
    assert "Score carried in" in page
    assert totals(page) == {"NS": 159, "EW": 107}
    assert "Game over: North–South win the game." in page
    assert "Add this hand to the game sheet" not in client.get(calc_url("saudi", trump="sun", points=60)).text


def test_it_refuses_a_hand_after_the_end_of_the_game(client):
    add(client, trump="sun", points=95, ns=140, ew=100)
    page = client.get(calc_url("saudi", trump="sun", points=60)).text

    response = client.post(sheet_url("saudi", "add"), {"q": "trump=sun&points=60", "n": "1"})

    assert "This hand ends the game." not in page  # the form's own score is not the sheet's
    assert response.status_code == 400
    assert "The game is over" in response.text
    assert len(sheet_lines(client.get("/en/calculator/saudi/").text)) == 1


def test_it_scores_each_hand_from_the_sheets_totals(client):
    add(client, trump="sun", points=54, ns=140, ew=0)
    add(client, trump="sun", points=95)  # the form says 0-0 ...

    page = client.get("/en/calculator/saudi/").text

    # ... but the sheet says 140-26 before this hand: 140 + 19 passes 152.
    assert totals(page) == {"NS": 159, "EW": 33}
    assert "Game over: North–South win the game." in page


def test_undoing_the_only_hand_keeps_the_score_carried_in(client):
    add(client, trump="sun", points=54, ns=140, ew=10)
    client.post(sheet_url("saudi", "undo"), {"n": "1"})

    page = client.get("/en/calculator/saudi/").text

    assert sheet_lines(page) == []
    assert "Score carried in" in page
    assert 'value="140"' in page.split('id="field-ns"', 1)[1].split(">", 1)[0]


def test_a_gahwa_is_won_by_the_winner_of_the_hand(client):
    add(client, trump="S", points=100, double="gahwa", ns=0, ew=120)

    page = client.get("/en/calculator/saudi/").text

    assert "Game over: North–South win the game." in page


def test_it_carries_the_moroccan_litige_pot_to_the_next_hand(client):
    add(client, "moroccan", trump="H", points=81)

    page = client.get("/en/calculator/moroccan/").text
    assert "pot for the next hand: 81" in page
    assert 'value="81"' in page.split('id="field-pot"', 1)[1].split(">", 1)[0]

    add(client, "moroccan", trump="H", points=100)  # made: the takers collect the pot
    assert sheet_lines(client.get("/en/calculator/moroccan/").text) == [(0, 81), (181, 62)]


def test_a_new_game_clears_the_sheet(client):
    add(client, trump="sun", points=95)

    response = client.post(sheet_url("saudi", "clear"))

    assert response.status_code == 302
    assert sheet_lines(client.get("/en/calculator/saudi/").text) == []


def test_each_variant_keeps_its_own_sheet(client):
    add(client, "saudi", trump="sun", points=95)
    add(client, "french", trump="H", points=100)

    assert sheet_lines(client.get("/en/calculator/saudi/").text) == [(19, 7)]
    assert sheet_lines(client.get("/en/calculator/french/").text) == [(100, 62)]
    assert "A game on the sheet: 19 to 7 (hands played: 1)." in client.get("/en/calculator/").text


def test_it_shows_the_sheet_in_arabic_with_arabic_digits(client):
    add(client, lang="ar", trump="sun", points=95)

    page = client.get("/ar/calculator/saudi/").text

    assert 'data-total="19">١٩</td>' in page


def test_a_damaged_sheet_in_the_session_is_a_fresh_sheet(client):
    session = client.session
    session[SESSION_KEY] = {"saudi": {"start": "oops", "entries": [1, 2]}, "french": "nothing"}
    session.save()

    assert client.get("/en/calculator/saudi/").status_code == 200
    assert client.get("/en/calculator/french/").status_code == 200
    assert add(client, trump="sun", points=95).status_code == 303


UNSCORABLE = ["", "trump=sun", "trump=sun&points=999", "taker=Q&points=50", "S1=ZZ&points=50"]


@pytest.mark.parametrize("q", UNSCORABLE)
def test_it_refuses_a_hand_it_cannot_score_with_a_message(client, q):
    response = client.post(sheet_url("saudi", "add", "fr"), {"q": q, "n": "0"})

    assert response.status_code == 400
    assert "<html" in response.text
    assert sheet_lines(client.get("/en/calculator/saudi/").text) == []


def test_the_sheet_only_takes_posts(client):
    assert client.get(sheet_url("saudi", "add")).status_code == 405
    assert client.get(sheet_url("saudi", "undo")).status_code == 405
