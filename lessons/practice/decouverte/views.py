"""Views of the two-player Belote découverte table (lessons.practice.decouverte).

As at the four-player table: the game lives on the server, every form carries the game's move
number (a form posted twice acts once), htmx gets the board fragment and a plain post is
redirected to the table. A call or card the rules refuse is shown with the engine's reasons; a
form that names no choice of the table (a tampered card, a stale page) gets a 400 with a message.
"""

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from engine.cards import Card
from lessons.models import PracticeGame
from lessons.practice import review as hand_review
from lessons.practice.decouverte import coach, display
from lessons.practice.decouverte.game import KIND, VARIANT, BrokenRecord, DecouverteTable, FaceDown, start
from lessons.practice.display import Say
from lessons.practice.state import BadMove, Refused, hints_used
from lessons.practice.views import MAX_POLLS, MoveForm, _games, _int, _owner, bad_move_message
from lessons.templatetags.table import effective_deck
from lessons.typed_requests import htmx_of
from lessons.views import get_prefs


class PlayForm(MoveForm):
    card = forms.CharField(
        max_length=8, error_messages={"required": gettext_lazy("Choose one of your face-up cards.")}
    )


class CallForm(MoveForm):
    call = forms.CharField(max_length=16, error_messages={"required": gettext_lazy("Choose a call.")})


def _mine(request: HttpRequest) -> Any:
    return _games(request).filter(variant=VARIANT, setup__kind=KIND)


def _table(game: PracticeGame) -> DecouverteTable | None:
    try:
        return DecouverteTable(game)
    except BrokenRecord:
        game.finished = True
        game.save(update_fields=["finished"])
        return None


@require_GET
def table_page(request: HttpRequest) -> HttpResponse:
    """The learner's découverte game, or the page that starts one."""
    game = _mine(request).filter(finished=False).first()
    table = _table(game) if game is not None else None
    if table is None:
        return _start_page(request)
    return _render(request, table)


@require_POST
def new_game(request: HttpRequest) -> HttpResponse:
    owner = _owner(request)
    _mine(request).filter(finished=False).update(finished=True)
    start(**owner)
    return HttpResponseRedirect(reverse("practice-decouverte"))


@require_POST
def call(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, CallForm, lambda table, data: table.learner_call(data["call"]))


@require_POST
def play(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, PlayForm, lambda table, data: table.learner_play(data["card"]))


@require_POST
def hint(request: HttpRequest, pk: int) -> HttpResponse:
    """A hint for the learner's card now and its principle (lessons/practice/decouverte/coach.py)."""
    return _act(request, pk, MoveForm, lambda table, data: coach.give(table))


@require_POST
def next_hand(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, MoveForm, lambda table, data: table.next_hand())


def _act(request: HttpRequest, pk: int, form_class: Any, action: Any) -> HttpResponse:
    game = get_object_or_404(_mine(request), pk=pk)
    table = _table(game)
    if table is None or game.finished:
        return HttpResponseRedirect(reverse("practice-decouverte"))
    form = form_class(request.POST)
    if not form.is_valid():
        message = " ".join(str(e) for errors in form.errors.values() for e in errors)
        return _render(request, table, error=message, status=400)
    move = form.cleaned_data["move"]
    if move != game.move:
        return _render(request, table, error=bad_move_message("stale"), status=400)
    try:
        action(table, form.cleaned_data)
    except Refused as e:
        return _render(request, table, refused=e)
    except FaceDown as e:
        refused = Refused("play", form.cleaned_data["card"], e.reasons)
        return _render(request, table, error=_("That card is not one of your face-up cards."),
                       refused=refused, status=400)  # fmt: skip
    except BadMove as e:
        return _render(request, table, error=bad_move_message(e.code), status=400)
    if not table.save(move):
        # Another request moved first (the same form posted twice): show what it did.
        game.refresh_from_db()
        fresh = _table(game)
        if fresh is None:
            return HttpResponseRedirect(reverse("practice-decouverte"))
        return _render(request, fresh, error=bad_move_message("stale"), status=400)
    if htmx_of(request):
        return _render(request, table)
    return HttpResponseRedirect(reverse("practice-decouverte"))


def _refused(refused: Refused | None, s: Say) -> dict[str, Any] | None:
    if refused is None:
        return None
    if refused.kind == "play":
        try:
            what = s.definite(Card.parse(refused.value))
        except ValueError:
            what = refused.value
    else:
        what = s.call(refused.value, 2 if ":" in refused.value else 1)
    return {"kind": refused.kind, "what": what, "reasons": s.items(refused.reasons)}


def _render(
    request: HttpRequest,
    table: DecouverteTable,
    error: str = "",
    refused: Refused | None = None,
    status: int = 200,
) -> HttpResponse:
    game = table.game
    lang = get_language() or "en"
    prefs = get_prefs(request)
    deck = effective_deck(VARIANT, prefs["deck"])
    s = display.say(lang, deck)
    pk = game.pk
    n = len(table.records)
    # The hand just over is reviewed off the request (lessons/practice/tasks.py); the page polls
    # for it about a minute, then leaves it to a reload.
    row = hand_review.request(game, table, n) if table.can_deal_next() else None
    polls = _int(request.GET.get("poll"), 0)
    page_url = reverse("practice-decouverte")
    board = display.board(table, lang, deck)
    ctx = {
        "game": game,
        "prefs": prefs,
        "deck": deck,
        "board": board,
        # The figure of the table, as at a live table: the learner's piles at South, the bot's at North.
        "own_piles": board.piles["S"],
        "opposite_piles": board.piles["N"],
        "own_covered": board.covered["S"],
        "opposite_covered": board.covered["N"],
        "seated": True,
        "sheet": display.sheet(table, s),
        "move": game.move,
        "error": error,
        "refused": _refused(refused, s),
        "reveal": bool(htmx_of(request)),
        "play_url": reverse("practice-decouverte-play", args=[pk]),
        "call_url": reverse("practice-decouverte-call", args=[pk]),
        "next_url": reverse("practice-decouverte-next", args=[pk]),
        "new_url": reverse("practice-decouverte-new"),
        "can_deal_next": table.can_deal_next(),
        "page_url": page_url,
        "hint_url": reverse("practice-decouverte-hint", args=[pk]),
        "can_hint": coach.can_hint(table),
        "hint": coach.shown(table, s),
        "hints_in_hand": hints_used(table.record),
        "review": coach.review_shown(row, s),
        "review_poll_url": f"{page_url}?poll={polls + 1}" if polls < MAX_POLLS else "",
    }
    template = "practice/decouverte.html"
    if htmx_of(request):
        template += "#board"
    return render(request, template, ctx, status=status)


def _start_page(request: HttpRequest) -> HttpResponse:
    ctx = {
        "prefs": get_prefs(request),
        "new_url": reverse("practice-decouverte-new"),
        "page_url": reverse("practice-decouverte"),
    }
    return render(request, "practice/decouverte_start.html", ctx)
