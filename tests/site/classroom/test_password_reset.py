"""A new password by email: the same answer whether or not the address has an account."""

import re

from django.contrib.auth import get_user_model

from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD

User = get_user_model()
URL = "/en/accounts/password/reset/"
NEW = "another long pass phrase 7"


def test_it_answers_the_same_for_a_known_and_an_unknown_address_and_mails_only_the_owner(
    client, db, mailoutbox
):
    User.objects.create_user(username="layla", email="layla@example.com", password=PASSWORD)

    known = client.post(URL, {"email": "layla@example.com"})
    unknown = client.post(URL, {"email": "nobody@example.com"})

    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert client.get(known["Location"]).status_code == 200
    assert [m.to for m in mailoutbox] == [["layla@example.com"]]
    assert "layla" in mailoutbox[0].body


def test_the_link_sets_a_new_password_once(client, db, mailoutbox):
    User.objects.create_user(username="layla", email="layla@example.com", password=PASSWORD)
    client.post(URL, {"email": "layla@example.com"})
    link = re.search(r"http://testserver(/en/accounts/password/reset/\S+/)", mailoutbox[0].body).group(1)

    form = client.get(link, follow=True)
    assert 'name="new_password1"' in form.text
    done = client.post(form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})

    assert done["Location"] == "/en/accounts/password/reset/done/"
    assert User.objects.get().check_password(NEW)
    again = client.get(link, follow=True)
    assert "has been used or is too old" in again.text


def test_a_weak_new_password_is_refused(client, db, mailoutbox):
    User.objects.create_user(username="layla", email="layla@example.com", password=PASSWORD)
    client.post(URL, {"email": "layla@example.com"})
    link = re.search(r"http://testserver(/en/accounts/password/reset/\S+/)", mailoutbox[0].body).group(1)
    form = client.get(link, follow=True)

    refused = client.post(
        form.redirect_chain[-1][0], {"new_password1": "12345678", "new_password2": "12345678"}
    )

    assert refused.status_code == 200 and "field-error" in refused.text
    assert User.objects.get().check_password(PASSWORD)


def test_the_sign_in_page_links_to_it(client, db):
    assert URL in client.get("/en/accounts/login/").text
