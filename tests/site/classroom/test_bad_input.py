"""Made-up addresses and forms get a 400 or a 404, never a 500."""

from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login

HUGE = "9" * 30


def test_made_up_ids_and_codes_are_not_found(client, world):
    login(client, world["teacher"])
    c = world["classroom"].pk
    for url in (
        f"/en/classes/{HUGE}/",
        f"/en/drills/{HUGE}/edit/",
        f"/en/classes/{c}/students/{HUGE}/",
        f"/en/classes/{c}/students/{world['other_student'].pk}/",
        f"/en/join/{'A' * 500}/",
        f"/en/puzzles/{'x' * 300}/",
    ):
        assert client.get(url).status_code == 404, url


def test_made_up_form_values_are_refused(client, world):
    login(client, world["teacher"])
    drill = world["drill"].pk

    assert client.post(f"/en/drills/{drill}/items/add", {"puzzle": HUGE}).status_code == 400
    assert client.post(f"/en/drills/{drill}/items/add", {"lesson": "-1"}).status_code == 400
    assert client.post("/en/puzzles/t-none/add", {"drill": HUGE}).status_code == 404
    garbage = {"hand": ["KC"] * 40, "trick1": "ZZ", "variant": "x", "task": "?", "difficulty": "NaN"}
    assert client.post("/en/puzzles/check", garbage, headers={"HX-Request": "true"}).status_code == 200
    assert client.post("/en/puzzles/new/", {**garbage, "action": "save"}).status_code == 200


def test_wrong_methods_are_refused(client, world):
    login(client, world["teacher"])
    c = world["classroom"].pk

    assert client.put(f"/en/classes/{c}/code").status_code == 405
    assert client.get("/en/accounts/logout/").status_code == 405
    assert client.put("/en/classes/").status_code == 405
