"""An address holding a NUL character is a 404 on every database (PostgreSQL refuses the character)."""

import pytest

from tests.site.classroom.base import *  # noqa: F403


@pytest.mark.parametrize(
    "url",
    [
        "/en/learn/%00/",
        "/en/learn/saudi/%00/",
        "/en/learn/saudi/follow-suit%00/2/",
        "/en/join/%00/",
        "/en/join/ABC%00234/",
        "/en/rules/%00/",
        "/en/train/%00/",
        "/en/practice/%00/",
        "/en/calculator/%00/",
        "/ar/%00",
    ],
)
def test_it_answers_404_to_a_nul_character_in_the_address(client, saudi, classroom, url):
    response = client.get(url)

    assert response.status_code == 404
    assert "Permissions-Policy" in response


def test_it_answers_404_to_a_post_too(client, saudi, classroom):
    client.raise_request_exception = True

    assert client.post("/en/join/%00/", {"display_name": "x"}).status_code == 404
