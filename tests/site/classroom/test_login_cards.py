"""Login cards for a whole class: on screen at once while a task hashes the passwords; reprinted
without touching a password; new passwords for everyone only after the teacher confirms."""

import re

from django.contrib.auth import get_user_model

from lessons.classroom.login_cards import hash_card_passwords
from lessons.models import FormResult
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD, login, make_student

User = get_user_model()
NAMES = "Ali\nسارة\nJean-Pierre"


def printed(text):
    """(username, password) pairs of the printed cards."""
    return re.findall(
        r'lang="en">([a-z0-9]+)</dd></div>\s*<div><dt>Password</dt><dd class="secret[^"]*"[^>]*>([^<]*)</dd>',
        text,
    )


def without_worker(settings):
    """Tasks queued and never run, as when the worker has not reached them yet."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}


def test_the_cards_show_before_any_password_is_hashed_and_say_how_many_are_ready(
    client, settings, teacher, classroom
):
    without_worker(settings)
    login(client, teacher)

    response = client.post(
        f"/en/classes/{classroom.pk}/students/new/", {"names": NAMES, "token": "cards-1234567"}, follow=True
    )

    cards = printed(response.text)
    assert len(cards) == 3 and all(password for _username, password in cards)
    assert not any(
        User.objects.get(username=u).has_usable_password() for u, _p in cards
    )  # nothing hashed yet
    assert "Passwords being set: 0 of 3 accounts ready." in " ".join(response.text.split())
    assert 'hx-trigger="every 2s"' in response.text

    hash_card_passwords.call(FormResult.objects.get(token="cards-1234567").pk)

    assert all(User.objects.get(username=u).check_password(p) for u, p in cards)
    again = client.get(response.request["PATH_INFO"]).text
    assert "All 3 accounts ready: the pupils can sign in." in " ".join(again.split())
    assert 'hx-trigger="every 2s"' not in again


def test_with_a_worker_at_hand_the_pupils_sign_in_with_their_cards(client, teacher, classroom):
    login(client, teacher)

    response = client.post(
        f"/en/classes/{classroom.pk}/students/new/", {"names": NAMES, "token": "cards-7654321"}, follow=True
    )

    username, password = printed(response.text)[0]
    assert User.objects.get(username=username).check_password(password)


def test_reprinting_every_card_changes_no_password(client, teacher, classroom):
    pupil = make_student("kam472", "سارة", classroom)
    before = User.objects.get(pk=pupil.pk).password
    login(client, teacher)

    text = client.get(f"/en/classes/{classroom.pk}/cards/").text

    assert printed(text) == [("kam472", "&nbsp;")]
    assert User.objects.get(pk=pupil.pk).password == before
    assert f'href="/en/classes/{classroom.pk}/cards/new-passwords"' in text


def test_new_passwords_for_everyone_ask_first_then_replace_the_old_ones_once(client, teacher, classroom):
    pupil = make_student("kam472", "سارة", classroom)
    login(client, teacher)
    url = f"/en/classes/{classroom.pk}/cards/new-passwords"

    asked = client.get(url)

    assert "New passwords for the whole class" in asked.text
    assert User.objects.get(pk=pupil.pk).check_password(PASSWORD)  # asking changes nothing
    action = re.search(r'<form action="([^"]+)" method="post">', asked.text)[1].replace("&amp;", "&")
    first = client.post(action, follow=True)
    second = client.post(action, follow=True)  # the same page sent twice

    [(username, password)] = printed(first.text)
    assert username == "kam472" and printed(second.text) == [(username, password)]
    assert User.objects.get(pk=pupil.pk).check_password(password)
    assert not User.objects.get(pk=pupil.pk).check_password(PASSWORD)


def test_a_tampered_token_makes_no_new_password(client, teacher, classroom):
    pupil = make_student("kam472", "سارة", classroom)
    login(client, teacher)

    response = client.post(f"/en/classes/{classroom.pk}/cards/new-passwords?token=<script>")

    assert response.status_code == 302
    assert User.objects.get(pk=pupil.pk).check_password(PASSWORD)
