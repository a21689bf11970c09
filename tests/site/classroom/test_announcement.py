"""A word to the class: its teachers put it up on the class page, its pupils read it above their drills."""

from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login


def test_the_pupils_read_the_teachers_word_above_their_drills(
    client, teacher, student, other_student, classroom
):
    login(client, teacher)

    response = client.post(
        f"/en/classes/{classroom.pk}/announcement", {"announcement": " Test on <b>Friday</b>! "}
    )

    assert response.status_code == 302
    login(client, student)
    page = client.get("/ar/drills/").text
    assert "Test on &lt;b&gt;Friday&lt;/b&gt;!" in page  # text, never HTML
    login(client, other_student)
    assert "Friday" not in client.get("/en/drills/").text


def test_an_empty_word_takes_it_down_and_a_long_one_is_refused(client, teacher, student, classroom):
    login(client, teacher)
    client.post(f"/en/classes/{classroom.pk}/announcement", {"announcement": "Test on Friday"})

    too_long = client.post(f"/en/classes/{classroom.pk}/announcement", {"announcement": "x" * 501})
    classroom.refresh_from_db()
    assert too_long.status_code == 400 and "At most 500 characters" in too_long.text
    assert classroom.announcement == "Test on Friday"
    client.post(f"/en/classes/{classroom.pk}/announcement", {"announcement": "  "})

    classroom.refresh_from_db()
    assert (classroom.announcement, classroom.announced_at) == ("", None)
    login(client, student)
    assert "announcement" not in client.get("/en/drills/").text


def test_a_pupil_cannot_put_up_a_word(client, student, classroom):
    login(client, student)

    assert client.post(f"/en/classes/{classroom.pk}/announcement", {"announcement": "Hi"}).status_code == 403
