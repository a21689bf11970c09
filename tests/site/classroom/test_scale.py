"""Dashboards run the same number of queries for a class of 2 pupils × 3 puzzles and of 40 × 100."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.bench_dashboard import build_class
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login

PAGES = [
    "/en/classes/{c}/dashboard/",
    "/en/classes/{c}/dashboard/puzzles/",
    "/en/classes/{c}/dashboard.csv",
    "/en/classes/{c}/students/{s}/",
    "/en/classes/{c}/",
]


@pytest.fixture
def classes(db):
    return build_class(2, 3, drills=2), build_class(40, 100, drills=10)


def queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize("page", PAGES)
def test_it_runs_as_many_queries_for_a_big_class_as_for_a_small_one(
    client, classes, page, django_assert_num_queries
):
    small, big = classes
    for world in (small, big):
        world["url"] = page.format(c=world["classroom"].pk, s=world["students"][0].pk)
    login(client, small["teacher"])
    client.get(small["url"])  # the first request after signing in also saves the session: count the next
    expected = queries(client, small["url"])
    login(client, big["teacher"])
    client.get(big["url"])

    with django_assert_num_queries(expected):
        assert client.get(big["url"]).status_code == 200


def test_a_pupils_drills_take_as_many_queries_in_a_big_class(client, classes, django_assert_num_queries):
    small, big = classes
    login(client, small["students"][0])
    client.get("/en/drills/")
    expected = queries(client, "/en/drills/")
    login(client, big["students"][0])
    client.get("/en/drills/")

    with django_assert_num_queries(expected):
        client.get("/en/drills/")
