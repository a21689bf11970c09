"""Browser tests: Debian's Chromium, driven by Playwright, on pages served by a live test server.

The pages hold the small lessons of tests/site/pages.py (one puzzle of each task, in the four
languages), or the real curriculum. pytest-django's ``live_server`` runs the site in a thread of
the test process on a database shared with the test (transactional: emptied after each test);
with pytest-xdist each worker has its own database, server and browser.

A missing Chromium fails the tests; it is never a reason to skip them (`make chromium`).
"""

import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.utils import translation
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from tests.browser.browsing import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, DESKTOP, SERVERS
from tests.site.pages import saudi  # noqa: F401

# The machine running the tests may be busy: wait for a page or a verdict longer than Playwright's
# 5 seconds before calling it missing (a test that passes does not wait).
PATIENCE_MS = 20_000
expect.set_options(timeout=PATIENCE_MS)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: `make chromium` installs Debian's Chromium")
    # Playwright's synchronous API keeps an event loop running in this thread, and Django refuses
    # database calls from a thread with a running loop; the test's own calls (fixtures, the
    # database flush after each test) are synchronous all the same.
    unsafe = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield chromium
            chromium.close()
    finally:
        if unsafe is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = unsafe


@pytest.fixture
def new_context(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """Make browser profiles (``browser.new_context`` options), closed after the test."""
    made: list[BrowserContext] = []

    def make(**options: Any) -> BrowserContext:
        ctx = browser.new_context(**options)
        ctx.set_default_timeout(PATIENCE_MS)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()


@pytest.fixture
def context(new_context: Callable[..., BrowserContext]) -> BrowserContext:
    """A fresh browser profile (no cookies: a new learner), desktop sized."""
    return new_context(viewport=DESKTOP)


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


@pytest.fixture(autouse=True)
def default_language() -> Iterator[None]:
    """Each test starts in the default language (the live server's requests run in another thread)."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go (tests/artifacts/, ignored by git)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def fixed_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The practice table's deals the same at every run (the live server runs in this process).

    A hand of random bots does not always offer a card the coach marks from the learner's seat:
    with random deals, a test looking for one failed now and then."""
    import random
    import secrets

    deals = random.Random(2026)
    monkeypatch.setattr(secrets, "randbelow", lambda n: deals.randrange(n))


@pytest.fixture(scope="session")
def asgi_server() -> Iterator[str]:
    """The site served by Daphne (the ASGI server of `make run`) in a thread of the test process,
    on the test's database: HTTP and the live tables' WebSockets."""
    from channels.routing import ProtocolTypeRouter
    from daphne.server import Server
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.core.asgi import get_asgi_application

    from baloot_site.asgi import application

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # Static files as the test server serves them (DEBUG is off in tests: no finders in WhiteNoise).
    served = ProtocolTypeRouter(
        {"http": ASGIStaticFilesHandler(get_asgi_application()), "websocket": application}
    )
    server = Server(served, endpoints=[f"tcp:port={port}:interface=127.0.0.1"], signal_handlers=False)
    SERVERS.append(server)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
