"""A guided first hand: a fixed deal played at the practice table with a coach's sentence at every
decision, the learner stopped with the reason when a choice is illegal or clearly wrong.

The content is one file per hand, ``lessons/content/guided/<variant>.yaml`` and, for a variant
with more than one guided hand, ``<variant>-<name>.yaml`` (a Sun hand, a hand where the learner
defends...): the deal (dealer, the 32 cards, the bots' seed), the hand's title, the coach's
sentences in four languages for the deal, the bidding card, each call the learner makes (the
answers to a Double included), the declaration, each of the eight tricks, the count and the score,
and the call, projects or card the learner is asked for at each decision. Its ``claims:``
(docs/claims.md) state the count's and the score's numbers as data: each is worked out by the
engine, its numbers are said in every language, and a ``hand-score`` claim is the hand the script
plays (same contract, same card points, same score), so the coach cannot announce another score.

:func:`guide` loads and checks a file once: every sentence in every language, and the script
played through the engine from the deal to the score (:func:`_played_through`), so a file whose
calls or cards the rules refuse, or whose hand does not end after its eight tricks, never reaches
a learner. The bots are the beginner level with the file's seed: given the learner's scripted
moves, they play the same cards every time.

A learner who asks for a guided hand again gets the variant's next one (:func:`pick`): the deals
differ, and so do the lessons (another contract, the learner in defence).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml

from engine import messages
from engine.cards import Card, NotationError, Seat, cards_of
from engine.hand import Hand, Phase
from engine.ranking import NO_TRUMP
from lessons import claims as claim_checks
from lessons import drill_hands
from lessons.models import BotLevel, PracticeGame
from lessons.practice.state import REPLAY_ERRORS, Table

GUIDED_DIR = drill_hands.GUIDED_DIR
LANGS = ("en", "ar", "fa", "fr")
# ``{JC}`` in a sentence: the card named in the page's language and the learner's deck (a Moroccan
# learner may play with the Spanish deck, where the Jack of clubs is the Sota of batons).
CARD = re.compile(r"\{([789TJQKA][SHDC])\}")
VARIANTS = ("saudi", "moroccan", "french")
# A guided hand's name: its variant, then its number from the second on (french, french-2, ...).


class GuideError(ValueError):
    """A guided hand's file that cannot be played as written."""


@dataclass(frozen=True)
class Guide:
    name: str  # the file's name: the variant, or "<variant>-<name>"
    variant: str
    title: dict[str, str]
    dealer: str
    seed: int
    deck: tuple[str, ...]
    deal: dict[str, str]
    bidding_card: dict[str, str]
    calls: tuple[tuple[str, dict[str, str]], ...]
    projects: tuple[str, ...]
    declare: dict[str, str]
    tricks: tuple[tuple[str, dict[str, str]], ...]
    count: dict[str, str]
    score: dict[str, str]
    # What the count and the score state, checked by the engine and against the hand played.
    claims: tuple[claim_checks.Claim, ...] = ()

    def setup(self) -> dict[str, Any]:
        return {"kind": "guided", "guide": self.name}

    def record(self) -> dict[str, Any]:
        """The one hand of a guided game (lessons.practice.state): the learner declares."""
        return {
            "dealer": self.dealer,
            "seed": self.seed,
            "deck": list(self.deck),
            "game_score": [0, 0],
            "pot": 0,
            "actions": [],
            "declare_self": True,
            "khaysh": False,
        }


def available() -> list[str]:
    return drill_hands.guided_variants()


def hands(variant: str) -> list[str]:
    """The guided hands of ``variant``, by name: its first one (named after the variant), then the others."""
    if variant not in available():
        return []
    others = sorted(p.stem for p in GUIDED_DIR.glob(f"{variant}-*.yaml"))
    return [variant, *others]


def of_table(table: Table) -> Guide:
    """The guide a guided game plays (games dealt before a variant had several name the variant)."""
    name = str(table.setup.get("guide") or table.game.variant)
    return guide(name if name in hands(table.game.variant) else table.game.variant)


def problems() -> list[str]:
    """What is wrong in any guided hand's file, all of them played through (``load_curriculum``)."""
    out = []
    for path in sorted(GUIDED_DIR.glob("*.yaml")):
        try:
            guide(path.stem)
        except GuideError as e:
            out.append(f"{_shown(path)}: {e}")
    return out


def _shown(path: Any) -> str:
    try:
        return str(path.relative_to(GUIDED_DIR.parents[2]))
    except ValueError:
        return str(path)


@cache
def guide(name: str) -> Guide:
    """The checked guide called ``name`` (:class:`GuideError` if its file is wrong)."""
    path = GUIDED_DIR / f"{name}.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise GuideError(f"{path.name}: {e}") from e
    try:
        g = Guide(
            name=name,
            variant=_text(data["variant"]),
            title=_said(data["title"]) if "title" in data else {lang: "" for lang in LANGS},
            dealer=str(Seat.parse(data["dealer"])),
            seed=int(data["seed"]),
            deck=tuple(str(Card.parse(c)) for c in data["deck"]),
            deal=_said(data["deal"]),
            bidding_card=_said(data["bidding_card"]),
            calls=tuple((_text(c["call"]), _said(c["say"])) for c in data["calls"]),
            projects=tuple(_text(p) for p in (data.get("declare") or {}).get("projects", [])),
            declare=_said((data.get("declare") or {}).get("say") or {lang: "" for lang in LANGS}),
            tricks=tuple((str(Card.parse(t["play"])), _said(t["say"])) for t in data["tricks"]),
            count=_said(data["count"]),
            score=_said(data["score"]),
            claims=_claims(data.get("claims") or [], _text(data["variant"])),
        )
    except (KeyError, TypeError, ValueError, NotationError) as e:
        raise GuideError(f"{path.name}: {e!r}") from e
    if name.split("-")[0] != g.variant or len(set(g.deck)) != 32 or len(g.tricks) != 8:
        raise GuideError(f"{path.name}: a guide is one variant, the 32 cards and eight tricks")
    hand = _played_through(g)
    for claim in g.claims:
        _check_played(g, claim, hand, path.name)
    return g


def _claims(raw: Any, variant: str) -> tuple[claim_checks.Claim, ...]:
    """The guide's claims, each true for the engine (a :class:`~lessons.claims.ClaimError`, a
    ValueError, otherwise)."""
    if not isinstance(raw, list):
        raise ValueError(f"claims is a list of claims, not {raw!r}")
    return tuple(claim_checks.check_claim(item, variant) for item in raw)


def _check_played(g: Guide, claim: claim_checks.Claim, hand: Hand, file: str) -> None:
    """A claim of the guide is said by its count or its score in every language; a ``hand-score``
    claim describes the hand the script plays and the score the engine gives it."""
    for number in claim_checks.shown_numbers(claim):
        missing = [
            lang for lang in LANGS
            if not any(claim_checks.mentions(said[lang], number) for said in (g.count, g.score))
        ]  # fmt: skip
        if missing:
            raise GuideError(
                f"{file}: claim {claim}: the count and the score never say {number} ({', '.join(missing)})"
            )
    if claim.kind != "hand-score" or hand.contract is None or hand.tricks is None:
        return
    p = claim.params
    taker = hand.contract.team
    score = hand.score()
    taker_tricks = hand.tricks.tricks[taker]
    # The claim's default, "both teams take a trick", is any split but 8-0.
    tricks = p.get("tricks", claim_checks.SHARED_TRICKS)
    points = {str(team): value for team, value in score.points.items()}
    wrong = [
        f"{what} {stated}, the hand {actual}"
        for what, stated, actual in (
            ("taker", p.get("taker", "NS"), str(taker)),
            ("taker_points", p["taker_points"], hand.tricks.points[taker]),
            ("sun", p["mode"] == "sun", hand.contract.trump == NO_TRUMP),
            ("Kaboot or capot", tricks in (0, 8), taker_tricks in (0, 8)),
            # What the claim does not state cannot differ.
            ("points", p.get("points", points), points),
            ("result", p.get("result", score.result), score.result),
        )
        if stated != actual
    ]  # fmt: skip
    if wrong:
        raise GuideError(f"{file}: claim {claim} is not the hand played: {'; '.join(wrong)}")


def _text(value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"expected a word, got {value!r}")
    return value


def _said(value: Any) -> dict[str, str]:
    """A coach's sentence in every language of the site."""
    if not isinstance(value, dict) or any(not isinstance(value.get(lang), str) for lang in LANGS):
        raise ValueError(f"a sentence needs {', '.join(LANGS)}: {value!r}")
    return {lang: value[lang] for lang in LANGS}


def new_game(g: Guide) -> PracticeGame:
    """An unsaved game of the guided hand, played up to the learner's first decision."""
    game = PracticeGame(
        variant=g.variant, level=BotLevel.RANDOM, options={}, setup=g.setup(), hands=[g.record()]
    )
    Table(game).advance()
    return game


def _played_through(g: Guide) -> Hand:
    """The engine plays the script from the deal to the score, or says where it breaks."""
    table = Table(new_game(g))
    try:
        for _ in range(40):
            hand = table.hand
            if hand.phase not in (Phase.AUCTION, Phase.DOUBLING, Phase.PLAY):
                break
            kind, value = expected(g, table)
            if kind == "call":
                table.learner_call(value)
            elif kind == "declare":
                table.learner_declare([p for p in value.split(",") if p])
            elif kind == "play":
                table.learner_play(value)
            else:
                raise GuideError(f"{g.variant}: nothing scripted for the learner at this point")
    except REPLAY_ERRORS as e:
        raise GuideError(f"{g.variant}: the rules refuse the script ({e!r})") from e
    hand = table.hand
    if hand.phase is not Phase.DONE or not isinstance(hand, Hand):
        raise GuideError(f"{g.variant}: the hand does not end")
    check = hand.checks.get(table.learner)
    if g.projects and (check is None or not check.ok):
        raise GuideError(f"{g.variant}: the declaration scripted is not what the hand holds")
    return hand


def is_guided(table: Table) -> bool:
    return table.setup.get("kind") == "guided"


def expected(g: Guide, table: Table) -> tuple[str, str]:
    """What the script asks of the learner now: ("call" | "declare" | "play" | "", value)."""
    hand = table.hand
    learner = table.learner
    if not isinstance(hand, Hand) or not table.learner_to_act():
        return "", ""
    own = [a for a in table.actions if a[1] == str(learner)]
    if hand.phase in (Phase.AUCTION, Phase.DOUBLING):
        # The doubling's words are scripted with the calls, in the order the learner says them.
        n = sum(1 for a in own if a[0] in ("call", "double"))
        return ("call", g.calls[n][0]) if n < len(g.calls) else ("", "")
    if hand.phase is Phase.PLAY:
        if hand.may_declare(learner):
            return "declare", ",".join(g.projects)
        n = sum(1 for a in own if a[0] in ("play", "belote"))
        return ("play", g.tricks[n][0]) if n < len(g.tricks) else ("", "")
    return "", ""


def coach(table: Table, lang: str, deck: str = "french") -> list[str]:
    """The coach's sentences for the table as it stands, in ``lang`` (cards named in ``deck``)."""
    variant = table.game.variant
    return [
        CARD.sub(lambda m: messages.card_long_name(Card.parse(m.group(1)), variant, lang, deck), sentence)
        for sentence in _sentences(table, lang)
    ]


def _sentences(table: Table, lang: str) -> list[str]:
    g = of_table(table)
    lang = lang if lang in LANGS else "en"
    hand = table.hand
    if not isinstance(hand, Hand):
        return []
    if hand.phase is Phase.DONE:
        return [g.count[lang], g.score[lang]]
    kind, _ = expected(g, table)
    own = [a for a in table.actions if a[1] == str(table.learner)]
    if kind == "call":
        n = sum(1 for a in own if a[0] in ("call", "double"))
        first = [g.deal[lang], g.bidding_card[lang]] if n == 0 else []
        return [*first, g.calls[n][1][lang]]
    if kind == "declare":
        return [g.declare[lang]]
    if kind == "play":
        n = sum(1 for a in own if a[0] in ("play", "belote"))
        return [g.tricks[n][1][lang]]
    return []


def stop(table: Table, kind: str, value: str, lang: str, deck: str = "french") -> str:
    """The coach's reason to stop a legal choice that is not the one the hand teaches ("" to go on).

    An illegal call or card is left to the engine, which refuses it with the rule.
    """
    g = of_table(table)
    want_kind, want = expected(g, table)
    hand = table.hand
    if not want_kind or not isinstance(hand, Hand):
        return ""
    if kind == "call" and hand.phase is Phase.AUCTION:
        # The form sends calls in lower case ("take:h"); the engine spells suits in capitals.
        allowed = [call.lower() for call in hand.auction.allowed(cards_of(hand.first.hands[table.learner]))]
        if value.lower() not in allowed or value.lower() == want.lower():
            return ""
    elif kind == "play" and want_kind == "play":
        try:
            card = Card.parse(value)
        except NotationError:
            return ""
        if not hand.legal() >> card & 1 or str(card) == want:
            return ""
    elif kind == "declare":
        if sorted(p for p in value.split(",") if p) == sorted(p for p in want.split(",") if p):
            return ""
    elif kind == "play" and want_kind == "declare":
        pass  # the projects first: the coach says so
    else:
        return ""
    return " ".join(coach(table, lang, deck)[-1:])
