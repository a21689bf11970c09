"""Forms of the lessons pages: the learner's preferences and the answer form's token.

The answer itself is read by :func:`lessons.checking.parse_answer`, which knows
each task's fields; these forms only clean what every form carries.
"""

import secrets

from django import forms
from django.utils.translation import gettext_lazy as _

DIGITS = ("native", "western")
DECKS = ("french", "spanish")
THEMES = ("auto", "light", "dark")  # auto: as the device is set (prefers-color-scheme)


def new_token() -> str:
    """A fresh value for the answer form: the same token posted twice is one attempt."""
    return secrets.token_urlsafe(16)


class PrefsForm(forms.Form):
    """Either preference may come alone (each toggle is its own little form)."""

    digits = forms.ChoiceField(
        choices=[(d, d) for d in DIGITS],
        required=False,
        error_messages={"invalid_choice": _("Digits must be native or western.")},
    )
    deck = forms.ChoiceField(
        choices=[(d, d) for d in DECKS],
        required=False,
        error_messages={"invalid_choice": _("The deck must be French or Spanish.")},
    )
    theme = forms.ChoiceField(
        choices=[(t, t) for t in THEMES],
        required=False,
        error_messages={"invalid_choice": _("The theme must be automatic, light or dark.")},
    )
    next = forms.CharField(required=False, max_length=500)


class TokenForm(forms.Form):
    token = forms.RegexField(
        regex=r"^[A-Za-z0-9_-]{8,64}$",
        error_messages={
            "required": _("This form is incomplete: please reload the page and answer again."),
            "invalid": _("This form is damaged: please reload the page and answer again."),
        },
    )
