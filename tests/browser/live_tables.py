"""What the live tables' browser tests do alike: open a table from its form, take a seat, wait for
the pages' sockets."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def open_table(page: Page, server: str, lang: str, variant: str, classroom: int | None = None) -> str:
    """Open a table of ``variant`` (for ``classroom`` if given) from the form; its code."""
    page.goto(f"{server}/{lang}/tables/")
    page.locator(f"input[name=variant][value={variant}]").check()
    if classroom is not None:
        page.locator("#table-class").select_option(str(classroom))
    page.locator("#open-table").click()
    return page.locator(".table-code").first.inner_text()


def take_seat(page: Page, name: str, seat: str, url: str = "") -> None:
    """Sit at ``seat`` under ``name``, on the table's page (opened first at ``url`` if given)."""
    if url:
        page.goto(url)
    page.locator("#sit-name").fill(name)
    page.locator(f"#sit-{seat}").click()


def wait_live(*pages: Page) -> None:
    """Each page's socket is open (the page marks its live line when it is)."""
    for p in pages:
        expect(p.locator("#live-state[data-connected='1']")).to_be_attached()
