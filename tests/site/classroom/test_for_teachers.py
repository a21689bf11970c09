"""The way in for teachers: the home page leads to a page saying what the site does for a class."""

from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login


def test_the_home_page_leads_teachers_to_their_page(client, db):
    response = client.get("/fr/")

    assert 'href="/fr/teachers/"' in response.text
    assert "Pour les enseignants" in response.text


def test_it_says_how_to_start_and_leads_a_visitor_to_sign_up(client, db):
    response = client.get("/ar/teachers/")

    assert response.status_code == 200
    assert "كيف تبدأ" in response.text
    assert 'href="/ar/accounts/signup/"' in response.text


def test_it_leads_a_signed_in_teacher_to_their_classes(client, teacher):
    login(client, teacher)

    response = client.get("/en/teachers/")

    assert 'href="/en/classes/"' in response.text
    assert 'href="/en/accounts/signup/"' not in response.text
