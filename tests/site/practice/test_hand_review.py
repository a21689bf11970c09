"""The review of a finished hand at the practice table: each mistake of the learner marked on the
replay with its cost and why, "Practise this position" into the review queue, off the request."""

import html
import itertools
import random
import re
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from engine.coach.evaluator import MISTAKE_CARD_POINTS
from engine.hand import Phase
from lessons.models import HandReview, Puzzle, ReviewItem, ReviewStatus, Source
from lessons.practice import review as hand_review
from lessons.practice import state as practice_state
from lessons.practice.state import Table
from lessons.practice.tasks import review_hand
from tests.site.pages import token
from tests.site.practice.tools import HTMX, choice, play_it_out, play_out_hand, post, start


def a_hand_with_a_card_mistake(client, variant="saudi", lang="en"):
    """Hands played at random by the learner until the review finds a costly card (from the learner's
    seat, and with every hand seen); (game, n, mistake)."""
    # The deals are shuffled from fixed seeds, so the hands played are the same in every run.
    with mock.patch.object(practice_state.secrets, "randbelow", side_effect=random.Random(7).randrange):
        return _hands_until_a_card_mistake(client, variant, lang)


def _hands_until_a_card_mistake(client, variant, lang):
    game = start(client, variant, lang=lang)
    # Judged from the seat, a costly card is rarer than with every hand seen: many hands may pass.
    for seed in range(1, 80):
        play_out_hand(client, game, seed=seed, lang=lang)
        game.refresh_from_db()
        n = len(game.hands)
        row = HandReview.objects.filter(game=game, hand=n).first()
        # A mistake that also loses points with every hand seen: its position makes a puzzle.
        found = [c for c in row.result["cards"] if c["open"]["loss"] > 0] if row is not None else []
        if row is not None and row.status == ReviewStatus.DONE and found:
            return game, n, found[0]
        client.post(f"/{lang}/practice/game/{game.pk}/next", {"move": game.move})
    raise AssertionError("no card mistake in any hand")


@pytest.mark.django_db
def test_the_review_is_computed_when_the_hand_ends_and_stored_once(client):
    game, n, mistake = a_hand_with_a_card_mistake(client)
    row = HandReview.objects.get(game=game, hand=n)

    assert row.key == hand_review.hand_key(game.hands[n - 1])
    assert mistake["loss"] > 0 and mistake["played"] not in mistake["best"]
    assert review_hand.enqueue(row.pk).return_value == "done already"
    # Asking again (the replay page) finds the stored review: nothing is enqueued.
    assert hand_review.request(game, Table(game), n).pk == row.pk
    assert HandReview.objects.filter(game=game).count() == len(
        [h for h in game.hands if "result" in h and not h["result"].get("void")]
    )


@pytest.mark.django_db
def test_the_analysis_judges_every_decision_of_the_learner_from_the_learners_seat(client):
    game, n, _ = a_hand_with_a_card_mistake(client)

    result = hand_review.analyse(Table(game), n)

    # Eight cards of South, and every word South said: the calls and, after a Hokm, the doubling words.
    calls = [a for a in game.hands[n - 1]["actions"] if a[0] in ("call", "double") and a[1] == "S"]
    assert result["judged"] == 8 + len(calls)
    assert result["loss"] == sum(c["loss"] for c in result["cards"])
    for c in result["cards"]:
        # A mistake from the seat's view: it loses the threshold on average, beyond the noise, and
        # names the principle of the better card; the double-dummy figure is kept as a note.
        assert c["loss"] >= MISTAKE_CARD_POINTS - 0.5 and c["low"] > 0 and c["played"] not in c["best"]
        assert c["reasons"] and c["samples"] == hand_review.SAMPLES
        assert c["could"] - c["got"] == c["open"]["loss"]
        assert c["played"] in c["position"]["hands"]["S"]


@pytest.mark.django_db
def test_a_review_of_another_hand_is_never_shown(client):
    game, n, _ = a_hand_with_a_card_mistake(client)
    row = HandReview.objects.get(game=game, hand=n)
    HandReview.objects.filter(pk=row.pk).update(key="0" * 32, status=ReviewStatus.PENDING)

    assert review_hand.enqueue(row.pk).return_value == "stale"
    assert HandReview.objects.get(pk=row.pk).status == ReviewStatus.FAILED
    # The page asks again: the review of this hand is computed.
    page = client.get(f"/en/practice/game/{game.pk}/hand/{n}/")
    assert page.status_code == 200
    row.refresh_from_db()
    assert row.status == ReviewStatus.DONE and row.key == hand_review.hand_key(game.hands[n - 1])


@pytest.mark.django_db
def test_the_replay_marks_the_mistake_with_its_card_its_cost_and_why(client):
    game, n, mistake = a_hand_with_a_card_mistake(client)
    k = mistake["trick"]

    page = client.get(f"/en/practice/game/{game.pk}/hand/{n}/?trick={k}")

    assert page.status_code == 200
    text = re.sub(r"\s+", " ", page.text)
    assert "Review of your decisions" in text
    assert f'id="mistake-{k}"' in text
    points = "card point" if mistake["loss"] == 1 else "card points"
    assert f"Trick {k}: " in text and f"cost your team {mistake['loss']} {points}" in text
    assert "Better: " in text
    assert "Your mistake in this trick" in text
    assert "Practise this position" in text


@pytest.mark.django_db
def test_a_pending_review_polls_and_offers_a_reload_link(client):
    game, n, _ = a_hand_with_a_card_mistake(client)
    HandReview.objects.filter(game=game, hand=n).update(status=ReviewStatus.PENDING, result={})
    url = f"/en/practice/game/{game.pk}/hand/{n}/"

    poll = client.get(url + "?part=review", headers=HTMX)

    assert poll.status_code == 200
    assert "Review in progress" in poll.text
    assert f'hx-get="{url}?part=review&amp;poll=1"' in poll.text
    assert 'hx-trigger="load delay' in poll.text
    assert "Reload the page to see it" in poll.text
    # The poll only reads: the review is still in progress, the next poll will find it.
    assert HandReview.objects.get(game=game, hand=n).status == ReviewStatus.PENDING
    # After about a minute the page stops asking: the reload link stays.
    last = client.get(url + "?part=review&poll=40", headers=HTMX)
    assert "Review in progress" in last.text and "hx-get" not in last.text
    assert "Reload the page to see it" in last.text


@pytest.mark.django_db
def test_practise_this_position_puts_a_personal_puzzle_in_the_review_queue_once(client):
    game, n, mistake = a_hand_with_a_card_mistake(client)
    k = mistake["trick"]
    url = f"/en/practice/game/{game.pk}/hand/{n}/practise"

    first = client.post(url, {"trick": k})
    again = client.post(url, {"trick": k})  # a double submit

    assert first.status_code == 302 and again.status_code == 302
    assert first["Location"].endswith(f"/hand/{n}/?trick={k}#mistake-{k}")
    puzzle = Puzzle.objects.get(source=Source.PERSONAL)
    # The puzzle shows every hand: its answers are the best cards with all of them seen.
    assert puzzle.position == mistake["position"] and puzzle.answers == mistake["open"]["best"]
    assert ReviewItem.objects.filter(puzzle=puzzle).count() == 1
    page = client.get(first["Location"])
    assert "This position is in your review queue." in page.text
    # The review serves it at once, on the review's own page.
    queue = client.get("/en/review/")
    assert queue.status_code == 302 and queue["Location"] == f"/en/review/{puzzle.key}/"
    shown = client.get(queue["Location"])
    assert shown.status_code == 200
    assert "A position from one of your own hands" in shown.text
    assert "/practice/puzzle/" not in shown.text  # only the review serves it


@pytest.mark.django_db
def test_the_personal_puzzle_is_answered_like_any_best_card_puzzle(client):
    game, n, mistake = a_hand_with_a_card_mistake(client)
    client.post(f"/en/practice/game/{game.pk}/hand/{n}/practise", {"trick": mistake["trick"]})
    puzzle = Puzzle.objects.get(source=Source.PERSONAL)
    page = client.get(f"/en/review/{puzzle.key}/")
    assert f'action="/en/review/{puzzle.key}/answer"' in page.text

    answer = client.post(
        f"/en/review/{puzzle.key}/answer", {"card": mistake["open"]["best"][0], "token": token(page)}
    )  # the puzzle shows every hand: its answers are the best cards with all of them seen

    assert answer.status_code == 200
    # Right once due: it moves on in the queue and comes back in three days.
    assert ReviewItem.objects.get(puzzle=puzzle).stage == 1


@pytest.mark.django_db
def test_nobody_else_opens_the_personal_puzzle(client, django_user_model):
    from django.test import Client

    game, n, mistake = a_hand_with_a_card_mistake(client)
    client.post(f"/en/practice/game/{game.pk}/hand/{n}/practise", {"trick": mistake["trick"]})
    puzzle = Puzzle.objects.get(source=Source.PERSONAL)
    other = Client()

    assert other.get(f"/en/review/{puzzle.key}/").status_code == 400
    assert other.get(f"/en/practice/puzzle/{puzzle.key}/").status_code == 404
    assert other.post(f"/en/practice/game/{game.pk}/hand/{n}/practise", {"trick": 1}).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("trick", ["", "x", "0", "9", "-1", "1" * 40])
def test_a_damaged_trick_is_a_400_with_a_message(client, trick):
    game, n, _ = a_hand_with_a_card_mistake(client)

    response = client.post(f"/en/practice/game/{game.pk}/hand/{n}/practise", {"trick": trick})

    assert response.status_code == 400
    assert "open the review again" in response.text
    assert not ReviewItem.objects.exists()


@pytest.mark.django_db
def test_a_mistake_the_open_hands_do_not_confirm_offers_no_puzzle(client):
    """From the learner's seat the card was clearly worse; with every hand seen it lost nothing: the
    verdict stands, but a best-card puzzle of that position would call the card right."""
    game, n, mistake = a_hand_with_a_card_mistake(client)
    row = HandReview.objects.get(game=game, hand=n)
    row.result["cards"] = [{**mistake, "open": {"best": [mistake["played"]], "loss": 0}}]
    row.save()

    page = client.get(f"/en/practice/game/{game.pk}/hand/{n}/")
    response = client.post(f"/en/practice/game/{game.pk}/hand/{n}/practise", {"trick": mistake["trick"]})

    assert f'id="mistake-{mistake["trick"]}"' in page.text and "Practise this position" not in page.text
    assert response.status_code == 400 and not ReviewItem.objects.exists()


@pytest.mark.django_db
def test_a_trick_without_a_mistake_or_a_review_not_ready_is_a_400(client):
    game, n, mistake = a_hand_with_a_card_mistake(client)
    row = HandReview.objects.get(game=game, hand=n)
    clean = next(k for k in range(1, 9) if k not in {c["trick"] for c in row.result["cards"]})
    url = f"/en/practice/game/{game.pk}/hand/{n}/practise"

    no_mistake = client.post(url, {"trick": clean})
    HandReview.objects.filter(pk=row.pk).update(status=ReviewStatus.PENDING)
    not_ready = client.post(url, {"trick": mistake["trick"]})

    assert no_mistake.status_code == 400 and "no mistake of yours in that trick" in no_mistake.text
    assert not_ready.status_code == 400 and "not ready yet" in not_ready.text
    assert not ReviewItem.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("n", [0, 99, 123456789])
def test_a_tampered_hand_number_is_not_found(client, n):
    game, _, _ = a_hand_with_a_card_mistake(client)

    assert client.get(f"/en/practice/game/{game.pk}/hand/{n}/").status_code == 404
    assert client.post(f"/en/practice/game/{game.pk}/hand/{n}/practise", {"trick": 1}).status_code == 404
    assert client.get(f"/en/practice/game/{game.pk}/hand/{n}/?part=review", headers=HTMX).status_code == 404


@pytest.mark.django_db
def test_practise_is_refused_on_a_get(client):
    game, n, _ = a_hand_with_a_card_mistake(client)

    assert client.get(f"/en/practice/game/{game.pk}/hand/{n}/practise").status_code == 405


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["sa-follow-1", "sa-winner-1", "sa-bid-1"])
def test_a_puzzle_position_played_out_is_reviewed_too(client, saudi, key):
    game = play_it_out(client, key)

    row = HandReview.objects.get(game=game, hand=1)

    assert row.status == ReviewStatus.DONE
    assert row.result["judged"] >= 1
    page = client.get(f"/en/practice/game/{game.pk}/hand/1/")
    assert page.status_code == 200 and "Review of your decisions" in page.text


DEAL_SEED = 7


def planted(kind, said, other, loss, spread=1.0):
    """A judgement in which ``other`` beats ``said`` by ``loss`` on average (interval ± ``spread``)."""
    from engine.coach.evaluator import Estimate, Evaluation
    from engine.coach.review import Judgement

    def fake(view, played, seed, samples, hands):
        choices = list(view.choices)
        options = {c: Estimate(0.0, -1.0, 1.0) for c in choices}
        losses = {c: Estimate(0.0, -spread, spread) for c in choices}
        losses[said] = Estimate(loss, loss - spread, loss + spread)
        options[other] = Estimate(loss, loss - 1, loss + 1)
        best = (other,) if loss - spread > 0 else (other, said)
        seat = int(view.seat)
        evaluation = Evaluation(seat, kind, "game-points", options, losses, best, other, 8, False, 0.49)
        return Judgement(kind, played, evaluation, ())

    return fake


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("loss", "spread", "marked"), [(0.4, 0.1, False), (0.6, 0.1, True), (3.0, 3.5, False)]
)
def test_a_call_is_marked_only_when_it_loses_enough_beyond_the_noise(
    client, monkeypatch, loss, spread, marked
):
    # The same deals every run: a random one may have the learner claim a redeal, which is not judged.
    with mock.patch("lessons.practice.state.secrets.randbelow", lambda _: DEAL_SEED):
        game, n, _ = a_hand_with_a_card_mistake(client)
    record = game.hands[n - 1]
    said = [a[2] for a in record["actions"] if a[0] == "call" and a[1] == "S"]
    assert said and said[0] != "redeal"
    real = hand_review.judge

    def judge(view, played, seed, samples, hands):
        if view.phase is not Phase.AUCTION or played != said[0]:
            return real(view, played, seed, samples, hands)
        other = next(c for c in view.choices if c not in ("redeal", played))
        return planted("call", played, other, loss, spread)(view, played, seed, samples, hands)

    monkeypatch.setattr(hand_review, "judge", judge)
    bids = [b for b in hand_review.analyse(Table(game), n)["bids"] if b["call"] == said[0]]

    assert bool(bids) is marked
    if marked:
        assert bids[0]["best"] != said[0] and said[0] in bids[0]["options"]


@pytest.mark.django_db
def test_a_call_marked_by_the_review_is_shown_in_the_variants_words(client):
    game, n, _ = a_hand_with_a_card_mistake(client)
    row = HandReview.objects.get(game=game, hand=n)
    row.result["bids"] = [
        {
            "call": "pass",
            "best": "sun",
            "round": 1,
            "loss": 1.2,
            "options": {
                "pass": {"value": -2.0, "low": -3.0, "high": -1.0, "made": 0.4},
                "sun": {"value": 4.0, "low": 2.5, "high": 5.5, "made": 0.8},
            },
            "reasons": [["hint.bid-sun", {"call": "sun", "cards": ["AS", "TS", "AH"]}]],
        }
    ]
    row.save()

    page = client.get(f"/en/practice/game/{game.pk}/hand/{n}/")
    arabic = client.get(f"/ar/practice/game/{game.pk}/hand/{n}/")

    text = re.sub(r"\s+", " ", page.text)
    assert "You said Pass. With these cards a strong player says Sun" in text
    # Its reason, and what each of the two calls brings over the deals the cards allow.
    assert "aces and tens win tricks when nothing is trump" in text
    assert "Sun: the contract is made about 8 times in 10, +4.0 game points on average" in text
    assert "بهذه الأوراق يقول اللاعب القوي" in arabic.text
    # The figures in the page's digits, as every number of an Arabic page.
    assert "تقريبًا ٨ مرات من ١٠" in arabic.text


@pytest.mark.django_db
def test_the_table_links_the_hand_just_over_to_its_review(client):
    game, n, _ = a_hand_with_a_card_mistake(client)

    table = client.get("/en/practice/saudi/")

    assert f'href="/en/practice/game/{game.pk}/hand/{n}/#hand-review"' in table.text
    assert "See the review of this hand" in table.text


@pytest.mark.django_db
def test_a_void_deal_has_no_review(client):
    game, n, _ = a_hand_with_a_card_mistake(client)
    HandReview.objects.all().delete()
    game.hands[n - 1]["result"] = {**game.hands[n - 1]["result"], "void": True}
    game.save()

    page = client.get(f"/en/practice/game/{game.pk}/hand/{n}/")

    assert page.status_code == 200
    assert "Review of your decisions" not in page.text
    assert not HandReview.objects.exists()


def test_the_ideas_of_a_mistake_are_named_in_lower_case_inside_the_sentence():
    from django.template.loader import render_to_string
    from django.utils import translation

    from lessons.practice.display import effective_deck, review_shown

    mistake = {
        "trick": 6,
        "played": "AS",
        "best": ["7S"],
        "team": 0,
        "loss": 11,
        "got": 20,
        "could": 31,
        "total": 40,
        "themes": ["discard", "duck"],
    }
    review = review_shown("done", {"cards": [mistake]}, "french", "fr", effective_deck("french", ""), set())

    assert review.mistakes[0].ideas == "la défausse et laisser passer"
    with translation.override("fr"):
        html = render_to_string(
            "practice/partials/mistake.html",
            {"m": review.mistakes[0], "game": {"variant": "french"}, "prefs": {"digits": "latin"}},
        )
    assert "L’idée\u00a0: la défausse et laisser passer." in html


def a_hand_with_a_double(client, lang="en", hands=12):
    """Hands where the learner passes every call and doubles whenever allowed (a defender's Double
    with no reason to), played until the review marks the Double; (game, n, the marked word).

    The same deals every run, and the bot's estimate of each word free of the clock (its time
    budget is what a busy machine cuts short), so that the marked Double is always the same."""
    deals = itertools.count(1000)
    with (
        mock.patch("lessons.practice.state.secrets.randbelow", lambda _: next(deals)),
    ):
        return _play_until_a_double_is_marked(client, lang, hands)


def _play_until_a_double_is_marked(client, lang, hands):
    game = start(client, "saudi", lang=lang)
    for seed in range(1, hands + 1):
        rng = random.Random(seed)
        for _ in range(200):
            game.refresh_from_db()
            if "result" in game.hands[-1]:
                break
            hand = Table(game).hand
            if hand.phase is Phase.AUCTION:
                field, value = "call", "pass"
            elif hand.phase is Phase.DOUBLING and "double" in hand.doubling.allowed(Table(game).learner):
                field, value = "call", "double"
            else:
                field, value = choice(game, rng)
            assert post(client, game, field, value, lang=lang).status_code in (200, 302)
        game.refresh_from_db()
        n = len(game.hands)
        row = HandReview.objects.filter(game=game, hand=n).first()
        if row is not None and row.status == ReviewStatus.DONE and row.result.get("doubles"):
            return game, n, row.result["doubles"][0]
        if game.finished:
            break
        client.post(f"/{lang}/practice/game/{game.pk}/next", {"move": game.move})
    raise AssertionError("no Double marked in any hand")


@pytest.mark.django_db
def test_a_clearly_bad_double_is_marked_with_the_points_it_risked(client):
    game, n, marked = a_hand_with_a_double(client)
    said = [a for a in game.hands[n - 1]["actions"] if a[0] == "double" and a[1] == "S"]

    assert marked["word"] == "double" and marked["best"] == "pass" and not marked["buyers"]
    assert marked["points"] >= 1
    assert ["double", "S", "double"] in said
    # Every word the learner said is judged, beside the cards and the calls.
    calls = [a for a in game.hands[n - 1]["actions"] if a[0] in ("call", "double") and a[1] == "S"]
    assert HandReview.objects.get(game=game, hand=n).result["judged"] == 8 + len(calls)

    page = client.get(f"/en/practice/game/{game.pk}/hand/{n}/")
    arabic = client.get(f"/ar/practice/game/{game.pk}/hand/{n}/")

    text = re.sub(r"\s+", " ", html.unescape(page.text))
    assert (
        f"You said Double. Passing was better: doubling here risked about {marked['points']} game points,"
        " as the buyers' hand was likely strong enough." in text
    )
    assert "double-mistake" in text
    # The Saudi page says it in the Saudi table's words.
    assert "الدبل هنا خاطر بحوالي" in arabic.text and "ورق المشتري" in arabic.text


@pytest.mark.django_db
@pytest.mark.parametrize(("loss", "marked"), [(0.4, False), (0.6, True)])
def test_a_doubling_word_is_marked_only_when_it_loses_enough_beyond_the_noise(
    client, monkeypatch, loss, marked
):
    game, n, _ = a_hand_with_a_double(client)
    real = hand_review.judge

    def judge(view, played, seed, samples, hands):
        if view.phase is not Phase.DOUBLING or played != "double":
            return real(view, played, seed, samples, hands)
        return planted("double", played, "pass", loss, 0.1)(view, played, seed, samples, hands)

    monkeypatch.setattr(hand_review, "judge", judge)
    doubles = hand_review.analyse(Table(game), n)["doubles"]

    assert bool(doubles) is marked
    if marked:
        assert doubles[0]["word"] == "double" and doubles[0]["points"] == max(1, round(loss))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("word", "best", "buyers", "sentence"),
    [
        (
            "pass",
            "double",
            False,
            "You passed. A strong player says Double here: it was worth about 20 game points"
            " more, as the buyers' contract was likely to fail.",
        ),
        (
            "three",
            "pass",
            True,
            "You said Three. Passing was better: raising here risked about 20 game points,"
            " as the other team's cards were likely strong enough to beat your contract.",
        ),
        (
            "pass",
            "gahwa",
            True,
            "You passed. A strong player says Gahwa here: it was worth about 20 game points"
            " more, as your contract was likely to make.",
        ),
    ],
)
def test_each_kind_of_doubling_mistake_has_its_reason(client, word, best, buyers, sentence):
    game, n, _ = a_hand_with_a_card_mistake(client)
    row = HandReview.objects.get(game=game, hand=n)
    row.result["doubles"] = [{"word": word, "best": best, "points": 20, "buyers": buyers}]
    row.save()

    page = client.get(f"/en/practice/game/{game.pk}/hand/{n}/")
    french = client.get(f"/fr/practice/game/{game.pk}/hand/{n}/")

    assert sentence in re.sub(r"\s+", " ", html.unescape(page.text))
    assert "20 points de partie" in french.text


@pytest.mark.django_db
def test_a_review_whose_task_was_lost_is_asked_for_again_when_its_page_opens(client):
    # A task lost with a Redis restarted empty, or a worker killed: the row stays pending.
    game = start(client, "saudi")
    play_out_hand(client, game)
    game.refresh_from_db()
    n = len(game.hands)
    row = HandReview.objects.get(game=game, hand=n)
    assert row.status == ReviewStatus.DONE
    HandReview.objects.filter(pk=row.pk).update(status=ReviewStatus.PENDING, result={})

    # Pending for less than ASK_AGAIN_AFTER: the task may still be waiting in the queue.
    assert hand_review.request(game, Table(game), n).status == ReviewStatus.PENDING

    long_ago = timezone.now() - hand_review.ASK_AGAIN_AFTER - timedelta(seconds=1)
    HandReview.objects.filter(pk=row.pk).update(created=long_ago)
    again = hand_review.request(game, Table(game), n)
    assert again.status == ReviewStatus.DONE and again.created > long_ago
