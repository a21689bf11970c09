import re

import pytest

LANGUAGES = ["en", "ar", "fa", "fr"]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_it_shows_the_home_page_in_each_language(client, language):
    response = client.get(f"/{language}/")

    assert response.status_code == 200
    assert f'lang="{language}"' in response.text


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ar", "fa"])
def test_it_sets_right_to_left_for_arabic_and_persian(client, language):
    response = client.get(f"/{language}/")

    assert 'dir="rtl"' in response.text


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr"])
def test_it_sets_left_to_right_for_english_and_french(client, language):
    response = client.get(f"/{language}/")

    assert 'dir="ltr"' in response.text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("accept_language", "expected"),
    [("fr", "/fr/"), ("ar-SA,ar;q=0.9", "/ar/"), ("fa-IR", "/fa/"), ("de", "/en/")],
)
def test_it_redirects_the_root_to_the_browser_language(client, accept_language, expected):
    response = client.get("/", headers={"accept-language": accept_language})

    assert response.status_code == 302
    assert response["Location"] == expected


@pytest.mark.django_db
def test_it_serves_htmx_from_our_static_files(client):
    response = client.get("/en/")

    match = re.search(r'src="(/static/vendor/htmx-2\.[0-9.]+\.min\.js)"', response.text)
    assert match is not None
    assert "https://" not in response.text
    script = client.get(match.group(1))
    assert script.status_code == 200
    assert b"htmx" in b"".join(script.streaming_content)


@pytest.mark.django_db
def test_it_switches_language_and_keeps_the_page(client):
    response = client.post("/i18n/setlang/", {"language": "fa", "next": "/en/"})

    assert response.status_code == 302
    assert response["Location"] == "/fa/"
