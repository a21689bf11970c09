"""The puzzle trainer: the next puzzle, answers rated once, streaks, replays, anonymous and signed-in."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from lessons.models import Attempt, Puzzle, TrainerPlay, TrainerRating
from lessons.trainer.selection import RECENT, REPLAY_EVERY, new_puzzle
from tests.site.classroom.base import PASSWORD, fast_passwords, login  # noqa: F401
from tests.site.pages import ALL_LEGAL, BID, PROJECTS, TRICK, token
from tests.site.trainer.puzzles import (
    BEST_CARD_RIGHT,
    BEST_CARD_WORSE,
    LEGAL_NOT_BEST,
    RIGHT,
    WRONG,
    make_best_card,
    make_generated,
    make_many,
)

TRAIN = "/{lang}/train/{variant}/"


@pytest.fixture(autouse=True)
def pool_only(settings):
    """These tests follow the puzzles they make to the end of the pool: no fresh ones from the
    generator (tests/site/trainer/test_supply.py tests those)."""
    settings.TRAINER_FRESH_PUZZLES = False


def show(client, lang="en", variant="saudi", level="often"):
    """The trainer page; a learner met for the first time says where they start (``level``) first."""
    url = TRAIN.format(lang=lang, variant=variant)
    page = client.get(url)
    if 'name="level"' in page.text:
        client.post(url + "start", {"level": level, "csrfmiddlewaretoken": csrf(page)})
        page = client.get(url)
    return page


def csrf(page):
    match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
    return match.group(1) if match else ""


def shown_key(response):
    """The key of the puzzle on the trainer page (from its answer form's address)."""
    match = re.search(r'id="answer-form"[^>]*action="/[a-z]+/train/[a-z]+/([^/]+)/answer"', response.text)
    assert match is not None, "no trainer puzzle on the page"
    return match.group(1)


def post(client, page, data, lang="en", variant="saudi", htmx=False, form_token=None):
    url = TRAIN.format(lang=lang, variant=variant) + shown_key(page) + "/answer"
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url, {"token": form_token or token(page), **data}, headers=headers)


def play(client, card, lang="en", variant="saudi", htmx=False):
    """Open the next puzzle and answer it with ``card``; the answer's response."""
    return post(client, show(client, lang, variant), {"card": card}, lang, variant, htmx)


def the_learner(**filters):
    return TrainerRating.objects.get(variant="saudi", **filters)


def anonymous():
    return TrainerRating.objects.get(variant="saudi", user=None)


# ---------------------------------------------------------------- the pages


def test_it_lists_the_three_games_with_the_learners_rating_and_streak(client, db):
    make_many(2)
    play(client, RIGHT)

    text = client.get("/en/train/").text

    for game in ("Saudi Baloot", "Moroccan Belote", "French Belote"):
        assert game in text
    assert 'href="/en/train/saudi/"' in text
    rating = round(anonymous().rating)
    assert f"<dd>{rating} " in text and rating > 1500
    assert re.search(r"<dt>Streak</dt><dd>1</dd>", text)
    assert "No puzzles for this game yet." in text  # Moroccan and French have none here


def test_it_shows_a_generated_puzzle_drawn_like_a_lesson_puzzle(client, db):
    make_many(1)

    response = show(client)

    assert response.status_code == 200
    assert shown_key(response) == "gen-saudi-0"
    assert 'hx-post="/en/train/saudi/gen-saudi-0/answer" hx-target="#verdict"' in response.text
    assert 'button type="submit" name="card" value="KC"' in response.text
    assert '<dl id="trainer-stats"' in response.text
    assert "provisional" in response.text


def test_it_shows_the_same_puzzle_again_until_it_is_answered(client, db):
    make_many(10)
    first = shown_key(show(client))

    assert shown_key(show(client)) == first
    post(client, show(client), {"card": RIGHT})
    assert shown_key(show(client)) != first


def test_an_unknown_game_is_not_found(client, db):
    assert client.get("/en/train/poker/").status_code == 404
    assert client.post("/en/train/poker/replay/").status_code == 404


def test_it_says_so_kindly_when_a_game_has_no_puzzle_yet(client, db):
    response = show(client, variant="french")

    assert response.status_code == 200
    assert "There are no puzzles for this game yet." in response.text


def test_curriculum_puzzles_are_not_in_the_trainer(client, saudi):
    response = show(client)

    assert "There are no puzzles for this game yet." in response.text


# ---------------------------------------------------------------- which puzzle comes next


def test_it_picks_a_puzzle_near_the_learners_rating(db):
    near = {make_generated(f"near-{i}", 1750 + 25 * i) for i in range(5)}
    make_generated("far-up", 2400)
    make_generated("far-down", 1300)
    who = TrainerRating.objects.create(variant="saudi", session_key="s", rating=1800)

    picked = {new_puzzle(who, []) for _ in range(30)}

    assert picked <= near
    assert len(picked) > 1  # at random among the near ones, not always the same


def test_it_widens_the_window_until_it_finds_a_puzzle(client, db):
    make_generated("far-up", 2600)
    make_generated("farther-down", 100)

    assert shown_key(show(client)) == "far-up"  # 1100 above is nearer than 1400 below


def test_it_never_shows_a_puzzle_the_learner_solved(client, db):
    make_many(3)
    keys = []
    for _ in range(3):
        page = show(client)
        keys.append(shown_key(page))
        post(client, page, {"card": RIGHT})

    assert sorted(keys) == ["gen-saudi-0", "gen-saudi-1", "gen-saudi-2"]
    response = show(client)
    assert "you have solved every puzzle of this game" in response.text
    assert 'id="answer-form"' not in response.text


def test_it_avoids_the_puzzles_shown_lately(db):
    puzzles = make_many(3)
    shown_lately = [puzzles[0].pk, puzzles[1].pk]
    who = TrainerRating.objects.create(variant="saudi", session_key="s", recent=shown_lately)

    assert new_puzzle(who, who.recent) == puzzles[2]


def test_it_keeps_only_the_last_puzzles_shown(client, db):
    make_many(RECENT + 5)
    for _ in range(RECENT + 3):
        post(client, show(client), {"card": RIGHT})

    recent = anonymous().recent
    assert len(recent) == RECENT
    assert len(set(recent)) == RECENT


def test_a_failed_puzzle_comes_back_after_a_few_new_ones(client, db):
    make_many(REPLAY_EVERY + 3)
    failed_page = show(client)
    failed = shown_key(failed_page)
    post(client, failed_page, {"card": WRONG})

    keys = []
    for _ in range(REPLAY_EVERY):
        page = show(client)
        keys.append(shown_key(page))
        post(client, page, {"card": RIGHT})
    replay = show(client)

    assert failed not in keys
    assert shown_key(replay) == failed
    assert "A puzzle you missed before" in replay.text


def test_the_replay_button_brings_back_a_failed_puzzle_at_once(client, db):
    make_many(5)
    failed_page = show(client)
    failed = shown_key(failed_page)
    post(client, failed_page, {"card": WRONG})
    show(client)  # a new puzzle is on screen

    response = client.post("/en/train/saudi/replay/")

    assert response.status_code == 302
    assert response["Location"] == "/en/train/saudi/"
    page = show(client)
    assert shown_key(page) == failed
    assert "A puzzle you missed before" in page.text


def test_the_replay_button_says_when_nothing_is_left_to_replay(client, db):
    make_many(2)
    play(client, RIGHT)

    response = client.post("/en/train/saudi/replay/")

    assert response.status_code == 200
    assert "No failed puzzle to replay: well done!" in response.text


def test_failed_puzzles_come_back_when_no_new_one_is_left(client, db):
    make_many(2)
    play(client, WRONG)
    play(client, RIGHT)

    page = show(client)

    assert shown_key(page) == TrainerPlay.objects.get(success=False).puzzle.key
    assert "A puzzle you missed before" in page.text


def test_a_replay_solved_leaves_the_failed_list_without_being_rated(client, db):
    make_many(1)
    play(client, WRONG)
    rating = anonymous().rating
    puzzle_rating = Puzzle.objects.get().rating

    response = play(client, RIGHT)  # the same puzzle, back as the only one left

    assert "Solved: it is off your list of failed puzzles." in response.text
    assert "does not change your rating" in response.text
    assert anonymous().rating == rating
    assert Puzzle.objects.get().rating == puzzle_rating
    assert TrainerPlay.objects.get().cleared
    assert "you have solved every puzzle of this game" in show(client).text


def test_the_selection_reads_no_more_queries_with_a_long_history(client, db, django_assert_max_num_queries):
    make_many(60)

    def next_page_queries():
        # Learner and puzzles back at 1500: the same rating window, whatever the answers did.
        TrainerRating.objects.update(rating=1500)
        Puzzle.objects.update(rating=1500)
        with django_assert_max_num_queries(20) as counted:
            show(client)
        return len(counted.captured_queries)

    play(client, RIGHT)
    short = next_page_queries()
    for n in range(40):
        play(client, RIGHT if n % 3 else WRONG)
    long = next_page_queries()

    assert long == short


# ---------------------------------------------------------------- answers, ratings and streaks


def test_a_right_first_answer_raises_both_the_learner_and_beats_the_puzzle(client, db):
    make_many(1)

    response = play(client, RIGHT, htmx=True)

    who = anonymous()
    puzzle = Puzzle.objects.get()
    assert who.rating > 1500 and puzzle.rating < 1500
    assert who.played == 1 and who.won == 1 and who.streak == 1
    assert puzzle.rated_plays == 1
    change = round(who.rating) - 1500
    assert f'<strong class="change change-up" dir="ltr">+{change}</strong>' in response.text
    assert "Streak: 1 puzzle in a row." in response.text
    assert 'href="/en/train/saudi/">Next puzzle' in response.text


def test_a_wrong_first_answer_lowers_the_learner_and_raises_the_puzzle(client, db):
    make_many(1)

    response = play(client, WRONG, htmx=True)

    who = anonymous()
    assert who.rating < 1500 and Puzzle.objects.get().rating > 1500
    assert who.streak == 0 and who.played == 1 and who.won == 0
    assert f"\u2212{1500 - round(who.rating)}</strong>" in response.text
    assert 'data-rule="play.must-follow"' in response.text  # the engine's explanation
    assert "Try again." in response.text
    assert "Your streak starts again from zero." in response.text


def test_a_legal_card_that_is_not_the_best_is_a_failure(client, db):
    make_many(1)

    response = play(client, LEGAL_NOT_BEST, htmx=True)

    assert "may be played, but it is not the best one" in response.text
    assert anonymous().rating < 1500


def test_only_the_first_answer_is_rated(client, db):
    make_many(1)
    page = show(client)
    post(client, page, {"card": WRONG})
    after_first = anonymous()
    puzzle_after_first = Puzzle.objects.get()

    second = post(client, page, {"card": RIGHT}, form_token="another-token-1")

    who = anonymous()
    assert (who.rating, who.deviation, who.played) == (after_first.rating, after_first.deviation, 1)
    assert Puzzle.objects.get().rating == puzzle_after_first.rating
    assert Puzzle.objects.get().rated_plays == 1
    assert "does not change your rating" in second.text
    assert Attempt.objects.count() == 2  # both answers are recorded, one is rated
    assert TrainerPlay.objects.count() == 1


def test_a_double_submit_is_recorded_once_and_rated_once(client, db):
    make_many(2)
    page = show(client)

    first = post(client, page, {"card": RIGHT}, htmx=True)
    again = post(client, page, {"card": RIGHT}, htmx=True)

    assert Attempt.objects.count() == 1
    assert TrainerPlay.objects.count() == 1
    assert anonymous().played == 1 and anonymous().streak == 1
    assert Puzzle.objects.get(key=shown_key(page)).rated_plays == 1
    change = re.search(r'class="change change-up" dir="ltr">([^<]+)<', first.text).group(1)
    assert f'dir="ltr">{change}<' in again.text  # the same verdict again


def test_the_streak_counts_right_first_answers_and_restarts_after_a_wrong_one(client, db):
    make_many(6)
    for card in (RIGHT, RIGHT, RIGHT):
        play(client, card)
    assert (anonymous().streak, anonymous().best_streak) == (3, 3)

    play(client, WRONG)
    assert (anonymous().streak, anonymous().best_streak) == (0, 3)

    response = play(client, RIGHT)
    assert (anonymous().streak, anonymous().best_streak) == (1, 3)
    assert re.search(r"<dt>Best streak</dt><dd>3</dd>", response.text)


def test_a_hint_makes_the_answer_count_as_failed(client, db):
    make_many(2)
    page = show(client)
    key = shown_key(page)
    client.post(f"/en/train/saudi/{key}/hint", headers={"HX-Request": "true"})

    response = post(client, page, {"card": RIGHT}, htmx=True)

    assert "Right!" in response.text
    assert "You saw a hint or the solution: this puzzle counts as failed." in response.text
    assert anonymous().rating < 1500 and anonymous().streak == 0
    play_ = TrainerPlay.objects.get()
    assert play_.helped and not play_.success and not play_.cleared
    assert Attempt.objects.get().hints_used == 1


def test_a_hint_shown_for_a_puzzle_no_longer_on_screen_changes_nothing(client, db):
    make_many(3)
    page = show(client)
    key = shown_key(page)
    post(client, page, {"card": RIGHT})
    show(client)  # the next puzzle is on screen

    response = client.post(f"/en/train/saudi/{key}/hint")

    assert response.status_code == 200
    assert not anonymous().current_hint


def test_the_solution_opens_after_a_wrong_answer(client, db):
    make_many(2)
    page = show(client)
    key = shown_key(page)

    early = client.post(f"/en/train/saudi/{key}/solution", headers={"HX-Request": "true"})
    assert early.status_code == 400
    assert "The solution opens after a wrong answer." in early.text
    assert "Show the solution" not in page.text

    wrong = post(client, page, {"card": WRONG}, htmx=True)
    assert f'hx-post="/en/train/saudi/{key}/solution"' in wrong.text
    shown = client.post(f"/en/train/saudi/{key}/solution", headers={"HX-Request": "true"})
    assert shown.status_code == 200
    assert "solution-title" in shown.text
    # Solved after seeing the solution: not rated, and the puzzle stays to be replayed.
    post(client, page, {"card": RIGHT}, form_token="after-the-solution")
    assert not TrainerPlay.objects.get().cleared


def test_a_plain_post_gets_the_whole_trainer_page_with_the_verdict(client, db):
    make_many(2)

    response = play(client, RIGHT)

    assert response.status_code == 200
    assert "<html" in response.text
    assert 'class="verdict verdict-right"' in response.text
    assert 'hx-swap-oob="true"' not in response.text.split('id="trainer-stats"', 2)[1][:40]
    assert "Your rating is now" in response.text


def test_an_htmx_answer_swaps_the_figures_out_of_band(client, db):
    make_many(2)

    response = play(client, RIGHT, htmx=True)

    assert "<html" not in response.text
    assert response.text.lstrip().startswith('<div id="verdict" class="verdict verdict-right"')
    assert '<dl id="trainer-stats" class="facts trainer-stats" hx-swap-oob="true">' in response.text


@pytest.mark.parametrize(("lang", "digits"), [("ar", "٠١٢٣٤٥٦٧٨٩"), ("fa", "۰۱۲۳۴۵۶۷۸۹")])
def test_it_writes_the_rating_change_in_native_digits(client, db, lang, digits):
    make_many(2)

    response = play(client, RIGHT, lang=lang, htmx=True)

    change = round(anonymous().rating) - 1500
    native = str(change).translate(str.maketrans("0123456789", digits))
    assert f'dir="ltr">+{native}</strong>' in response.text


def test_each_answer_is_an_attempt_of_the_learner(client, db):
    make_many(2)
    play(client, WRONG)

    attempt = Attempt.objects.get()
    assert attempt.puzzle.source == "generated"
    assert attempt.session_key == client.session.session_key
    assert attempt.answer == WRONG and not attempt.correct
    assert TrainerPlay.objects.get().attempt == attempt


# ---------------------------------------------------------------- anonymous and signed-in learners


def test_an_anonymous_learner_is_known_by_the_session(client, db):
    make_many(3)
    play(client, RIGHT)

    stranger = Client()
    show(stranger)

    assert TrainerRating.objects.filter(user=None).count() == 2
    assert sorted(r.played for r in TrainerRating.objects.all()) == [0, 1]


def test_a_signed_in_learner_keeps_the_rating_on_every_device(client, db):
    make_many(3)
    user = get_user_model().objects.create_user(username="reader", password=PASSWORD)
    login(client, user)
    play(client, RIGHT)

    phone = Client()
    login(phone, user)
    text = phone.get("/en/train/").text

    who = TrainerRating.objects.get(user=user)
    assert who.played == 1 and who.session_key == ""
    assert f"<dd>{round(who.rating)} " in text
    assert Attempt.objects.get().user == user
    # The same puzzle is not offered again on the other device.
    assert shown_key(show(phone)) != Attempt.objects.get().puzzle.key


def test_signing_in_brings_the_browsers_rating_to_the_account(client, db):
    make_many(3)
    play(client, RIGHT)
    user = get_user_model().objects.create_user(username="reader", password=PASSWORD)
    client.post("/en/accounts/login/", {"username": "reader", "password": PASSWORD})

    show(client)

    # The merge rules: tests/site/classroom/test_handover.py.
    assert TrainerRating.objects.get(user=user).played == 1
    assert not TrainerRating.objects.filter(user__isnull=True).exists()
    assert "Your rating is kept in this browser." not in client.get("/en/train/").text


def test_the_trainer_tells_an_anonymous_learner_where_the_rating_is_kept(client, db):
    make_many(1)

    text = show(client).text

    assert "Your rating is kept in this browser." in text
    assert "Create an account or sign in and it comes with you" in text


# ---------------------------------------------------------------- bad input


def test_a_tampered_token_is_a_400_with_a_message(client, db):
    make_many(1)
    page = show(client)

    response = post(client, page, {"card": RIGHT}, htmx=True, form_token="<script>")

    assert response.status_code == 400
    assert "This form is damaged" in response.text
    assert not Attempt.objects.exists() and not TrainerPlay.objects.exists()


def test_a_card_not_in_the_hand_is_a_400(client, db):
    make_many(1)

    response = post(client, show(client), {"card": "JD"})

    assert response.status_code == 400
    assert "<html" in response.text and "verdict-error" in response.text
    assert anonymous().played == 0


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/en/train/poker/gen-saudi-0/answer", "There is no puzzle trainer for this game."),
        ("/en/train/saudi/no-such-puzzle/answer", "This puzzle is not one of the trainer&#x27;s puzzles."),
        ("/en/train/moroccan/gen-saudi-0/answer", "This puzzle is not one of the trainer&#x27;s puzzles."),
        ("/en/train/saudi/sa-follow-1/answer", "This puzzle is not one of the trainer&#x27;s puzzles."),
        ("/en/train/saudi/no-such-puzzle/hint", "This puzzle is not one of the trainer&#x27;s puzzles."),
        ("/en/train/saudi/no-such-puzzle/solution", "This puzzle is not one of the trainer&#x27;s puzzles."),
    ],
)
def test_a_post_about_an_unknown_game_or_puzzle_is_a_400(client, saudi, url, message):
    make_many(1)

    response = client.post(url, {"token": "abcdefgh12", "card": RIGHT})

    assert response.status_code == 400
    assert message in response.text


def test_an_answer_must_be_posted(client, db):
    make_many(1)
    assert client.get("/en/train/saudi/gen-saudi-0/answer").status_code == 405


def test_an_answer_without_the_csrf_token_is_refused(db):
    make_many(1)
    browser = Client(enforce_csrf_checks=True)
    page = show(browser)

    response = post(browser, page, {"card": RIGHT})

    assert response.status_code == 403
    assert not Attempt.objects.exists()


# ---------------------------------------------------------------- links to the trainer


def test_the_site_links_to_the_trainer(client, saudi):
    home = client.get("/en/").text
    course = client.get("/en/learn/saudi/").text

    assert '<a href="/en/train/">Puzzle trainer</a>' in home  # the site navigation
    assert 'href="/en/train/">Train with puzzles</a>' in home
    assert 'href="/en/train/saudi/">Train with puzzles</a>' in course


def test_the_answer_path_stays_within_a_fixed_number_of_queries(client, db, django_assert_max_num_queries):
    make_many(3)
    page = show(client)

    with django_assert_max_num_queries(24):
        response = post(client, page, {"card": RIGHT}, htmx=True)

    assert response.status_code == 200


# ---------------------------------------------------------------- any task kind: best-card


def test_it_trains_on_a_generated_best_card_puzzle(client, db):
    make_best_card()
    page = show(client)
    assert shown_key(page) == "gen-saudi-bc"
    assert f'name="card" value="{BEST_CARD_RIGHT}"' in page.text

    wrong = post(client, page, {"card": BEST_CARD_WORSE}, htmx=True)
    right = post(client, page, {"card": BEST_CARD_RIGHT}, htmx=True, form_token="second-try-1")

    assert "verdict-wrong" in wrong.text and "not the best one" in wrong.text
    assert "Your rating is now" in wrong.text
    assert "verdict-right" in right.text and "does not change your rating" in right.text
    assert anonymous().played == 1 and anonymous().won == 0
    assert TrainerPlay.objects.get().cleared


def test_a_solved_puzzle_shows_its_themes_in_the_page_language_and_a_failed_one_does_not(client, db):
    make_best_card()  # themes: endgame

    solved = play(client, BEST_CARD_RIGHT, lang="ar")
    failed = play(Client(), BEST_CARD_WORSE, lang="fr")  # another learner, the same puzzle

    assert "مواضيع هذا اللغز:" in solved.text and "نهاية اليد" in solved.text
    # Before it is solved, a theme would be a hint ("ruff": trump it).
    assert 'class="verdict verdict-wrong"' in failed.text
    assert "Thèmes de ce problème" not in failed.text and "Fin de donne" not in failed.text


# ---------------------------------------------------------------- played out against the bots

PRACTICE_LINK = "Play this position out against the bots"


def drill(key, task, position, family):
    return Puzzle.objects.create(
        key=key, variant="saudi", task=task, position=position, answers=[], source="generated",
        themes=[family], difficulty=1,
    )  # fmt: skip


def test_an_endgame_links_to_the_practice_table_before_and_after_the_answer(client, db):
    make_best_card()
    page = show(client)

    answered = post(client, page, {"card": BEST_CARD_RIGHT})

    for response in (page, answered):
        assert PRACTICE_LINK in response.text
        assert 'href="/en/practice/puzzle/gen-saudi-bc/"' in response.text


@pytest.mark.parametrize(
    ("task", "position", "family", "offered"),
    [
        ("all-legal", ALL_LEGAL, "legal-cards", True),
        ("trick-winner", TRICK, "trick-winner", True),
        ("projects", PROJECTS, "projects", False),
        ("bid", BID, "bidding", False),
    ],
)
def test_a_rule_drill_links_to_the_practice_table_unless_it_asks_about_an_auction_or_projects(
    client, db, task, position, family, offered
):
    drill("gen-drill-1", task, position, family)

    page = show(client)

    assert shown_key(page) == "gen-drill-1"
    assert (PRACTICE_LINK in page.text) is offered
