"""The practice table in a real browser: one whole hand per journey, played as a learner would.

A practice hand in Arabic on a phone (375 x 667, light colours), a guided hand in Persian on a
small phone (360 x 640, dark colours), a practice hand in French on a desk (1280 x 800). At every
decision the whole decision is on the first screen without scrolling: the hand's card buttons
(``button[name=card]``) or the call buttons (``button[name=call]``), the table with the trick and
the auction line; the hand is grouped by suit; after each move the keyboard's focus is on the next
decision (the learner plays with Enter and the arrow keys); no error in the console; axe finds no
barrier, in light and in dark colours. The French hand's score is then the engine's own.
"""

import re

from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from engine.cards import Team
from lessons.models import PracticeGame
from lessons.practice.state import Table
from tests.site.practice.tools import engine_replay

BOARD = "#practice-board"


def catalog(lang: str, text: str) -> str:
    with translation.override(lang):
        return gettext(text)


def start(page: Page, base: str, variant: str, lang: str = "en", level: str = "heuristic") -> None:
    page.goto(f"{base}/{lang}/practice/{variant}/")
    page.locator(f'input[name="level"][value="{level}"]').check()
    page.locator("form.new-game button[type=submit]").click()
    expect(page.locator(BOARD)).to_be_visible()


def board_move(page: Page) -> str:
    return page.locator(BOARD).get_attribute("data-move") or ""


def wait_for_move_after(page: Page, move: str) -> None:
    expect(page.locator(BOARD)).not_to_have_attribute("data-move", move, timeout=30_000)


def take_a_turn(page: Page) -> str:
    """One move of the learner: a call (the first allowed one that buys, pass in the doubling) or
    the first card "why?" says may be played. Returns the board's phase before the move."""
    board = page.locator(BOARD)
    phase = board.get_attribute("data-phase") or ""
    move = board_move(page)
    if phase in ("auction", "doubling"):
        allowed = page.locator("#call-form .choices:not(.choices-refused) button")
        values = [allowed.nth(i).get_attribute("value") for i in range(allowed.count())]
        wanted = "pass" if phase == "doubling" else next((v for v in values if v != "pass"), "pass")
        allowed.and_(page.locator(f'[value="{wanted}"]')).click()
    elif phase == "play":
        page.locator(".why-form button").click()
        legal = page.locator("#why .hand li span[role=img]").first
        expect(legal).to_be_visible()
        name = legal.get_attribute("aria-label")
        page.locator(f'#play-form button.card[aria-label="{name}"]').click()
    else:
        raise AssertionError(f"nothing to do in the {phase} phase")
    wait_for_move_after(page, move)
    return phase


def play_until_scored(page: Page) -> list[str]:
    phases = []
    for _ in range(80):
        if page.locator("#hand-score").count():
            return phases
        phases.append(take_a_turn(page))
    raise AssertionError("the hand never ended")


def shown_points(page: Page) -> list[int]:
    cells = page.locator("#hand-score [data-team-points]")
    return [int(cells.nth(i).inner_text()) for i in range(cells.count())]


def test_a_refused_card_shows_the_engines_reasons(page, live_server, saudi):
    page.goto(f"{live_server.url}/fr/practice/puzzle/sa-follow-1/")
    page.locator('input[name="level"][value="random"]').check()
    page.locator("form.new-game button[type=submit]").click()

    page.locator('#play-form button.card[value="AS"]').click()

    refusal = page.locator("#refusal")
    expect(refusal).to_be_visible()
    expect(refusal.locator(".reason")).to_have_attribute("data-rule", "play.must-follow")
    expect(refusal).to_contain_text("pique")  # the ace of spades, named in French
    move = board_move(page)
    page.locator('#play-form button.card[value="KC"]').click()
    wait_for_move_after(page, move)
    expect(page.locator(".last-trick")).to_contain_text(re.compile(r"Pli 1"))
    # The ⚙ settings beside the table: Escape closes them, the focus back on their button.
    page.locator(".settings-button").click()
    expect(page.locator("#language")).to_be_visible()
    page.locator("#language").focus()
    page.keyboard.press("Escape")
    expect(page.locator(".settings-menu[open]")).to_have_count(0)
    expect(page.locator(".settings-button")).to_be_focused()


def test_it_plays_with_plain_forms_when_javascript_is_off(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/fr/practice/french/")
        page.locator("form.new-game button[type=submit]").click()
        expect(page).to_have_url(f"{live_server.url}/fr/practice/french/")

        page.locator('#call-form button[value="take"], #call-form button[value="pass"]').first.click()

        # The post answered with a redirect to the table: reloading it posts nothing again.
        expect(page).to_have_url(f"{live_server.url}/fr/practice/french/")
        game = PracticeGame.objects.get()
        assert game.move == 1 and game.hands[0]["actions"][0][1] == "S"
        expect(page.locator("h1")).to_contain_text(
            catalog("fr", "Practice table · %(variant)s").split("·")[0].strip()
        )
    finally:
        context.close()


# ---------------------------------------------------------------- the three journeys

SMALL_PHONE = {"width": 360, "height": 640}
PHONE_667 = {"width": 375, "height": 667}
DESK_800 = {"width": 1280, "height": 800}
DECISION = "button[name=card], button[name=call], #declare, #next-hand, #guided-done, #see-review"


class Journey:
    """One learner at the table: their page, and what went wrong along the way."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        self.moves = 0
        # A refused style or script says which element and which file did it.
        page.add_init_script(
            "document.addEventListener('securitypolicyviolation', e => console.error('CSP', e.sourceFile,"
            " e.lineNumber, e.columnNumber, e.sample, e.target && (e.target.outerHTML || '').slice(0, 300)))"
        )
        page.on(
            "console",
            lambda m: self.errors.append(f"move {self.moves}: {m.text}") if m.type == "error" else None,
        )
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def in_view(self, selector: str) -> None:
        """Every element matching ``selector`` lies wholly inside the screen, without scrolling."""
        view = self.page.viewport_size
        assert view is not None
        assert self.page.evaluate("window.scrollY") == 0, "the page scrolled"
        found = self.page.locator(selector)
        assert found.count(), f"nothing matches {selector}"
        for i in range(found.count()):
            box = found.nth(i).bounding_box()
            assert box is not None, f"{selector} #{i} is not drawn"
            assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 0.5, (
                f"{selector} #{i} is at {box['y']:.0f}–{box['y'] + box['height']:.0f}px of {view['height']}px"
            )
            assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 0.5, (
                f"{selector} #{i} sideways"
            )

    def decision_fits(self) -> None:
        page = self.page
        page.evaluate("window.scrollTo(0, 0)")
        phase = page.locator(BOARD).get_attribute("data-phase")
        if phase == "play":
            self.in_view("#play-form button[name=card]")
            self.in_view(".practice-board .table-grid")
        else:
            self.in_view("#call-form .choices:not(.choices-refused) button[name=call]")
            self.in_view(".practice-board .table-grid")
            self.in_view(".practice-hand .hand")
        if page.locator(".practice-auction").count():
            self.in_view(".practice-auction")
        suits = page.locator(".practice-hand .card").evaluate_all(
            "cs => cs.map(c => c.className.match(/suit-(.)/)[1])"
        )
        groups = [s for i, s in enumerate(suits) if i == 0 or s != suits[i - 1]]
        assert len(groups) == len(set(groups)), f"the hand is not grouped by suit: {suits}"

    def focus_on_a_decision(self) -> None:
        # htmx settles the swapped board a moment after it lands: the focus moves then.
        expect(self.page.locator(f":focus:is({DECISION})")).to_have_count(1, timeout=5_000)

    def move(self, act) -> None:
        """One move through ``act``, then the board answers and the focus is on what comes next."""
        before = board_move(self.page)
        self.moves += 1
        act()
        wait_for_move_after(self.page, before)
        self.focus_on_a_decision()
        self.page.evaluate("document.getAnimations().forEach((a) => a.finish())")

    def call(self, value: str | None = None) -> None:
        page = self.page
        allowed = page.locator("#call-form .choices:not(.choices-refused) button[name=call]")
        if value is None:
            values = [allowed.nth(i).get_attribute("value") for i in range(allowed.count())]
            phase = page.locator(BOARD).get_attribute("data-phase")
            value = "pass" if phase == "doubling" else next((v for v in values if v != "pass"), "pass")
        self.move(allowed.and_(page.locator(f'[value="{value}"]')).click)

    def play_with_the_keyboard(self) -> None:
        """The focus is on the first card the rules allow: the arrows go and come back, Enter plays it."""
        page = self.page
        first = page.evaluate("document.activeElement.value")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.value") == first
        self.move(lambda: page.keyboard.press("Enter"))

    def barriers(self, where: str) -> list[str]:
        from tests.browser.test_accessibility import barriers

        return [f"{where}: {p}" for p in barriers(self.page)]


def play_a_practice_hand(journey: Journey, shots: list[str]) -> list[str]:
    """Calls and cards until the hand is scored; each decision checked. Returns axe's findings."""
    page = journey.page
    problems: list[str] = []
    for _ in range(60):
        if page.locator("#hand-score").count():
            return problems
        phase = page.locator(BOARD).get_attribute("data-phase")
        if phase in ("auction", "doubling"):
            journey.decision_fits()
            if not problems and shots:
                page.screenshot(path=shots.pop(0))
                problems += journey.barriers("auction")
            journey.call()
        elif phase == "play":
            if page.locator("#declare-form").count():
                journey.move(page.locator("#declare-nothing").click)
                continue
            journey.decision_fits()
            if shots and page.locator(".felt .played").count():
                page.screenshot(path=shots.pop(0))
                problems += journey.barriers("play")
            journey.play_with_the_keyboard()
        else:
            raise AssertionError(f"nothing to do in the {phase} phase")
    raise AssertionError("the hand never ended")


def test_a_practice_hand_in_arabic_on_a_phone(new_context, live_server, saudi, artifacts):
    page = new_context(viewport=PHONE_667, device_scale_factor=2, is_mobile=True, has_touch=True).new_page()
    journey = Journey(page)
    start(page, live_server.url, "saudi", lang="ar")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    shots = [str(artifacts / "practice-ar-phone-auction.png"), str(artifacts / "practice-ar-phone-play.png")]
    problems = play_a_practice_hand(journey, shots)
    problems += journey.barriers("scored")
    # The menu: one button opens every link and the settings, nothing off the screen.
    page.locator(".menu-button").click()
    journey.in_view(".site-menu-list a, .site-menu-list button, .site-menu-list select")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_667["width"]
    page.keyboard.press("Escape")  # closes the menu, the focus back on its button
    expect(page.locator(".site-menu[open]")).to_have_count(0)
    expect(page.locator(".menu-button")).to_be_focused()
    assert problems == [] and journey.errors == []


def test_a_guided_hand_in_persian_on_a_small_phone_in_dark_colours(new_context, live_server, artifacts):
    from lessons.practice import guided

    page = new_context(viewport=SMALL_PHONE, color_scheme="dark", is_mobile=True, has_touch=True).new_page()
    journey = Journey(page)
    page.goto(f"{live_server.url}/fa/practice/guided/saudi/")
    page.locator("#start-guided").click()
    expect(page.locator("#coach")).to_be_visible()
    problems = journey.barriers("guided start")
    g = guided.guide("saudi")
    stopped = False
    for _ in range(20):
        table = Table(PracticeGame.objects.get())
        kind, value = guided.expected(g, table)
        if not kind:
            break
        expect(page.locator("#coach")).to_contain_text(guided.coach(table, "fa")[-1])
        if kind == "call":
            journey.decision_fits()
            journey.call(value)
        elif kind == "declare":
            for project in value.split(","):
                page.locator(f'#declare-form select[name="n_{project}"]').select_option("1")
            journey.move(page.locator("#declare").click)
        else:
            journey.decision_fits()
            if not stopped:  # a wrong card first: the coach stops it and says why
                page.locator(f'#play-form button.card:not([value="{value}"])').first.click()
                expect(page.locator("#coach-stop")).to_be_visible()
                page.screenshot(path=artifacts / "practice-fa-guided-dark.png")
                problems += journey.barriers("coach stop")
                stopped = True
            journey.move(page.locator(f'#play-form button.card[value="{value}"]').click)
    expect(page.locator("#hand-score")).to_be_visible()
    expect(page.locator("#coach")).to_contain_text(g.score["fa"])
    expect(page.locator("#guided-done")).to_be_visible()
    problems += journey.barriers("guided end")
    assert problems == [] and journey.errors == []


def test_a_practice_hand_in_french_on_a_desk_scores_like_the_engine(new_context, live_server, artifacts):
    page = new_context(viewport=DESK_800).new_page()
    journey = Journey(page)
    start(page, live_server.url, "french", lang="fr")
    play_a_practice_hand(journey, [str(artifacts / "practice-fr-desk.png")])

    game = PracticeGame.objects.get()
    record = game.hands[-1]
    score = engine_replay(game).score()
    assert shown_points(page) == [score.points[Team.NS], score.points[Team.EW]]
    assert (record["result"]["NS"], record["result"]["EW"]) == (score.points[Team.NS], score.points[Team.EW])
    steps = page.locator("#hand-score .score-steps li")
    assert [steps.nth(i).get_attribute("data-rule") for i in range(steps.count())] == [
        s.rule for s in score.steps
    ]
    # htmx swapped the board in place: the page never left the table.
    expect(page).to_have_url(f"{live_server.url}/fr/practice/french/")
    journey.move(page.locator("#next-hand").click)
    expect(page.locator(".sheet-table tbody tr")).to_have_count(1)
    assert journey.errors == []
