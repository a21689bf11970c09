"""The score calculator: a finished hand in, the engine's step-by-step score out, and a game sheet.

The page a card table keeps open. It is one GET form (lessons/calculator/form.py),
so the page's address reproduces the hand and can be shared; the engine's ``score``
command (docs/engine-cli.md) is called in-process and its steps are shown as they come,
in the page language. With htmx, changing a field asks for the result region alone
(and, out of band, the messages beside the fields); without JavaScript the Compute
button submits the same GET form and the page comes back with the answer.

The game sheet (lessons/calculator/sheet.py) lives in the session. Adding a hand,
undoing the last one and starting a new game are plain POSTs answered with a
redirect, so a refresh never adds a hand twice; each carries the number of hands
the page showed, so a double click or a stale tab changes nothing.

Bad input is answered beside its field in the page language, never with a 500.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from engine import messages
from engine.cards import SUIT_LETTERS, Card, NotationError, Seat
from engine.cli import COMMANDS
from engine.notation import InputError
from engine.variants import VARIANTS, rules_for
from lessons.calculator import sheet as calculator_sheet
from lessons.calculator.form import (
    DOUBLING,
    OPTION_LABELS,
    SEAT_LETTERS,
    SLOTS,
    SUN,
    CalculatorForm,
    score_options,
)
from lessons.models import Variant
from lessons.templatetags.baloot import localize_digits, variant_gettext
from lessons.templatetags.table import card_face, effective_deck
from lessons.typed_requests import htmx_of
from lessons.views import get_prefs

DEFAULT_TRUMP = {"saudi": SUN, "moroccan": "H", "french": "H"}
DEFAULT_TAKER = "S"
DEFAULT_DEALER = "W"  # so that South speaks first


# ---------------------------------------------------------------- pages


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """Which game? Each variant has its own calculator and sheet."""
    ctx = {
        "variants": [(v, Variant(v).label, _sheet_summary(request, v)) for v in VARIANTS],
        "prefs": get_prefs(request),
    }
    return render(request, "calculator/index.html", ctx)


@require_GET
def calculator(request: HttpRequest, variant: str) -> HttpResponse:
    page = CalculatorPage(request, _variant_or_404(variant), request.GET)
    return page.render()


@require_POST
def sheet_add(request: HttpRequest, variant: str) -> HttpResponse:
    variant = _variant_or_404(variant)
    sheet = calculator_sheet.load(request.session, variant)
    if _stale(request, sheet):
        return _back_to_sheet(variant)
    if sheet.game_over:
        return _bad_request(request, variant, _("The game is over: start a new game to keep score."))
    page = CalculatorPage(request, variant, QueryDict(request.POST.get("q", "")), sheet=sheet)
    entry = page.entry_for_sheet()
    if entry is None:
        message = _("This hand cannot be scored: check the form and compute it again.")
        return _bad_request(request, variant, message)
    sheet.add(entry, start=page.form_game_score(), pot=page.form_pot())
    calculator_sheet.save(request.session, sheet)
    return _back_to_sheet(variant)


@require_POST
def sheet_undo(request: HttpRequest, variant: str) -> HttpResponse:
    variant = _variant_or_404(variant)
    sheet = calculator_sheet.load(request.session, variant)
    if not _stale(request, sheet):
        sheet.undo()
        calculator_sheet.save(request.session, sheet)
    return _back_to_sheet(variant)


@require_POST
def sheet_clear(request: HttpRequest, variant: str) -> HttpResponse:
    variant = _variant_or_404(variant)
    calculator_sheet.clear(request.session, variant)
    return HttpResponseRedirect(reverse("calculator", args=[variant]))


# ---------------------------------------------------------------- helpers


def _variant_or_404(variant: str) -> str:
    if variant not in VARIANTS:
        raise Http404
    return variant


def _stale(request: HttpRequest, sheet: calculator_sheet.Sheet) -> bool:
    """The post was made from a page showing another number of hands (a double click, an old tab)."""
    return request.POST.get("n", "") != str(len(sheet.entries))


def _back_to_sheet(variant: str) -> HttpResponse:
    # 303: the browser follows with a GET, and a refresh does not post again.
    response = HttpResponseRedirect(reverse("calculator", args=[variant]) + "#sheet")
    response.status_code = 303
    return response


def _bad_request(request: HttpRequest, variant: str, message: str) -> HttpResponse:
    back = reverse("calculator", args=[variant])
    ctx = {"message": message, "back": back, "page_url": back, "prefs": get_prefs(request)}
    return render(request, "lessons/bad_request.html", ctx, status=400)


def _sheet_summary(request: HttpRequest, variant: str) -> dict[str, Any] | None:
    sheet = calculator_sheet.load(request.session, variant)
    if sheet.is_empty:
        return None
    return {"hands": len(sheet.entries), "totals": sheet.totals}


@dataclass(frozen=True)
class PickerCard:
    """A card of the picker: its notation (the value ticked), its colour, its drawn face and its name."""

    code: str
    suit: str
    spanish: bool
    name: str
    face: str  # the face partial, rendered


class CalculatorPage:
    """Everything the calculator page shows for one request: the form, the engine's answer, the sheet."""

    def __init__(
        self,
        request: HttpRequest,
        variant: str,
        query: QueryDict,
        sheet: calculator_sheet.Sheet | None = None,
    ) -> None:
        self.request = request
        self.variant = variant
        self.lang = get_language() or "en"
        self.prefs = get_prefs(request)
        self.deck = effective_deck(variant, self.prefs["deck"])
        self.sheet = sheet or calculator_sheet.load(request.session, variant)
        self.form = CalculatorForm(self._with_defaults(query), variant, self.lang)
        self.output: dict[str, Any] | None = None
        self.payload: dict[str, Any] | None = None
        if self.form.is_valid() and self.form.ready:
            self._score()

    def _with_defaults(self, query: QueryDict) -> QueryDict:
        """The query, with the contract, taker and dealer filled in when absent.

        A bare address (no query at all) starts the next hand of the sheet: the next dealer,
        the game score and the pot so far, the same house rules.
        """
        data = query.copy()
        if not query and (not self.sheet.is_empty or any(self.sheet.start.values())):
            data = QueryDict(self._next_hand_query(), mutable=True)
        for name, value in (
            ("trump", DEFAULT_TRUMP[self.variant]),
            ("taker", DEFAULT_TAKER),
            ("dealer", DEFAULT_DEALER),
        ):
            if not data.get(name):
                data[name] = value
        return data

    def _next_hand_query(self) -> str:
        totals, pot = self.sheet.totals, self.sheet.pot
        if self.sheet.entries:
            last_form = CalculatorForm(QueryDict(self.sheet.entries[-1]["query"]), self.variant, self.lang)
            if last_form.is_valid():
                return last_form.next_hand_query(totals["NS"], totals["EW"], pot)
        pot_part = f"&pot={pot}" if pot and self.variant != "saudi" else ""
        return f"ns={totals['NS']}&ew={totals['EW']}{pot_part}"

    def _score(self) -> None:
        """Ask the engine; an input it refuses is shown beside the field it names."""
        self.payload = self.form.payload()
        try:
            self.output = COMMANDS["score"](self.payload, self.lang, self.deck)
        except InputError as e:
            name = self.form.engine_field(e.field)
            params = {**e.params, "field": self._engine_label(e.field)}
            if isinstance(params.get("first"), str):
                params["first"] = self._engine_label(params["first"])
            message = messages.error_message(e.code, self.lang, params, self.variant)
            self.form.add_error(None if name == "__all__" else name, message)

    def _engine_label(self, field: str | None) -> str:
        """An engine field path (``projects.S[0][1]``, ``belote``) in the words of the form."""
        field = field or ""
        name = self.form.engine_field(field)
        seat = field[len("projects.") :][:1]
        if name == "__all__" and field.startswith("projects.") and seat and seat in "NESW":
            name = seat + "1"  # a seat's projects as a whole: named by the first
        return self.labels().get(name, field)

    # ---------------------------------------------------------------- the sheet

    def entry_for_sheet(self) -> dict[str, Any] | None:
        """The hand scored from the sheet's totals (and pot), as a sheet entry; ``None`` if it cannot be."""
        if not (self.form.is_valid() and self.form.ready and self.output is not None and self.payload):
            return None
        if not self.sheet.is_empty:
            payload = dict(self.payload)
            totals = self.sheet.totals
            payload["game_score"] = {"NS": totals["NS"], "EW": totals["EW"]}
            if self.variant != "saudi":
                payload.pop("pot", None)
                if self.sheet.pot:
                    payload["pot"] = self.sheet.pot
            try:
                output = COMMANDS["score"](payload, self.lang, self.deck)
            except InputError:
                return None
        else:
            output = self.output
        data = self.form.cleaned_data
        return {
            "query": self.form.query(),
            "trump": data["trump"],
            "taker": data["taker"],
            "dealer": data["dealer"],
            "points": output["points"],
            "result": output["result"],
            "pot": output["pot"],
            "game_over": output["game_over"],
            "gahwa": bool(self.payload.get("gahwa")),
            "target": rules_for(self.variant, self.form.options()).target,
        }

    def form_game_score(self) -> dict[str, int]:
        data = self.form.cleaned_data
        return {"NS": data.get("ns") or 0, "EW": data.get("ew") or 0}

    def form_pot(self) -> int:
        return int(self.form.cleaned_data.get("pot") or 0)

    # ---------------------------------------------------------------- showing

    def render(self) -> HttpResponse:
        template = "calculator/page.html"
        # Going back to an address htmx pushed may ask for it again: that needs the whole page.
        fragment = bool(htmx_of(self.request)) and not htmx_of(self.request).history_restore_request
        if fragment:
            template += "#result"
        response = render(self.request, template, self.context())
        if fragment:
            # The address bar follows the form: a refresh or a copied address reproduces the hand.
            response["HX-Push-Url"] = self.page_url(self.share_query() or self.request.GET.urlencode())
        return response

    def page_url(self, query: str = "") -> str:
        url = reverse("calculator", args=[self.variant])
        return f"{url}?{query}" if query else url

    def share_query(self) -> str:
        return self.form.query() if self.output is not None else ""

    def labels(self) -> dict[str, str]:
        """Each field's name as the page shows it (the engine's messages name the field with it)."""
        v, lang = self.variant, self.lang
        saudi = v == "saudi"
        labels = {
            "trump": _("Contract") if saudi else variant_gettext("Trump", v),
            "taker": _("Who bought") if saudi else _("Who took"),
            "dealer": _("Dealer"),
            "points": _("Abnat (card points) of the buyers") if saudi else _("Card points of the takers"),
            "other": _("Abnat of the other team") if saudi else _("Card points of the defenders"),
            "tricks": _("Tricks taken by the buyers") if saudi else _("Tricks taken by the takers"),
            "belote": messages.project_name("baloot" if saudi else "belote", v, lang),
            "double": _("Doubling"),
            "ace": _("The bidding card was an ace"),
            "pot": _("Litige pot carried in"),
            "ns": messages.team_name("NS", v, lang),
            "ew": messages.team_name("EW", v, lang),
            "target": _("Game to"),
        }
        labels.update({name: str(OPTION_LABELS.get(name, name)) for name in score_options(v)})
        labels.update({slot: self.form.slot_label(slot) for slot in SLOTS})
        return labels

    def context(self) -> dict[str, Any]:
        v, lang = self.variant, self.lang
        form = self.form
        data = form.data
        labels = self.labels()
        errors = form.first_errors()
        seats = [(s, messages.seat_name(s, v, lang)) for s in SEAT_LETTERS]
        seats_named = dict(seats)
        ctx: dict[str, Any] = {
            "variant": v,
            "variant_name": Variant(v).label,
            "variants": [(x, Variant(x).label) for x in VARIANTS],
            "saudi": v == "saudi",
            "has_pot": v != "saudi",
            "prefs": self.prefs,
            "deck": self.deck,
            "spanish_offered": v == "moroccan",
            "labels": labels,
            "errors": errors,
            "form_error": errors.get("__all__", ""),
            "error_list": [(name, labels.get(name, ""), message) for name, message in errors.items()],
            "value": {name: self._shown(data.get(name)) for name in form.fields if name not in SLOTS},
            "ace_checked": _is_on(data.get("ace")),
            "trumps": self._trump_choices(),
            "seats": seats,
            "belote_choices": [("", _("Nobody")), *seats],
            "doubling": self._doubling_choices(),
            "options": [
                {"name": n, "label": labels[n], "checked": _is_on(data.get(n)), "error": errors.get(n, "")}
                for n in score_options(v)
            ],
            # The dealer and the house rules are folded away unless they were changed or are wrong.
            "rules_open": any(name in errors for name in ("dealer", "target", "ace", *score_options(v))),
            # Folded, the dealer is still named: "Dealer and house rules (South)".
            "dealer_name": f"({seats_named[data['dealer']]})" if data.get("dealer") in seats_named else "",
            "teams": [(t, messages.team_name(t, v, lang)) for t in ("NS", "EW")],
            "projects": self._project_seats(cast(QueryDict, data), labels),  # the form's is a QueryDict
            "suits": self._picker_rows(),
            "ready": form.ready,
            "peek_warning": bool(errors) and form.ready,
            "output": self._output_view(),
            "sheet": self._sheet_view(),
            "page_url": self.page_url(self.request.GET.urlencode()),
            "form_url": self.page_url(),
            # Every message slot beside a field: an htmx answer refreshes them all, out of band.
            "error_slots": [(name, errors.get(name, "")) for name in form.fields],
        }
        share = self.share_query()
        ctx["share_url"] = self.request.build_absolute_uri(self.page_url(share)) if share else ""
        ctx["add_query"] = share
        ctx["rules_url"] = reverse("lessons-rules", args=[v])
        return ctx

    def _shown(self, value: Any) -> str:
        """A field's value as typed, its digits written the reader's way."""
        text = value if isinstance(value, str) else ""
        return localize_digits(text, self.prefs["digits"], self.lang)

    def _trump_choices(self) -> list[tuple[str, str, str]]:
        """(value, words, suit letter for the colour) of each contract."""
        v, lang = self.variant, self.lang
        choices = []
        if v == "saudi":
            choices.append((SUN, messages.call_name("sun", v, lang), ""))
        for i, letter in enumerate(SUIT_LETTERS):
            suit = messages.suit_name(i, v, lang, self.deck)
            symbol = "" if self.deck == "spanish" else messages.SUIT_SYMBOLS[i] + " "
            words = symbol + suit
            if v == "saudi":
                words = _("Hokm %(suit)s") % {"suit": words}
            choices.append((letter, words, letter))
        return choices

    def _doubling_choices(self) -> list[tuple[str, str]]:
        v, lang = self.variant, self.lang
        words = {"2": "double", "3": "three", "4": "four", "gahwa": "gahwa"}
        choices = []
        for value in DOUBLING:
            if value == "1":
                choices.append((value, _("No doubling")))
                continue
            name = messages.call_name(words[value], v, lang)
            times = "×4" if value == "gahwa" else f"×{value}"
            choices.append((value, name if "×" in name else f"{name} {times}"))
        return choices

    def _picker_rows(self) -> list[tuple[str, list[PickerCard]]]:
        """The 32 cards of the picker, one row per suit (the suit's name, its eight cards low to high).

        The picker is drawn eight times (two projects for each player): each card's face is
        rendered once here, not once per picker.
        """
        rows = []
        for i, letter in enumerate(SUIT_LETTERS):
            cards = []
            for rank in "789TJQKA":
                face = card_face(f"{rank}{letter}", self.variant, self.lang, self.deck)
                assert face is not None
                inner = render_to_string("lessons/partials/face.html", {"face": face})
                cards.append(PickerCard(face.code, face.suit, face.spanish, face.name, mark_safe(inner)))
            rows.append((messages.suit_name(i, self.variant, self.lang, self.deck), cards))
        return rows

    def _project_seats(self, data: QueryDict, labels: dict[str, str]) -> list[dict[str, Any]]:
        """Per seat: its two project slots, the cards ticked in each, and what they form."""
        seats = []
        for seat in SEAT_LETTERS:
            slots = []
            for slot in (f"{seat}1", f"{seat}2"):
                ticked = {_card_code(t) for t in data.getlist(slot)} - {""}
                slots.append(
                    {
                        "name": slot,
                        "label": labels[slot],
                        "ticked": ticked,
                        "info": self._slot_info(slot),
                        "error": self.form.first_errors().get(slot, ""),
                        "open": bool(ticked) or slot.endswith("1"),
                    }
                )
            has_cards = any(s["ticked"] for s in slots)
            has_error = any(s["name"] in self.form.errors for s in slots)
            summary = [str(s["info"]) for s in slots if s["info"]]
            seats.append(
                {
                    "seat": seat,
                    "name": messages.seat_name(seat, self.variant, self.lang),
                    "slots": slots,
                    "open": has_cards or has_error,
                    "summary": " · ".join(summary),
                }
            )
        return seats

    def _slot_info(self, slot: str) -> str:
        """What the ticked cards form, as ``Sira · 4``; empty when they form nothing (the error says why)."""
        found = self.form.slots.get(slot)
        if found is None:
            return ""
        project = found.project
        name = messages.project_name(project.type, self.variant, self.lang)
        return f"{name} ({project.value})"

    def _output_view(self) -> dict[str, Any] | None:
        out = self.output
        if out is None or self.payload is None:
            return None
        v, lang = self.variant, self.lang
        taker_team = str(Seat.parse(self.payload["taker"]).team)
        steps = [
            {**step, "title": messages.rule_title(step["rule"], v, lang)} for step in out["steps"]
        ]
        card_points = self.payload["card_points"]
        return {
            "scores": [
                {
                    "team": team,
                    "name": messages.team_name(team, v, lang),
                    "points": out["points"][team],
                    "taker": team == taker_team,
                    "card_points": card_points[team],
                }
                for team in ("NS", "EW")
            ],
            "result": messages.result_name(out["result"], v, lang),
            "result_code": out["result"],
            "pot": out["pot"],
            "game_over": out["game_over"],
            "steps": steps,
            "game_after": {
                team: self.payload["game_score"][team] + out["points"][team] for team in ("NS", "EW")
            },
        }

    def _sheet_view(self) -> dict[str, Any]:
        sheet = self.sheet
        v, lang = self.variant, self.lang
        lines = []
        for line in sheet.running():
            trump = line.get("trump")
            if trump == SUN:
                contract = messages.call_name("sun", v, lang)
            # One suit's letter: not "" nor None, which `in` a string would take (or fail on).
            elif trump in tuple(SUIT_LETTERS):
                suit = messages.suit_name(SUIT_LETTERS.index(trump), v, lang, self.deck)
                contract = _("Hokm %(suit)s") % {"suit": suit} if v == "saudi" else suit
            else:
                contract = ""
            taker = messages.seat_name(line["taker"], v, lang) if line.get("taker") in SEAT_LETTERS else ""
            lines.append(
                {
                    **line,
                    "contract": contract,
                    "taker_name": taker,
                    "result_name": messages.result_name(str(line.get("result", "")), v, lang),
                    "url": self.page_url(line["query"]),
                }
            )
        winner = sheet.winner
        return {
            "lines": lines,
            "start": sheet.start,
            "has_start": any(sheet.start.values()),
            "totals": sheet.totals,
            "pot": sheet.pot,
            "target": sheet.target,
            "game_over": sheet.game_over,
            "winner": messages.team_name(winner, v, lang) if winner else "",
            "count": len(sheet.entries),
            "empty": sheet.is_empty,
        }


def _is_on(value: Any) -> bool:
    return isinstance(value, str) and value.lower() not in ("", "0", "false", "off")


def _card_code(text: str) -> str:
    try:
        return str(Card.parse(text))
    except NotationError:
        return ""
