"""Every theme a learner or a teacher chooses (lessons/themes.py) has a name of its own in each
language and variant: not empty, not its key, translated, and no two themes named alike."""

from collections import Counter

import pytest
from django.utils import translation

from lessons import themes
from lessons.models import Variant

THEMES = [*themes.RULE_THEMES, *themes.ENDGAME_THEMES]
VARIANTS = ["", *Variant.values]  # "": the drill editor before a variant is chosen


def names(variant, lang):
    with translation.override(lang):
        return {key: themes.label(key, variant, lang) for key in THEMES}


@pytest.mark.parametrize("lang", ["en", "ar", "fa", "fr"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_each_theme_has_a_distinct_translated_name(variant, lang):
    named = names(variant, lang)
    english = names(variant, "en")

    assert all(name.strip() and name != key for key, name in named.items())
    if lang != "en":
        assert [key for key in THEMES if named[key] == english[key]] == []
    twice = [name for name, count in Counter(named.values()).items() if count > 1]
    assert twice == []
