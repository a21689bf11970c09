"""Generated puzzles for the trainer tests: copies of the "play" puzzle of tests/site/pages.py.

The trainer shows any task kind; these are ``play`` puzzles (hand K♣ 7♣ A♠, West led 9♣: K♣ is
the best card, A♠ breaks the must-follow rule) with ``source="generated"``, at the ratings asked.
"""

from lessons.models import Puzzle, Source
from tests.site.pages import MOROCCAN_PLAY, PLAY, words

RIGHT, WRONG, LEGAL_NOT_BEST = "KC", "AS", "7C"

# A best-card position (tests/site/test_best_card.py's too): West led K♣ and South, void in clubs,
# must trump; K♥ or A♥ keep the most points, 8♥ gives away 4.
BEST_CARD = {
    "variant": "saudi",
    "contract": {"mode": "hokm", "trump": "H", "taker": "N"},
    "hands": {
        "W": ["QC", "7S", "7C"],
        "S": ["8H", "KD", "AH", "KH"],
        "E": ["9S", "9H", "QS", "TC"],
        "N": ["TD", "AD", "8S", "AS"],
    },
    "trick": [["W", "KC"]],
    "points": {"NS": 35, "EW": 32},
}
BEST_CARD_RIGHT, BEST_CARD_WORSE = "KH", "8H"


def make_generated(key, rating=1500.0, variant="saudi", themes=("follow-suit",), difficulty=2, hint=True):
    position = PLAY if variant == "saudi" else {**MOROCCAN_PLAY, "variant": variant}
    answers = ["KC"] if variant == "saudi" else ["JS", "8S"]
    return Puzzle.objects.create(
        key=key,
        variant=variant,
        task="play",
        position=position,
        answers=answers,
        source=Source.GENERATED,
        rating=rating,
        themes=list(themes),
        difficulty=difficulty,
        **words(
            "Which card do you play?",
            "أي ورقة تلعب؟",
            "کدام کارت را بازی می‌کنید؟",
            "Quelle carte jouez-vous ?",
            field="prompt",
        ),
        **(
            words(
                "Look at the suit that was led.",
                "انظر إلى النوع الملعوب أولاً.",
                "به خال اول دست نگاه کنید.",
                "Regardez la couleur demandée.",
                field="hint",
            )
            if hint
            else {}
        ),
    )


def make_many(n, variant="saudi", rating=1500.0, prefix="gen"):
    return [make_generated(f"{prefix}-{variant}-{i}", rating, variant) for i in range(n)]


def make_best_card(key="gen-saudi-bc", difficulty=2):
    return Puzzle.objects.create(
        key=key,
        variant="saudi",
        task="best-card",
        position=BEST_CARD,
        answers=["KH", "AH"],
        source=Source.GENERATED,
        themes=["endgame"],
        difficulty=difficulty,
    )
