"""One check for every name people type: visible, in reading order, within the limit, never cut."""

import pytest
from django.core.exceptions import ValidationError

from lessons.models import Account, Classroom
from lessons.names import clean_name
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD, login

RLO, PDI, LRI = "\u202e", "\u2069", "\u2066"
ZWSP, ZWNJ, NBSP = "\u200b", "\u200c", "\u00a0"


@pytest.mark.parametrize(
    "typed", [" ", ZWSP * 3, f"{NBSP}{ZWSP}\u2060", "\u3000\u200d", f"{RLO}{PDI}", "\x00\t\x1f", "\ufeff"]
)
def test_it_refuses_a_name_with_nothing_visible(typed):
    with pytest.raises(ValidationError):
        clean_name(typed, 60)


def test_it_removes_bidi_controls_and_control_characters():
    assert clean_name(f"{RLO}Ali{PDI} {LRI}\u202aB\u202c\x00ob", 60) == "Ali B ob"


def test_it_keeps_the_persian_zero_width_non_joiner():
    assert clean_name(f"مریم{ZWNJ}ها", 60) == f"مریم{ZWNJ}ها"


def test_it_refuses_a_long_name_with_the_limit_rather_than_cutting_it():
    with pytest.raises(ValidationError) as refused:
        clean_name("Jean-Pierre " * 6, 60)

    assert refused.value.messages == ["A name has at most 60 characters; this one has 71."]


def test_every_form_that_takes_a_name_uses_it(client, teacher, classroom):
    login(client, teacher)
    made = client.post("/en/classes/", {"name": f"{RLO}Club{PDI}", "token": "class-1234567"})
    invisible = client.post("/en/classes/", {"name": ZWSP * 4, "token": "class-7654321"})
    long_class = client.post("/en/classes/", {"name": "Riyadh " * 20, "token": "class-7654322"})
    bulk = client.post(
        f"/en/classes/{classroom.pk}/students/new/",
        {"names": f"Ali\n{ZWSP}{NBSP}x{RLO}\n", "token": "bulk-12345"},
    )
    bulk_long = client.post(
        f"/en/classes/{classroom.pk}/students/new/", {"names": "Ali\n" + "Sara " * 13, "token": "bulk-12346"}
    )
    client.logout()
    join = client.post(
        "/en/join/ABC234/",
        {
            "display_name": f"{ZWSP}{RLO}",
            "password": PASSWORD,
            "password2": PASSWORD,
            "token": "join-1234567",
        },
    )
    signup = client.post(
        "/en/accounts/signup/",
        {
            "display_name": "\u2067" * 2,
            "email": "new@example.com",
            "password": PASSWORD,
            "password2": PASSWORD,
        },
    )

    assert made.status_code == 302
    assert Classroom.objects.filter(name="Club").exists()
    assert "letters that can be seen" in invisible.text
    assert "at most 100 characters; this one has 139" in long_class.text
    assert Account.objects.filter(display_name="x").exists()  # the line with a letter is a name
    assert "Line 2: A name has at most 60 characters; this one has 64." in bulk_long.text
    assert "Enter a name" in join.text or "letters that can be seen" in join.text
    assert "Enter a name" in signup.text or "letters that can be seen" in signup.text
    # No field tells the browser to cut what is typed.
    for page in ("/en/join/ABC234/", "/en/accounts/signup/"):
        assert "maxlength" not in client.get(page).text.split('name="display_name"')[1].split(">")[0]
    assert Classroom.objects.count() == 2 and bulk.status_code == 302
