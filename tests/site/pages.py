"""Small lessons for the page tests: one puzzle of each task, written in the four languages.

Import the fixtures into a test module with ``from tests.site.pages import *``.
"""

import re

import pytest

from lessons.models import Course, Lesson, Puzzle, Step

LANGUAGES = ["en", "ar", "fa", "fr"]

# Hokm/Sun/trump positions the engine answers (docs/engine-cli.md); turn order S → E → N → W.
PLAY = {"variant": "saudi", "trump": None, "seat": "S", "hand": ["KC", "7C", "AS"], "trick": [["W", "9C"]]}
ALL_LEGAL = {
    "variant": "saudi",
    "trump": "H",
    "seat": "S",
    "hand": ["7C", "KH", "JS", "AD", "8S"],
    "trick": [["W", "9S"]],
}
TRICK = {"variant": "saudi", "trump": "H", "trick": [["E", "9C"], ["N", "JC"], ["W", "7H"], ["S", "AC"]]}
SCORE = {
    "variant": "saudi",
    "trump": None,
    "dealer": "N",
    "taker": "S",
    "card_points": {"NS": 74, "EW": 56},
    "tricks": {"NS": 5, "EW": 3},
}
PROJECTS = {
    "variant": "saudi",
    "trump": "H",
    "dealer": "N",
    "hands": {"E": ["QH", "KH", "AH"], "S": ["7S", "8S", "9S"]},
}
BID = {
    "variant": "saudi",
    "dealer": "N",
    "bidding_card": "9H",
    "calls": [],
    "hand": ["7C", "KH", "JS", "AD", "8S"],
}
MOROCCAN_PLAY = {
    "variant": "moroccan",
    "trump": "D",
    "seat": "S",
    "hand": ["7C", "KH", "JS", "AD", "8S"],
    "trick": [["W", "9S"]],
}


def words(en, ar=None, fa=None, fr=None, field="text"):
    """Translated field values: ``text_en``, ``text_ar``...; a language left out falls back to English."""
    values = {"en": en, "ar": ar, "fa": fa, "fr": fr}
    return {f"{field}_{lang}": value for lang, value in values.items() if value is not None}


def make_puzzle(key, task, position, answers=(), hint="Look at the suit that was led."):
    return Puzzle.objects.create(
        key=key,
        variant=position["variant"],
        task=task,
        position=position,
        answers=list(answers),
        **words(
            "Your turn: what do you do?",
            "دورك: ماذا تفعل؟",
            "نوبت شماست: چه می‌کنید؟",
            "À vous : que faites-vous ?",
            field="prompt",
        ),
        **words(
            hint,
            "انظر إلى النوع الملعوب أولاً.",
            "به خال اول دست نگاه کنید.",
            "Regardez la couleur demandée.",
            field="hint",
        ),
        **words("You follow the suit led when you can.", field="explanation"),
        rules=["play.must-follow"],
        themes=["follow-suit"],
        difficulty=1,
    )


def make_saudi():
    """A Saudi course: "follow-suit" (text, play, all-legal) and "counting" (the other tasks)."""
    course = Course.objects.create(
        variant="saudi",
        order=1,
        **words("Saudi Baloot", "البلوت السعودي", "بلوت سعودی", "Baloot saoudien", field="title"),
        **words("The Saudi game, step by step.", field="description"),
    )
    follow = Lesson.objects.create(
        course=course,
        slug="follow-suit",
        order=1,
        **words("Follow suit", "اتبع النوع", "خال را دنبال کنید", "Fournir", field="title"),
        **words("When you must play the suit led.", field="summary"),
        **words(
            "Play the suit led when you can.\nIn Sun, with none of it, any card.",
            "العب من النوع اللي انلعب إذا معك.\nفي الصن إذا ما معك منه، العب اللي تبي.",
            "اگر دارید از خال پیروی کنید.\nدر صن اگر ندارید، هر کارتی.",
            "Fournissez quand vous pouvez.\nEn Sun, sans la couleur, n'importe quelle carte.",
            field="recap",
        ),
    )
    Step.objects.create(
        lesson=follow,
        order=1,
        kind="text",
        table=PLAY,
        **words(
            "West leads **clubs**.\n\nYou hold 3 cards.",
            "الغرب يلعب **شريا**.\n\nمعك 3 أوراق.",
            "غرب **گشنیز** بازی می‌کند.\n\n۳ کارت دارید.",
            "Ouest entame **trèfle**.\n\nVous avez 3 cartes.",
            field="body",
        ),
    )
    Step.objects.create(
        lesson=follow, order=2, kind="puzzle", puzzle=make_puzzle("sa-follow-1", "play", PLAY, ["KC"])
    )
    Step.objects.create(
        lesson=follow, order=3, kind="puzzle", puzzle=make_puzzle("sa-follow-2", "all-legal", ALL_LEGAL)
    )
    counting = Lesson.objects.create(
        course=course,
        slug="counting",
        order=2,
        **words("Counting", "العد", "شمارش", "Compter", field="title"),
    )
    others = [
        ("sa-winner-1", "trick-winner", TRICK, []),
        ("sa-count-1", "count", TRICK, []),
        ("sa-score-1", "score", SCORE, []),
        ("sa-projects-1", "projects", PROJECTS, []),
        ("sa-bid-1", "bid", BID, ["sun"]),
    ]
    for order, (key, task, position, answers) in enumerate(others, 1):
        Step.objects.create(
            lesson=counting, order=order, kind="puzzle", puzzle=make_puzzle(key, task, position, answers)
        )
    return course


def make_moroccan():
    course = Course.objects.create(
        variant="moroccan", order=2, **words("Moroccan Belote", "البلوت المغربية", field="title")
    )
    lesson = Lesson.objects.create(
        course=course, slug="follow-suit", order=1, **words("Follow suit", field="title")
    )
    Step.objects.create(
        lesson=lesson,
        order=1,
        kind="puzzle",
        puzzle=make_puzzle("ma-follow-1", "play", MOROCCAN_PLAY, ["JS", "8S"]),
    )
    return course


@pytest.fixture
def saudi(db):
    return make_saudi()


@pytest.fixture
def moroccan(db):
    return make_moroccan()


STEP = "/{lang}/learn/{variant}/{slug}/{n}/"


def step_url(n, lang="en", variant="saudi", slug="follow-suit"):
    return STEP.format(lang=lang, variant=variant, slug=slug, n=n)


def token(response):
    """The answer form's token on a rendered step page."""
    match = re.search(r'name="token" id="answer-token" value="([^"]+)"', response.text)
    assert match is not None, "no answer token on the page"
    return match.group(1)


def answer(client, url, data, htmx=False):
    """Open the step at ``url`` and post ``data`` to its answer form (with a fresh token)."""
    page = client.get(url)
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url + "answer", {"token": token(page), **data}, headers=headers)
