"""Addresses of many rows reversed once (lessons/addresses.py) are the ones reverse() gives."""

import pytest
from django.urls import reverse
from django.utils import translation

from lessons.addresses import row_addresses


@pytest.mark.parametrize("name", ["classes-student", "classes-student-password", "classes-student-remove"])
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_each_row_address_is_what_reverse_gives(name, lang):
    with translation.override(lang):
        address_of = row_addresses(name, 7)
        for pk in (1, 9, 10, 999, 123456789):
            assert address_of(pk) == reverse(name, args=[7, pk])


def test_a_route_with_one_argument_takes_the_row_id():
    assert row_addresses("drills-edit")(42) == reverse("drills-edit", args=[42])
