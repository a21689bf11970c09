"""The time an answer took: a signed stamp in the answer form, whole seconds in the attempt."""

import re

import pytest

from lessons import timing
from lessons.models import Attempt, Puzzle
from tests.site.pages import step_url

PLAY = step_url(2)
T0 = 1_700_000_000_000  # ms


class Clock:
    """The time lessons.timing reads, moved by hand."""

    def __init__(self, monkeypatch):
        self.ms = T0
        monkeypatch.setattr(timing, "_now_ms", lambda: self.ms)


@pytest.fixture
def clock(monkeypatch):
    return Clock(monkeypatch)


def hidden(name, text):
    """A hidden field of the answer form (of a page, or of the out-of-band part of a verdict)."""
    match = re.search(rf'name="{name}" id="answer-{name}" value="([^"]+)"', text)
    assert match is not None, f"no {name} on the page"
    return match.group(1)


def shown(text):
    return hidden("shown", text)


def post(client, text, card="KC", stamp=None, htmx=False):
    data = {"token": hidden("token", text), "card": card}
    if stamp is not None:
        data["shown"] = stamp
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(PLAY + "answer", data, headers=headers)


def test_it_records_the_seconds_from_showing_the_step_to_the_answer(client, saudi, clock):
    page = client.get(PLAY).text
    clock.ms += 12_400

    response = post(client, page, stamp=shown(page))

    assert response.status_code == 200
    assert Attempt.objects.get().seconds == 12


def test_it_caps_the_seconds_at_one_hour(client, saudi, clock):
    page = client.get(PLAY).text
    clock.ms += 26 * 3600 * 1000

    post(client, page, stamp=shown(page))

    assert Attempt.objects.get().seconds == timing.MAX_SECONDS == 3600


def test_it_counts_each_try_from_the_previous_verdict_with_htmx(client, saudi, clock):
    page = client.get(PLAY).text
    clock.ms += 5_000
    wrong = post(client, page, card="AS", stamp=shown(page), htmx=True)
    # The fragment renews the stamp out of band, with the token.
    assert 'id="answer-shown"' in wrong.text and 'hx-swap-oob="true"' in wrong.text
    clock.ms += 8_000

    post(client, wrong.text, card="KC", stamp=shown(wrong.text), htmx=True)

    assert [a.seconds for a in Attempt.objects.order_by("id")] == [5, 8]


@pytest.mark.parametrize(
    "tamper",
    [
        lambda s: s[:-1] + ("A" if s[-1] != "A" else "B"),  # signature changed
        lambda s: timing.shown_stamp(999_999, T0 - 60_000),  # another puzzle's stamp
        lambda s: "[1, 2]",  # unsigned
        lambda s: "x" * 5000,  # absurdly long
        lambda s: "",
    ],
    ids=["bad-signature", "other-puzzle", "unsigned", "long", "empty"],
)
def test_it_ignores_a_tampered_stamp_without_an_error(client, saudi, clock, tamper):
    page = client.get(PLAY).text
    clock.ms += 3_000

    response = post(client, page, stamp=tamper(shown(page)))

    assert response.status_code == 200
    assert "verdict-right" in response.text
    attempt = Attempt.objects.get()
    assert attempt.correct
    assert attempt.seconds is None


def test_it_records_no_seconds_without_a_stamp(client, saudi):
    page = client.get(PLAY).text

    response = post(client, page)

    assert response.status_code == 200
    assert Attempt.objects.get().seconds is None


def test_it_ignores_a_stamp_from_the_future(client, saudi, clock):
    puzzle = Puzzle.objects.get(key="sa-follow-1")
    page = client.get(PLAY).text
    future = timing.shown_stamp(puzzle.pk, T0 + 3_600_000)

    post(client, page, stamp=future)

    assert Attempt.objects.get().seconds is None


def test_it_forgives_a_small_clock_step_between_servers(client, saudi, clock):
    puzzle = Puzzle.objects.get(key="sa-follow-1")
    page = client.get(PLAY).text

    post(client, page, stamp=timing.shown_stamp(puzzle.pk, T0 + 1_500))

    assert Attempt.objects.get().seconds == 0


def test_it_signs_the_stamp_with_the_site_key(settings):
    stamp = timing.shown_stamp(1, T0)

    settings.SECRET_KEY = "another-key"

    assert timing.seconds_since(stamp, 1, T0 + 1_000) is None
