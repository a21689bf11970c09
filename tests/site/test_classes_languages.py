"""The class pages speak the page's language: no English sentence of theirs is left in Arabic,
Persian or French pages, and right-to-left pages say so."""

import re
from pathlib import Path

import pytest

from tests.site.classes_base import *  # noqa: F403
from tests.site.classes_base import login

LOCALE = Path(__file__).resolve().parents[2] / "locale"
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
    ("teacher", "/{lang}/drills/{d}/edit/"),
    ("teacher", "/{lang}/puzzles/new/"),
    ("student", "/{lang}/drills/"),
    ("student", "/{lang}/classes/{c}/"),
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
