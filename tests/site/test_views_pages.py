"""The pages: home, course, lesson, each step, progress — in every language, in both directions."""

import pytest

from tests.site.pages import LANGUAGES, step_url

PAGES = [
    "/{lang}/",
    "/{lang}/learn/saudi/",
    "/{lang}/learn/saudi/follow-suit/",
    "/{lang}/learn/saudi/follow-suit/1/",
    "/{lang}/learn/saudi/follow-suit/2/",
    "/{lang}/learn/saudi/follow-suit/3/",
    "/{lang}/learn/saudi/counting/1/",
    "/{lang}/learn/saudi/counting/2/",
    "/{lang}/learn/saudi/counting/3/",
    "/{lang}/learn/saudi/counting/4/",
    "/{lang}/learn/saudi/counting/5/",
    "/{lang}/learn/moroccan/follow-suit/1/",
    "/{lang}/progress/",
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_it_shows_every_page_in_each_language(client, saudi, moroccan, lang, page):
    response = client.get(page.format(lang=lang))

    assert response.status_code == 200
    assert f'<html lang="{lang}" dir="{"rtl" if lang in ("ar", "fa") else "ltr"}"' in response.text


def test_it_lists_the_courses_on_the_home_page(client, saudi, moroccan):
    response = client.get("/fr/")

    assert "Baloot saoudien" in response.text
    assert 'href="/fr/learn/saudi/"' in response.text
    assert 'href="/fr/learn/moroccan/"' in response.text


def test_it_falls_back_to_english_where_a_translation_is_missing(client, moroccan):
    response = client.get("/fa/learn/moroccan/")

    assert "Moroccan Belote" in response.text


def test_it_lists_the_lessons_of_a_course_in_order(client, saudi):
    text = client.get("/en/learn/saudi/").text

    assert text.index("Follow suit") < text.index("Counting")


def test_it_lists_the_steps_of_a_lesson(client, saudi):
    response = client.get("/en/learn/saudi/follow-suit/")

    for n in (1, 2, 3):
        assert f'href="{step_url(n)}"' in response.text


@pytest.mark.parametrize(
    "url",
    [
        "/en/learn/chess/",
        "/en/learn/saudi/nothing/",
        "/en/learn/saudi/follow-suit/4/",
        "/en/learn/saudi/follow-suit/0/",
    ],
)
def test_it_answers_404_for_what_does_not_exist(client, saudi, url):
    assert client.get(url).status_code == 404


def test_it_renders_lesson_prose_escaped_with_bold_and_paragraphs(client, saudi):
    response = client.get(step_url(1))

    assert "<p>West leads <strong>clubs</strong>.</p>" in response.text
    assert "<p>You hold 3 cards.</p>" in response.text


def test_it_links_previous_and_next_steps(client, saudi):
    text = client.get(step_url(2)).text

    assert f'rel="prev" href="{step_url(1)}"' in text
    assert f'rel="next" href="{step_url(3)}"' in text
    assert 'aria-current="step"' in text


def test_it_offers_the_way_back_to_the_course_on_the_last_step(client, saudi):
    text = client.get(step_url(3)).text

    assert f'rel="next" href="{step_url(4)}"' not in text  # no step after the last one
    assert 'rel="next" href="/en/learn/saudi/counting/1/"' in text  # but the next lesson
    assert 'href="/en/learn/saudi/"' in text


def test_it_draws_the_seats_at_their_places_and_the_trick_at_the_seats(client, saudi):
    text = client.get(step_url(1, "fr")).text

    for place, name in [("south", "Sud"), ("east", "Est"), ("north", "Nord"), ("west", "Ouest")]:
        assert f'class="seat seat-{place}' in text
        assert f'<span class="seat-name">{name}</span>' in text
    # West led the nine of clubs: it lies on West's side of the felt, marked as the lead.
    assert 'class="played played-west card suit-C led"' in text


def test_it_shows_the_seats_in_turn_order_south_east_north_west(client, saudi):
    text = client.get(step_url(1)).text

    places = [text.index(f"seat seat-{p}") for p in ("south", "east", "north", "west")]
    assert places == sorted(places)


def test_it_shows_the_trump_or_the_sun_contract(client, saudi):
    assert "Sun (no trump)" in client.get(step_url(2)).text
    hearts = client.get(step_url(3)).text
    assert 'class="trump suit-H">♥ hearts</strong>' in hearts


@pytest.mark.parametrize(
    ("lang", "name"),
    [("en", "king of clubs"), ("fr", "roi de trèfle"), ("ar", "شايب شريا"), ("fa", "شاه گشنیز")],
)
def test_it_makes_each_card_a_button_named_in_the_page_language(client, saudi, lang, name):
    text = client.get(step_url(2, lang)).text

    assert f'<button type="submit" name="card" value="KC" class="card suit-C" aria-label="{name}">' in text


def test_it_tells_suits_apart_by_symbol_as_well_as_colour(client, saudi):
    text = client.get(step_url(2)).text

    assert 'class="card suit-C"' in text and '<span class="face-suit">♣</span>' in text
    assert 'class="card suit-S"' in text and '<span class="face-suit">♠</span>' in text


def test_it_makes_all_legal_cards_checkboxes_with_their_names(client, saudi):
    text = client.get(step_url(3, "fr")).text

    assert '<input type="checkbox" name="cards" value="JS">' in text
    assert '<span class="visually-hidden">valet de pique</span>' in text


def test_it_draws_the_bidding_card_and_the_player_to_speak(client, saudi):
    text = client.get(step_url(5, slug="counting")).text

    assert "Bidding card: nine of hearts" in text
    assert 'class="seat seat-west seat-to-act"' in text
    for call in ("pass", "hokm", "sun", "ashkal"):
        assert f'name="call" value="{call}"' in text


def test_it_offers_a_button_per_seat_for_the_trick_winner(client, saudi):
    text = client.get(step_url(1, slug="counting")).text

    for seat in "ENWS":
        assert f'name="seat" value="{seat}"' in text


def test_it_offers_two_number_fields_for_the_score(client, saudi):
    text = client.get(step_url(3, slug="counting")).text

    assert 'name="NS"' in text and 'name="EW"' in text
    assert 'inputmode="numeric"' in text


def test_it_offers_the_teams_and_nobody_for_projects(client, saudi):
    text = client.get(step_url(4, slug="counting")).text

    for team in ("NS", "EW", "none"):
        assert f'name="team" value="{team}"' in text


def test_it_shows_the_declared_cards_at_their_seats(client, saudi):
    text = client.get(step_url(4, slug="counting")).text

    assert 'aria-label="Cards of East"' in text
    assert 'aria-label="queen of hearts"' in text


def test_it_keeps_the_page_when_switching_language(client, saudi):
    response = client.post("/i18n/setlang/", {"language": "ar", "next": step_url(2)})

    assert response["Location"] == step_url(2, "ar")


def test_it_gives_the_language_switcher_the_page_address(client, saudi):
    text = client.get(step_url(2, "fr")).text

    assert f'<input name="next" type="hidden" value="{step_url(2, "fr")}">' in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_shows_an_empty_progress_page_before_any_answer(client, saudi, lang):
    response = client.get(f"/{lang}/progress/")

    assert response.status_code == 200
    assert f'href="/{lang}/learn/saudi/follow-suit/"' in response.text


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["Étape 2 sur 3", "Afficher un indice", "Main de Sud\u00a0: choisissez la carte à jouer"]),
        ("ar", ["الخطوة ٢ من ٣", "اعرض تلميحًا", "يد الجنوب: اختر الورقة التي تلعبها"]),
        ("fa", ["گام ۲ از ۳", "نمایش راهنمایی", "دست جنوب: کارتی را که بازی می‌کنید انتخاب کنید"]),
    ],
)
def test_it_speaks_the_page_language(client, saudi, lang, words):
    text = client.get(step_url(2, lang)).text

    for expected in words:
        assert expected in text


def test_it_says_in_the_page_language_that_a_page_does_not_exist(client, saudi):
    response = client.get("/fr/learn/saudi/nothing/")

    assert response.status_code == 404
    assert "Cette page n’existe pas." in response.text
