"""What one person sees of a live table: the practice table's board, drawn from their own seat.

The page and every socket message are rendered here, for one seat at a time: the board's hand is
that seat's cards and nobody else's (a watcher who sits nowhere gets no hand at all). A refusal
is rendered only into the answer to the person who tried the card or the call.

What every seat sees alike and holds no card of a hand (the last trick, the hand's score, the
score sheet and the replays) is rendered once per state and language (:func:`shared_sections`):
after a move the four boards of a table differ only in their own parts.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.cards import SEATS, Card, Seat
from engine.ranking import NO_TRUMP
from lessons.models import LiveTable, SeatReview, TableGame, TableSeat, Variant
from lessons.practice import display
from lessons.practice.state import Refused
from lessons.practice.tables import evaluation
from lessons.practice.tables.game import SeatTable
from lessons.practice.tables.game import class_pupils as game_pupils
from lessons.practice.views import bad_move_message
from lessons.templatetags.table import effective_deck

# The quick messages a player may send (no free chat): key → words, translated for each reader.
QUICK_MESSAGES = {
    "well-played": gettext_lazy("Well played!"),
    "your-turn": gettext_lazy("Your turn."),
    "thank-you": gettext_lazy("Thank you."),
    "good-luck": gettext_lazy("Good luck!"),
}


def error_message(code: str) -> str:
    return {
        "paused": _("The teacher has paused the table."),
        "not-seated": _("Take a seat to play."),
        "not-teacher": _("Only the class's teacher may do that."),
        "unknown": _("That message is not a move of this table."),
        "no-move": _("This form has no move number: reload the table and play again."),
        "bad-json": _("That message could not be read."),
        "broken": _("This game could not be restored."),
        "seat-taken": _("Someone has just taken this seat: choose another."),
    }.get(code) or bad_move_message(code)


def refused_shown(refused: Refused, st: SeatTable, say: display.Say) -> dict[str, Any]:
    what = say.definite(Card.parse(refused.value)) if refused.kind == "play" else say.call(refused.value)
    return {"kind": refused.kind, "code": refused.value, "what": what, "reasons": say.items(refused.reasons)}


def players(table: LiveTable, st: SeatTable, seat: Seat | None, say: display.Say) -> list[dict[str, Any]]:
    seated = st.seat_rows if st.seat_rows is not None else TableSeat.objects.filter(table=table)
    rows = {r.seat: r for r in seated}
    out = []
    for s in SEATS:
        row = rows.get(str(s))
        out.append(
            {
                "seat": str(s),
                "seat_name": say.seat(s),
                "name": row.name if row else "",
                "you": s == seat,
            }
        )
    return out


def context(
    table: LiveTable,
    st: SeatTable,
    seat: Seat | None,
    lang: str,
    prefs: dict[str, str],
    refused: Refused | None = None,
    error: str = "",
    teacher: bool = False,
) -> dict[str, Any]:
    """The board partial's context for the person at ``seat`` (None: a watcher, no cards; a class's
    teacher watching: every hand open, the coach's evaluation of each decision of every hand of the
    game, the current one as it is played, and each pupil's review of each finished hand)."""
    deck = effective_deck(table.variant, prefs["deck"])
    say = display.say_for(st, lang, deck)
    board = display.board(st, lang, deck)
    if seat is None:
        # A watcher is drawn the table from South without South's cards or choices.
        board.hand, board.calls, board.refused_calls, board.legal = [], [], [], frozenset()
        board.to_act, board.declare_types, board.own_declarations, board.belote_word = False, [], [], ""
    game = st.game
    n = len(st.records)
    finished_hands = [i for i, r in enumerate(st.records, 1) if "result" in r and not r["result"].get("void")]
    number = st.number or TableGame.objects.filter(game=game).values_list("number", flat=True).first() or 1
    own_review = ""
    if seat is not None and n in finished_hands:
        own_review = reverse("tables-review", args=[table.code, number, n])
    review_row = SeatReview.objects.filter(game=game, hand=n, seat=str(seat)).first() if own_review else None
    open_hands: list[dict[str, Any]] = []
    pupil_reviews: list[dict[str, Any]] = []
    coach_hands: list[evaluation.EvaluationShown] = []
    if teacher:
        names = {r.seat: r.name for r in (st.seat_rows or TableSeat.objects.filter(table=table))}
        trump = st.hand.contract.trump if st.hand.contract is not None else NO_TRUMP
        for s in SEATS:
            st.learner = s
            open_hands.append(
                {
                    "seat": say.seat(s),
                    "name": names.get(str(s), ""),
                    "cards": say.faces(display.sorted_hand(st.learner_cards(), trump)),
                }
            )
        st.learner = Seat.S
        coach_hands = evaluation.shown_game(game, st.records, say)
        for row in SeatReview.objects.filter(game=game).order_by("hand", "seat"):
            pupil_reviews.append(
                {
                    "hand": row.hand,
                    "seat": say.seat(Seat.parse(row.seat)),
                    "url": reverse("tables-review", args=[table.code, number, row.hand])
                    + f"?seat={row.seat}",
                }
            )
    seated_ids = {r.user_id for r in (st.seat_rows or TableSeat.objects.filter(table=table))}
    ctx = {
        "teacher": teacher,
        # A class's teacher seats pupils in the seats left to bots.
        "pupils_standing": [p for p in game_pupils(table) if p[0] not in seated_ids] if teacher else [],
        "bot_seats": [(p["seat"], p["seat_name"]) for p in players(table, st, seat, say) if not p["name"]]
        if teacher
        else [],
        "open_hands": open_hands,
        "pupil_reviews": pupil_reviews,
        "coach_hands": coach_hands,
        "live": table,
        "game": game,
        "board": board,
        "sheet": display.sheet(st, say),
        "sheets": _other_sheets(table, game.pk) if number > 1 else [],
        "players": players(table, st, seat, say),
        "seated": seat is not None,
        "move": game.move,
        "prefs": prefs,
        "deck": deck,
        "error": error_message(error) if error else "",
        "refused": refused_shown(refused, st, say) if refused else None,
        "act_url": reverse("tables-act", args=[table.code]),
        "can_deal_next": seat is not None and st.can_deal_next(),
        "can_play_again": seat is not None and game.finished,
        "replays": [(i, reverse("tables-replay", args=[table.code, number, i])) for i in finished_hands],
        "own_review_url": own_review,
        "own_review_status": review_row.status if review_row else "",
        "quick_messages": list(QUICK_MESSAGES.items()),
        "paused": table.paused,
        "shown": table.shown,
        "variant_name": Variant(table.variant).label,
    }
    ctx["shared"] = shared_sections(ctx)
    return ctx


# The sections every seat sees alike, by state and language: the four boards drawn after a move
# render them once. ``updated`` in the key: a database emptied and filled again reuses ids.
_SHARED: OrderedDict[tuple[Any, ...], dict[str, str]] = OrderedDict()
SHARED_MAX = 256
# What those sections read of a board's context: nothing of a seat's own (no hand, no form).
SHARED_KEYS = ("board", "game", "prefs", "replays", "sheet", "sheets")


def shared_sections(ctx: dict[str, Any]) -> dict[str, str]:
    """The last trick and the score (``results``), the replays and the score sheet (``sheet``)."""
    game = ctx["game"]
    key = (
        ctx["live"].pk,
        game.pk,
        game.move,
        game.updated,
        translation.get_language(),
        tuple(sorted(ctx["prefs"].items())),
    )
    parts = _SHARED.get(key)
    if parts is None:
        shared = {k: ctx[k] for k in SHARED_KEYS}
        parts = {
            "results": render_to_string("tables/partials/results.html", shared),
            "sheet": render_to_string("tables/partials/sheet.html", shared),
        }
        _SHARED[key] = parts
        while len(_SHARED) > SHARED_MAX:
            _SHARED.popitem(last=False)
    return parts


def _other_sheets(table: LiveTable, current_pk: int) -> list[dict[str, Any]]:
    """The finished games' totals: the score sheets stay with the table (of a table of four or
    of two)."""
    out = []
    for row in TableGame.objects.filter(table=table).exclude(game_id=current_pk).select_related("game"):
        hands = row.game.hands
        result = (hands[-1].get("result") or {}) if hands else {}
        game = result.get("game") or [0, 0]
        if isinstance(game, dict):  # a découverte game's totals are by seat (South, North)
            game = [game["S"], game["N"]]
        out.append({"number": row.number, "ns": game[0], "ew": game[1], "winner": result.get("winner") or ""})
    return out


def render_board(ctx: dict[str, Any]) -> str:
    return render_to_string("tables/partials/board.html", ctx)


def render_quick(seat_name: str, key: str, prefs: dict[str, str], name: str = "") -> str:
    """A quick message in the reader's language, signed with the seat and the sender's name."""
    text = QUICK_MESSAGES.get(key)
    if text is None:
        return ""
    return render_to_string(
        "tables/partials/quick.html", {"seat": seat_name, "name": name, "text": str(text), "prefs": prefs}
    )


def free_seats(players: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The seats nobody sits in (a bot plays them), as (seat letter, seat name)."""
    return [(p["seat"], p["seat_name"]) for p in players if not p["name"]]


def render_free_seats(players: list[dict[str, Any]]) -> str:
    """The free seats' buttons of the form to sit, swapped in by their id with a socket's board."""
    return render_to_string(
        "tables/partials/free_seats.html", {"free_seats": free_seats(players), "oob": True}
    )
