"""The class pages speak the page's language: no English sentence of theirs is left in Arabic,
Persian or French pages, and right-to-left pages say so."""

import re
from pathlib import Path

import pytest

from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login

LOCALE = Path(__file__).resolve().parents[3] / "locale"
MARK = "# Accounts, classes, drills, dashboards and teachers' puzzles"


def english_sentences():
    """The msgids this part of the site added to the catalogs: long enough to be unmistakable."""
    text = (LOCALE / "en" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    ours = text[text.index(MARK) :]
    ids = re.findall(r'^msgid "(.+)"$', ours, re.M)
    return [i for i in ids if len(i) > 25 and "%" not in i]


PAGES = [
    ("anonymous", "/{lang}/accounts/login/"),
    ("anonymous", "/{lang}/accounts/signup/"),
    ("anonymous", "/{lang}/join/ABC234/"),
    ("teacher", "/{lang}/classes/"),
    ("teacher", "/{lang}/classes/{c}/"),
    ("teacher", "/{lang}/classes/{c}/dashboard/"),
    ("teacher", "/{lang}/classes/{c}/dashboard/puzzles/"),
    ("teacher", "/{lang}/classes/{c}/students/new/"),
    ("teacher", "/{lang}/classes/{c}/students/{s}/"),
    ("teacher", "/{lang}/classes/{c}/students/{s}/remove"),
    ("teacher", "/{lang}/classes/{c}/students/{s}/password"),
    ("teacher", "/{lang}/classes/{c}/code"),
    ("teacher", "/{lang}/classes/{c}/archive"),
    ("teacher", "/{lang}/drills/{d}/archive"),
    ("teacher", "/{lang}/drills/{d}/edit/"),
    ("teacher", "/{lang}/puzzles/new/"),
    ("student", "/{lang}/drills/"),
    ("student", "/{lang}/classes/{c}/"),
    ("student", "/{lang}/classes/{c}/leave"),
    ("student", "/{lang}/accounts/password/"),
    ("teacher", "/{lang}/classes/{c}/students/{s}/"),
    ("teacher", "/{lang}/classes/{c}/students/{s}/password"),
    ("co_teacher", "/{lang}/classes/{c}/teachers/leave/"),
]


@pytest.mark.parametrize("lang", ["ar", "fa", "fr"])
@pytest.mark.parametrize(("role", "url"), PAGES)
def test_it_leaves_no_english_sentence(client, world, lang, role, url):
    sentences = english_sentences()
    assert len(sentences) > 50
    if role != "anonymous":
        login(client, world[role])

    ids = {"c": world["classroom"].pk, "d": world["drill"].pk, "s": world["student"].pk}
    response = client.get(url.format(lang=lang, **ids))

    assert response.status_code == 200
    left = [s for s in sentences if s in response.text]
    assert not left
    assert ('dir="rtl"' in response.text) == (lang in ("ar", "fa"))


@pytest.mark.parametrize("lang", ["ar", "fa", "fr"])
def test_archived_drills_and_former_pupils_speak_the_language(client, world, lang):
    teacher, classroom, drill = world["teacher"], world["classroom"], world["drill"]
    login(client, teacher)
    client.post(f"/en/drills/{drill.pk}/archive")
    client.post(f"/en/classes/{classroom.pk}/students/{world['student'].pk}/remove")
    client.post(f"/en/classes/{classroom.pk}/archive")

    for url in (f"/{lang}/classes/{classroom.pk}/", f"/{lang}/classes/", f"/{lang}/drills/{drill.pk}/edit/"):
        text = client.get(url).text
        assert not [s for s in english_sentences() if s in text], url
    assert "Former pupils" not in client.get(f"/{lang}/classes/{classroom.pk}/").text


@pytest.mark.parametrize("lang", ["ar", "fa"])
@pytest.mark.parametrize(("role", "url"), PAGES)
def test_it_parts_a_line_with_a_bar_in_arabic_and_persian(client, world, lang, role, url):
    # « ١٢ · ٣٠ » reads as a zero between the digits: those languages write a bar (the {% sep %} tag).
    if role != "anonymous":
        login(client, world[role])
    ids = {"c": world["classroom"].pk, "d": world["drill"].pk, "s": world["student"].pk}
    response = client.get(url.format(lang=lang, **ids))
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", response.text, flags=re.S)
    assert "·" not in text, url
