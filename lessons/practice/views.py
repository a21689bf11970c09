"""Views of the practice table: whole hands against three bots, puzzle positions played out, replays.

The game lives on the server (:mod:`lessons.practice.state`), keyed by the learner's account or
session: a refresh or a lost connection finds the table as it was. Every form carries the game's
move number; a form posted for an earlier state (a double click, a second tab, a tampered form) is
answered with the table as it stands and a message, and changes nothing.

Each action serves htmx and plain forms alike: htmx gets the board fragment, a plain post is
redirected to the table page (so reloading it does not post again). A call or a card the rules
refuse is shown with the engine's reasons; bad input gets a 400 with a message, never a 500.
"""

import random
from typing import Any

from django import forms
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine.cards import Card
from lessons import drill_hands, progress
from lessons.models import BotLevel, HandReview, PracticeGame, Puzzle, ReviewItem, ReviewStatus, Step, Variant
from lessons.practice import display, guided, hints
from lessons.practice import review as hand_review
from lessons.practice.decouverte.game import is_decouverte
from lessons.practice.scenario import kind_of, scenario_for
from lessons.practice.state import (
    BadMove,
    BrokenGame,
    Refused,
    Table,
    hints_used,
    start_game,
    start_scenario,
)
from lessons.puzzle_access import may_see_puzzle
from lessons.templatetags.table import effective_deck
from lessons.typed_requests import htmx_of
from lessons.views import _bad_request, get_prefs

# The game lengths offered per variant, the usual one first.
TARGETS = {"saudi": (152, 100), "moroccan": (500, 1000), "french": (1000, 500)}


class Coached(Exception):
    """A legal choice the guided hand stops, with the coach's reason (lessons.practice.guided)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def coach_check(request: HttpRequest, table: Table, kind: str, value: str) -> None:
    """Stop a choice the guided hand does not teach (nothing to check at another table)."""
    if guided.is_guided(table):
        deck = effective_deck(table.game.variant, get_prefs(request)["deck"])
        reason = guided.stop(table, kind, value, get_language() or "en", deck)
        if reason:
            raise Coached(reason)


def bad_move_message(code: str) -> str:
    return {
        "stale": _(
            "This move was already made, or the page was out of date: here is the table as it stands now."
        ),
        "not-a-card": _("That is not a card."),
        "not-in-hand": _("That card is not in your hand."),
        "not-a-call": _("That is not a call of this game."),
        "not-your-turn": _("It is not your turn."),
        "wrong-phase": _("That cannot be done now: the hand is at another stage."),
    }.get(code, _("That move cannot be made."))


# ---------------------------------------------------------------- forms


class CoachForm(forms.Form):
    """The table's coaching settings (lessons.practice.state.COACH_DEFAULTS)."""

    declare_for_me = forms.ChoiceField(
        choices=(
            ("first", gettext_lazy("The table declares for me in the first hand only")),
            ("always", gettext_lazy("The table always declares for me")),
            ("never", gettext_lazy("I declare myself from the first hand")),
        ),
        required=False,
        initial="first",
    )
    khaysh = forms.BooleanField(required=False)


class LevelForm(forms.Form):
    level = forms.ChoiceField(
        choices=BotLevel.choices,
        initial=BotLevel.HEURISTIC,
        error_messages={"invalid_choice": gettext_lazy("Choose the level of the bots.")},
    )


class NewGameForm(LevelForm, CoachForm):
    target = forms.TypedChoiceField(
        coerce=int,
        choices=(),
        required=False,
        error_messages={"invalid_choice": gettext_lazy("Choose one of the game lengths offered.")},
    )

    def __init__(self, variant: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.variant = variant
        field = self.fields["target"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [(t, str(t)) for t in TARGETS[variant]]
        field.initial = TARGETS[variant][0]


class MoveForm(forms.Form):
    move = forms.IntegerField(
        min_value=0,
        error_messages={
            "required": gettext_lazy("This form has no move number: reload the table and play again."),
            "invalid": gettext_lazy("This form's move number is damaged: reload the table and play again."),
            "min_value": gettext_lazy("This form's move number is damaged: reload the table and play again."),
        },
    )


class PlayForm(MoveForm):
    card = forms.CharField(
        max_length=8, error_messages={"required": gettext_lazy("Choose a card of your hand.")}
    )
    belote = forms.BooleanField(required=False)


class DeclareForm(MoveForm):
    """How many projects of each type the learner announces (``n_<type>``, 0 to 2)."""

    def __init__(self, types: tuple[str, ...], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.types = types
        for kind in types:
            self.fields[f"n_{kind}"] = forms.IntegerField(min_value=0, max_value=2, required=False)


class CallForm(MoveForm):
    call = forms.CharField(max_length=16, error_messages={"required": gettext_lazy("Choose a call.")})


# ---------------------------------------------------------------- pages


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    games = _games(request).filter(setup__isnull=True, drill_item__isnull=True)
    games_of = [(value, label, games.filter(variant=value).first()) for value, label in Variant.choices]
    guides = set(guided.available())
    variants = [(value, label, game, value in guides) for value, label, game in games_of]
    return render(request, "practice/index.html", {"variants": variants, "prefs": get_prefs(request)})


@require_GET
def variant_table(request: HttpRequest, variant: str) -> HttpResponse:
    _check_variant(variant)
    game = _games(request).filter(variant=variant, setup__isnull=True, drill_item__isnull=True).first()
    if game is None:
        return _start_page(request, variant, NewGameForm(variant))
    return _table_page(request, game)


@require_POST
def new_game(request: HttpRequest, variant: str) -> HttpResponse:
    _check_variant(variant)
    form = NewGameForm(variant, request.POST)
    if not form.is_valid():
        return _start_page(request, variant, form, status=400)
    target = form.cleaned_data["target"] or TARGETS[variant][0]
    owner = _owner(request)
    # One open game per variant at the free table: the one left behind is finished, kept for its
    # hands' reviews; positions, guided hands and drills' hands are games of their own.
    free_table = _games(request).filter(variant=variant, setup__isnull=True, drill_item__isnull=True)
    free_table.filter(finished=False).update(finished=True)
    coach = {
        "declare_for_me": form.cleaned_data.get("declare_for_me") or "first",
        "khaysh": variant == "saudi" and bool(form.cleaned_data.get("khaysh")),
    }
    start_game(variant, form.cleaned_data["level"], {"target": target}, coach=coach, **owner)
    return HttpResponseRedirect(reverse("practice-variant", args=[variant]))


@require_GET
def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    return _table_page(request, _game_or_404(request, pk))


@require_GET
def why(request: HttpRequest, pk: int) -> HttpResponse:
    """Which cards may be played now, and the rule that forbids each of the others."""
    game = _game_or_404(request, pk)
    table = _table(game)
    if table is None:
        return _table_page(request, game)
    return _render_board(request, table, why=True, fragment="why")


@require_GET
def replay(request: HttpRequest, pk: int, n: int) -> HttpResponse:
    """A finished hand of the game, trick by trick, with who won each one and why."""
    game = _game_or_404(request, pk)
    table = _table(game)
    if table is None or not 1 <= n <= len(table.records) or "result" not in table.records[n - 1]:
        raise Http404
    lang = get_language() or "en"
    prefs = get_prefs(request)
    shown = display.replay(table, n - 1, lang, prefs["deck"])
    count = len(shown["tricks"])
    k = _int(request.GET.get("trick"), 1)
    k = min(max(k, 1), count) if count else 0
    url = reverse("practice-replay", args=[game.pk, n])
    ctx = {
        **_page_context(request, game),
        "n": n,
        "shown": shown,
        "k": k,
        "count": count,
        "step": shown["tricks"][k - 1] if k else None,
        "previous_url": f"{url}?trick={k - 1}" if k > 1 else "",
        "next_url": f"{url}?trick={k + 1}" if k < count else "",
        "page_url": f"{url}?trick={k}",
        "back_url": _game_url(game),
    }
    if htmx_of(request) and request.GET.get("part") == "review":
        # The poll of "Review in progress": it only reads, the page itself asked for the review.
        row = HandReview.objects.filter(game=game, hand=n).first()
    else:
        row = hand_review.request(game, table, n)
    ctx.update(_review_context(request, game, n, row, prefs["deck"], lang))
    ctx["mistake"] = ctx["review"].of_trick(k) if k else None
    if htmx_of(request):
        part = "hand-review" if request.GET.get("part") == "review" else "replay-step"
        return render(request, f"practice/replay.html#{part}", ctx)
    return render(request, "practice/replay.html", ctx)


MAX_POLLS = 40


class PractiseForm(forms.Form):
    trick = forms.IntegerField(
        min_value=1,
        max_value=8,
        error_messages={
            "required": gettext_lazy("This form names no trick: open the review again."),
            "invalid": gettext_lazy("This form's trick is damaged: open the review again."),
            "min_value": gettext_lazy("This form's trick is damaged: open the review again."),
            "max_value": gettext_lazy("This form's trick is damaged: open the review again."),
        },
    )


@require_POST
def practise(request: HttpRequest, pk: int, n: int) -> HttpResponse:
    """A mistake of the review turned into a personal puzzle of the learner's review queue."""
    game = _game_or_404(request, pk)
    table = _table(game)
    if table is None or not hand_review.reviewable(table, n):
        raise Http404
    back = reverse("practice-replay", args=[game.pk, n])
    form = PractiseForm(request.POST)
    if not form.is_valid():
        message = " ".join(str(e) for errors in form.errors.values() for e in errors)
        return _bad_request(request, message, back=back)
    trick = form.cleaned_data["trick"]
    row = HandReview.objects.filter(game=game, hand=n, status=ReviewStatus.DONE).first()
    if row is None or row.key != hand_review.hand_key(table.records[n - 1]):
        return _bad_request(request, _("The review of this hand is not ready yet."), back=back)
    key = progress.session_key(request, create=True) or ""
    user = request.user if request.user.is_authenticated else None
    try:
        hand_review.practise(row, trick, key, user)
    except hand_review.NotAMistake:
        return _bad_request(request, _("The review found no mistake of yours in that trick."), back=back)
    # Back to the trick, which now says the position is in the review queue (a reload posts nothing).
    return HttpResponseRedirect(f"{back}?trick={trick}#mistake-{trick}")


def _review_context(
    request: HttpRequest, game: PracticeGame, n: int, row: HandReview | None, deck: str, lang: str
) -> dict[str, Any]:
    status = row.status if row is not None else "none"  # a void deal: nothing was decided
    result = row.result if row is not None else {}
    practised: set[int] = set()
    key = progress.session_key(request)
    if row is not None and status == ReviewStatus.DONE and key:
        prefix = f"mine-{game.pk}-{n}-"
        for puzzle_key in ReviewItem.objects.filter(
            session_key=key, puzzle__key__startswith=prefix
        ).values_list("puzzle__key", flat=True):
            practised.add(_int(puzzle_key[len(prefix) :].split("-")[0], 0))
    url = reverse("practice-replay", args=[game.pk, n])
    # The page asks again every 1.5 s for about a minute, then leaves it to the reload link
    # (a worker that is down should not be asked forever by every open page).
    polls = _int(request.GET.get("poll"), 0)
    return {
        "review": display.review_shown(
            status, result, game.variant, lang, effective_deck(game.variant, deck), practised
        ),
        "review_poll_url": f"{url}?part=review&poll={polls + 1}" if polls < MAX_POLLS else "",
        "practise_url": reverse("practice-practise", args=[game.pk, n]),
        "review_queue_url": reverse("review-index"),
    }


@require_http_methods(["GET", "POST"])
def from_puzzle(request: HttpRequest, key: str) -> HttpResponse:
    """Play a puzzle's position out against the bots: the cards not shown are dealt at random."""
    puzzle = get_object_or_404(Puzzle, key=key)
    # A teacher's puzzle only for who may open its page: its key is no password (404, as there).
    if kind_of(puzzle.position) is None or not may_see_puzzle(request.user, puzzle):
        raise Http404
    form = LevelForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        scenario = scenario_for(puzzle.position, random.Random())
        if scenario is None:
            return _puzzle_page(
                request, puzzle, form, error=_("This position cannot be played out."), status=400
            )
        game = start_scenario(
            scenario.setup,
            scenario.record,
            scenario.variant,
            form.cleaned_data["level"],
            scenario.options,
            puzzle=puzzle,
            **_owner(request),
        )
        return HttpResponseRedirect(reverse("practice-game", args=[game.pk]))
    status = 400 if request.method == "POST" else 200
    return _puzzle_page(request, puzzle, form, status=status)


# ---------------------------------------------------------------- actions


@require_POST
def play(request: HttpRequest, pk: int) -> HttpResponse:
    def action(table: Table, data: dict[str, Any]) -> None:
        coach_check(request, table, "play", data["card"])
        table.learner_play(data["card"], bool(data.get("belote")))

    return _act(request, pk, PlayForm, action)


@require_POST
def declare(request: HttpRequest, pk: int) -> HttpResponse:
    """The learner announces their projects (by type); the engine checks them against the hand."""
    game = _game_or_404(request, pk)
    types = display.PROJECT_TYPES[game.variant]
    nothing = bool(request.POST.get("nothing"))

    def form_class(data: Any) -> DeclareForm:
        return DeclareForm(types, data)

    def action(table: Table, data: dict[str, Any]) -> None:
        announced = [] if nothing else [k for k in types for _ in range(data.get(f"n_{k}") or 0)]
        coach_check(request, table, "declare", ",".join(announced))
        table.learner_declare(announced)

    return _act(request, pk, form_class, action)


@require_POST
def call(request: HttpRequest, pk: int) -> HttpResponse:
    def action(table: Table, data: dict[str, Any]) -> None:
        coach_check(request, table, "call", data["call"].strip().lower())
        table.learner_call(data["call"])

    return _act(request, pk, CallForm, action)


@require_http_methods(["GET", "POST"])
def guided_hand(request: HttpRequest, variant: str) -> HttpResponse:
    """A guided first hand of ``variant``: what it is (GET), and a new one dealt (POST)."""
    _check_variant(variant)
    if variant not in guided.available():
        raise Http404
    names = guided.hands_of(variant)
    if request.method == "POST":
        # Which of the variant's guided hands (1, 2, ...): anything else deals the first one.
        chosen = request.POST.get("hand", "1")
        number = int(chosen) if chosen.isdigit() and 1 <= int(chosen) <= len(names) else 1
        game = guided.new_game(guided.guide(names[number - 1]))
        owner = _owner(request)
        game.session_key, game.user = owner["session_key"], owner["user"]
        game.save()
        return HttpResponseRedirect(reverse("practice-game", args=[game.pk]))
    ctx = {
        "variant": variant,
        "variant_name": Variant(variant).label,
        "prefs": get_prefs(request),
        "page_url": reverse("practice-guided", args=[variant]),
        # When the variant has several guided hands, each is offered with what sets it apart.
        "hands": [(i, _title(guided.guide(n))) for i, n in enumerate(names, 1)] if len(names) > 1 else [],
    }
    return render(request, "practice/guided.html", ctx)


def _title(g: guided.Guide) -> str:
    lang = get_language() or "en"
    return (g.title or {}).get(lang) or (g.title or {}).get("en", "")


@require_POST
def drill_hand(request: HttpRequest, item_id: int) -> HttpResponse:
    """A hand a teacher put in a drill, dealt for the pupil (or the one already dealt: a second
    submit, or coming back to it, finds the same game)."""
    item = drill_hands.assigned_to(request.user, item_id)
    if item is None:
        raise Http404
    with transaction.atomic():
        # The item's row is locked so that two submits at once deal one game.
        type(item).objects.select_for_update().filter(pk=item.pk).first()
        game = drill_hands.open_game(item, request.user)
        if game is None:
            game = _new_drill_game(item, request.user)
    return HttpResponseRedirect(reverse("practice-game", args=[game.pk]))


def _new_drill_game(item: Any, user: Any) -> PracticeGame:
    variant = item.hand_variant
    if item.hand_kind == drill_hands.GUIDED:
        if variant not in guided.available():
            raise Http404
        game = guided.new_game(guided.guide(variant))
        game.user, game.drill_item = user, item
        game.save()
        return game
    if item.hand_kind not in BotLevel.values:
        raise Http404
    game = start_game(variant, item.hand_kind, {"target": TARGETS[variant][0]}, session_key="", user=user)
    game.drill_item = item
    game.save(update_fields=["drill_item"])
    return game


@require_POST
def hint(request: HttpRequest, pk: int) -> HttpResponse:
    """A hint for the learner's decision now: the suggested choice and why (lessons.practice.hints)."""
    return _act(request, pk, MoveForm, lambda table, data: hints.give(table))


@require_POST
def take_back(request: HttpRequest, pk: int) -> HttpResponse:
    """The learner's last call or card taken back (beginner level only: lessons.practice.state)."""
    return _act(request, pk, MoveForm, lambda table, data: table.take_back())


@require_POST
def next_hand(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, MoveForm, lambda table, data: table.next_hand())


def _act(request: HttpRequest, pk: int, form_class: Any, action: Any) -> HttpResponse:
    game = _game_or_404(request, pk)
    table = _table(game)
    if table is None:
        return _table_page(request, game)
    form = form_class(request.POST)
    if not form.is_valid():
        message = " ".join(str(e) for errors in form.errors.values() for e in errors)
        return _render_board(request, table, error=message, status=400)
    move = form.cleaned_data["move"]
    if move != game.move:
        return _render_board(request, table, error=bad_move_message("stale"), status=400)
    try:
        action(table, form.cleaned_data)
    except Refused as e:
        return _render_board(request, table, refused=e)
    except Coached as e:
        return _render_board(request, table, coach_stop=e.reason)
    except BadMove as e:
        return _render_board(request, table, error=bad_move_message(e.code), status=400)
    if not table.save(move):
        # Another request moved first (the same form posted twice): show what it did.
        game.refresh_from_db()
        fresh = _table(game)
        if fresh is None:
            return _table_page(request, game)
        return _render_board(request, fresh, error=bad_move_message("stale"), status=400)
    # A hand just over: its review starts now, off the request, to be ready on its replay page.
    hand_review.request(game, table, len(table.records))
    if htmx_of(request):
        return _render_board(request, table)
    return HttpResponseRedirect(_game_url(game))


# ---------------------------------------------------------------- helpers


def _check_variant(variant: str) -> None:
    if variant not in Variant.values:
        raise Http404


def _owner(request: HttpRequest) -> dict[str, Any]:
    """Who a new game belongs to: the account when signed in, otherwise the browser's session."""
    if request.user.is_authenticated:
        return {"session_key": "", "user": request.user}
    if request.session.session_key is None:
        request.session.save()
    return {"session_key": request.session.session_key or "", "user": None}


def _games(request: HttpRequest) -> Any:
    """The learner's games (a visitor without a session has none: looking creates no session)."""
    if request.user.is_authenticated:
        return PracticeGame.objects.filter(user=request.user)
    key = request.session.session_key
    if not key:
        return PracticeGame.objects.none()
    return PracticeGame.objects.filter(session_key=key, user__isnull=True)


def _game_or_404(request: HttpRequest, pk: int) -> PracticeGame:
    """The learner's own game: someone else's is not found, as if it did not exist. A two-player
    découverte game has pages of its own (lessons.practice.decouverte.views): not found here."""
    game = get_object_or_404(_games(request), pk=pk)
    if is_decouverte(game):
        raise Http404
    return game


def _game_url(game: PracticeGame) -> str:
    # A position, a guided hand or a drill's hand has a page of its own; the free table is per variant.
    if game.setup or game.drill_item_id:
        return reverse("practice-game", args=[game.pk])
    return reverse("practice-variant", args=[game.variant])


def _table(game: PracticeGame) -> Table | None:
    """The game rebuilt; a stored game the engine no longer replays is closed (a new one can start)."""
    try:
        return Table(game)
    except BrokenGame:
        game.finished = True
        game.hands = []
        game.save(update_fields=["finished", "hands"])
        return None


def _int(value: Any, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _page_context(request: HttpRequest, game: PracticeGame) -> dict[str, Any]:
    prefs = get_prefs(request)
    return {
        "game": game,
        "variant_name": Variant(game.variant).label,
        "level_name": BotLevel(game.level).label,
        "prefs": prefs,
        "deck": effective_deck(game.variant, prefs["deck"]),
        "spanish_offered": game.variant == "moroccan",
        "page_url": _game_url(game),
    }


def _table_page(request: HttpRequest, game: PracticeGame) -> HttpResponse:
    table = _table(game)
    if table is None:
        return _start_page(
            request,
            game.variant,
            NewGameForm(game.variant),
            error=_("This game could not be restored: please start a new one."),
        )
    return _render_board(request, table)


def _render_board(
    request: HttpRequest,
    table: Table,
    error: str = "",
    refused: Refused | None = None,
    why: bool = False,
    fragment: str = "board",
    status: int = 200,
    coach_stop: str = "",
) -> HttpResponse:
    game = table.game
    lang = get_language() or "en"
    ctx = _page_context(request, game)
    deck = ctx["deck"]
    say = display.say_for(table, lang, deck)
    pk = game.pk
    ctx.update(
        {
            "board": display.board(table, lang, deck),
            "sheet": display.sheet(table, say),
            "scenario": table.is_scenario,
            "move": game.move,
            "error": error,
            "refused": _refused(refused, table, say),
            "why": display.why(table, lang, deck) if why else None,
            "why_asked": why,
            "guided": guided.is_guided(table),
            "coach": guided.coach(table, lang, deck) if guided.is_guided(table) else [],
            "coach_stop": coach_stop,
            # Bring the bots' new calls in one by one only where the board is swapped in by htmx.
            "reveal": bool(htmx_of(request)),
            "play_url": reverse("practice-play", args=[pk]),
            "call_url": reverse("practice-call", args=[pk]),
            "next_url": reverse("practice-next", args=[pk]),
            "takeback_url": reverse("practice-takeback", args=[pk]),
            "declare_url": reverse("practice-declare", args=[pk]),
            "can_take_back": table.may_take_back(),
            "why_url": reverse("practice-why", args=[pk]),
            "hint_url": reverse("practice-hint", args=[pk]),
            "hint": hints.shown(table, say),
            "can_hint": table.learner_to_act(),
            "hints_in_hand": hints_used(table.record),
            "new_url": reverse("practice-new", args=[game.variant]),
            "new_form": NewGameForm(game.variant, initial={"level": game.level}) if not game.setup else None,
            "can_deal_next": table.can_deal_next(),
            "replays": [
                (n, reverse("practice-replay", args=[pk, n]))
                for n, record in enumerate(table.records, 1)
                if "result" in record and not record["result"].get("void")
            ],
            "puzzle_url": _puzzle_url(game.puzzle) if game.puzzle else "",
            # The hand just over: its review (lessons/practice/review.py) is on its replay page.
            "review_url": (
                reverse("practice-replay", args=[pk, len(table.records)]) + "#hand-review"
                if hand_review.reviewable(table, len(table.records))
                else ""
            ),
            "again_url": reverse("practice-puzzle", args=[game.puzzle.key]) if game.puzzle else "",
        }
    )
    template = "practice/table.html"
    if htmx_of(request):
        template += "#" + fragment
    return render(request, template, ctx, status=status)


def _refused(refused: Refused | None, table: Table, say: display.Say) -> dict[str, Any] | None:
    if refused is None:
        return None
    # The card with its article: "You may not play the queen of clubs", "la dame de trèfle".
    what = say.definite(Card.parse(refused.value)) if refused.kind == "play" else say.call(refused.value)
    return {"kind": refused.kind, "code": refused.value, "what": what, "reasons": say.items(refused.reasons)}


def _start_page(
    request: HttpRequest, variant: str, form: NewGameForm, error: str = "", status: int = 200
) -> HttpResponse:
    ctx = {
        "variant": variant,
        "variant_name": Variant(variant).label,
        "form": form,
        "error": error,
        "prefs": get_prefs(request),
        "new_url": reverse("practice-new", args=[variant]),
        "page_url": reverse("practice-variant", args=[variant]),
    }
    return render(request, "practice/start.html", ctx, status=status)


def _puzzle_page(
    request: HttpRequest, puzzle: Puzzle, form: LevelForm, error: str = "", status: int = 200
) -> HttpResponse:
    ctx = {
        "puzzle": puzzle,
        "variant_name": Variant(puzzle.variant).label,
        "form": form,
        "error": error,
        "prefs": get_prefs(request),
        "puzzle_url": _puzzle_url(puzzle),
        "action_url": reverse("practice-puzzle", args=[puzzle.key]),
        "page_url": reverse("practice-puzzle", args=[puzzle.key]),
    }
    return render(request, "practice/from_puzzle.html", ctx, status=status)


def _puzzle_url(puzzle: Puzzle | None) -> str:
    """Where the puzzle is shown in a lesson (a teacher's puzzle may be in none)."""
    if puzzle is None:
        return ""
    step = Step.objects.filter(puzzle=puzzle).select_related("lesson__course").first()
    if step is None:
        return ""
    lesson = step.lesson
    n = lesson.steps.filter(order__lte=step.order).count()
    return reverse("lessons-step", args=[lesson.course.key, lesson.slug, n])
