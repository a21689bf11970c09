"""Headers every response carries, and those of the pages made for one signed-in teacher."""

import pytest

from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login


@pytest.mark.parametrize("url", ["/en/", "/ar/learn/saudi/", "/en/no-such-page/", "/healthz", "/en/classes/"])
def test_it_sends_a_permissions_policy_everywhere(client, saudi, url):
    response = client.get(url)

    policy = response["Permissions-Policy"]
    for feature in ("camera=()", "microphone=()", "geolocation=()"):
        assert feature in policy


def test_it_keeps_dashboards_and_the_csv_out_of_shared_caches(client, teacher, student, classroom, drill):
    login(client, teacher)
    for url in (
        f"/en/classes/{classroom.pk}/dashboard/",
        f"/en/classes/{classroom.pk}/dashboard/puzzles/",
        f"/en/classes/{classroom.pk}/dashboard.csv",
        f"/en/classes/{classroom.pk}/students/{student.pk}/",
        f"/en/classes/{classroom.pk}/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "private" in response["Cache-Control"], url


def test_it_keeps_a_pupils_drills_private(client, student, drill):
    login(client, student)

    assert "private" in client.get("/en/drills/")["Cache-Control"]
