"""The guided first hand: a fixed deal with the coach's sentence at every decision, the learner
stopped when a choice is illegal (the engine's rule) or clearly wrong (the coach's reason)."""

import re

import pytest
import yaml
from django.utils.html import escape

from engine.cards import Seat
from engine.hand import Phase
from lessons.models import PracticeGame
from lessons.practice import guided
from lessons.practice.state import Table
from tests.site.practice.tools import HTMX


def shown(sentence, page):
    """The coach's sentence is on the page (its digits written as the page writes them)."""
    return re.sub(r"[0-9٠-٩۰-۹]", "", escape(sentence)) in re.sub(r"[0-9٠-٩۰-۹]", "", page)


def start(client, variant="saudi", lang="en", hand=None):
    assert client.get(f"/{lang}/practice/guided/{variant}/").status_code == 200
    response = client.post(f"/{lang}/practice/guided/{variant}/", {"hand": hand} if hand else {})
    assert response.status_code == 302
    return PracticeGame.objects.latest("id")


def act(client, game, kind, value, lang="en"):
    game.refresh_from_db()
    base = f"/{lang}/practice/game/{game.pk}/"
    if kind == "call":
        return client.post(base + "call", {"move": game.move, "call": value}, headers=HTMX)
    if kind == "play":
        return client.post(base + "play", {"move": game.move, "card": value}, headers=HTMX)
    counts = {}
    for p in (v for v in value.split(",") if v):
        counts[f"n_{p}"] = counts.get(f"n_{p}", 0) + 1
    return client.post(base + "declare", {"move": game.move, **counts}, headers=HTMX)


def test_it_plays_each_guide_through_the_engine_at_load_time():
    for variant in guided.available():
        g = guided.guide(variant)
        assert len(g.tricks) == 8 and all(set(s) == set(guided.LANGS) for _, s in g.tricks)


def test_a_guide_s_score_claim_must_be_the_hand_its_script_plays(tmp_path, monkeypatch):
    data = yaml.safe_load((guided.GUIDED_DIR / "moroccan-3.yaml").read_text(encoding="utf-8"))
    assert data["claims"][0]["taker_points"] == 72
    # True for the engine (70 card points fall too) but not the hand the script plays.
    data["claims"][0]["taker_points"] = 70
    (tmp_path / "moroccan-3.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    monkeypatch.setattr(guided, "GUIDED_DIR", tmp_path)
    guided.guide.cache_clear()
    try:
        with pytest.raises(guided.GuideError, match="taker_points 70, the hand 72"):
            guided.guide("moroccan-3")
        assert [p for p in guided.problems() if "taker_points 70" in p]
    finally:
        guided.guide.cache_clear()


def test_a_guide_whose_card_the_rules_refuse_is_not_loaded(tmp_path, monkeypatch):
    data = yaml.safe_load((guided.GUIDED_DIR / "saudi.yaml").read_text(encoding="utf-8"))
    data["tricks"][1]["play"] = "QD"  # diamonds while clubs are led and South holds clubs
    (tmp_path / "saudi.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    monkeypatch.setattr(guided, "GUIDED_DIR", tmp_path)
    guided.guide.cache_clear()
    try:
        with pytest.raises(guided.GuideError):
            guided.guide("saudi")
    finally:
        guided.guide.cache_clear()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("variant", "hand", "lang"),
    [
        *((v, None, lang) for v in ("saudi", "moroccan", "french") for lang in ("en", "ar", "fa", "fr")),
        ("french", "french-2", "ar"),
        ("french", "french-3", "fr"),
    ],
)
def test_a_guided_hand_is_played_to_its_score_with_a_sentence_at_every_decision(client, lang, variant, hand):
    game = start(client, variant, lang=lang, hand=hand)
    g = guided.guide(hand or variant)
    assert game.setup["guide"] == g.name
    page = client.get(f"/{lang}/practice/game/{game.pk}/").text
    first = guided.coach(Table(game), lang)
    assert len(first) == 3 and all(shown(sentence, page) for sentence in first)  # deal, bidding card, call

    for _ in range(20):
        game.refresh_from_db()
        table = Table(game)
        kind, value = guided.expected(g, table)
        if not kind:
            break
        said = guided.coach(table, lang)[-1]
        assert "{" not in said  # every card placeholder named
        assert shown(said, client.get(f"/{lang}/practice/game/{game.pk}/").text)
        response = act(client, game, kind, value, lang)
        assert response.status_code == 200 and 'id="coach-stop"' not in response.text

    game.refresh_from_db()
    table = Table(game)
    assert table.hand.phase is Phase.DONE and game.finished
    page = client.get(f"/{lang}/practice/game/{game.pk}/").text
    assert all(shown(sentence, page) for sentence in guided.coach(table, lang))  # the count, the score
    assert 'id="hand-score"' in page


@pytest.mark.django_db
def test_a_legal_but_wrong_call_is_stopped_with_the_coachs_reason(client):
    game = start(client)
    g = guided.guide("saudi")

    response = act(client, game, "call", "sun")

    assert 'id="coach-stop"' in response.text
    assert escape(g.calls[0][1]["en"]) in response.text
    game.refresh_from_db()
    assert not [a for a in game.hands[0]["actions"] if a[1] == "S"]


@pytest.mark.django_db
def test_a_legal_but_wrong_card_is_stopped_by_the_coach(client):
    game = start(client)
    g = guided.guide("saudi")
    for kind, value in (("call", "hokm"), ("call", "confirm"), ("declare", "sira"), ("play", "JC")):
        act(client, game, kind, value)
    game.refresh_from_db()
    assert guided.expected(g, Table(game)) == ("play", "9C")

    wrong = act(client, game, "play", "QD")  # South leads: legal, but not what the hand teaches
    assert 'id="coach-stop"' in wrong.text
    assert escape(g.tricks[1][1]["en"]) in wrong.text


@pytest.mark.django_db
def test_the_practice_page_leads_to_the_guided_hands(client):
    page = client.get("/fr/practice/").text

    assert "/fr/practice/guided/saudi/" in page


@pytest.mark.django_db
def test_an_illegal_card_is_refused_with_the_rule_not_the_coach(client):
    game = start(client)
    g = guided.guide("saudi")
    for _ in range(20):
        game.refresh_from_db()
        kind, value = guided.expected(g, Table(game))
        if (kind, value) == ("play", "KC"):  # trick 6: East leads spades, South must trump
            break
        act(client, game, kind, value)

    response = act(client, game, "play", "TH")

    assert 'id="refusal"' in response.text and 'id="coach-stop"' not in response.text
    assert 'data-rule="play.must-trump"' in response.text


@pytest.mark.django_db
def test_the_score_sentence_agrees_with_the_engine_on_whose_projects_count(client):
    """East's Sira up to the Ace beats South's: the coach must not credit South's (proj.sa.one-team)."""
    game = start(client)
    g = guided.guide("saudi")
    for _ in range(20):
        game.refresh_from_db()
        kind, value = guided.expected(g, Table(game))
        if not kind:
            break
        act(client, game, kind, value)
    game.refresh_from_db()
    hand = Table(game).hand
    projects = next(s for s in hand.score().steps if s.rule == "score.sa.projects")

    assert str(projects.params["team"]) == "EW"
    assert "East" in g.score["en"] and "only East–West" in g.score["en"]


@pytest.mark.django_db
def test_the_french_score_sentence_agrees_with_the_engine():
    from lessons.practice.guided import new_game

    g = guided.guide("french")
    table = Table(new_game(g))
    for _ in range(20):
        kind, value = guided.expected(g, table)
        if not kind:
            break
        if kind == "call":
            table.learner_call(value)
        elif kind == "play":
            table.learner_play(value)
        else:
            table.learner_declare([value])
    score = table.hand.score()

    assert (score.points[0], score.points[1]) == (146, 36)
    assert "146" in g.score["fr"] and "36" in g.score["fr"]


@pytest.mark.django_db
def test_the_moroccan_coach_names_cards_in_the_learners_deck(client):
    game = start(client, "moroccan", lang="ar")
    from lessons.views import PREFS_KEY

    session = client.session
    session[PREFS_KEY] = {"deck": "spanish"}
    session.save()

    page = client.get(f"/ar/practice/game/{game.pk}/").text

    assert "الصوطا من العصي" in page  # the Jack of clubs in the Spanish deck
    assert "ولد التريفل" not in page


@pytest.mark.django_db
def test_the_moroccan_guided_hands_three_deals_one_taken_in_the_second_round_one_defended(
    client,
):
    takers = []
    decks = []
    for name in ("moroccan", "moroccan-2", "moroccan-3"):
        assert client.post("/en/practice/guided/moroccan/", {"hand": name}).status_code == 302
        game = PracticeGame.objects.latest("id")
        assert game.setup["guide"] == name
        g = guided.guide(name)
        for _ in range(20):
            game.refresh_from_db()
            kind, value = guided.expected(g, Table(game))
            if not kind:
                break
            response = act(client, game, kind, value)
            assert 'id="coach-stop"' not in response.text
        game.refresh_from_db()
        hand = Table(game).hand
        assert hand.phase is Phase.DONE
        takers.append((str(hand.contract.taker), len(hand.auction.history)))
        decks.append(tuple(g.deck))

    assert len(set(decks)) == 3
    assert takers[0] == ("S", 1)  # the turned-up card's suit, in the first round
    assert takers[1][0] == "S" and takers[1][1] > 4  # another suit, named in the second round
    assert takers[2][0] in ("E", "W")  # the learner defends
    assert start(client, "moroccan").setup["guide"] == "moroccan"  # no hand named: the first one


@pytest.mark.django_db
def test_saudi_offers_three_guided_hands_a_hokm_a_sun_and_one_to_defend(client):
    names = guided.hands("saudi")
    assert len(names) == 3 and len({guided.guide(name).deck for name in names}) == 3  # three deals
    page = client.get("/en/practice/guided/saudi/").text
    played = set()
    for name in names:
        g = guided.guide(name)
        assert escape(g.title["en"]) in page
        assert client.post("/en/practice/guided/saudi/", {"hand": name}).status_code == 302
        game = PracticeGame.objects.latest("id")
        for _ in range(20):
            game.refresh_from_db()
            kind, value = guided.expected(g, Table(game))
            if not kind:
                break
            assert 'id="coach-stop"' not in act(client, game, kind, value).text
        game.refresh_from_db()
        hand = Table(game).hand
        assert hand.phase is Phase.DONE
        played.add((hand.contract.mode, hand.contract.team == Seat.S.team))
    assert played == {("hokm", True), ("sun", True), ("hokm", False)}
    # A tampered form names no guided hand: nothing is dealt.
    assert client.post("/en/practice/guided/saudi/", {"hand": "saudi-elsewhere"}).status_code == 404


def test_french_has_three_guided_hands_taking_at_each_round_and_defending():
    hands = [guided.guide(name) for name in guided.hands("french")]

    assert [g.name for g in hands] == ["french", "french-2", "french-3"]
    assert len({g.deck for g in hands}) == 3  # three different deals
    first_calls = [[call for call, _ in g.calls] for g in hands]
    assert first_calls[0] == ["take"]  # the turned-up card, in the first round
    assert any(call.startswith("take:") for call in first_calls[1])  # another suit, in the second
    assert all(call == "pass" for call in first_calls[2])  # the learner defends
    assert all(g.title for g in hands)


@pytest.mark.django_db
def test_the_guided_page_offers_each_hand_by_its_title(client):
    page = client.get("/fr/practice/guided/french/").text
    assert re.findall(r'name="hand" value="([a-z0-9-]+)"', page) == ["french", "french-2", "french-3"]
    assert "Vous défendez" in page
    assert start(client, "french", hand="french-3").setup["guide"] == "french-3"

