"""Every page of the URL map says which HTTP methods it answers, and a page that only shows
something answers only GET and HEAD: a POST to it is 405, never the page again."""

from collections.abc import Callable, Iterator

import pytest
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import URLPattern, URLResolver, get_resolver

from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login

# The pages that answer both GET and POST: a form (or a confirmation) shown by GET and sent by
# POST, and the few actions whose address, opened by GET, sends back to the page they belong to.
GET_AND_POST = {
    "accounts-login",
    "accounts-signup",
    "accounts-password",
    "accounts-learner-signup",
    "accounts-password-reset",
    "accounts-password-reset-confirm",
    "accounts-me",
    "accounts-delete",
    "accounts-reminders",
    "classes-list",
    "tables-index",
    "classes-join",
    "classes-join-code",
    "classes-invitation",
    "classes-regenerate-code",
    "classes-teacher-leave",
    "classes-remove-teacher",
    "classes-students-new",
    "classes-student-password",
    "classes-new-passwords",
    "classes-student-remove",
    "classes-leave",
    "classes-archive",
    "classes-delete",
    "drills-new",
    "drills-edit",
    "drills-archive",
    "teacher-puzzles-new",
    "teacher-puzzles-edit",
    "teacher-puzzles-check",
    "teacher-puzzles-add",
    "teacher-puzzles-delete",
    "practice-puzzle",
    "practice-guided",
}


def pages() -> Iterator[tuple[str, URLPattern]]:
    """(route, pattern) of every page of the site, the administration's own pages left out."""

    def walk(patterns: list[URLPattern | URLResolver], prefix: str) -> Iterator[tuple[str, URLPattern]]:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                if getattr(pattern, "app_name", None) != "admin":
                    yield from walk(pattern.url_patterns, route)
            else:
                yield route, pattern

    yield from walk(get_resolver().url_patterns, "")


PAGES = list(pages())


def methods(pattern: URLPattern) -> set[str] | None:
    """The methods a page answers, as its 405 to an unknown method lists them; None if it has no such check.

    The request carries no user nor session and this test has no database: a layer of the view
    that needs them (a sign-in check) fails at once and the layer under it is tried; a layer
    that let the method through ends in the view's body, which fails the same way.
    """
    request = RequestFactory().generic("TRACE", "/")
    kwargs = {name: "1" for name in pattern.pattern.converters}
    layer: Callable[..., HttpResponse] | None = pattern.callback
    while layer is not None:
        try:
            response = layer(request, **kwargs)
        except Exception:
            layer = getattr(layer, "__wrapped__", None)
            continue
        return set(response["Allow"].split(", ")) if response.status_code == 405 else None
    return None


def test_the_walk_finds_the_pages() -> None:
    names = {pattern.name for _, pattern in PAGES}
    assert {"home", "lessons-step", "lessons-glossary", "trainer-index", "practice-new"} <= names, names
    assert names >= GET_AND_POST, GET_AND_POST - names


@pytest.mark.parametrize(("route", "pattern"), PAGES, ids=[route for route, _ in PAGES])
def test_every_page_says_which_methods_it_answers(route: str, pattern: URLPattern) -> None:
    # require_safe (a page), require_POST (an action) or require_http_methods (a form).
    allowed = methods(pattern)
    assert allowed, f"{route}: no require_safe, require_POST or require_http_methods"
    if pattern.name in GET_AND_POST:
        assert allowed == {"GET", "POST"}, route
    else:
        assert allowed in ({"GET", "HEAD"}, {"POST"}, {"GET"}), f"{route} answers {allowed}"


READ_ONLY = [
    "/en/",
    "/en/learn/saudi/",
    "/en/learn/saudi/{lesson}/",
    "/en/learn/saudi/{lesson}/1/",
    "/en/rules/saudi/",
    "/en/glossary/",
    "/en/progress/",
    "/en/review/",
    "/en/train/",
    "/en/train/saudi/",
    "/en/train/saudi/themes/",
    "/en/teachers/",
    "/en/calculator/",
    "/en/practice/",
    "/healthz",
]


@pytest.mark.parametrize("url", READ_ONLY)
def test_a_post_to_a_page_is_405(client, saudi, url):
    url = url.format(lesson=saudi.lessons.first().slug)
    assert client.get(url).status_code == 200, url
    assert client.post(url).status_code == 405, url


def test_a_post_to_a_teachers_page_is_405(client, teacher, classroom):
    login(client, teacher)
    for url in (f"/en/classes/{classroom.pk}/", f"/en/classes/{classroom.pk}/dashboard/", "/en/puzzles/"):
        assert client.get(url).status_code == 200, url
        assert client.post(url).status_code == 405, url
