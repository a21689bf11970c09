"""Each variant in its own words: no Saudi word on a Moroccan or French page, or in a sentence the
engine says for those variants (the term lists: tests/data/vocabulary.yaml, from RULES.md §6)."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import pytest
import yaml

from engine.messages import MESSAGE_KEYS, lookup
from lessons.content import read_curriculum

VOCABULARY = Path(__file__).resolve().parents[1] / "data" / "vocabulary.yaml"
OTHER_VARIANTS = ("moroccan", "french")
LANGS = ("ar", "fa", "fr")

# Engine keys that name Saudi things by design (its calls, contracts and projects): a Moroccan or
# French sentence never says them.
# Themes of the Saudi course's puzzles only (Sun, Gahwa, Kaboot...): their names are Saudi words.
SAUDI_THEMES = {"ashkal", "baloot", "doubling", "ekka", "gahwa", "hokm", "kaboot", "penalty", "sun"}

SAUDI_VOCABULARY = re.compile(
    r"^(call\.(sun|hokm|hokm-suit|ashkal|double|three|four|gahwa|confirm|redeal|pass:2)"
    r"|contract\.(sun|hokm)|suit\.none|project\.(sira|fifty|hundred|four-hundred|baloot)"
    r"|result\.(kaboot|failed|made))$"
)


@cache
def vocabulary() -> dict:
    return yaml.safe_load(VOCABULARY.read_text(encoding="utf-8"))


def forbidden(variant: str, lang: str) -> list[str]:
    data = vocabulary()
    return [*data["saudi_only"][lang], *data.get("variant_only", {}).get(variant, {}).get(lang, [])]


# Letters and the marks written on them (a shadda continues a word: «تبيّن» is not «تبي»).
ARABIC_LETTER = "\u0621-\u065f\u066e-\u06d3\u06fa-\u06ff"


def pattern(term: str, lang: str) -> re.Pattern[str]:
    if lang == "ar":
        clitics = "(?:[وف])?(?:[بلك])?(?:ال|لل)?"
        return re.compile(rf"(?<![{ARABIC_LETTER}]){clitics}{re.escape(term)}(?![{ARABIC_LETTER}])")
    if lang == "fa":
        return re.compile(rf"(?<![{ARABIC_LETTER}\u200c]){re.escape(term)}(?![{ARABIC_LETTER}])")
    return re.compile(rf"\b{re.escape(term)}\b")


def saudi_words_in(text: str, variant: str, lang: str) -> list[str]:
    # The Arabic article is part of the listed phrase, so match it before the clitics swallow it.
    return [term for term in forbidden(variant, lang) if pattern(term, lang).search(text)]


def visible_text(page: str) -> str:
    """The words a reader sees in the page's main part (the site's name and menus left out)."""
    main = re.search(r"<main\b.*?</main>", page, flags=re.S)
    page = main.group(0) if main else page
    # Links to the other variants' pages name those variants: «Baloot saoudien» is right there.
    # Every other navigation of the page (a replay's "Previous trick") is the page's own words.
    page = re.sub(r'<nav class="calc-variants".*?</nav>', " ", page, flags=re.S)
    page = re.sub(r'<p class="reference-links">.*?</p>', " ", page, flags=re.S)
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    # What a screen reader says is read too: labels and titles of the elements.
    said = re.findall(r'\b(?:aria-label|title|alt|placeholder)="([^"]*)"', page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page) + " " + " ".join(said))


# ---------------------------------------------------------------- the check itself


def test_the_check_finds_a_saudi_word_with_its_clitics_and_not_inside_another_word():
    assert saudi_words_in("من يأخذ هذه الأكلة؟", "moroccan", "ar") == ["أكلة"]
    assert saudi_words_in("وبأبناط الفريق", "moroccan", "ar") == ["أبناط"]
    assert saudi_words_in("الحكمة", "moroccan", "ar") == []
    assert saudi_words_in("Le Hokm et le Sun", "french", "fr") == ["Sun", "Hokm"]
    assert saudi_words_in("Sunday", "french", "fr") == []
    assert saudi_words_in("خرید", "french", "fa") == ["خرید"]
    assert saudi_words_in("خرید", "moroccan", "fa") == []


# ---------------------------------------------------------------- catalog sentences


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", OTHER_VARIANTS)
def test_engine_sentences_for_moroccan_and_french_use_no_saudi_word(variant, lang):
    found = []
    for key in MESSAGE_KEYS:
        if key.context == "saudi" or SAUDI_VOCABULARY.match(key.msgid):
            continue
        rule = key.msgid.removeprefix("title:").split(":")[0]
        if ".sa." in rule or rule.startswith(("double.", "penalty.sa", "play.ekka")):
            continue  # a Saudi rule: only the Saudi course cites it
        if (".ma." in rule and variant == "french") or (".fr" in rule and variant == "moroccan"):
            continue  # the other variant's rule (the forced Jack): only its own course cites it
        if key.msgid in ("error.no-sun", "reason.worthless-carre"):
            continue  # these name Sun or the Saudi game to say the variant has none
        if key.msgid.removeprefix("theme.") in SAUDI_THEMES:
            continue  # a theme only the Saudi course's puzzles carry
        text = lookup(key.msgid, variant, lang)
        words = saudi_words_in(text, variant, lang)
        if words:
            found.append((key.msgid, words, text))
    assert not found, "\n".join(map(str, found))


# ---------------------------------------------------------------- pages


def pages_of(variant: str) -> list[str]:
    """Every page of every course of ``variant`` (its rules course and the others, like "playing
    well"), and its rules page."""
    urls = [f"rules/{variant}/"]
    for spec in (c for c in read_curriculum() if c.variant == variant):
        urls.append(f"learn/{spec.key}/")
        for lesson in spec.lessons:
            urls.append(f"learn/{spec.key}/{lesson.slug}/")
            urls += [f"learn/{spec.key}/{lesson.slug}/{n}/" for n in range(1, len(lesson.steps) + 1)]
    return urls


@pytest.mark.content
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", OTHER_VARIANTS)
def test_moroccan_and_french_pages_use_no_saudi_word(client, loaded, variant, lang):
    found = []
    for url in pages_of(variant):
        page = client.get(f"/{lang}/{url}")
        assert page.status_code == 200, url
        words = saudi_words_in(visible_text(page.text), variant, lang)
        if words:
            found.append(f"/{lang}/{url}: {words}")
    assert not found, "\n".join(found)


def table_in_play(client, game, lang: str) -> None:
    """Bid at the practice table until the learner has a card to play (a buying call each turn)."""
    from engine.cards import cards_of
    from engine.hand import Phase
    from lessons.practice.state import Table
    from tests.site.practice.tools import post

    for _ in range(20):
        game.refresh_from_db()
        table = Table(game)
        hand = table.hand
        if hand.phase is Phase.PLAY:
            return
        if hand.phase is Phase.AUCTION:
            calls = hand.auction.allowed(cards_of(hand.first.hands[table.learner]))
        else:
            calls = hand.doubling.allowed(table.learner)
        buying = next((c for c in calls if "pass" not in str(c).lower()), calls[0])
        post(client, game, "call", buying, lang=lang)
    raise AssertionError("no card to play")


def tool_pages(client, variant: str, lang: str) -> dict[str, str]:
    """The practice table (a game started, then a hand played out), its replay, the trainer and
    the score calculator of ``variant`` in ``lang``, by name."""
    from lessons.models import Puzzle
    from lessons.trainer.views import nudge
    from tests.site.pages import token
    from tests.site.practice.tools import play_out_hand, start
    from tests.site.trainer.puzzles import make_generated

    pages = {}
    game = start(client, variant, lang=lang)
    pages["table"] = client.get(f"/{lang}/practice/game/{game.pk}/")
    table_in_play(client, game, lang)
    pages["table in play"] = client.get(f"/{lang}/practice/game/{game.pk}/")
    play_out_hand(client, game, lang=lang)
    pages["table after a hand"] = client.get(f"/{lang}/practice/game/{game.pk}/")
    pages["replay"] = client.get(f"/{lang}/practice/game/{game.pk}/hand/1/")
    # No authored hint: the trainer's own nudge for a legal-cards drill ("must you trump?").
    make_generated(f"{variant}-words-1", variant=variant, themes=("legal-cards",), hint=False)
    client.post(f"/{lang}/train/{variant}/start", {"level": "new"})
    puzzle = client.get(f"/{lang}/train/{variant}/")
    pages["trainer"] = puzzle
    key = re.search(rf"/train/{variant}/([^/]+)/answer", puzzle.text).group(1)
    pages["trainer hint"] = client.post(f"/{lang}/train/{variant}/{key}/hint")
    # 7C breaks the must-follow rule (West led 9♠): the verdict explains it.
    pages["trainer verdict"] = client.post(
        f"/{lang}/train/{variant}/{key}/answer", {"token": token(puzzle), "card": "7C"}
    )
    pages["trainer solution"] = client.post(f"/{lang}/train/{variant}/{key}/solution")
    pages["trainer themes"] = client.get(f"/{lang}/train/{variant}/themes/")
    pages["practice start"] = client.get(f"/{lang}/practice/{variant}/")
    pages["guided hand"] = client.get(f"/{lang}/practice/guided/{variant}/")
    pages["calculator"] = client.get(f"/{lang}/calculator/{variant}/")
    pages["calculator with a hand"] = client.get(
        f"/{lang}/calculator/{variant}/?trump=H&taker=N&dealer=E&points=110&other=52"
    )
    for name, page in pages.items():
        assert page.status_code == 200, name
    # The hand adds up (110 + 52 = 162): the calculator shows its result, each team's line too.
    assert 'class="calc-points"' in pages["calculator with a hand"].text
    hint = nudge(Puzzle.objects.get(key=f"{variant}-words-1"), lang, "french")
    assert hint and hint in html.unescape(pages["trainer hint"].text)
    return {name: page.text for name, page in pages.items()}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", OTHER_VARIANTS)
def test_moroccan_and_french_table_trainer_calculator_use_no_saudi_word(client, db, settings, variant, lang):
    settings.TRAINER_FRESH_PUZZLES = False
    found = []
    for name, page in tool_pages(client, variant, lang).items():
        words = saudi_words_in(visible_text(page), variant, lang)
        if words:
            found.append(f"{name}: {words}")
    assert not found, "\n".join(found)


# ---------------------------------------------------------------- the separator


@pytest.mark.parametrize("lang", ["ar", "fa"])
def test_no_middle_dot_separator_in_arabic_and_persian(client, loaded, lang):
    # « ٧/٧ · ١٠٠% » reads as ٧/٧٠١٠٠%: Arabic and Persian pages separate with a bar.
    from lessons.templatetags.baloot import localize_digits

    assert localize_digits("7/7 · 100%", "native", lang) == ("٧/٧ | ١٠٠%" if lang == "ar" else "۷/۷ | ۱۰۰%")
    assert localize_digits("7/7 · 100%", "native", "fr") == "7/7 · 100%"
    for url in [*pages_of("moroccan")[:12], "rules/saudi/", "learn/saudi/double-three-four-gahwa/7/"]:
        page = client.get(f"/{lang}/{url}")
        title = re.search(r"<title>(.*?)</title>", page.text, re.S)
        assert "·" not in visible_text(page.text) and title and "·" not in title.group(1), url


# ---------------------------------------------------------------- dates


@pytest.mark.parametrize("lang", ["en", "ar", "fa", "fr"])
def test_one_date_format_day_before_month_in_every_language(lang):
    import datetime

    from django.utils import formats, translation

    moment = datetime.datetime(2026, 12, 7, 14, 5)
    with translation.override(lang):
        assert formats.date_format(moment, "SHORT_DATETIME_FORMAT") == "07/12/2026 14:05"
        assert formats.date_format(moment, "SHORT_DATE_FORMAT") == "07/12/2026"
        assert formats.date_format(moment, "DATE_FORMAT").startswith("7 ")


def test_french_pages_set_a_no_break_space_before_a_label_colon(client, loaded):
    page = client.get("/fr/learn/french/belote-and-contract/3/")
    assert "Atout\u00a0:" in visible_text(page.text)
    assert "Atout:" not in visible_text(page.text)


def test_the_french_lesson_page_sets_a_no_break_space_before_the_puzzle_colon(client, loaded):
    text = visible_text(client.get("/fr/learn/french/belote-and-contract/").text)
    assert "Problème\u00a0:" in text
    assert "Problème:" not in text


# ---------------------------------------------------------------- Persian trick and hand


@pytest.mark.parametrize(
    "msgid",
    [
        "Who leads the first trick?",
        "Previous trick",
        "Next trick",
        "Trick %(n)s: %(seat)s won it",
        "Hand %(n)s, trick by trick",
        "The trick is complete. Who wins it?",
        "Last two tricks",
        "Tricks",
        "Tricks · %(team)s",
        "Tricks taken by the buyers",
    ],
)
def test_persian_says_tarik_for_a_trick_and_keeps_dast_for_a_hand(msgid):
    # Seed 004 says «تریک» for a trick; «دست» is the hand (and «دست آخر», the last trick's bonus).
    from django.utils import translation

    with translation.override("fa"):
        text = translation.gettext(msgid)
    assert "تریک" in text and not re.search(r"(?<![\u0600-\u06ff])دست(?![\u0600-\u06ff\u200c])", text), text


# ---------------------------------------------------------------- made hints and the trainer's nudges


def made_help(variant: str, lang: str) -> dict[str, str]:
    """Every hint the site makes for a puzzle without an authored one, in ``variant`` and ``lang``:
    the lesson hint of each task kind (lessons/hints.py) and the trainer's nudge of each rule drill
    and endgame (lessons/trainer/views.py), on a position with a trump, by name."""
    from django.utils import translation

    from lessons import hints, themes
    from lessons.models import Puzzle, Task
    from lessons.trainer.views import nudge
    from tests.site.pages import MOROCCAN_PLAY

    position = {**MOROCCAN_PLAY, "variant": variant}
    made = {}
    with translation.override(lang):
        for task in Task:
            puzzle = Puzzle(variant=variant, task=task, position=position, answers=["JS"], rules=[])
            made[f"hint of {task}"] = hints.default_hint(puzzle, lang)
        for family in [*themes.RULE_THEMES, "endgame"]:
            task = Task.BEST_CARD if family == "endgame" else Task.PLAY
            puzzle = Puzzle(variant=variant, task=task, position=position, answers=["JS"], themes=[family])
            made[f"nudge of {family}"] = nudge(puzzle, lang, "french")
    return made


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", OTHER_VARIANTS)
def test_made_hints_and_nudges_for_moroccan_and_french_use_no_saudi_word(db, variant, lang):
    made = made_help(variant, lang)
    assert made["nudge of trick-winner"] and made["nudge of endgame"] and made["hint of trick-winner"]
    found = [
        (name, words, text) for name, text in made.items() if (words := saudi_words_in(text, variant, lang))
    ]
    assert not found, "\n".join(map(str, found))


@pytest.mark.parametrize(
    ("variant", "said", "unsaid"),
    [("moroccan", "إعلاناته", "مشاري"), ("french", "إعلاناته", "مشاري"), ("saudi", "مشاريعه", "إعلان")],
)
def test_the_projects_question_says_ilan_on_moroccan_and_french_pages(client, db, variant, said, unsaid):
    # Seed 003 says «الإعلانات» where the Saudi game says «المشاريع»; the legend above the team buttons
    # of a projects puzzle is worded for each. («مشاريعه» escapes the word check: its suffix.)
    from lessons.models import Puzzle, Source
    from tests.site.pages import words

    generated = Path(__file__).resolve().parents[2] / "lessons" / "content" / "generated"
    drills = yaml.safe_load((generated / f"{variant}-rules.yaml").read_text(encoding="utf-8"))["puzzles"]
    drill = next(d for d in drills if d["task"] == "projects")
    Puzzle.objects.create(
        key=f"{variant}-projects-words",
        variant=variant,
        task="projects",
        position=drill["position"],
        answers=drill["answers"],
        source=Source.GENERATED,
        themes=["projects"],
        difficulty=drill["difficulty"],
        **words("Which team?", "أي فريق؟", "کدام تیم؟", "Quelle équipe\u00a0?", field="prompt"),
    )
    client.post(f"/ar/train/{variant}/start", {"level": "often"})
    page = client.get(f"/ar/train/{variant}/")

    legend = re.search(r'name="team"', page.text) and re.findall(r"<legend>(.*?)</legend>", page.text)
    assert legend, "no projects question on the page"
    assert any(said in text for text in legend) and not any(unsaid in text for text in legend), legend


@pytest.mark.parametrize("variant", ["saudi", *OTHER_VARIANTS])
def test_the_projects_drills_prompt_in_the_variants_words(variant):
    # The files hold the prompts as lessons/generated.py words them for each variant.
    from lessons.generated import drill_prompt

    generated = Path(__file__).resolve().parents[2] / "lessons" / "content" / "generated"
    drills = yaml.safe_load((generated / f"{variant}-rules.yaml").read_text(encoding="utf-8"))["puzzles"]
    prompts = [d["prompt"] for d in drills if d["task"] == "projects"]
    made = drill_prompt("projects", next(d["position"] for d in drills if d["task"] == "projects"))

    assert prompts and all(p == made for p in prompts), (prompts[0], made)
    assert ("مشاريعه" in made["ar"]) == (variant == "saudi")
    assert ("إعلاناته" in made["ar"]) == (variant != "saudi")


def test_the_saudi_course_keeps_its_own_words_in_its_nudges(db):
    made = made_help("saudi", "ar")
    assert saudi_words_in(made["nudge of trick-winner"], "moroccan", "ar") == ["حكم"]
    assert saudi_words_in(made["nudge of projects"], "moroccan", "ar") == ["مشروع"]


@pytest.mark.parametrize("lang", ["ar", "fa"])
@pytest.mark.parametrize("variant", OTHER_VARIANTS)
def test_moroccan_and_french_lesson_hint_stage_uses_no_saudi_word(client, loaded, variant, lang):
    """A lesson puzzle without an authored hint: two wrong answers open the hint made from it, a
    third the explanation."""
    from lessons.models import Step
    from tests.site.pages import token

    step = next(
        s for s in Step.objects.filter(lesson__course__key=variant, puzzle__task="play")
        .select_related("lesson", "puzzle").order_by("lesson__order", "order")
        if s.puzzle.position.get("trump") and s.puzzle.position.get("trick")
    )
    puzzle = step.puzzle
    puzzle.hint = ""
    puzzle.save()
    for field in ("hint_en", "hint_ar", "hint_fa", "hint_fr"):
        puzzle.__class__.objects.filter(pk=puzzle.pk).update(**{field: ""})
    wrong = next(c for c in puzzle.position["hand"] if c not in puzzle.answers)
    url = f"/{lang}/learn/{variant}/{step.lesson.slug}/{step.order}/"
    found = []
    for stage in ("what is wrong", "hint", "explanation"):
        page = client.get(url)
        page = client.post(url + "answer", {"token": token(page), "card": wrong})
        assert page.status_code == 200, stage
        text = visible_text(page.text)
        if stage == "hint":
            assert hints_made_for(puzzle, lang) in text
        if words := saudi_words_in(text, variant, lang):
            found.append(f"{stage}: {words}")
    assert not found, "\n".join(found)


def hints_made_for(puzzle, lang: str) -> str:
    from lessons.hints import hint_for

    puzzle.refresh_from_db()
    return hint_for(puzzle, lang)


def test_persian_names_the_buyer_with_one_word():
    # RULES.md §6: «گیرنده» for the buyer and the taker; «خریدار» beside it was a second word.
    from engine.messages import parse_po

    entries, _ = parse_po((Path(__file__).resolve().parents[2] / "locale" / "fa" / "LC_MESSAGES"
                           / "django.po").read_text(encoding="utf-8"))
    assert not [(key, text) for key, text in entries.items() if "خریدار" in text]
    assert entries[("", "Taker")] == "گیرنده"


def test_the_score_facts_name_the_taker_in_the_courses_words(client, loaded):
    # «الآخذ» on the French course's pages (its call is «آخذ»), «Acheteur» on the Saudi course's.
    fr_ar = visible_text(client.get("/ar/learn/french/belote-and-contract/3/").text)
    assert "الآخذ" in fr_ar and "المشتري" not in fr_ar
    saudi_fr = visible_text(client.get("/fr/learn/saudi/failure-and-kaboot/3/").text)
    assert "Acheteur" in saudi_fr and "Preneur" not in saudi_fr
