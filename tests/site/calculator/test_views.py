"""The score calculator page: each variant scored through the page, seed 001's examples, the shared link."""

import re

import pytest

from engine.notation import option_names
from lessons.calculator.form import NOT_ABOUT_SCORING, OPTION_LABELS, score_options
from tests.site.calculator.pages import calc_url, field_error, scores, share_url, steps

pytestmark = pytest.mark.django_db

# Fifty = four cards in sequence; Sira = three (docs/rules.md §4.1). North–South bought (South is the taker).
FIFTY = ["7H", "8H", "9H", "TH"]
SIRA = ["QS", "KS", "AS"]


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        # Seed 001's four examples (docs/rules.md §5.1): buyer's points first.
        ({"trump": "sun", "points": 54}, {"NS": 0, "EW": 26}),
        ({"trump": "sun", "points": 95}, {"NS": 19, "EW": 7}),
        ({"trump": "sun", "points": 60, "S1": FIFTY}, {"NS": 22, "EW": 14}),
        ({"trump": "H", "points": 45, "S1": SIRA, "belote": "S"}, {"NS": 2, "EW": 18}),
        # ... and the fourth with the house rule the seed plays it with.
        (
            {"trump": "H", "points": 45, "S1": SIRA, "belote": "S", "baloot_transfers_on_failure": 1},
            {"NS": 0, "EW": 20},
        ),
    ],
)
def test_it_scores_seed_001s_examples(client, params, expected):
    response = client.get(calc_url("saudi", taker="S", **params))

    assert response.status_code == 200
    assert scores(response.text) == expected


def test_it_scores_a_hand_bought_by_east_west_in_their_column(client):
    response = client.get(calc_url("saudi", trump="sun", taker="E", points=95))

    assert scores(response.text) == {"NS": 7, "EW": 19}


@pytest.mark.parametrize(
    ("variant", "params", "expected", "rule"),
    [
        ("saudi", {"trump": "sun", "tricks": 8}, {"NS": 44, "EW": 0}, "score.sa.kaboot"),
        ("saudi", {"trump": "S", "tricks": 0}, {"NS": 0, "EW": 25}, "score.sa.kaboot"),
        ("saudi", {"trump": "S", "points": 100, "double": 2}, {"NS": 32, "EW": 0}, "score.sa.doubled"),
        ("moroccan", {"trump": "H", "points": 100}, {"NS": 100, "EW": 62}, "score.ma.contract"),
        ("moroccan", {"trump": "H", "points": 60}, {"NS": 0, "EW": 162}, "score.ma.chute"),
        ("moroccan", {"trump": "H", "points": 162}, {"NS": 262, "EW": 0}, "score.ma.capot"),
        ("french", {"trump": "H", "points": 100}, {"NS": 100, "EW": 62}, "score.fr.contract"),
        ("french", {"trump": "H", "points": 70}, {"NS": 0, "EW": 162}, "score.fr.dedans"),
        ("french", {"trump": "H", "tricks": 8}, {"NS": 252, "EW": 0}, "score.fr.capot"),
    ],
)
def test_it_scores_each_variant_with_the_engines_steps(client, variant, params, expected, rule):
    response = client.get(calc_url(variant, taker="S", **params))

    assert scores(response.text) == expected
    assert rule in steps(response.text)


def test_it_counts_only_the_stronger_teams_declarations(client):
    # A quarte (50) for East beats South's tierce: the defenders' 50 count, the takers' 20 do not;
    # the takers' 120 still beat the defenders' 42 + 50, so each team scores its own total.
    params = {"trump": "S", "points": 120, "S1": ["7H", "8H", "9H"], "E1": ["7D", "8D", "9D", "TD"]}
    response = client.get(calc_url("french", taker="S", **params))

    assert scores(response.text) == {"NS": 120, "EW": 92}
    assert "decl.fr.best" in steps(response.text)


def test_it_names_what_each_projects_cards_form(client):
    response = client.get(calc_url("saudi", trump="sun", points=60, S1=FIFTY, N1=["QC", "KC", "AC"]))

    assert '<p id="info-S1" class="picker-info">Fifty (10)</p>' in response.text
    assert '<p id="info-N1" class="picker-info">Sira (4)</p>' in response.text


def test_it_reads_the_litige_pot_in_moroccan_and_french_with_litige(client):
    made = client.get(calc_url("moroccan", trump="H", points=100, pot=81))
    french = client.get(calc_url("french", trump="H", points=100, pot=81, litige=1))

    # The takers made it: they collect the pot on top of their points.
    assert scores(made.text) == {"NS": 181, "EW": 62}
    assert scores(french.text) == {"NS": 181, "EW": 62}


def test_it_says_when_the_hand_ends_the_game(client):
    response = client.get(calc_url("saudi", trump="sun", points=95, ns=140, ew=100))

    assert "This hand ends the game." in response.text
    assert "score.sa.game" in steps(response.text)


def test_it_speaks_the_page_language_and_its_digits(client):
    response = client.get(calc_url("saudi", lang="ar", trump="sun", points=54))

    assert 'dir="rtl"' in response.text
    assert "خسر المشتري" in response.text  # the engine's own Arabic words
    assert 'data-points="26"' in response.text
    assert '<span class="calc-points">٢٦</span>' in response.text


def test_it_shows_western_digits_to_who_prefers_them(client):
    client.post("/ar/prefs/", {"digits": "western", "next": "/ar/"})

    response = client.get(calc_url("saudi", lang="ar", trump="sun", points=54))

    assert '<span class="calc-points">26</span>' in response.text


@pytest.mark.parametrize("typed", ["٩٥", "۹۵", " 95 "])
def test_it_accepts_arabic_indic_and_persian_digits(client, typed):
    response = client.get(calc_url("saudi", lang="fa", trump="sun", points=typed))

    assert scores(response.text) == {"NS": 19, "EW": 7}
    assert field_error(response.text, "points") == ""


def test_its_share_link_reproduces_the_hand(client):
    params = {"trump": "H", "taker": "W", "points": "٤٥", "W1": SIRA, "belote": "W", "ns": 30, "ew": 12}
    first = client.get(calc_url("saudi", lang="ar", **params))
    link = share_url(first.text)

    again = client.get(link)

    # Western digits in the link, whatever the reader typed; the same score and the same steps.
    assert "points=45" in link and link.startswith("http://testserver/ar/calculator/saudi/?")
    assert scores(again.text) == scores(first.text) == {"NS": 18, "EW": 2}  # seed 001, mirrored
    assert steps(again.text) == steps(first.text)
    assert share_url(again.text) == link


def test_it_answers_htmx_with_the_result_and_the_messages_beside_the_fields(client):
    url = calc_url("saudi", trump="sun", points=95, S1=["QH", "KH", "9H"])
    response = client.get(url, headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert "<html" not in response.text
    assert response.text.lstrip().startswith('<div id="calc-result"')
    assert 'id="err-S1" class="field-error" hx-swap-oob="true"' in response.text
    assert 'id="info-S1" class="picker-info" hx-swap-oob="true"' in response.text
    assert "These cards form no project" in field_error(response.text, "S1")


def test_it_puts_the_hands_own_link_in_the_address_bar_after_an_htmx_change(client):
    response = client.get(calc_url("saudi", trump="sun", points="٩٥"), headers={"HX-Request": "true"})

    assert response["HX-Push-Url"] == "/en/calculator/saudi/?trump=sun&taker=S&dealer=W&points=95"


def test_going_back_to_a_pushed_address_gets_the_whole_page(client):
    headers = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    response = client.get(calc_url("saudi", trump="sun", points=95), headers=headers)

    assert "<html" in response.text
    assert scores(response.text) == {"NS": 19, "EW": 7}


def test_its_form_works_without_javascript(client):
    page = client.get(calc_url("french")).text

    form = re.search(r'<form id="calc-form"[^>]*>', page).group(0)
    assert 'method="get"' in form and 'action="/en/calculator/french/#calc-result"' in form
    assert 'hx-get="/en/calculator/french/"' in form and 'hx-trigger="change, submit"' in form
    assert '<button type="submit" class="primary">Compute the score</button>' in page


def test_its_number_fields_bring_up_the_number_keyboard(client):
    page = client.get(calc_url("moroccan")).text

    for name in ("points", "other", "tricks", "pot", "ns", "ew", "target"):
        field = re.search(rf'<input id="field-{name}"[^>]*>', page).group(0)
        assert 'inputmode="numeric"' in field, name


@pytest.mark.parametrize("variant", ["saudi", "moroccan", "french"])
def test_it_offers_every_house_rule_that_changes_a_score(client, variant):
    page = client.get(calc_url(variant)).text

    for name in option_names(variant):
        if name == "target" or name in NOT_ABOUT_SCORING:
            continue
        # A new option of the engine shows up here, with words to say it.
        assert name in OPTION_LABELS, name
        assert f'name="{name}" value="1"' in page
    assert set(score_options(variant)) <= set(OPTION_LABELS)


@pytest.mark.parametrize(("variant", "target"), [("saudi", 152), ("moroccan", 500), ("french", 1000)])
def test_it_plays_to_the_variants_target(client, variant, target):
    page = client.get(calc_url(variant)).text

    assert f"up to {target}, on this device" in page


def test_it_offers_sun_only_in_saudi_baloot(client):
    assert 'name="trump" value="sun"' in client.get(calc_url("saudi")).text
    assert 'name="trump" value="sun"' not in client.get(calc_url("french")).text


def test_it_draws_the_spanish_deck_for_who_chose_it_in_moroccan_belote(client):
    client.post("/en/prefs/", {"deck": "spanish", "next": "/en/"})

    moroccan = client.get(calc_url("moroccan")).text
    french = client.get(calc_url("french")).text

    assert "card-small card-toggle picker-card suit-S spanish" in moroccan
    assert " spanish" not in french.split('id="calc-form"')[1].split("</form>")[0]


def test_it_lists_the_variants(client):
    response = client.get("/fr/calculator/")

    assert response.status_code == 200
    for variant in ("saudi", "moroccan", "french"):
        assert f'href="/fr/calculator/{variant}/"' in response.text


def test_it_does_not_know_other_games(client):
    assert client.get("/en/calculator/poker/").status_code == 404
