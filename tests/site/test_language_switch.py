"""The language switcher: the same page in the chosen language, from any language to any other."""

from itertools import permutations

import pytest
from django.conf import settings

from tests.site.pages import LANGUAGES, step_url

DIRECTIONS = list(permutations(LANGUAGES, 2))  # 12: (from, to)


def switch(client, language, next_url):
    return client.post("/i18n/setlang/", {"language": language, "next": next_url})


@pytest.mark.parametrize(("old", "new"), DIRECTIONS)
def test_it_switches_a_lesson_page_to_the_chosen_language(client, saudi, old, new):
    # A browser whose own language is English, on a page in another language (a shared link).
    response = switch(client, new, step_url(2, old))

    assert response.status_code == 302
    assert response["Location"] == step_url(2, new)
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert f'<html lang="{new}"' in page.text


@pytest.mark.parametrize(("old", "new"), DIRECTIONS)
def test_it_switches_the_home_page_to_the_chosen_language(client, db, old, new):
    # The page's language is also the browser's: the switch must not depend on either.
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = old
    response = switch(client, new, f"/{old}/")

    assert response["Location"] == f"/{new}/"


def test_it_keeps_the_query_of_the_page(client, saudi):
    response = switch(client, "fa", "/ar/learn/saudi/?from=home")

    assert response["Location"] == "/fa/learn/saudi/?from=home"


def test_it_remembers_the_choice(client, db):
    switch(client, "fr", "/ar/")

    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    # An address without a language goes to the chosen one, whatever the browser says.
    response = client.get("/", headers={"accept-language": "ar"})
    assert response["Location"] == "/fr/"


@pytest.mark.parametrize("next_url", ["https://elsewhere.example/ar/", "//elsewhere.example/ar/"])
def test_it_never_sends_the_learner_to_another_site(client, db, next_url):
    response = switch(client, "fr", next_url)

    assert "elsewhere.example" not in response.get("Location", "")


def test_it_refuses_a_language_the_site_does_not_have(client, db):
    response = switch(client, "de", "/ar/")

    assert settings.LANGUAGE_COOKIE_NAME not in client.cookies
    assert response["Location"] == "/ar/"
