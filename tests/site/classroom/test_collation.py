"""Pupils' names in alphabetical order (lessons/classroom/collation.py), not by code point:
"Éloïse" before "Zoé", «آمنة» before «سارة», on every page that lists them."""

from lessons.classroom.collation import name_key
from lessons.classroom.dashboard import class_matrix
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login, make_student


def test_names_sort_by_their_letters_not_their_code_points():
    names = ["Zoé", "سارة", "Éloïse", "zack", "آمنة", "Adam", "پری", "زهرا"]

    assert sorted(names, key=name_key) == ["Adam", "Éloïse", "zack", "Zoé", "آمنة", "پری", "زهرا", "سارة"]


def test_the_class_pages_list_eloise_before_zoe(client, teacher, drill):
    classroom = drill.classroom
    make_student("zoe111", "Zoé", classroom)
    make_student("elo222", "Éloïse", classroom)
    login(client, teacher)

    assert [name for _user, name in class_matrix(classroom).students][:2] == ["Éloïse", "Zoé"]
    for address in (f"/fr/classes/{classroom.pk}/", f"/fr/classes/{classroom.pk}/dashboard/",
                    f"/fr/drills/{drill.pk}/edit/"):  # fmt: skip
        text = client.get(address).text
        assert text.index("Éloïse") < text.index("Zoé"), address
