"""The score calculator on a phone (375 px), in Arabic and French: fill the form, see the steps, keep a sheet.

The words looked for come from the catalogs and the engine, in the page language, and numbers are
checked through the data attributes the page carries beside the digits it shows.
"""

from collections.abc import Iterator

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Browser, BrowserContext, Page, expect

from engine import messages
from lessons.templatetags.baloot import localize_digits, variant_gettext
from tests.browser.browsing import PHONE

LANGS = ["ar", "fr"]
TYPED = {"ar": "٤٥", "fr": "45"}  # Arabic readers type Arabic-Indic digits


def words(lang: str, text: str, variant: str = "") -> str:
    """``text`` as the page says it: in ``lang``, and in the words of ``variant``'s course."""
    with translation.override(lang):
        return variant_gettext(text, variant) if variant else gettext(text)


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


@pytest.fixture
def no_js_phone(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport=PHONE, java_script_enabled=False)
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


def choose(page: Page, name: str, value: str) -> None:
    page.locator(f'#calc-form label.chip-choice:has(input[name="{name}"][value="{value}"])').click()


def open_seat(page: Page, seat: str) -> None:
    """Unfold a player's project pickers."""
    page.locator(f"#seat-{seat} > summary").click()


def tick(page: Page, slot: str, *cards: str) -> None:
    for code in cards:
        page.locator(f'#field-{slot} label:has(input[value="{code}"])').click()


def score(page: Page, team: str):
    return page.locator(f'#calc-result .calc-score[data-team="{team}"]')


def fits_the_screen(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("lang", LANGS)
def test_it_scores_seed_001s_hokm_hand_step_by_step(phone, live_server, lang, artifacts):
    page = phone.new_page()
    page.goto(f"{live_server.url}/{lang}/calculator/saudi/")

    choose(page, "trump", "H")
    page.fill("#field-points", TYPED[lang])
    page.locator("#field-points").press("Tab")
    open_seat(page, "S")
    tick(page, "S1", "QS", "KS", "AS")
    choose(page, "belote", "S")

    # Seed 001: Hokm, buyers 45 abnat + Sira + Baloot fail: 2 for their Baloot, 18 to the others.
    expect(score(page, "NS")).to_have_attribute("data-points", "2")
    expect(score(page, "EW")).to_have_attribute("data-points", "18")
    expect(score(page, "EW").locator(".calc-points")).to_have_text(localize_digits("18", "native", lang))
    sira = messages.project_name("sira", "saudi", lang)
    expect(page.locator("#info-S1")).to_have_text(localize_digits(f"{sira} (2)", "native", lang))
    steps = page.locator("#calc-result .score-steps .reason")
    expect(steps.last).to_have_attribute("data-rule", "score.sa.failure")
    title = messages.rule_title("score.sa.failure", "saudi", lang)
    expect(steps.last.locator(".reason-title")).to_have_text(title)
    expect(page.locator("#calc-peek")).to_be_visible()
    # The address bar follows the form, in Western digits: it is the link to share.
    expect(page).to_have_url(f"{live_server.url}/{lang}/calculator/saudi/?trump=H&taker=S&dealer=W&points=45"
                             "&S1=QS&S1=KS&S1=AS&belote=S")
    assert fits_the_screen(page)
    page.screenshot(path=artifacts / f"calculator-saudi-{lang}.png", full_page=True)

    page.get_by_role("button", name=words(lang, "Add this hand to the game sheet")).click()

    expect(page.locator("#sheet .calc-line")).to_have_count(1)
    expect(page.locator('#sheet .calc-total[data-team="EW"]')).to_have_attribute("data-total", "18")
    expect(page.locator("#sheet")).to_contain_text(words(lang, "Game sheet"))
    assert fits_the_screen(page)


@pytest.mark.parametrize("lang", LANGS)
def test_it_keeps_a_french_game_sheet_with_undo(phone, live_server, lang, artifacts):
    page = phone.new_page()
    page.goto(f"{live_server.url}/{lang}/calculator/french/")
    add = words(lang, "Add this hand to the game sheet", "french")

    choose(page, "trump", "S")
    page.fill("#field-points", "100")
    page.locator("#field-points").press("Enter")
    expect(score(page, "NS")).to_have_attribute("data-points", "100")
    # Switching language now would come back to this hand, not to the blank page first loaded.
    expect(page.locator('.language-switcher input[name="next"]')).to_have_value(
        f"/{lang}/calculator/french/?trump=S&taker=S&dealer=W&points=100"
    )
    page.get_by_role("button", name=add).click()

    # The next hand starts from the sheet: the game score so far is filled in.
    expect(page.locator("#field-ns")).to_have_value(localize_digits("100", "native", lang))
    page.fill("#field-points", "70")
    page.locator("#field-points").press("Enter")
    expect(score(page, "EW")).to_have_attribute("data-points", "162")
    expect(page.locator("#calc-result .score-steps")).to_contain_text(
        messages.rule_title("score.fr.dedans", "french", lang)
    )
    page.get_by_role("button", name=add).click()

    lines = page.locator("#sheet .calc-line")
    expect(lines).to_have_count(2)
    expect(page.locator('#sheet .calc-total[data-team="EW"]')).to_have_attribute("data-total", "224")
    assert fits_the_screen(page)
    page.screenshot(path=artifacts / f"calculator-sheet-french-{lang}.png", full_page=True)

    page.get_by_role("button", name=words(lang, "Undo the last hand", "french")).click()

    expect(lines).to_have_count(1)
    expect(page.locator('#sheet .calc-total[data-team="NS"]')).to_have_attribute("data-total", "100")


@pytest.mark.parametrize("lang", LANGS)
def test_it_shows_a_bad_card_beside_its_project(phone, live_server, lang):
    page = phone.new_page()
    page.goto(f"{live_server.url}/{lang}/calculator/moroccan/")
    page.fill("#field-points", "90")
    page.locator("#field-points").press("Tab")
    open_seat(page, "E")

    tick(page, "E1", "QH", "KH", "9H")

    reason = messages.lookup("reason.not-consecutive", "moroccan", lang)
    expect(page.locator("#err-E1")).to_contain_text(reason)
    expect(page.locator("#calc-peek")).to_contain_text(words(lang, "Some entries need another look"))
    tick(page, "E1", "9H", "JH")  # untick the 9, tick the jack: J Q K is a tierce
    expect(page.locator("#err-E1")).to_be_empty()
    expect(page.locator("#info-E1")).to_contain_text(messages.project_name("tierce", "moroccan", lang))


@pytest.mark.parametrize("lang", LANGS)
def test_it_works_with_javascript_off(no_js_phone, live_server, lang):
    page = no_js_phone.new_page()
    page.goto(f"{live_server.url}/{lang}/calculator/saudi/")

    page.fill("#field-points", "95")
    page.get_by_role("button", name=words(lang, "Compute the score")).click()

    expect(score(page, "NS")).to_have_attribute("data-points", "19")
    expect(page.locator("#share-url")).to_have_value(
        f"{live_server.url}/{lang}/calculator/saudi/?trump=sun&taker=S&dealer=W&points=95"
    )
    page.get_by_role("button", name=words(lang, "Add this hand to the game sheet")).click()
    expect(page.locator("#sheet .calc-line")).to_have_count(1)
    assert fits_the_screen(page)
