"""What a phone needs to keep the site on its home screen, and what a shared link shows: the
web-app manifest in the page's language, the icons, the favicon, the og: tags."""

import json

from django.contrib.staticfiles import finders

from tests.site.pages import step_url


def test_the_manifest_names_the_site_in_the_page_language(client):
    response = client.get("/ar/manifest.webmanifest")

    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["lang"] == "ar" and data["dir"] == "rtl" and data["start_url"] == "/ar/"
    assert data["name"] != json.loads(client.get("/fr/manifest.webmanifest").content)["name"]
    assert data["display"] == "standalone" and data["theme_color"].startswith("#")
    for icon in data["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_every_page_links_its_icon_and_manifest(client, saudi):
    text = client.get(step_url(2, "fa")).text

    assert 'rel="icon" href="/static/icons/icon.svg"' in text
    assert 'rel="manifest" href="/fa/manifest.webmanifest"' in text
    assert client.get("/favicon.ico").status_code == 301


def test_a_shared_lesson_link_shows_the_lessons_title(client, saudi):
    text = client.get(step_url(2)).text

    title = text.split("<title>")[1].split("</title>")[0]
    assert f'<meta property="og:title" content="{title}">' in text
