# ruff: noqa: E501  (SVG path data reads best one shape a line)
"""Draw the card faces: ``static/img/cards.svg``, one sprite of ``<symbol>`` elements.

Each card of both decks is one symbol: ``fr-KH`` (king of hearts, French suits), ``es-KH`` (the
same card in the Spanish deck: rey de copas). A page draws the card's index (rank and suit, in the
page's words) as text in the corner and the symbol beside it with ``<use href="…cards.svg#fr-KH">``
(``templates/lessons/partials/face.html``); the browser fetches the sprite once and caches it.

French suits are drawn in ``currentColor``: each suit's colour comes from the page's stylesheet
(the four-colour deck). The Spanish suits keep their own colours, as printed on the Spanish deck:
oros gold, copas red, espadas blue, bastos green.

All the artwork is drawn here, from simple shapes, and is the project's own (same licence as
the code). ``tests/site/test_card_sprite.py`` checks that the committed sprite is this output:
after a change here, ``python manage.py draw_card_sprite`` writes it again.
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

SPRITE = Path(settings.BASE_DIR) / "static" / "img" / "cards.svg"
SUITS = "SHDC"
RANKS = "789TJQKA"

# French suits, 24 x 24, filled with the suit's colour.
FRENCH_PIPS = {
    "S": '<path d="M12 2C9 6.5 3 9.8 3 14a4.5 4.5 0 0 0 7.6 3.3L9.5 22h5l-1.1-4.7A4.5 4.5 0 0 0 21 14c0-4.2-6-7.5-9-12z"/>',
    "H": '<path d="M12 21.5C5.5 16 2 12.6 2 8.4 2 5.2 4.5 3 7.3 3c2 0 3.7 1 4.7 2.7C13 4 14.7 3 16.7 3 19.5 3 22 5.2 22 8.4c0 4.2-3.5 7.6-10 13.1z"/>',
    "D": '<path d="M12 1.5 20.5 12 12 22.5 3.5 12z"/>',
    "C": '<circle cx="12" cy="7" r="4.4"/><circle cx="6.8" cy="13.6" r="4.4"/><circle cx="17.2" cy="13.6" r="4.4"/>'
    '<path d="M10.9 12h2.2l1.8 10h-5.8z"/>',
}
# Spanish suits, 24 x 24: oros (coins) for diamonds, copas (cups) for hearts, espadas (swords) for
# spades, bastos (clubs) for clubs.
SPANISH_PIPS = {
    "D": '<circle cx="12" cy="12" r="9" fill="#e2a400" stroke="#6b4e00" stroke-width="2"/>'
    '<circle cx="12" cy="12" r="4" fill="none" stroke="#6b4e00" stroke-width="2"/>',
    "H": '<path d="M4 3h16c0 5.5-3.2 8.6-6.5 9.3V17H17v3H7v-3h3.5v-4.7C7.2 11.6 4 8.5 4 3z" fill="#c62828"/>',
    "S": '<path d="M12 1l2 3.5V15h-4V4.5z" fill="#1565c0"/><path d="M6 15h12v2.4H6z" fill="#0d3c78"/>'
    '<path d="M10.8 17.4h2.4V21h1.3v2h-5v-2h1.3z" fill="#0d3c78"/>',
    "C": '<path d="M10.2 22l.6-11.5C8.6 9.7 8 6.6 9.6 4.6c1.7-2.2 5.4-1.9 6.4.8.8 2-.2 4-1.8 5L13.8 22z" fill="#2e7d32"/>'
    '<circle cx="10.5" cy="7" r="1" fill="#a5d6a7"/><circle cx="13.5" cy="5.5" r="1" fill="#a5d6a7"/>',
}
SPANISH_COLOURS = {"D": "#b07d00", "H": "#c62828", "S": "#1565c0", "C": "#2e7d32"}

# The face is 60 x 84; the index is printed at the top left (by the page, as text), so the drawing
# keeps to the right of x = 16. Pips: two columns and a middle one, the lower half upside down.
L, M, R = 27, 37, 47
PIP_LAYOUTS: dict[int, list[tuple[int, ...]]] = {
    1: [(M, 46, 30)],
    4: [(L, 20), (R, 20), (L, 68), (R, 68)],
    5: [(L, 20), (R, 20), (M, 44), (L, 68), (R, 68)],
    6: [(L, 20), (R, 20), (L, 44), (R, 44), (L, 68), (R, 68)],
    7: [(L, 20), (R, 20), (M, 32), (L, 44), (R, 44), (L, 68), (R, 68)],
    8: [(L, 20), (R, 20), (M, 32), (L, 44), (R, 44), (M, 56), (L, 68), (R, 68)],
    9: [(L, 18), (R, 18), (L, 35), (R, 35), (M, 44), (L, 53), (R, 53), (L, 70), (R, 70)],
    10: [(L, 18), (R, 18), (M, 27), (L, 35), (R, 35), (L, 53), (R, 53), (M, 61), (L, 70), (R, 70)],
}
FRENCH_COUNTS = {"7": 7, "8": 8, "9": 9, "T": 10, "A": 1}
SPANISH_COUNTS = {"7": 4, "8": 5, "9": 6, "T": 7, "A": 1}  # the Spanish deck's 4 5 6 7 and as


def pips(suit_id: str, count: int) -> str:
    out = []
    for spot in PIP_LAYOUTS[count]:
        x, y = spot[0], spot[1]
        size = spot[2] if len(spot) == 3 else 11
        turn = f' transform="rotate(180 {x} {y})"' if y > 46 else ""
        half = size / 2
        out.append(
            f'<use href="#{suit_id}" x="{x - half:g}" y="{y - half:g}" width="{size}" height="{size}"{turn}/>'
        )
    return "".join(out)


# Court cards: a figure in a frame, the suit's pip in its corner. The clothes take the suit's
# colour (currentColor, or the Spanish suit's own); skin and gold are the same on every card.
SKIN = "#f1cfae"
GOLD = "#e2a400"
HEADWEAR = {
    # King / rey: a crown with three points.
    "K": f'<path d="M30 20l2.5-7 4.5 4 4.5-4 2.5 7z" fill="{GOLD}" stroke="#6b4e00" stroke-width=".8"/>',
    # Queen: a round tiara.
    "Q": f'<path d="M30.5 20q6.5-8 13 0z" fill="{GOLD}" stroke="#6b4e00" stroke-width=".8"/>'
    '<circle cx="37" cy="14.8" r="1.3" fill="#c62828"/>',
    # Jack / sota: a flat cap with a feather.
    "J": '<path d="M29.5 20.5q7.5-6.5 15 0z" fill="#3b3b3b"/><path d="M43 17q5-6 7-4-3 1-6 5z" fill="#9e9e9e"/>',
}


def figure(rank: str, suit_id: str, colour: str, horse: bool = False) -> str:
    frame = '<rect x="18" y="5" width="38" height="75" rx="3" fill="none" stroke="#8f9891" stroke-width="1"/>'
    corner = f'<use href="#{suit_id}" x="20" y="7" width="9" height="9"/>'
    if horse:
        # Caballo: a horse's head and neck, its rider's hand on the reins.
        body = (
            '<path d="M24 78l4-22c-3-4-4-10 0-16l8-10 4-6 2 5 6 3-1 6-5 2c2 6 2 12 0 18l2 20z" fill="#8d5a2b"/>'
            '<circle cx="43" cy="34" r="1.2" fill="#222"/>'
            f'<path d="M38 44q6 3 10 12" stroke="{colour}" stroke-width="2.2" fill="none"/>'
            f'<circle cx="38" cy="14" r="5" fill="{SKIN}" stroke="#6b4e00" stroke-width=".6"/>'
            f'<path d="M32 30q6-10 12 0v10h-12z" fill="{colour}"/>'
        )
        return frame + body + corner
    return (
        frame
        + f'<path d="M25 78l3-30q9-8 18 0l3 30z" fill="{colour}"/>'  # robe
        + f'<path d="M31 42h12l-2 6h-8z" fill="{GOLD}"/>'  # collar
        + f'<circle cx="37" cy="26" r="6.5" fill="{SKIN}" stroke="#6b4e00" stroke-width=".6"/>'
        + '<circle cx="34.8" cy="25.5" r=".9" fill="#222"/><circle cx="39.2" cy="25.5" r=".9" fill="#222"/>'
        + HEADWEAR[rank]
        + f'<use href="#{suit_id}" x="32" y="56" width="10" height="10"'
        + (' fill="#fff"/>' if suit_id.startswith("p-") else "/>")
        + corner
    )


def sprite() -> str:
    symbols = []
    for suit in SUITS:
        symbols.append(f'<symbol id="p-{suit}" viewBox="0 0 24 24">{FRENCH_PIPS[suit]}</symbol>')
        symbols.append(f'<symbol id="e-{suit}" viewBox="0 0 24 24">{SPANISH_PIPS[suit]}</symbol>')
    for suit in SUITS:
        for rank in RANKS:
            if rank in FRENCH_COUNTS:
                french = pips(f"p-{suit}", FRENCH_COUNTS[rank])
                spanish = pips(f"e-{suit}", SPANISH_COUNTS[rank])
            else:
                french = figure(rank, f"p-{suit}", "currentColor")
                spanish = figure(rank, f"e-{suit}", SPANISH_COLOURS[suit], horse=rank == "Q")
            symbols.append(
                f'<symbol id="fr-{rank}{suit}" viewBox="0 0 60 84" fill="currentColor">{french}</symbol>'
            )
            symbols.append(f'<symbol id="es-{rank}{suit}" viewBox="0 0 60 84">{spanish}</symbol>')
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">'
        "<!-- The card faces of baloot_site, drawn by lessons/management/commands/draw_card_sprite.py. -->\n"
        + "\n".join(symbols)
        + "\n</svg>\n"
    )


class Command(BaseCommand):
    help = "Draw the card faces into static/img/cards.svg (one sprite of <symbol>s)."

    def handle(self, *args: object, **options: object) -> None:
        SPRITE.parent.mkdir(parents=True, exist_ok=True)
        SPRITE.write_text(sprite(), encoding="utf-8")
        self.stdout.write(f"{SPRITE}: {SPRITE.stat().st_size} bytes")
