"""Pages of the live tables: open one, find one by its code, sit, play without JavaScript, replays.

With JavaScript the moves go over the table's socket (lessons/practice/tables/consumers.py); these views
serve the page itself and the same forms posted plainly: each post is answered by a redirect to
the table (a reload posts nothing again), or by the page with the refusal or the error.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine.cards import NotationError, Seat
from lessons.models import LiveTable, ReviewStatus, SeatReview, TableGame, Variant
from lessons.practice import display
from lessons.practice.decouverte import coach as decouverte_coach
from lessons.practice.decouverte import display as decouverte_display
from lessons.practice.decouverte.game import BrokenRecord, DecouverteTable
from lessons.practice.review import reviewable
from lessons.practice.tables import board, evaluation, game, reviews
from lessons.practice.tables import decouverte as live_decouverte
from lessons.practice.tables.consumers import CONTROLS, act_of, after_move, changed, control
from lessons.practice.tables.forms import DECOUVERTE, NewTableForm, SitForm
from lessons.practice.views import MAX_POLLS, TARGETS, _int
from lessons.reference import house_rules
from lessons.templatetags.table import effective_deck
from lessons.views import get_prefs


def person_of(request: HttpRequest, create: bool = False) -> game.Person:
    if request.user.is_authenticated:
        return game.Person(request.user.pk, "")
    if create and request.session.session_key is None:
        request.session.save()
    return game.Person(None, request.session.session_key or "")


def _table_or_404(code: str) -> LiveTable:
    table = LiveTable.objects.filter(code=code.upper()).first()
    if table is None:
        raise Http404
    return table


# ---------------------------------------------------------------- opening and finding a table


@require_http_methods(["GET", "POST"])
def index(request: HttpRequest) -> HttpResponse:
    """Open a table (POST), or find one by its code (GET ?code=)."""
    form = NewTableForm(
        request.POST or None, initial={"declare_for_me": True}, user=request.user, lang=get_language() or "en"
    )
    error = ""
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            if d["variant"] == DECOUVERTE:
                table = live_decouverte.open_table(
                    d["level"], person_of(request, create=True), classroom=d.get("classroom")
                )
                return HttpResponseRedirect(reverse("tables-table", args=[table.code]))
            table = game.open_table(
                d["variant"],
                d["level"],
                d["target"],
                d["declare_for_me"],
                person_of(request, create=True),
                classroom=d.get("classroom"),
                move_seconds=d.get("move_seconds") or 0,
                rules=d["rules"],
                khaysh=d["khaysh"],
            )
            return HttpResponseRedirect(reverse("tables-table", args=[table.code]))
        status = 400
    code = (request.GET.get("code") or "").strip().upper()
    if code:
        if LiveTable.objects.filter(code=code).exists():
            return HttpResponseRedirect(reverse("tables-table", args=[code]))
        error = _("No table has this code: check it with the person who opened the table.")
        status = 404
    ctx = {
        "form": form,
        "error": error,
        # The other lengths offered (the usual one of each game is the first choice).
        "targets": [(t, Variant(v).label, v) for v, lengths in TARGETS.items() for t in lengths[1:]],
        "prefs": get_prefs(request),
        "page_url": reverse("tables-index"),
    }
    return render(request, "tables/index.html", ctx, status=status)


@require_GET
def table_page(request: HttpRequest, code: str) -> HttpResponse:
    table = _table_or_404(code)
    if game.out_of_time(table):
        changed(table)
    return _page(request, table)


def _page(
    request: HttpRequest,
    table: LiveTable,
    status: int = 200,
    sit_form: SitForm | None = None,
    **extra: Any,
) -> HttpResponse:
    person = person_of(request, create=True)
    seat = game.seat_of(table, person)
    if live_decouverte.is_decouverte(table):
        return _decouverte_page(request, table, person, seat, status, sit_form, **extra)
    st = game.view_for(table, seat)
    if st is None:
        raise Http404
    lang = get_language() or "en"
    teacher = seat is None and game.is_teacher(table, person)
    if teacher:
        evaluation.ask_missing(table, st.game)
    ctx = board.context(table, st, seat, lang, get_prefs(request), teacher=teacher, **extra)
    say = display.say_for(st, lang, effective_deck(table.variant, ctx["prefs"]["deck"]))
    ctx.update(page_parts(request, table, ctx, seat, lang, sit_form))
    ctx.update(
        {"you": say.seat(seat) if seat is not None else "", "house_rules": house_rules_in_play(table, lang)}
    )
    return render(request, "tables/table.html", ctx, status=status)


def page_parts(
    request: HttpRequest,
    table: LiveTable,
    ctx: dict[str, Any],
    seat: Seat | None,
    lang: str,
    sit_form: SitForm | None,
) -> dict[str, Any]:
    """What a table's page holds around its board, at either table: the links, the socket and the
    form to sit (with the seats still free, for a person standing)."""
    return {
        "code": table.code,
        "share_url": request.build_absolute_uri(reverse("tables-table", args=[table.code])),
        "free_seats": board.free_seats(ctx["players"]) if seat is None else [],
        "sit_form": sit_form or SitForm(),
        "sit_url": reverse("tables-sit", args=[table.code]),
        "leave_url": reverse("tables-leave", args=[table.code]),
        "ws_url": f"/ws/{lang}/tables/{table.code}/",
        "page_url": reverse("tables-table", args=[table.code]),
    }


def house_rules_in_play(table: LiveTable, lang: str) -> list[tuple[str, bool]]:
    """The house rules this table plays otherwise than most tables: each one's name, and on or off."""
    changed = [
        (rule.title, bool(table.options[rule.option]))
        for rule in house_rules(table.variant, lang)
        if rule.option in (table.options or {}) and table.options[rule.option] != rule.default
    ]
    if (table.coach or {}).get("khaysh"):
        changed.append((_("Khaysh"), True))
    return changed


def _decouverte_page(
    request: HttpRequest,
    table: LiveTable,
    person: game.Person,
    seat: Seat | None,
    status: int,
    sit_form: SitForm | None,
    **extra: Any,
) -> HttpResponse:
    """A découverte table's page: the two-player board from the person's own seat."""
    lang = get_language() or "en"
    teacher = seat is None and game.is_teacher(table, person)
    ctx = live_decouverte.context(table, seat, lang, get_prefs(request), teacher=teacher, **extra)
    if ctx is None:
        raise Http404
    ctx.update(page_parts(request, table, ctx, seat, lang, sit_form))
    ctx.update(
        {
            "board_template": "tables/partials/decouverte_board.html",
            "you": ctx["board"].learner if seat is not None else "",
        }
    )
    return render(request, "tables/table.html", ctx, status=status)


# ---------------------------------------------------------------- seats


@require_POST
def sit(request: HttpRequest, code: str) -> HttpResponse:
    table = _table_or_404(code)
    form = SitForm(request.POST)
    if not form.is_valid():
        return _page(request, table, status=400, sit_form=form)
    decouverte = live_decouverte.is_decouverte(table)
    if decouverte and Seat.parse(form.cleaned_data["seat"]) not in live_decouverte.SEATS:
        form.add_error("seat", _("Choose a seat of the table."))  # a tampered form: two seats only
        return _page(request, table, status=400, sit_form=form)
    sit_at = live_decouverte.sit if decouverte else game.sit
    try:
        sit_at(
            table,
            Seat.parse(form.cleaned_data["seat"]),
            person_of(request, create=True),
            form.cleaned_data["name"],
        )
    except game.SeatTaken:
        return _page(request, table, status=409, sit_form=form, error="seat-taken")
    changed(table)
    return HttpResponseRedirect(reverse("tables-table", args=[table.code]))


@require_POST
def leave(request: HttpRequest, code: str) -> HttpResponse:
    """The person leaves their seat; a bot plays it from now on."""
    table = _table_or_404(code)
    leave_from = live_decouverte.leave if live_decouverte.is_decouverte(table) else game.leave
    if leave_from(table, person_of(request)) is not None:
        changed(table)
    return HttpResponseRedirect(reverse("tables-table", args=[table.code]))


# ---------------------------------------------------------------- moves without JavaScript


@require_POST
def act(request: HttpRequest, code: str) -> HttpResponse:
    table = _table_or_404(code)
    data = {k: request.POST.get(k) for k in request.POST}
    action = str(data.get("action") or "")
    person = person_of(request)
    if action in CONTROLS:
        error = control(table, person, action, data)
        if error:
            return _page(request, table, status=400, error=error)
        return HttpResponseRedirect(reverse("tables-table", args=[table.code]))
    outcome = act_of(table)(table, person, action, data)
    if outcome.refused is not None:
        return _page(request, table, refused=outcome.refused)
    if outcome.error:
        return _page(request, table, status=400, error=outcome.error)
    after_move(table, outcome)
    return HttpResponseRedirect(reverse("tables-table", args=[table.code]))


# ---------------------------------------------------------------- after a hand


def _finished_hand(table: LiveTable, number: int, n: int) -> tuple[TableGame, game.SeatTable]:
    row = TableGame.objects.filter(table=table, number=number).select_related("game").first()
    if row is None:
        raise Http404
    try:
        st = game.SeatTable(row.game, Seat.S, frozenset())
    except game.BrokenGame:
        raise Http404 from None
    # A hand still being played has no replay yet; a void deal (nobody bought) has none at all.
    if not 1 <= n <= len(st.records) or (st.records[n - 1].get("result") or {"void": True}).get("void"):
        raise Http404
    return row, st


@require_GET
def replay(request: HttpRequest, code: str, number: int, n: int) -> HttpResponse:
    """A finished hand trick by trick, for everybody at the table (and a shared link)."""
    table = _table_or_404(code)
    return _replay(request, table, number, n, own=False)


@require_GET
def review(request: HttpRequest, code: str, number: int, n: int) -> HttpResponse:
    """A player's own review of a finished hand: only the person of that seat sees it."""
    table = _table_or_404(code)
    return _replay(request, table, number, n, own=True)


def _reader(request: HttpRequest, table: LiveTable, own: bool) -> Seat | None:
    """Whose eyes a replay is drawn with: the asker's seat; for a review, a class's teacher names
    the pupil's (``?seat=``). A review for nobody's seat is not found."""
    person = person_of(request)
    seat = game.seat_of(table, person)
    if own and game.is_teacher(table, person):
        try:
            seat = Seat.parse(request.GET.get("seat") or "")
        except (ValueError, KeyError, NotationError):
            raise Http404 from None
    if own and seat is None:
        raise Http404
    return seat


def _steps(request: HttpRequest, url: str, count: int) -> dict[str, Any]:
    """The trick shown (``?trick=``, the last by default) and the links to its neighbours."""
    try:
        k = int(request.GET.get("trick") or count)
    except ValueError:
        k = count
    k = min(max(k, 1), count) if count else 0
    return {
        "k": k,
        "count": count,
        "previous_url": f"{url}?trick={k - 1}" if k > 1 else "",
        "next_url": f"{url}?trick={k + 1}" if k < count else "",
        "page_url": f"{url}?trick={k}",
    }


def _own_review(game_row: TableGame, n: int, seat: Seat) -> SeatReview | None:
    rows = reviews.request(game_row.game, n, frozenset({seat}))
    return rows[0] if rows else SeatReview.objects.filter(game=game_row.game, hand=n, seat=str(seat)).first()


def _replay(request: HttpRequest, table: LiveTable, number: int, n: int, own: bool) -> HttpResponse:
    if live_decouverte.is_decouverte(table):
        return _decouverte_replay(request, table, number, n, own)
    row, st = _finished_hand(table, number, n)
    seat = _reader(request, table, own)
    if seat is not None:
        st.learner = seat
    lang = get_language() or "en"
    prefs = get_prefs(request)
    deck = effective_deck(table.variant, prefs["deck"])
    shown = display.replay(st, n - 1, lang, prefs["deck"])
    url = reverse("tables-review" if own else "tables-replay", args=[table.code, number, n])
    steps = _steps(request, url, len(shown["tricks"]))
    k = steps["k"]
    status, result = "none", {}
    if own and seat is not None:
        r = _own_review(row, n, seat)
        if r is not None:
            status, result = r.status, r.result
    shown_review = display.review_shown(status, result, table.variant, lang, deck, set())
    ctx = {
        **steps,
        "game": row.game,
        "variant_name": Variant(table.variant).label,
        "prefs": prefs,
        "deck": deck,
        "n": n,
        "shown": shown,
        "step": shown["tricks"][k - 1] if k else None,
        "live": table,
        "back_url": reverse("tables-table", args=[table.code]),
        "review": shown_review,
        "review_poll_url": "",
        "practise_url": "",
        "review_queue_url": reverse("review-index"),
        "mistake": shown_review.of_trick(k) if k and status == ReviewStatus.DONE else None,
    }
    return render(request, "practice/replay.html", ctx)


def _decouverte_replay(
    request: HttpRequest, table: LiveTable, number: int, n: int, own: bool
) -> HttpResponse:
    """A découverte hand trick by trick, each card explained, drawn from the reader's seat (a
    watcher's: South's); with the reader's own review when ``own``."""
    row = TableGame.objects.filter(table=table, number=number).select_related("game").first()
    if row is None:
        raise Http404
    try:
        st = DecouverteTable(row.game)
    except BrokenRecord:
        raise Http404 from None
    if not reviewable(st, n):  # not over yet, or nobody took: nothing to replay
        raise Http404
    seat = _reader(request, table, own)
    lang = get_language() or "en"
    prefs = get_prefs(request)
    deck = effective_deck(table.variant, prefs["deck"])
    say = decouverte_display.say(lang, deck)
    shown = decouverte_display.replay(st.records[n - 1], say, seat or Seat.S)
    url = reverse("tables-review" if own else "tables-replay", args=[table.code, number, n])
    steps = _steps(request, url, len(shown["tricks"]))
    review_row = _own_review(row, n, seat) if own and seat is not None else None
    polls = _int(request.GET.get("poll"), 0)
    ctx = {
        **steps,
        "game": row.game,
        "variant_name": _("Belote découverte (2 players)"),
        "prefs": prefs,
        "deck": deck,
        "n": n,
        "shown": shown,
        "step": shown["tricks"][steps["k"] - 1] if steps["k"] else None,
        "back_url": reverse("tables-table", args=[table.code]),
        "replay_url": reverse("tables-replay", args=[table.code, number, n]),
        "own": own,
        "review": decouverte_coach.review_shown(review_row, say) if own else None,
        # A review in progress is asked for again a while, then left to a reload.
        "review_poll_url": f"{url}?trick={steps['k']}&poll={polls + 1}" if own and polls < MAX_POLLS else "",
    }
    return render(request, "tables/decouverte_replay.html", ctx)
