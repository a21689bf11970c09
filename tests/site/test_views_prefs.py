"""Preferences kept in the session: native or Western digits, French or Spanish deck, the colours."""

import pytest

from tests.site.pages import step_url


def test_it_writes_numbers_in_arabic_indic_digits_in_arabic(client, saudi):
    text = client.get(step_url(2, "ar")).text

    assert '<span class="order" aria-hidden="true">١</span>' in text
    assert "٣" in text  # three steps


def test_it_writes_numbers_in_persian_digits_in_persian(client, saudi):
    text = client.get(step_url(2, "fa")).text

    assert '<span class="order" aria-hidden="true">۱</span>' in text
    assert "<p>۳ کارت دارید.</p>" in client.get(step_url(1, "fa")).text


def test_it_keeps_western_digits_in_english_and_french(client, saudi):
    assert '<span class="order" aria-hidden="true">1</span>' in client.get(step_url(2, "fr")).text


@pytest.mark.parametrize("lang", ["ar", "fa"])
def test_it_offers_a_visible_digits_toggle_in_arabic_and_persian(client, saudi, lang):
    text = client.get(step_url(2, lang)).text

    assert 'name="digits" value="western"' in text


def test_it_offers_no_digits_toggle_where_digits_are_western_anyway(client, saudi):
    assert 'name="digits"' not in client.get(step_url(2, "fr")).text


def test_it_remembers_western_digits(client, saudi):
    response = client.post("/ar/prefs/", {"digits": "western", "next": step_url(2, "ar")})

    assert response.status_code == 302
    assert response["Location"] == step_url(2, "ar")
    text = client.get(step_url(2, "ar")).text
    assert '<span class="order" aria-hidden="true">1</span>' in text
    assert 'value="western" lang="en" aria-pressed="true"' in text
    # Remembered on the other pages, and in the other language.
    assert '<span class="order" aria-hidden="true">1</span>' in client.get(step_url(2, "fa")).text


def test_it_goes_back_to_native_digits(client, saudi):
    client.post("/ar/prefs/", {"digits": "western"})
    client.post("/ar/prefs/", {"digits": "native"})

    assert '<span class="order" aria-hidden="true">١</span>' in client.get(step_url(2, "ar")).text


def test_it_offers_the_spanish_deck_on_moroccan_lessons_only(client, saudi, moroccan):
    assert 'name="deck" value="spanish"' in client.get(step_url(1, variant="moroccan")).text
    assert 'name="deck"' not in client.get(step_url(2)).text


def test_it_remembers_the_spanish_deck(client, moroccan):
    url = step_url(1, "fr", variant="moroccan")

    client.post("/fr/prefs/", {"deck": "spanish", "next": url})
    text = client.get(url).text

    # 10 of swords = the jack of spades; the Spanish suits are drawn as their own shapes.
    assert 'class="card suit-S spanish"' in text
    assert '<span class="face-rank">10</span><svg class="face-suit spanish"' in text
    assert 'aria-label="valet de pique"' not in text


def test_it_keeps_the_french_deck_on_other_variants_whatever_the_preference(client, saudi):
    client.post("/en/prefs/", {"deck": "spanish"})

    text = client.get(step_url(2)).text

    assert 'aria-label="king of clubs"' in text
    assert "spanish" not in text


def test_it_keeps_one_preference_when_the_other_changes(client, moroccan):
    client.post("/ar/prefs/", {"deck": "spanish"})
    client.post("/ar/prefs/", {"digits": "western"})

    assert client.session["prefs"] == {"digits": "western", "deck": "spanish", "theme": "auto"}


@pytest.mark.parametrize("data", [{"digits": "roman"}, {"deck": "tarot"}])
def test_it_refuses_an_unknown_preference_with_400(client, saudi, data):
    response = client.post("/en/prefs/", data)

    assert response.status_code == 400
    assert "prefs" not in client.session


def test_it_does_not_redirect_to_another_site(client, saudi):
    response = client.post("/en/prefs/", {"digits": "western", "next": "https://example.com/"})

    assert response["Location"] == "/en/"


def test_it_refuses_get_on_prefs(client):
    assert client.get("/en/prefs/").status_code == 405


def test_it_follows_the_device_colours_until_the_learner_chooses(client, saudi):
    assert 'data-theme="auto"' in client.get(step_url(2)).text

    client.post("/en/prefs/", {"theme": "dark", "next": step_url(2)})
    text = client.get(step_url(2)).text

    assert 'data-theme="dark"' in text
    assert '<meta name="color-scheme" content="dark">' in text
    assert 'name="theme" value="dark" aria-pressed="true"' in text


def test_it_refuses_a_theme_it_does_not_have(client, saudi):
    response = client.post("/en/prefs/", {"theme": "purple"})

    assert response.status_code == 400
    assert 'data-theme="auto"' in client.get(step_url(2)).text
