"""A demonstration stepped card by card in the browser: the buttons, the arrow keys (forward is
the left arrow in Arabic), and the plain links when JavaScript is off. The real courses: Moroccan
in Arabic on a phone, French in French."""

import pytest
from django.core.management import call_command
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.browsing import ARTIFACTS, DESKTOP, PHONE


def demo_url(live_server, lang: str, variant: str) -> str:
    slug = {"moroccan": "follow-trump-overtrump", "french": "play-obligations"}[variant]
    return f"{live_server.url}/{lang}/learn/{variant}/{slug}/3/"


@pytest.mark.parametrize(
    ("lang", "variant", "viewport", "forward", "back"),
    [
        ("ar", "moroccan", PHONE, "ArrowLeft", "ArrowRight"),
        ("fr", "french", DESKTOP, "ArrowRight", "ArrowLeft"),
    ],
)
def test_the_buttons_and_the_arrow_keys_step_through_the_hand(
    page: Page, live_server, lang, variant, viewport, forward, back
):
    call_command("load_curriculum", stdout=None)
    page.set_viewport_size(viewport)
    page.goto(demo_url(live_server, lang, variant))
    demo = page.locator("#demo")
    expect(demo.locator(".trick .card, .played .card")).to_have_count(0)
    page.screenshot(path=ARTIFACTS / f"demo-start-{lang}.png", full_page=True)

    demo.locator("[data-demo-next]").click()
    expect(page.locator("#demo [data-demo-previous]")).to_be_visible()
    for _ in range(3):
        page.keyboard.press(forward)
        page.wait_for_timeout(300)
    expect(page.locator("#demo .demo-verdict")).to_be_visible()  # four cards: the trick's verdict
    assert "?card=4" in page.url
    page.screenshot(path=ARTIFACTS / f"demo-trick-{lang}.png", full_page=True)

    page.keyboard.press(back)
    expect(page.locator("#demo .demo-verdict")).to_have_count(0)
    assert "?card=3" in page.url


def test_without_javascript_the_links_step_through_the_hand(new_context, live_server):
    call_command("load_curriculum", stdout=None)
    context: BrowserContext = new_context(viewport=DESKTOP, java_script_enabled=False)
    page = context.new_page()
    page.goto(demo_url(live_server, "fr", "french"))

    for n in range(1, 5):
        page.locator("#demo [data-demo-next]").click()
        expect(page).to_have_url(f"{demo_url(live_server, 'fr', 'french')}?card={n}#demo")
    expect(page.locator("#demo .demo-verdict")).to_be_visible()
    page.locator("#demo [data-demo-first]").click()
    expect(page.locator("#demo [data-demo-previous]")).to_have_count(0)


def test_axe_finds_no_barrier_on_a_demonstration_or_a_checkpoint(page: Page, live_server):
    from tests.browser.test_accessibility import check

    call_command("load_curriculum", stdout=None)
    problems = check(page, demo_url(live_server, "ar", "moroccan") + "?card=4")
    problems += check(page, f"{live_server.url}/fr/learn/french/checkpoint-cards-play-declarations/3/")
    problems += check(page, f"{live_server.url}/fa/learn/saudi/")

    assert not problems, "\n".join(problems)
