"""What the table partial draws: a puzzle position read into cards, seats and words.

A position is the JSON input of one engine command (docs/engine-cli.md): ``legal``
(``seat``, ``hand``, ``trick``), ``trick`` (four plays), ``projects`` (``hands``),
``score`` (card points, tricks, projects...) or ``bid`` (``bidding_card``,
``calls``, ``hand``). :func:`table_view` reads whichever keys are there into a
:class:`TableView` for ``templates/lessons/partials/table.html``; every name
comes from :mod:`engine.messages`, in the page language and the learner's deck.
:func:`best_card_view` draws a best-card position (every hand open).

Seats are drawn where they sit, whatever the page direction: South at the
bottom, East on the right, North at the top, West on the left, so the turn
order S → E → N → W goes round counter-clockwise. A best-card position turns
the table so that the seat to play sits at the bottom (the names stay).

The position was validated by the engine when the curriculum was loaded, but
drawing must never fail: a value that cannot be read is left out.
"""

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from engine import messages
from engine.cards import SUIT_LETTERS, Card, NotationError, Seat
from lessons.templatetags.baloot import separator, variant_gettext

SEAT_LETTERS = ("S", "E", "N", "W")  # turn order, counter-clockwise
SEAT_PLACES = {"S": "south", "E": "east", "N": "north", "W": "west"}
PLACES = ("south", "east", "north", "west")  # in turn order from the bottom of the drawing
TEAMS = ("NS", "EW")


@dataclass(frozen=True)
class CardFace:
    """One card as drawn: its notation, what is printed on it, and its name read aloud."""

    code: str  # "KC": the value posted by the answer form
    rank: str  # "K", "R" (French "roi"), "12" (Spanish deck)
    suit: str  # "S" "H" "D" "C": the CSS class picks colour and shape
    symbol: str  # "♣"; empty for the Spanish deck, drawn as an icon instead
    spanish: bool
    name: str  # "roi de trèfle": the accessible name


@dataclass
class SeatView:
    letter: str
    place: str  # south east north west: the grid area
    name: str
    team: str
    played: CardFace | None = None
    played_order: int = 0  # 1 for the lead
    cards: list[CardFace] = field(default_factory=list)  # shown cards (declared projects)
    call: str = ""  # the seat's last call in the auction
    dealer: bool = False
    to_act: bool = False


@dataclass
class TableView:
    variant: str
    deck: str
    seats: list[SeatView]
    trick: list[tuple[str, CardFace]]  # (seat name, card) in the order played
    hand: list[CardFace]
    hand_seat: str  # the seat whose hand is shown, by name
    trump: str  # "♥ hearts" / "Sun (no trump)"; empty when the position has none
    trump_suit: str  # suit letter, for the symbol's colour; empty for Sun
    bidding_card: CardFace | None
    calls: list[tuple[str, str]]  # (seat name, call) in the order said
    contract: str
    facts: list[tuple[str, str]]  # (label, value) rows: scores, tricks, multiplier...
    # Every hand open (a best-card position): on a phone each seat becomes one compact row, its
    # card of the trick beside its hand, so that the hand to play from stays on the first screen.
    seat_rows: bool = False

    @property
    def has_felt(self) -> bool:
        """Something lies in the middle of the table: cards of the trick, or the bidding card."""
        return bool(self.trick or self.bidding_card)

    @property
    def has_seats(self) -> bool:
        # A contract is about seats too (who took it, who dealt): draw them around it.
        return bool(
            self.trick or self.bidding_card or self.contract or any(s.cards or s.call for s in self.seats)
        )


def effective_deck(variant: str, deck: str) -> str:
    """Only Moroccan lessons offer the Spanish deck; the others always show the French one."""
    return "spanish" if variant == "moroccan" and deck == "spanish" else "french"


def card_face(code: object, variant: str, lang: str, deck: str) -> CardFace | None:
    try:
        card = Card.parse(code)  # type: ignore[arg-type]
    except NotationError:
        return None
    spanish = deck == "spanish"
    if spanish:
        rank = messages.SPANISH_NUMBERS[card.rank]
    else:
        rank = messages.lookup(f"rank.short.{str(card)[0]}", variant, lang)
    return CardFace(
        code=str(card),
        rank=rank,
        suit=SUIT_LETTERS[card.suit],
        symbol="" if spanish else messages.SUIT_SYMBOLS[card.suit],
        spanish=spanish,
        name=messages.card_long_name(card, variant, lang, deck),
    )


def card_faces(codes: object, variant: str, lang: str, deck: str) -> list[CardFace]:
    if not isinstance(codes, list):
        return []
    faces = (card_face(code, variant, lang, deck) for code in codes)
    return [face for face in faces if face is not None]


def seat_letter(value: object) -> str | None:
    try:
        return str(Seat.parse(value))
    except NotationError:
        return None


def trump_words(position: dict[str, Any], variant: str, lang: str, deck: str) -> tuple[str, str]:
    """The trump as shown beside the table, and its suit letter; ("", "") when the position has none."""
    if "trump" not in position:
        return "", ""
    trump = position["trump"]
    if trump is None:
        return messages.suit_name(messages.NO_TRUMP, variant, lang, deck), ""
    if not isinstance(trump, str) or trump.upper() not in SUIT_LETTERS:
        return "", ""
    suit = SUIT_LETTERS.index(trump.upper())
    name = messages.suit_name(suit, variant, lang, deck)
    symbol = "" if deck == "spanish" else messages.SUIT_SYMBOLS[suit] + " "
    return symbol + name, trump.upper()


def table_view(
    position: dict[str, Any], lang: str, deck: str, bid_state: dict[str, Any] | None = None
) -> TableView:
    """Read ``position`` for drawing. ``bid_state`` is the engine's ``bid`` answer, when there is one."""
    variant = str(position.get("variant", "french"))
    deck = effective_deck(variant, deck)
    seats = {
        letter: SeatView(
            letter=letter,
            place=SEAT_PLACES[letter],
            name=messages.seat_name(letter, variant, lang),
            team=TEAMS[Seat[letter] & 1],
        )
        for letter in SEAT_LETTERS
    }

    trick: list[tuple[str, CardFace]] = []
    for play in position.get("trick") or []:
        if not (isinstance(play, list) and len(play) == 2):
            continue
        letter, face = seat_letter(play[0]), card_face(play[1], variant, lang, deck)
        if letter and face:
            seats[letter].played = face
            seats[letter].played_order = len(trick) + 1
            trick.append((seats[letter].name, face))

    hands = position.get("hands")
    if isinstance(hands, dict):
        for key, codes in hands.items():
            letter = seat_letter(key)
            if letter:
                seats[letter].cards = card_faces(codes, variant, lang, deck)

    dealer = seat_letter(position.get("dealer"))
    if dealer:
        seats[dealer].dealer = True

    calls: list[tuple[str, str]] = []
    for item in position.get("calls") or []:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], str)):
            continue
        letter = seat_letter(item[0])
        if letter:
            said = messages.call_name(item[1], variant, lang, deck)
            seats[letter].call = said
            calls.append((seats[letter].name, said))

    to_act = seat_letter(position.get("seat"))
    if bid_state is not None:
        to_act = seat_letter(bid_state.get("to_act"))
    if to_act:
        seats[to_act].to_act = True

    trump, trump_suit = trump_words(position, variant, lang, deck)
    return TableView(
        variant=variant,
        deck=deck,
        seats=list(seats.values()),
        trick=trick,
        hand=card_faces(position.get("hand"), variant, lang, deck),
        hand_seat=seats[to_act].name if to_act else "",
        trump=trump,
        trump_suit=trump_suit,
        bidding_card=card_face(position["bidding_card"], variant, lang, deck)
        if "bidding_card" in position
        else None,
        calls=calls,
        contract=contract_words(bid_state, variant, lang, deck),
        facts=score_facts(position, variant, lang),
    )


def contract_words(bid_state: dict[str, Any] | None, variant: str, lang: str, deck: str) -> str:
    """The contract an auction ended on ("hokm, hearts, North"); empty while it goes on."""
    contract = (bid_state or {}).get("contract")
    if not isinstance(contract, dict):
        return ""
    if contract.get("void"):
        return _("No contract (everyone passed)")
    # Only Saudi Baloot has Hokm and Sun; elsewhere the engine's "hokm" is simply a take.
    mode = str(contract.get("mode", "take")) if variant == "saudi" else "take"
    words = [messages.contract_name(mode, variant, lang)]
    suit = contract.get("trump")
    if isinstance(suit, str) and suit in SUIT_LETTERS:
        words.append(messages.suit_name(SUIT_LETTERS.index(suit), variant, lang, deck))
    taker = seat_letter(contract.get("taker"))
    if taker:
        words.append(messages.seat_name(taker, variant, lang))
    return separator(lang).join(words)


def best_card_view(position: dict[str, Any], lang: str, deck: str, to_play: str | None) -> TableView:
    """A best-card position: the four hands open, the seat to play at the bottom holding the hand
    the answer buttons show, the contract, the trick in progress and the card points taken so far."""
    table = table_view(position, lang, deck, {"contract": position.get("contract"), "to_act": to_play})
    bottom = seat_letter(to_play)
    if bottom is None:
        return table
    for seat in table.seats:
        seat.place = PLACES[(Seat[seat.letter] - Seat[bottom]) % 4]
        if seat.letter == bottom:
            table.hand, seat.cards = seat.cards, []  # drawn once: as the buttons of the answer form
    table.seats.sort(key=lambda seat: PLACES.index(seat.place))
    table.seat_rows = True
    points = position.get("points")
    if isinstance(points, dict):
        for team in TEAMS:
            if isinstance(points.get(team), int):
                won = variant_gettext("Card points won so far", table.variant)
                label = f"{won}{separator(lang)}{messages.team_name(team, table.variant, lang)}"
                table.facts.append((label, str(points[team])))
    return table


@dataclass(frozen=True)
class TrickView:
    """One trick of a solver's line: its cards in play order, who wins it, the engine's sentence."""

    n: int  # the trick's number in the hand, 1 to 8
    plays: list[tuple[str, CardFace]]  # (seat name, card)
    winner: str
    points: int
    rule: str
    text: str


def line_view(line: list[dict[str, Any]], variant: str, lang: str, deck: str) -> list[TrickView]:
    """The tricks of a best-card line (lessons.positions.best_card's ``lines``), drawn in ``deck``."""
    deck = effective_deck(variant, deck)
    tricks = []
    for trick in line:
        plays = []
        for seat, code in trick.get("plays", []):
            face = card_face(code, variant, lang, deck)
            if face is not None:
                plays.append((messages.seat_name(seat, variant, lang), face))
        tricks.append(
            TrickView(
                n=int(trick.get("n", 0)),
                plays=plays,
                winner=messages.seat_name(trick["winner"], variant, lang) if trick.get("winner") else "",
                points=int(trick.get("points", 0)),
                rule=str(trick.get("rule", "")),
                text=str(trick.get("text", "")),
            )
        )
    return tricks


def score_facts(position: dict[str, Any], variant: str, lang: str) -> list[tuple[str, str]]:
    """The rows of a finished hand (score puzzles): who bought, card points, tricks, belote..."""
    facts: list[tuple[str, str]] = []
    taker = seat_letter(position.get("taker"))
    if taker:
        facts.append((variant_gettext("Taker", variant), messages.seat_name(taker, variant, lang)))
    # Labels in the variant's own words: «الأبناط» and «الأكلات» are the Saudi course's.
    for key, label in (
        ("card_points", variant_gettext("Card points", variant)),
        ("tricks", variant_gettext("Tricks", variant)),
    ):
        value = position.get(key)
        if isinstance(value, dict):
            for team in TEAMS:
                if team in value:
                    name = messages.team_name(team, variant, lang)
                    facts.append((label + separator(lang) + name, str(value[team])))
    projects = position.get("projects")
    if isinstance(projects, dict):
        for key, declared in projects.items():
            letter = seat_letter(key)
            if letter and isinstance(declared, list):
                shown = [
                    messages.join_list(
                        (messages.card_name(Card.parse(c), variant, lang) for c in group if _is_card(c)),
                        variant,
                        lang,
                    )
                    for group in declared
                    if isinstance(group, list)
                ]
                who = messages.seat_name(letter, variant, lang)
                facts.append(
                    (
                        variant_gettext("Projects", variant) + separator(lang) + who,
                        " / ".join(shown),
                    )
                )
    belote = seat_letter(position.get("belote"))
    if belote:
        facts.append(
            (
                messages.project_name("belote" if variant != "saudi" else "baloot", variant, lang),
                messages.seat_name(belote, variant, lang),
            )
        )
    multiplier = position.get("multiplier")
    if isinstance(multiplier, int) and multiplier > 1:
        facts.append((_("Multiplier"), f"×{multiplier}"))
    if position.get("gahwa"):
        facts.append(
            (messages.lookup("call.gahwa", variant, lang), messages.lookup("word.yes", variant, lang))
        )
    pot = position.get("pot")
    if isinstance(pot, int) and pot:
        facts.append((_("Pot carried in"), str(pot)))
    game = position.get("game_score")
    if isinstance(game, dict):
        for team in TEAMS:
            if team in game:
                facts.append(
                    (
                        _("Game score") + separator(lang) + messages.team_name(team, variant, lang),
                        str(game[team]),
                    )
                )
    return facts


def _is_card(value: object) -> bool:
    try:
        Card.parse(value)  # type: ignore[arg-type]
    except NotationError:
        return False
    return True
