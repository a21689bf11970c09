"""The score calculator's form: a finished hand as a player tells it, read into the engine's ``score`` input.

A player knows the contract, who took it, who dealt, the card points (abnat) of the
taking team and the projects each player showed; the form asks for just that and
derives the rest: the other team's card points (162 or 130 minus), the tricks
(a Kaboot / capot is "8 tricks" for one team, otherwise any split with a trick on
each side), the multiplier from the doubling word. :meth:`CalculatorForm.payload`
is the JSON object of docs/engine-cli.md's ``score`` command.

The form is a GET form: its fields are the query string of a link that reproduces
the hand (:meth:`CalculatorForm.query`). Numbers may be typed with Arabic-Indic or
Persian digits. The form checks what it can say more plainly than the engine (card
points out of range, a card in two projects, a project that is not one); whatever
the engine still refuses comes back as an :class:`engine.notation.InputError` whose
field :func:`form_field` maps to the form's field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.utils.translation import gettext_lazy as _

from engine import messages
from engine.cards import SUIT_LETTERS, Card, NotationError, Seat, next_seat
from engine.notation import option_names
from engine.projects import InvalidProject, Project, classify
from engine.ranking import NO_TRUMP, total_points
from engine.scoring import TRICKS
from engine.variants import VARIANTS, UnknownOption, rules_for
from lessons.templatetags.baloot import variant_gettext

# The engine's input fields (docs/engine-cli.md, ``score``) and the form fields they come from.
ENGINE_FIELDS = {
    "trump": "trump", "taker": "taker", "dealer": "dealer", "tricks": "tricks", "belote": "belote",
    "multiplier": "double", "gahwa": "double", "bidding_card": "ace", "pot": "pot",
}
SEAT_LETTERS = ("S", "E", "N", "W")  # turn order, counter-clockwise
SUN = "sun"
# Eight cards hold at most two projects of three cards or more.
SLOTS = tuple(f"{seat}{n}" for seat in SEAT_LETTERS for n in (1, 2))
DOUBLING = ("1", "2", "3", "4", "gahwa")
GAME_MAX = 100_000
POT_MAX = 100_000

# Both kinds of Eastern digits, read as the Western ones the engine takes.
EASTERN_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "0123456789" * 2)

# House rules that change nothing in a finished hand's score (they are about the deal,
# the auction or the play): the calculator does not offer them.
NOT_ABOUT_SCORING = frozenset(
    {
        "overtrump_on_trump_lead",
        "ekka",
        "no_ashkal_on_ace",
        "redeal_worthless_hand",
        "deal_2_then_3",
        "always_undertrump",
        "stop_claim",
    }
)
OPTION_LABELS = {
    "tie_is_draw": _("A tie is not a failure (the buyers keep their points)"),
    "baloot_transfers_on_failure": _("The Baloot goes to the other team when the buyers fail"),
    "kaboot_88_on_ace": _("Kaboot is worth 88 when the bidding card is an ace (Sun)"),
    "no_declarations": _("No declarations (only the belote counts)"),
    "contract_81": _("The takers need 81 card points (declarations left out)"),
    "strict_contract": _("The takers must have more than the defenders (a tie is dedans)"),
    "litige": _("Litige: a tie holds the takers' points for the next hand"),
    "round_scores": _("Round each hand's score to the nearest ten"),
    "capot_keeps_declarations": _("A team without a trick keeps its declarations"),
    "clockwise": _("Play goes clockwise (for who declared first)"),
}


def score_options(variant: str) -> tuple[str, ...]:
    """The yes/no house rules of ``variant`` that a finished hand's score depends on."""
    return tuple(n for n in option_names(variant) if n != "target" and n not in NOT_ABOUT_SCORING)


def to_western(text: str) -> str:
    return text.translate(EASTERN_DIGITS).strip()


class CountField(forms.Field):
    """A whole number from ``lo`` to ``hi``, typed with any digits; empty is ``None``."""

    def __init__(self, lo: int, hi: int, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.lo, self.hi = lo, hi

    def to_python(self, value: Any) -> int | None:
        text = to_western(str(value or ""))
        if not text:
            return None
        if not re.fullmatch(r"\d{1,7}", text):
            raise forms.ValidationError(_("Write a whole number, like 74."), code="invalid")
        return int(text)

    def validate(self, value: Any) -> None:
        super().validate(value)
        if value is not None and not self.lo <= value <= self.hi:
            raise forms.ValidationError(
                _("Write a number from %(lo)s to %(hi)s.") % {"lo": self.lo, "hi": self.hi}, code="range"
            )


class CardsField(forms.Field):
    """The cards of one declared project (checkboxes of the card picker): a list of cards, maybe empty."""

    widget = forms.CheckboxSelectMultiple

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> list[Card]:
        if not value:
            return []
        if isinstance(value, str):
            value = [value]
        cards: list[Card] = []
        for text in value:
            try:
                found = Card.parse(text)
            except NotationError:
                shown = str(text)[:12]
                raise forms.ValidationError(
                    _("“%(value)s” is not a card.") % {"value": shown}, code="unknown-card"
                ) from None
            if found in cards:
                raise forms.ValidationError(_("A card is picked twice."), code="duplicate-card")
            cards.append(found)
        return sorted(cards)


@dataclass(frozen=True)
class SlotView:
    """What the ticked cards of one project slot form (slots whose cards form nothing have an error)."""

    cards: list[Card]
    project: Project


class CalculatorForm(forms.Form):
    """One variant's form; see the module docstring. Build it with the GET data and the page language."""

    def __init__(self, data: Any, variant: str, lang: str) -> None:
        super().__init__(data)
        if variant not in VARIANTS:
            raise ValueError(variant)
        self.variant = variant
        self.lang = lang
        self.saudi = variant == "saudi"
        self.slots: dict[str, SlotView] = {}
        self.derived: dict[str, int] = {}
        seat_error = {"invalid_choice": _("Choose a seat from the list.")}
        trumps = [(SUN, SUN)] if self.saudi else []
        f = self.fields
        f["trump"] = forms.ChoiceField(
            choices=trumps + [(s, s) for s in SUIT_LETTERS],
            error_messages={"invalid_choice": _("Choose the contract from the list."),
                            "required": _("Choose the contract.")},
        )
        f["taker"] = forms.ChoiceField(choices=[(s, s) for s in SEAT_LETTERS], error_messages=seat_error)
        f["dealer"] = forms.ChoiceField(choices=[(s, s) for s in SEAT_LETTERS], error_messages=seat_error)
        f["points"] = CountField(0, 162)
        f["other"] = CountField(0, 162)
        f["tricks"] = CountField(0, TRICKS)
        for slot in SLOTS:
            f[slot] = CardsField()
        f["belote"] = forms.ChoiceField(
            choices=[("", "")] + [(s, s) for s in SEAT_LETTERS], required=False, error_messages=seat_error
        )
        if self.saudi:
            f["double"] = forms.ChoiceField(
                choices=[(d, d) for d in DOUBLING],
                required=False,
                error_messages={"invalid_choice": _("Choose the doubling from the list.")},
            )
            f["ace"] = forms.BooleanField(required=False)
        else:
            f["pot"] = CountField(0, POT_MAX)
        f["ns"] = CountField(0, GAME_MAX)
        f["ew"] = CountField(0, GAME_MAX)
        f["target"] = CountField(1, GAME_MAX)
        for name in score_options(variant):
            f[name] = forms.BooleanField(required=False)

    # ---------------------------------------------------------------- reading

    @property
    def ready(self) -> bool:
        """Enough is given to score the hand: card points of a team, or the tricks."""
        return any(str(self.data.get(name) or "").strip() for name in ("points", "other", "tricks"))

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        trump = data.get("trump")
        if trump is None:
            return data
        sun = trump == SUN
        total = total_points(NO_TRUMP if sun else SUIT_LETTERS.index(trump))
        self._card_points(data, total)
        self._projects(data, NO_TRUMP if sun else SUIT_LETTERS.index(trump))
        if sun and data.get("belote"):
            self.add_error("belote", _("Sun has no trump, so there is no Baloot."))
        if self.saudi and sun and data.get("double") in ("3", "4", "gahwa"):
            self.add_error("double", _("In Sun, only Double (×2) may be said."))
        if not self.saudi and data.get("pot") and self.variant == "french" and not data.get("litige"):
            self.add_error("pot", _("A pot is carried only under the litige house rule."))
        target = data.get("target")
        if target is not None:
            try:
                rules_for(self.variant, {"target": target})
            except UnknownOption:
                self.add_error("target", self._target_problem())
        return data

    def _target_problem(self) -> str:
        if self.variant == "moroccan":
            return str(_("The game goes to 500, 600 … up to 2000 (steps of 100)."))
        hi = 10_000 if self.saudi else GAME_MAX
        return str(_("Write a number from %(lo)s to %(hi)s.") % {"lo": 1, "hi": hi})

    def _card_points(self, data: dict[str, Any], total: int) -> None:
        points: int | None = data.get("points")
        other: int | None = data.get("other")
        tricks: int | None = data.get("tricks")
        for name, value in (("points", points), ("other", other)):
            if value is not None and value > total:
                self.add_error(name, self.words("Card points go from 0 to %(total)s.") % {"total": total})
                return
        if points is None and other is None:
            if tricks == TRICKS:
                points, other = total, 0
            elif tricks == 0:
                points, other = 0, total
            elif self.ready:
                self.add_error("points", self.words("Write the card points of the taking team."))
                return
            else:
                return
        elif points is None:
            other = other or 0  # not None: both None is the branch above
            points = total - other
        elif other is None:
            other = total - points
        elif points + other != total:
            self.add_error(
                "other",
                self.words("The two teams' card points make %(total)s: %(points)s + %(other)s is %(sum)s.")
                % {"total": total, "points": points, "other": other, "sum": points + other},
            )
            return
        # A team without a trick took no card, not even the last trick's ten.
        if tricks == TRICKS and other:
            self.add_error("tricks", self.words("With all eight tricks, the other team has no card points."))
            return
        if tricks == 0 and points:
            self.add_error("tricks", self.words("Without a trick, the taking team has no card points."))
            return
        self.derived = {"points": points, "other": other, "total": total}

    def _projects(self, data: dict[str, Any], trump: int) -> None:
        rules = self._rules_or_default(data)
        placed: dict[Card, str] = {}
        for slot in SLOTS:
            cards = data.get(slot) or []
            if not cards:
                continue
            clash = next((c for c in cards if c in placed), None)
            if clash is not None:
                name = messages.card_name(clash, self.variant, self.lang)
                self.add_error(slot, self.words("%(card)s is already in another project (%(where)s).")
                               % {"card": name, "where": self.slot_label(placed[clash])})
                continue
            for c in cards:
                placed[c] = slot
            try:
                project = classify(cards, rules, trump)
            except InvalidProject as e:
                reason = messages.lookup(f"reason.{e.reason}", self.variant, self.lang)
                self.add_error(slot, _("These cards form no project: %(reason)s.") % {"reason": reason})
                continue
            self.slots[slot] = SlotView(cards, project)

    def _rules_or_default(self, data: dict[str, Any]) -> Any:
        try:
            return rules_for(self.variant, self.options(data))
        except UnknownOption:
            return rules_for(self.variant)

    # ---------------------------------------------------------------- what the engine is given

    def options(self, data: dict[str, Any] | None = None) -> dict[str, Any]:
        data = self.cleaned_data if data is None else data
        chosen: dict[str, Any] = {name: True for name in score_options(self.variant) if data.get(name)}
        if data.get("target") is not None:
            chosen["target"] = data["target"]
        return chosen

    def payload(self) -> dict[str, Any]:
        """The ``score`` command's input (docs/engine-cli.md) for a valid, ready form."""
        data = self.cleaned_data
        taker = Seat.parse(data["taker"])
        team, other_team = str(taker.team), str(taker.team.other)
        tricks = data.get("tricks")
        if tricks is None:
            tricks = TRICKS // 2  # any split with a trick on each side: no Kaboot, no capot
        obj: dict[str, Any] = {
            "variant": self.variant,
            "trump": None if data["trump"] == SUN else data["trump"],
            "dealer": data["dealer"],
            "taker": data["taker"],
            "card_points": {team: self.derived["points"], other_team: self.derived["other"]},
            "tricks": {team: tricks, other_team: TRICKS - tricks},
            "game_score": {"NS": data.get("ns") or 0, "EW": data.get("ew") or 0},
        }
        projects: dict[str, list[list[str]]] = {}
        for slot in SLOTS:
            if data.get(slot):
                projects.setdefault(slot[0], []).append([str(c) for c in data[slot]])
        if projects:
            obj["projects"] = projects
        if data.get("belote"):
            obj["belote"] = data["belote"]
        if self.saudi:
            double = data.get("double") or "1"
            obj["multiplier"] = 4 if double == "gahwa" else int(double)
            obj["gahwa"] = double == "gahwa"
            if data.get("ace"):
                obj["bidding_card"] = "AS"  # only its rank matters (kaboot_88_on_ace)
        elif data.get("pot"):
            obj["pot"] = data["pot"]
        options = self.options()
        if options:
            obj["rules"] = options
        return obj

    def query(self, **changes: Any) -> str:
        """The query string that reproduces this hand (Western digits, the fields in a fixed order)."""
        data = {**self.cleaned_data, **changes}
        pairs: list[tuple[str, str]] = [(k, str(data[k])) for k in ("trump", "taker", "dealer")]
        for name in ("points", "other", "tricks"):
            if data.get(name) is not None:
                pairs.append((name, str(data[name])))
        for slot in SLOTS:
            pairs += [(slot, str(c)) for c in data.get(slot) or []]
        if data.get("belote"):
            pairs.append(("belote", data["belote"]))
        if self.saudi:
            if data.get("double") not in (None, "", "1"):
                pairs.append(("double", data["double"]))
            if data.get("ace"):
                pairs.append(("ace", "1"))
        elif data.get("pot"):
            pairs.append(("pot", str(data["pot"])))
        for name in ("ns", "ew"):
            if data.get(name):
                pairs.append((name, str(data[name])))
        pairs += [(name, "1") for name in score_options(self.variant) if data.get(name)]
        if data.get("target") is not None:
            pairs.append(("target", str(data["target"])))
        return urlencode(pairs)

    def next_hand_query(self, ns: int, ew: int, pot: int) -> str:
        """A blank form for the next hand: the next dealer, the same house rules, the game score so far."""
        data = self.cleaned_data
        rules = self._rules_or_default(data)
        pairs = [("dealer", str(next_seat(Seat.parse(data["dealer"]), rules.clockwise)))]
        pairs += [("ns", str(ns)), ("ew", str(ew))]
        if pot and not self.saudi:
            pairs.append(("pot", str(pot)))
        pairs += [(name, "1") for name in score_options(self.variant) if data.get(name)]
        if data.get("target") is not None:
            pairs.append(("target", str(data["target"])))
        return urlencode(pairs)

    # ---------------------------------------------------------------- words

    def words(self, msgid: str) -> str:
        """A sentence in the variant's own words (the Moroccan and French «نقاط الأوراق»)."""
        return variant_gettext(msgid, self.variant)

    def slot_label(self, slot: str) -> str:
        seat = messages.seat_name(slot[0], self.variant, self.lang)
        return str(self.words("Project %(n)s of %(seat)s") % {"n": slot[1], "seat": seat})

    def engine_field(self, field: str | None) -> str:
        """The form field an engine error names: ``card_points.NS`` → ``points``; else ``__all__``."""
        head, _dot, rest = (field or "").partition(".")
        if head == "card_points":
            taker_team = str(Seat.parse(self.cleaned_data["taker"]).team)
            return "other" if rest and rest != taker_team else "points"
        if head == "projects":
            match = re.match(r"([NESW])\[(\d+)\]", rest)
            if not match:
                return "__all__"
            # The engine numbers a seat's projects without the empty slots.
            filled = [s for s in SLOTS if s[0] == match.group(1) and self.cleaned_data.get(s)]
            index = int(match.group(2))
            return filled[index] if index < len(filled) else "__all__"
        if head == "game_score":
            return "ew" if rest == "EW" else "ns"
        if head == "rules":
            return rest if rest in self.fields else "__all__"
        return ENGINE_FIELDS.get(head, "__all__")

    def first_errors(self) -> dict[str, str]:
        """One message per field (the first), for showing beside it."""
        return {name: str(errors[0]) for name, errors in self.errors.items()}
