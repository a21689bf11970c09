"""Bad input on every endpoint of the URL conf, as each role: never a 500, never a traceback.

The endpoints are read from the URL conf, not listed by hand, so a new form or htmx endpoint is
covered the day it is added. Their ids are those of real objects (the world of
tests/site/classroom/base.py) so the posts reach the forms, not just a 404.
"""

import pytest
from django.test import Client
from django.urls import get_resolver, reverse
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lessons.models import PracticeGame
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.practice.tools import start

pytestmark = pytest.mark.django_db

# Names the site's forms use, so random posts often hit a real field with a wrong value.
FIELDS = [
    "card", "cards", "token", "shown", "task", "points", "value", "answer", "move", "call", "level",
    "target", "variant", "trump", "code", "name", "names", "username", "password", "email", "title",
    "due", "target_accuracy", "lesson", "puzzle", "position", "next", "digits", "deck", "language",
    "open", "direction", "order", "key", "contract", "taker", "dealer", "hand", "tricks",
    "csrfmiddlewaretoken",
]  # fmt: skip
VALUES = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["", "0", "-1", "9" * 20, "KC", "10H", "ZZ", "null", "[]", "{}", "\x00", "٣"]),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
)
FORMS = st.dictionaries(st.one_of(st.sampled_from(FIELDS), st.text(max_size=10)), VALUES, max_size=6)
# Several values under one name, as a tampered checkbox list would send.
MULTI = st.dictionaries(st.sampled_from(FIELDS), st.lists(VALUES, min_size=2, max_size=3), max_size=3)


def endpoints(world, game):
    """Every named URL of the site with its parameters filled in from ``world``."""
    drill = world["drill"]
    values = {
        "class_id": world["classroom"].pk,
        "user_id": world["student"].pk,
        "drill_id": drill.pk,
        "item_id": drill.items.order_by("order").last().pk,
        "key": "sa-winner-1",
        "variant": "saudi",
        "slug": "follow-suit",
        "n": 2,
        "number": 1,  # a game's number at a live table
        "code": "ABC234",
        "pk": game.pk,
        "token": "made-1234567",
        "invitation_id": 1,
        "uidb64": "MQ",  # a new password's link: a user's number, then its token
        "puzzle_id": drill.items.order_by("order").last().puzzle_id,
    }
    urls = []
    resolver = get_resolver()
    with translation.override("en"):
        for name in resolver.reverse_dict:
            # Signing out and deleting one's account end the role the next request is made as.
            if (
                not isinstance(name, str)
                or name.startswith("admin")
                or name in ("accounts-logout", "accounts-delete")
            ):
                continue
            params = resolver.reverse_dict.getlist(name)[0][0][0][1]
            urls.append(reverse(name, kwargs={p: values[p] for p in params}))
    return sorted(set(urls))


@pytest.fixture
def game(client, saudi):
    return start(Client(), "saudi")


ROLES = ["anonymous", "student", "teacher", "staff"]


def client_as(role, world):
    client = Client()
    if role != "anonymous":
        login(client, world[role])
    return client


def assert_clean(response, url):
    assert response.status_code < 500, (url, response.status_code)
    assert b"Traceback" not in response.content, url


def test_every_endpoint_is_covered(world, game):
    urls = endpoints(world, game)
    assert "/healthz" in urls
    assert any(u.endswith("/answer") for u in urls) and any("/practice/game/" in u for u in urls)
    assert len(urls) > 50


@pytest.mark.parametrize("role", ROLES)
def test_random_posts_never_break_a_page(role, world, game):
    urls = endpoints(world, game)

    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
    @given(url=st.sampled_from(urls), form=FORMS, multi=MULTI, htmx=st.booleans())
    def post(url, form, multi, htmx):
        client = client_as(role, world)
        headers = {"HX-Request": "true"} if htmx else {}
        data = {**form, **multi}
        assert_clean(client.post(url, data, headers=headers), url)
        assert_clean(client.get(url, form, headers=headers), url)

    post()


@pytest.mark.parametrize("role", ROLES)
def test_every_endpoint_takes_an_empty_and_a_garbage_post(role, world, game):
    client = client_as(role, world)
    for url in endpoints(world, game):
        for data in ({}, {"card": "ZZ", "token": "x" * 500, "move": "-1", "due": "2030-02-30"}):
            for headers in ({}, {"HX-Request": "true"}):
                assert_clean(client.post(url, data, headers=headers), url)


@pytest.mark.parametrize("url", ["/en/learn/saudi/follow-suit/2/answer", "/en/accounts/login/", "/en/prefs/"])
def test_csrf_is_enforced(url, saudi):
    client = Client(enforce_csrf_checks=True)
    response = client.post(url, {"card": "KC", "token": "abcdefgh12"})
    assert response.status_code == 403


def test_csrf_is_enforced_on_every_post_endpoint(world, game):
    client = Client(enforce_csrf_checks=True)
    login(client, world["teacher"])
    for url in endpoints(world, game):
        if url == "/healthz":
            continue
        response = client.post(url, {"name": "x"})
        assert response.status_code in (403, 405), url


# ---------------------------------------------------------------- other people's objects

OTHERS_URLS = [
    "/en/classes/{other_class}/",
    "/en/classes/{other_class}/dashboard/",
    "/en/classes/{other_class}/dashboard.csv",
    "/en/classes/{other_class}/students/{other_student}/",
    "/en/classes/{class_id}/students/{other_student}/",
    "/en/drills/{other_drill}/",
    "/en/drills/{other_drill}/edit/",
]


@pytest.fixture
def other_drill(other_classroom):
    from lessons.models import Drill

    return Drill.objects.create(classroom=other_classroom, title="Secret drill", target_accuracy=80)


@pytest.mark.parametrize("role", ["student", "teacher"])
def test_another_class_is_unreachable_by_guessing_ids(role, world, other_drill):
    client = client_as(role, world)
    ids = {
        "other_class": world["other_classroom"].pk,
        "other_student": world["other_student"].pk,
        "class_id": world["classroom"].pk,
        "other_drill": other_drill.pk,
    }
    for pattern in OTHERS_URLS:
        url = pattern.format(**ids)
        response = client.get(url)
        assert response.status_code in (403, 404), (url, response.status_code)
        assert "Secret drill" not in response.text
        assert world["other_classroom"].name not in response.text


def test_another_learners_practice_game_is_unreachable(world, saudi):
    owner = Client()
    login(owner, world["other_student"])
    game = start(owner, "saudi")
    assert PracticeGame.objects.filter(pk=game.pk).exists()
    for role in ["anonymous", "student", "teacher"]:
        client = client_as(role, world)
        for suffix in ["", "why", "hand/1/"]:
            assert client.get(f"/en/practice/game/{game.pk}/{suffix}").status_code == 404
        played = client.post(f"/en/practice/game/{game.pk}/play", {"card": "KC", "move": "0"})
        assert played.status_code == 404
