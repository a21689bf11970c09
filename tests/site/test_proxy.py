"""The client's address behind a trusted proxy (TRUSTED_PROXIES, baloot_site/client_address.py),
for the answer rate limit and django-axes' sign-in throttle; never from a header anybody can write."""

import pytest
from django.test import Client, RequestFactory

from baloot_site import middleware
from baloot_site.client_address import client_address
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD
from tests.site.pages import answer, step_url
from tests.site.test_production_settings import run_django

NGINX = "127.0.0.1"  # the test client's REMOTE_ADDR: here, the proxy on the same machine


def address_of(remote, forwarded=None):
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    return client_address(RequestFactory().get("/", REMOTE_ADDR=remote, **headers))


@pytest.fixture
def behind_nginx(settings):
    settings.TRUSTED_PROXIES = [NGINX]


# ---------------------------------------------------------------- reading the address


def test_it_ignores_x_forwarded_for_when_no_proxy_is_trusted(settings):
    settings.TRUSTED_PROXIES = []
    assert address_of("198.51.100.9", "203.0.113.7") == "198.51.100.9"


def test_it_takes_the_client_that_the_trusted_proxy_names(behind_nginx):
    assert address_of(NGINX, "203.0.113.7") == "203.0.113.7"


def test_it_ignores_the_header_of_a_request_not_from_a_trusted_proxy(behind_nginx):
    # A client talking to the server directly, claiming to be someone else.
    assert address_of("198.51.100.9", "203.0.113.7") == "198.51.100.9"


def test_it_ignores_addresses_the_client_wrote_before_the_proxy(behind_nginx):
    # The client sent "X-Forwarded-For: 6.6.6.6"; nginx appended the address it really came from.
    assert address_of(NGINX, "6.6.6.6, 203.0.113.7") == "203.0.113.7"


def test_it_passes_over_a_chain_of_trusted_proxies(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/24", NGINX]
    assert address_of(NGINX, "6.6.6.6, 203.0.113.7, 10.0.0.5") == "203.0.113.7"


def test_it_reads_ipv6_addresses_and_networks(settings):
    settings.TRUSTED_PROXIES = ["2001:db8::/64"]
    assert address_of("2001:db8::1", "2001:db8:ffff::42") == "2001:db8:ffff::42"


def test_it_counts_the_proxy_when_the_header_is_missing_or_garbled(behind_nginx):
    assert address_of(NGINX) == NGINX
    assert address_of(NGINX, "not-an-address") == NGINX
    assert address_of(NGINX, f"{NGINX}, {NGINX}") == NGINX


def test_it_refuses_a_setting_that_is_not_an_address():
    result = run_django(["check"], TRUSTED_PROXIES="127.0.0.1,nginx.local")
    assert result.returncode != 0
    assert "TRUSTED_PROXIES: 'nginx.local' is not an address" in result.stderr


# ---------------------------------------------------------------- the answer rate limit


@pytest.fixture
def two_per_address(settings, monkeypatch):
    settings.ANSWER_RATE_LIMIT_PER_ADDRESS = 2
    # The counting windows are minutes of the clock: hold it still, 20 s into one, so that the
    # three answers of a slow run never straddle two windows.
    monkeypatch.setattr(middleware, "_now", lambda: 1_800_000_000.0 + 20)


def answer_from(forwarded, url=None):
    """One answer from a new browser (no cookie) whose requests carry ``forwarded``."""
    return answer(Client(headers={"X-Forwarded-For": forwarded}), url or step_url(2), {"card": "KC"})


@pytest.mark.django_db
def test_it_limits_answers_by_the_client_behind_the_proxy(saudi, behind_nginx, two_per_address):
    statuses = [answer_from("203.0.113.7").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    # Another pupil behind the same proxy is someone else.
    assert answer_from("203.0.113.8").status_code == 200


@pytest.mark.django_db
def test_it_cannot_be_dodged_by_writing_a_new_address_each_time(saudi, settings, two_per_address):
    settings.TRUSTED_PROXIES = []
    statuses = [answer_from(f"203.0.113.{n}").status_code for n in range(3)]
    assert statuses == [200, 200, 429]


@pytest.mark.django_db
def test_it_cannot_be_dodged_through_the_proxy_either(saudi, behind_nginx, two_per_address):
    # The client's own X-Forwarded-For entries come before the one nginx adds.
    statuses = [answer_from(f"10.9.9.{n}, 203.0.113.7").status_code for n in range(3)]
    assert statuses == [200, 200, 429]


# ---------------------------------------------------------------- sign-in throttle (django-axes)


def sign_in(client, user, password, forwarded):
    return client.post(
        "/en/accounts/login/",
        {"username": user.username, "password": password},
        headers={"X-Forwarded-For": forwarded},
    )


@pytest.mark.django_db
def test_it_locks_out_the_client_behind_the_proxy_not_its_classmates(client, student, behind_nginx):
    for _ in range(5):
        sign_in(client, student, "wrong", "203.0.113.7")
    assert sign_in(client, student, PASSWORD, "203.0.113.7").status_code == 429
    # The same pupil from home, or a classmate's device: not locked out.
    assert sign_in(Client(), student, PASSWORD, "198.51.100.20").status_code == 302


@pytest.mark.django_db
def test_it_keeps_a_lockout_whatever_address_the_client_claims(client, student, settings):
    settings.TRUSTED_PROXIES = []
    for n in range(5):
        sign_in(client, student, "wrong", f"203.0.113.{n}")
    assert sign_in(client, student, PASSWORD, "203.0.113.99").status_code == 429
