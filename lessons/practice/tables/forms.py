"""The live tables' forms: opening a table (the game, its house rules, its bots) and taking a seat.

The house rules offered are each variant's yes/no options, named and explained in the reader's
language by the rules page (:func:`lessons.reference.house_rules`); the engine checks them
(:func:`engine.variants.rules_for`). The opening form shows every variant's house rules, each
group under its game; only the chosen game's are read.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.cards import SEATS
from engine.variants import VARIANTS, rules_for
from lessons.models import BotLevel, Classroom, Variant
from lessons.practice.views import TARGETS
from lessons.reference import HouseRule, house_rules

DECOUVERTE = "decouverte"
# Saudi Baloot's khaysh is the table's way of punishing (not a rule of the engine's options).
KHAYSH = "khaysh"


def house_rule_field(variant: str, option: str) -> str:
    return f"{variant}-{option}"


class NewTableForm(forms.Form):
    # The three games for four, and Belote découverte for two (lessons/practice/tables/decouverte.py).
    variant = forms.ChoiceField(
        choices=[*Variant.choices, (DECOUVERTE, gettext_lazy("Belote découverte (2 players)"))],
        error_messages={"invalid_choice": gettext_lazy("Choose one of the games offered.")},
    )
    level = forms.ChoiceField(
        choices=BotLevel.choices,
        initial=BotLevel.HEURISTIC,
        error_messages={"invalid_choice": gettext_lazy("Choose the level of the bots.")},
    )
    target = forms.IntegerField(required=False)
    declare_for_me = forms.BooleanField(required=False, initial=True)
    # Off by default: beginners take their time.
    move_seconds = forms.TypedChoiceField(
        coerce=int,
        choices=((0, gettext_lazy("No limit")), (30, "30 s"), (60, "60 s")),
        required=False,
        empty_value=None,  # left empty: no limit
        error_messages={"invalid_choice": gettext_lazy("Choose one of the times offered.")},
    )
    # A teacher may open the table for one of their classes: they watch it with every hand open.
    classroom = forms.ModelChoiceField(
        queryset=Classroom.objects.none(),
        required=False,
        error_messages={"invalid_choice": gettext_lazy("Choose one of your classes.")},
    )
    # Sent by the page with its house rules' boxes: a form without it (an older page, a link
    # that opens a table) keeps every default, rather than reading a missing box as "off".
    house_rules_shown = forms.BooleanField(required=False)

    def __init__(self, *args: Any, user: Any = None, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.house_rules: dict[str, list[HouseRule]] = {v: house_rules(v, lang) for v in VARIANTS}
        for variant, rules in self.house_rules.items():
            for rule in rules:
                self.fields[house_rule_field(variant, rule.option)] = forms.BooleanField(
                    required=False, initial=rule.default
                )
        self.fields[house_rule_field("saudi", KHAYSH)] = forms.BooleanField(required=False)
        if user is not None and user.is_authenticated:
            field = self.fields["classroom"]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = Classroom.objects.filter(teachers=user, archived_at__isnull=True).order_by(
                "name"
            )

    def house_rule_groups(self) -> list[dict[str, Any]]:
        """For the page: each game's house rules with their boxes, as the form was sent or by default."""
        out = []
        for variant, rules in self.house_rules.items():
            items = [(rule, self[house_rule_field(variant, rule.option)]) for rule in rules]
            khaysh = self[house_rule_field(variant, KHAYSH)] if variant == "saudi" else None
            if items:
                out.append(
                    {"variant": variant, "name": Variant(variant).label, "rules": items, "khaysh": khaysh}
                )
        return out

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        variant = data.get("variant")
        data["rules"], data["khaysh"] = {}, False
        if variant == DECOUVERTE:
            data["target"] = 0  # played hand after hand: no game length to choose
        elif variant:
            target = data.get("target") or TARGETS[variant][0]
            if target not in TARGETS[variant]:
                self.add_error("target", _("Choose one of the game lengths offered."))
            data["target"] = target
            if data.get("house_rules_shown"):
                # Only the options that differ from the variant's defaults are kept with the table.
                chosen = {
                    rule.option: bool(data.get(house_rule_field(variant, rule.option)))
                    for rule in self.house_rules[variant]
                }
                data["rules"] = {k: v for k, v in chosen.items() if v != rule_default(variant, k)}
                data["khaysh"] = variant == "saudi" and bool(data.get(house_rule_field("saudi", KHAYSH)))
        return data


def rule_default(variant: str, option: str) -> Any:
    return rules_for(variant).options()[option]


class SitForm(forms.Form):
    seat = forms.ChoiceField(
        choices=[(str(s), str(s)) for s in SEATS],
        error_messages={"invalid_choice": gettext_lazy("Choose a seat of the table.")},
    )
    name = forms.CharField(
        max_length=40, error_messages={"required": gettext_lazy("Write the name the others will see.")}
    )
