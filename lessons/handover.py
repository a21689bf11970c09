"""What a browser did before signing in, handed to the account: one function per kind of record.

Signing in (or signing up) gives the account everything the browser did anonymously: its answers
(and with them the lessons' stars), its review queue, its trainer ratings with their history, its
practice games with their reviews, and what the session holds for the learner (lessons seen, where
the learner stopped, the display choices, the calculator's sheet). Where the account already has
some, the two are merged: a puzzle in both review queues is kept once, of two trainer ratings the
newer one is kept with the history of both, session values are joined.

A signed-in learner's answers and review queue are stored under the account's key
(``progress.account_key``), the same in every browser; what the session holds is kept on the
account (``Account.browser``) at sign-out and given back at sign-in, in any browser. Signing out
then leaves the browser clean: Django empties its session.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest

from lessons import progress, review
from lessons.models import Account, Attempt, PracticeGame, TrainerPlay, TrainerRating
from lessons.views import PREFS_KEY

# The session's entries that belong to the learner rather than to the browser. A feature that
# keeps one of its own in the session adds its key with :func:`carry` (the calculator's sheet).
CARRIED: list[str] = [progress.SEEN_KEY, progress.WHERE_KEY, progress.FIRST_TRY_KEY, PREFS_KEY]


def carry(session_entry: str) -> None:
    """Keep the session entry ``session_entry`` with the account from now on."""
    if session_entry not in CARRIED:
        CARRIED.append(session_entry)


# ---------------------------------------------------------------- the signals


def keep_on_sign_in(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """``user_logged_in``: hand the browser's anonymous records to ``user``.

    The session's key changed when signing in: the one the anonymous records are stored under
    was noted in the session (``progress.ANONYMOUS_KEY``, by answers and by ``note_browser``).
    """
    if request is None or not hasattr(request, "session"):
        return
    anonymous = str(request.session.pop(progress.ANONYMOUS_KEY, "") or "")
    to_account(request, user, anonymous)


def keep_on_sign_out(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """``user_logged_out`` (before Django empties the session): keep the session's learner entries."""
    if request is None or user is None or not hasattr(request, "session"):
        return
    account = Account.objects.filter(user=user).first()
    if account is not None:
        account.browser = _joined(account.browser, request.session)
        account.save(update_fields=["browser"])


def note_browser(request: HttpRequest) -> None:
    """Before signing in: remember under which key this browser's anonymous records are stored."""
    key = request.session.session_key
    if key:
        request.session.setdefault(progress.ANONYMOUS_KEY, key)


# ---------------------------------------------------------------- the handover


def to_account(request: HttpRequest, user: Any, anonymous: str) -> None:
    """Everything stored under the anonymous session key ``anonymous`` (and the session's learner
    entries) joins ``user``'s records."""
    key = progress.account_key(user)
    with transaction.atomic():
        best = best_first_tries(user, anonymous)
        if best:
            kept = request.session.get(progress.FIRST_TRY_KEY, [])
            request.session[progress.FIRST_TRY_KEY] = sorted({*kept, *best})
        attempts(user, anonymous, key)
        review.keep_on_sign_in(user, anonymous, key)
        if anonymous:
            trainer_ratings(user, anonymous)
            practice_games(user, anonymous)
        session_entries(request, user)


def attempts(user: Any, anonymous: str, key: str) -> None:
    """The browser's answers, and any of the account's stored under another key, under the account's."""
    mine = Q(user=user)
    if anonymous:
        mine |= Q(session_key=anonymous, user__isnull=True)
    Attempt.objects.filter(mine).exclude(session_key=key).update(user=user, session_key=key)


def best_first_tries(user: Any, anonymous: str) -> set[int]:
    """The puzzles answered by both the browser and the account that one of them got right at the
    first try without a hint: the stars keep the better of the two (``progress.lesson_stars``)."""
    if not anonymous:
        return set()
    sides = (Q(session_key=anonymous, user__isnull=True), Q(user=user))
    firsts: list[dict[int, bool]] = []
    for side in sides:
        first: dict[int, bool] = {}
        rows = Attempt.objects.filter(side, drill__isnull=True).order_by("created", "id")
        for puzzle_id, correct, hints in rows.values_list("puzzle_id", "correct", "hints_used"):
            first.setdefault(puzzle_id, correct and not hints)
        firsts.append(first)
    browser, account = firsts
    return {pk for pk in browser.keys() & account.keys() if browser[pk] or account[pk]}


def trainer_ratings(user: Any, anonymous: str) -> None:
    """The browser's trainer ratings: where the account has one in the same variant, the newer is
    kept, with the puzzles met by both (the older's plays of puzzles the newer never met move)."""
    for browser in TrainerRating.objects.select_for_update().filter(session_key=anonymous, user__isnull=True):
        account = TrainerRating.objects.select_for_update().filter(user=user, variant=browser.variant).first()
        if account is not None:
            newer, older = (browser, account) if browser.updated > account.updated else (account, browser)
            met = TrainerPlay.objects.filter(learner=newer).values("puzzle_id")
            TrainerPlay.objects.filter(learner=older).exclude(puzzle_id__in=met).update(learner=newer)
            newer.played += older.played
            newer.won += older.won
            newer.best_streak = max(newer.best_streak, older.best_streak)
            older.delete()
            browser = newer
        browser.user, browser.session_key = user, ""
        browser.save()


def practice_games(user: Any, anonymous: str) -> None:
    """The browser's practice games, and with them their hands' reviews (``HandReview.game``)."""
    PracticeGame.objects.filter(session_key=anonymous, user__isnull=True).update(user=user, session_key="")


def session_entries(request: HttpRequest, user: Any) -> None:
    """The session's learner entries joined with those the account kept, in the session and on the account."""
    account = Account.objects.filter(user=user).first()
    if account is None:
        return
    joined = _joined(account.browser, request.session)
    for entry, value in joined.items():
        request.session[entry] = value
    account.browser = joined
    account.save(update_fields=["browser"])


def _joined(kept: Any, session: Any) -> dict[str, Any]:
    """The account's kept entries with the session's: lists joined, mappings joined (the session's
    value of a key wins: it is the newer), anything else the session's."""
    joined = dict(kept) if isinstance(kept, dict) else {}
    for entry in CARRIED:
        here, there = session.get(entry), joined.get(entry)
        if isinstance(here, list) and isinstance(there, list):
            joined[entry] = [*there, *(v for v in here if v not in there)]
        elif isinstance(here, dict) and isinstance(there, dict):
            joined[entry] = {**there, **here}
        elif here is not None:
            joined[entry] = here
    return joined
