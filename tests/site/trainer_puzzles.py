"""Generated puzzles for the trainer tests: copies of the "play" puzzle of tests/site/pages.py.

The trainer shows any task kind; these are ``play`` puzzles (hand K♣ 7♣ A♠, West led 9♣: K♣ is
the best card, A♠ breaks the must-follow rule) with ``source="generated"``, at the ratings asked.
"""

from lessons.models import Puzzle, Source
from tests.site.pages import MOROCCAN_PLAY, PLAY, words

RIGHT, WRONG, LEGAL_NOT_BEST = "KC", "AS", "7C"


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
