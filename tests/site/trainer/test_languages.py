"""The trainer's pages speak the page's language: none of their English sentences is left in
Arabic, Persian or French pages, digits are native in Arabic and Persian, and right-to-left pages
say so."""

import re
from pathlib import Path

import pytest

from tests.site.pages import token
from tests.site.trainer.puzzles import WRONG, make_many

LOCALE = Path(__file__).resolve().parents[3] / "locale"
MARK = "# Puzzle trainer (lessons/trainer/"


@pytest.fixture(autouse=True)
def pool_only(settings):
    """The French trainer has no puzzle here, to show the end-of-stream page: no fresh ones."""
    settings.TRAINER_FRESH_PUZZLES = False


def english_sentences():
    """The msgids the trainer added to the catalogs: long enough to be unmistakable."""
    text = (LOCALE / "en" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    # Every section of the catalog headed "# Puzzle trainer", up to the next section.
    sections = re.split(r"\n(?=# )", text)
    ours = "\n".join(s for s in sections if s.startswith(MARK))
    ids = re.findall(r'^msgid "(.+)"$', ours, re.M)
    return [i.replace("'", "&#x27;") for i in ids if len(i) > 12 and "%" not in i]


@pytest.mark.parametrize("lang", ["ar", "fa", "fr"])
def test_it_leaves_no_english_sentence(client, db, lang):
    sentences = english_sentences()
    assert len(sentences) > 15
    make_many(2)

    index = client.get(f"/{lang}/train/")
    start = client.get(f"/{lang}/train/saudi/")
    client.post(f"/{lang}/train/saudi/start", {"level": "new"})
    page = client.get(f"/{lang}/train/saudi/")
    key = re.search(r"/train/saudi/([^/]+)/answer", page.text).group(1)
    hint = client.post(f"/{lang}/train/saudi/{key}/hint")
    verdict = client.post(f"/{lang}/train/saudi/{key}/answer", {"token": token(page), "card": WRONG})
    themes = client.get(f"/{lang}/train/saudi/themes/")
    client.post(f"/{lang}/train/french/start", {"level": "often"})
    done = client.get(f"/{lang}/train/french/")

    for response in (index, start, page, hint, verdict, themes, done):
        assert response.status_code == 200
        left = [s for s in sentences if s in response.text]
        assert not left
        assert ('dir="rtl"' in response.text) == (lang in ("ar", "fa"))


@pytest.mark.parametrize(("lang", "zero"), [("ar", "٠"), ("fa", "۰")])
def test_it_writes_the_figures_in_native_digits(client, db, lang, zero):
    make_many(1)
    client.post(f"/{lang}/train/saudi/start", {"level": "rules"})

    text = client.get(f"/{lang}/train/saudi/").text

    figures = re.search(r'<dl id="trainer-stats".*?</dl>', text, re.S).group(0)
    assert not re.search(r"[0-9]", figures)
    assert f"<dd>{zero}</dd>" in figures
