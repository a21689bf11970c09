"""Bad input to the calculator: a message beside the field, in the page language, never a 500."""

import random

import pytest

from lessons.calculator.form import SLOTS
from tests.site.calculator.pages import calc_url, field_error, scores

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"trump": "sun", "points": 999}, "points", "Write a number from 0 to 162."),
        ({"trump": "sun", "points": 140}, "points", "Card points go from 0 to 130."),
        ({"trump": "H", "points": "lots"}, "points", "Write a whole number, like 74."),
        ({"trump": "H", "points": 100, "other": 50}, "other", "make 162: 100 + 50 is 150"),
        ({"trump": "H", "points": 100, "tricks": 8}, "tricks", "the other team has no card points"),
        ({"trump": "H", "points": 100, "tricks": 9}, "tricks", "Write a number from 0 to 8."),
        ({"trump": "H", "tricks": 3}, "points", "Write the card points of the taking team."),
        ({"trump": "H", "points": 80, "S1": "ZZ"}, "S1", "“ZZ” is not a card."),
        ({"trump": "H", "points": 80, "S1": ["QH", "QH", "KH"]}, "S1", "A card is picked twice."),
        (
            {"trump": "H", "points": 80, "S1": ["QH", "KH", "AH"], "N1": ["JH", "QH", "KH"]},
            "N1",
            "Q♥ is already in another project (Project 1 of South).",
        ),
        (
            {"trump": "H", "points": 80, "S1": ["QH", "KH", "9H"]},
            "S1",
            "These cards form no project: the cards do not follow one another.",
        ),
        ({"trump": "H", "points": 80, "E2": ["QH", "KS", "AH"]}, "E2", "a sequence must be in one suit"),
        ({"trump": "H", "points": 80, "W1": ["9C", "9S", "9D", "9H"]}, "W1", "count for nothing"),
        ({"trump": "H", "points": 80, "taker": "Q"}, "taker", "Choose a seat from the list."),
        ({"trump": "H", "points": 80, "dealer": "<b>"}, "dealer", "Choose a seat from the list."),
        ({"trump": "H", "points": 80, "belote": "NE"}, "belote", "Choose a seat from the list."),
        ({"trump": "X", "points": 80}, "trump", "Choose the contract from the list."),
        ({"trump": "sun", "points": 80, "belote": "S"}, "belote", "Sun has no trump, so there is no Baloot."),
        ({"trump": "sun", "points": 80, "double": "3"}, "double", "In Sun, only Double (×2) may be said."),
        ({"trump": "H", "points": 80, "double": "9"}, "double", "Choose the doubling from the list."),
        ({"trump": "H", "points": 80, "target": 0}, "target", "Write a number from 1 to 100000."),
        ({"trump": "H", "points": 80, "target": 20000}, "target", "Write a number from 1 to 10000."),
        ({"trump": "H", "points": 80, "ns": -5}, "ns", "Write a whole number, like 74."),
    ],
)
def test_it_says_what_is_wrong_beside_the_field(client, params, field, message):
    response = client.get(calc_url("saudi", **params))

    assert response.status_code == 200
    assert message in field_error(response.text, field)
    assert scores(response.text) == {}  # no score for a hand it could not read


@pytest.mark.parametrize(
    ("variant", "params", "field", "message"),
    [
        ("moroccan", {"trump": "H", "points": 80, "target": 550}, "target", "500, 600 … up to 2000"),
        ("french", {"trump": "H", "points": 80, "pot": 40}, "pot", "only under the litige house rule"),
        ("french", {"trump": "sun", "points": 80}, "trump", "Choose the contract from the list."),
        ("moroccan", {"trump": "H", "points": 80, "S1": ["8C", "8S", "8D", "8H"]}, "S1", "count for nothing"),
    ],
)
def test_it_holds_each_variant_to_its_own_rules(client, variant, params, field, message):
    response = client.get(calc_url(variant, **params))

    assert message in field_error(response.text, field)


def test_what_only_the_engine_catches_is_shown_beside_its_field_too(client):
    # South declared the trump queen and king in a Sira: North cannot hold them for the Baloot.
    params = {"trump": "H", "points": 80, "S1": ["QH", "KH", "AH"], "belote": "N"}
    response = client.get(calc_url("saudi", **params))

    message = field_error(response.text, "belote")
    assert "Q♥ is given twice: in Project 1 of South and in Baloot" in message
    assert "projects." not in response.text.split('id="calc-result"')[1]  # the form's words, not the engine's


def test_it_speaks_the_page_language_in_its_messages(client):
    url = calc_url("saudi", lang="ar", trump="H", points=80, taker="Q", S1=["QH", "KH", "9H"])
    response = client.get(url)

    assert field_error(response.text, "taker") == "اختر مكانًا من القائمة."
    assert "الأوراق ليست متتالية" in field_error(response.text, "S1")


def test_it_lists_the_problems_in_the_result_region_too(client):
    response = client.get(calc_url("saudi", trump="H", points=999, taker="Z"))

    region = response.text.split('id="calc-result"')[1]
    assert '<a href="#field-points">' in region and '<a href="#field-taker">' in region


def test_it_answers_htmx_with_the_messages_out_of_band(client):
    url = calc_url("saudi", trump="H", points=80, taker="Q")
    response = client.get(url, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert "Choose a seat from the list." in field_error(response.text, "taker")
    assert '<p id="err-taker" class="field-error" hx-swap-oob="true">' in response.text
    # The address bar keeps what was typed (there is no clean link to a hand that cannot be scored).
    assert response["HX-Push-Url"].endswith("taker=Q")


def test_a_page_without_card_points_asks_for_them_without_scolding(client):
    response = client.get(calc_url("saudi", trump="H", taker="E"))

    assert "Enter the buyers' abnat" in response.text
    assert field_error(response.text, "points") == ""


FIELDS = ["trump", "taker", "dealer", "points", "other", "tricks", *SLOTS, "belote", "double", "ace", "pot"]
FIELDS += ["ns", "ew", "target", "tie_is_draw", "litige", "clockwise", "kaboot_88_on_ace"]
JUNK = ["", "0", "8", "-1", "99999999999", "1e3", "١٦٢", "QH", "10H", "ZZ", "sun", "N", "gahwa", "<script>"]
JUNK += ["%00", "\u202e", "true", "[]", "{}", "ـ"]


@pytest.mark.parametrize("variant", ["saudi", "moroccan", "french"])
def test_no_query_makes_it_fail(client, variant):
    chance = random.Random(variant)
    for _ in range(40):
        params = {name: chance.choice(JUNK) for name in chance.sample(FIELDS, 8)}
        params.setdefault("points", chance.choice(JUNK))
        for htmx in (False, True):
            response = client.get(calc_url(variant, lang=chance.choice(["en", "ar", "fa", "fr"]), **params),
                                  headers={"HX-Request": "true"} if htmx else {})
            assert response.status_code == 200, params
