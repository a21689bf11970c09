"""Sentences and names for people: the only place the engine's explanations become text.

Rule logic returns :class:`~engine.explain.Reason` / :class:`~engine.explain.Step`
records (a rule ID from docs/rules.md and its params); this module renders them in
English, Arabic, Persian or French through the gettext catalogs
``locale/<lang>/LC_MESSAGES/django.po`` — the same files the Django site uses,
domain ``django``. It uses the standard library only.

>>> from engine.cards import Card
>>> from engine.explain import Reason
>>> r = Reason("play.must-follow", {"suit": 3, "cards": [Card.parse("KC"), Card.parse("7C")]})
>>> render(r, "french", "en")
'You must follow clubs: you hold K♣ and 7♣.'
>>> card_long_name(Card.parse("QH"), "saudi", "ar")
'بنت هاص'

Catalog keys
------------
``msgid`` is a key, never English text (so English has a real catalog too):

- a rule ID, ``play.must-follow``, for the sentence explaining the rule;
  ``<rule>:<case>`` for one case of it (:func:`render` says how the case is
  read from the params: ``play.must-overtrump:always``,
  ``score.fr.contract:compare:dedans``); ``<rule>:brief`` for a plainer
  sentence used when optional params are absent;
- ``title:<rule>``: the rule's short title (:func:`rule_title`);
- ``error.<code>``: the command line's error messages (below);
- ``solve.best``, ``solve.trick``, ``solve.outcome``, ``solve.loses``: the
  exact solver's explanations (:mod:`engine.solver.explain`; not rules of
  docs/rules.md, listed in ``engine.rule_ids.SOLVER_IDS``), and ``theme.<key>``, the
  names of puzzle themes (:mod:`engine.solver.themes`);
- vocabulary: ``suit.S``, ``suit.none`` (Sun), ``suit.spanish.S``, ``rank.K``,
  ``rank.short.K``, ``rank.spanish.K``, ``card.long``, ``card.played``, ``card.spanish.short``,
  ``card.spanish.long``, ``seat.N``, ``team.NS``, ``contract.sun``,
  ``call.pass``, ``call.pass:2``, ``call.hokm-suit``, ``project.sira``,
  ``result.made``, ``list.pair``, ``list.middle``, ``word.yes``, and
  ``<param>.<value>`` for other string params (``basis.card-points``,
  ``reason.mixed-suits``).

``msgctxt`` is a variant name (``saudi``, ``moroccan``, ``french``) where that
variant's own words differ: Saudi Arabic says حكم where Moroccan says الأتو.
A key is looked up, for the first candidate that exists, in this order: with
the variant's context, then without one; for each, the candidate msgids most
specific first; first in the asked language, then in English; last resort,
the key itself. (The variant's words come before the case's nuance: a Saudi
sentence never falls back to Moroccan vocabulary while the catalog has a
Saudi one for the rule.) Among the candidates of one language the first whose
placeholders are all in the params (and not empty) wins.

Catalog keys appear below as literals inside the marker functions
:func:`gettext_noop` / :func:`pgettext_lazy`: Django's ``makemessages`` passes
those names to xgettext, so the entries stay live (not obsolete) when the
site's own strings are extracted into the same files.

Templates
---------
``str.format`` named fields: ``{suit}``, ``{cards}``. A value is rendered by type
and key: a Card as its short name (``{card:long}`` for the long one), a list as
a localized list, a ``(seat, card)`` pair as that seat's play (``card.played``:
``South: K♣``), a Seat/Team (or ``"N"``/``"NS"``) by name, an int under a key
naming a suit (``suit``, ``trump``, ``led``, ``*_suit``) as the suit's name
(4 = Sun), an int ``rank`` as printed on the card, a string under ``call``,
``type``/``*_type(s)``, ``mode``, ``result``, ``rule``/``*_rule`` as that word
or rule title. ``{n:point|points}`` picks the plural form of the word for ``n``
(or for a list's length) by the catalog's ``Plural-Forms`` (Arabic lists six
forms). Digits stay Western; the site localizes them. Unknown params are
ignored, a missing one is rendered ``…``; rendering never raises.

Error codes
-----------
The command line (:mod:`engine.cli`, codes raised in :mod:`engine.notation`)
reports ``{"error": {"code": CODE, "message": ...}}``; the message is
``error_message(CODE, lang, params)`` (msgid ``error.CODE``), see
:data:`ERROR_CODES`. Params: ``field`` (the offending input field, e.g.
``hand[2]`` or ``rules.target``; absent for ``bad-json``, ``not-object`` and
``internal``), ``value`` (the offending value: text, a count, a sum, or a
Seat/Card), ``expected`` (a seat, a count, a range ``1–8``, a notation example).
They are quoted as given (a seat or card object is named).

====================  =============================================================
code                  params besides ``field``
====================  =============================================================
``bad-json``          ``value`` (the parser's detail)
``not-object``        —
``unknown-command``   ``value`` (the command line's arguments), ``commands`` (those accepted)
``missing-field``     —
``unknown-field``     ``value`` (the field's name)
``bad-field``         ``value``, ``expected``
``unknown-variant``   ``value``
``unknown-option``    ``value`` (the option's name)
``bad-option``        ``value``, ``expected``
``unknown-language``  ``value``
``unknown-card``      ``value``
``unknown-suit``      ``value``
``unknown-seat``      ``value``
``no-sun``            ``value`` (``null``)
``duplicate-card``    ``value`` (the card), ``first`` (where it was first given)
``hand-size``         ``value`` (the count), ``expected``
``trick-size``        ``value`` (the count), ``expected``
``out-of-turn``       ``value`` (the seat), ``expected`` (the seat whose turn it is)
``card-points``       ``value`` (the sum or the team's points), ``expected``
``tricks-count``      ``value`` (the sum), ``expected`` (8)
``unknown-call``      ``value``
``call-refused``      ``value`` (the call); the command line appends the rule's reason
``auction-over``      ``value`` (the call)
``bad-project``       ``value`` (the cards), ``reason`` (``duplicate-card``,
                      ``too-few-cards``, ``mixed-suits``, ``not-consecutive``,
                      ``worthless-carre``)
``internal``          ``detail`` (not shown)
====================  =============================================================
"""

from __future__ import annotations

import ast
import functools
import gettext
import re
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, NamedTuple

from engine.cards import RANK_LETTERS, SUIT_LETTERS, Card, NotationError, Seat, Team
from engine.explain import Reason, Step

LANGUAGES = ("en", "ar", "fa", "fr")
DEFAULT_LANGUAGE = "en"
VARIANTS = ("saudi", "moroccan", "french")
DECKS = ("french", "spanish")

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "django"

MISSING = "…"

SUIT_SYMBOLS = "♠♥♦♣"
# The number printed on the Spanish card that plays as each rank 7 8 9 T J Q K A (docs/rules.md §6).
SPANISH_NUMBERS = ("4", "5", "6", "7", "10", "11", "12", "1")
NO_TRUMP = 4

# The command line's error codes (table in the module docstring); msgid ``error.<code>``.
ERROR_CODES = (
    "bad-json", "not-object", "unknown-command", "missing-field", "unknown-field", "bad-field",
    "unknown-variant", "unknown-option", "bad-option", "unknown-language", "unknown-card",
    "unknown-suit", "unknown-seat", "no-sun", "duplicate-card", "hand-size", "trick-size",
    "out-of-turn", "card-points", "tricks-count", "unknown-call", "call-refused", "auction-over",
    "bad-project", "internal",
)


# ---------------------------------------------------------------- catalogs

class Catalog:
    """One language's entries: ``(context, msgid) -> msgstr``, and its plural rule."""

    def __init__(self, entries: Mapping[tuple[str, str], str], plural: Callable[[int], int]) -> None:
        self.entries = dict(entries)
        self.plural = plural

    def get(self, context: str, msgid: str) -> str | None:
        return self.entries.get((context, msgid))


def _plural_rule(header: Mapping[str, str]) -> Callable[[int], int]:
    forms = header.get("plural-forms", "")
    for part in forms.split(";"):
        name, _, expr = part.strip().partition("=")
        if name.strip() == "plural" and expr.strip():
            try:
                return gettext.c2py(expr.strip())
            except (ValueError, SyntaxError):
                break
    return lambda n: int(n != 1)


def _parse_header(text: str) -> dict[str, str]:
    header = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            header[key.strip().lower()] = value.strip()
    return header


def _mo_catalog(path: Path) -> Catalog:
    with path.open("rb") as f:
        t = gettext.GNUTranslations(f)
    # GNUTranslations keeps its entries in ``_catalog`` with keys "ctx\x04msgid";
    # reading them lets a missing key be told apart from a translation equal to it.
    raw: dict[object, str] = getattr(t, "_catalog", {})
    entries: dict[tuple[str, str], str] = {}
    for key, value in raw.items():
        if not isinstance(key, str) or not key:
            continue  # the header, and plural entries (keyed by tuples)
        context, sep, msgid = key.partition("\x04")
        entries[(context, msgid) if sep else ("", key)] = value
    return Catalog(entries, _plural_rule(_parse_header(raw.get("", ""))))


def parse_po(text: str) -> tuple[dict[tuple[str, str], str], dict[str, str]]:
    """The translated entries of a .po file and its header, as msgfmt would compile them.

    Fuzzy, obsolete and untranslated entries are left out, like msgfmt does, and
    so are plural entries (``msgid_plural``): the engine words plurals with
    ``{n:point|points}`` and never looks them up, as :func:`_mo_catalog` skips them.

    >>> entries, header = parse_po('msgid ""\\nmsgstr "Language: fr\\\\n"\\n\\n'
    ...     'msgctxt "saudi"\\nmsgid "a"\\nmsgstr "b"\\n"c\\\\n"\\n')
    >>> entries, header["language"]
    ({('saudi', 'a'): 'bc\\n'}, 'fr')
    """
    entries: dict[tuple[str, str], str] = {}
    header: dict[str, str] = {}
    fields: dict[str, str] = {}
    flags = {"fuzzy": False}
    current = ""

    def flush() -> None:
        msgid = fields.get("msgid")
        msgstr = fields.get("msgstr", fields.get("msgstr[0]", ""))
        if msgid == "" and "msgctxt" not in fields:
            header.update(_parse_header(msgstr))
        elif msgid is not None and msgstr and not flags["fuzzy"] and "msgid_plural" not in fields:
            entries[(fields.get("msgctxt", ""), msgid)] = msgstr
        fields.clear()
        flags["fuzzy"] = False

    def has_msgstr() -> bool:
        return any(k.startswith("msgstr") for k in fields)

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if has_msgstr():
                flush()
            if line.startswith("#,") and "fuzzy" in line[2:].replace(",", " ").split():
                flags["fuzzy"] = True
            continue  # comments, and obsolete entries (#~)
        if line.startswith('"'):
            if current in fields:
                fields[current] += _unquote(line)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and has_msgstr():
            flush()
        current = keyword
        fields[keyword] = _unquote(rest.strip())
    if fields:
        flush()
    return entries, header


def _unquote(token: str) -> str:
    try:
        value = ast.literal_eval(token)
    except (ValueError, SyntaxError):
        return ""
    return value if isinstance(value, str) else ""


def _po_catalog(path: Path) -> Catalog:
    entries, header = parse_po(path.read_text(encoding="utf-8"))
    return Catalog(entries, _plural_rule(header))


@functools.cache
def catalog(lang: str) -> Catalog:
    """The catalog of ``lang``: the compiled .mo when it is fresh, else the .po itself.

    A fresh checkout has no .mo (they are built by ``make messages``), and a
    stale .mo would hide an edit to the .po; either way the .po is read directly.
    """
    directory = LOCALE_DIR / lang / "LC_MESSAGES"
    mo, po = directory / f"{DOMAIN}.mo", directory / f"{DOMAIN}.po"
    try:
        if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
            return _mo_catalog(mo)
        if po.exists():
            return _po_catalog(po)
    except (OSError, UnicodeDecodeError):
        pass
    return Catalog({}, lambda n: int(n != 1))


def clear_cache() -> None:
    """Forget the loaded catalogs (after editing or compiling them)."""
    catalog.cache_clear()


def _lang(lang: str) -> str:
    lang = (lang or DEFAULT_LANGUAGE).lower().replace("_", "-")
    if lang in LANGUAGES:
        return lang
    base = lang.split("-")[0]
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def _candidates(msgids: Sequence[str], variant: str, lang: str) -> list[tuple[str, list[str]]]:
    """For the asked language and then English: the templates found, most specific first."""
    out = []
    for code in dict.fromkeys((_lang(lang), DEFAULT_LANGUAGE)):
        cat = catalog(code)
        found = []
        for context in dict.fromkeys((variant or "", "")):
            for msgid in msgids:
                template = cat.get(context, msgid)
                if template is not None:
                    found.append(template)
        if found:
            out.append((code, found))
    return out


def lookup(msgid: str, variant: str, lang: str, default: str | None = None) -> str:
    """The catalog text of ``msgid`` (variant context first, then English, then ``default`` or the key)."""
    for _, found in _candidates([msgid], variant, lang):
        return found[0]
    return msgid if default is None else default


# ---------------------------------------------------------------- vocabulary

def _word(msgid: str, variant: str, lang: str, default: str | None = None) -> str:
    return lookup(msgid, variant, lang, default)


def _own_word(msgid: str, variant: str, lang: str, default: str) -> str:
    """``msgid`` from the asked language's own catalog only (no English fallback), else ``default``."""
    cat = catalog(_lang(lang))
    for context in dict.fromkeys((variant or "", "")):
        found = cat.get(context, msgid)
        if found is not None:
            return found
    return default


def suit_name(suit: int, variant: str, lang: str, deck: str = "french") -> str:
    """The suit as said in a sentence (``clubs``, ``شريا``, ``گشنیز``); 4 is Sun (no trump)."""
    if suit == NO_TRUMP:
        return _word("suit.none", variant, lang)
    letter = SUIT_LETTERS[suit]
    return _word(f"suit.spanish.{letter}" if deck == "spanish" else f"suit.{letter}", variant, lang)


def card_name(card: int, variant: str, lang: str, deck: str = "french") -> str:
    """The short name used in sentences: the card's index as printed (``K♣``, ``R♣`` in French).

    With the Spanish deck, the number and the suit (``12 of coins``).
    """
    c = Card(card)
    if deck == "spanish":
        return _fill(
            _word("card.spanish.short", variant, lang),
            rank=SPANISH_NUMBERS[c.rank],
            suit=suit_name(c.suit, variant, lang, deck),
        )
    letter = RANK_LETTERS[c.rank]
    # In a sentence Arabic and Persian name the picture cards in words (شايب♣, شاه♣); the card
    # faces keep the printed index (rank.short), as French keeps R, D, V on both.
    printed = _word(f"rank.short.{letter}", variant, lang)
    return _own_word(f"rank.text.{letter}", variant, lang, printed) + SUIT_SYMBOLS[c.suit]


def card_long_name(card: int, variant: str, lang: str, deck: str = "french") -> str:
    """The full name, for reading aloud: ``queen of hearts``, ``بنت هاص``, ``بی‌بی دل``."""
    c = Card(card)
    letter = RANK_LETTERS[c.rank]
    if deck == "spanish":
        return _fill(
            _word("card.spanish.long", variant, lang),
            rank=_word(f"rank.spanish.{letter}", variant, lang),
            number=SPANISH_NUMBERS[c.rank],
            suit=suit_name(c.suit, variant, lang, deck),
        )
    return _fill(
        _word("card.long", variant, lang),
        rank=_word(f"rank.{letter}", variant, lang),
        suit=suit_name(c.suit, variant, lang, deck),
    )


def card_definite_name(card: int, variant: str, lang: str, deck: str = "french") -> str:
    """The full name with its definite article, for a sentence that names the card as its object:
    ``the queen of clubs``, ``la dame de trèfle``, ``l'as de pique``, ``le roi de cœur``.

    French articles follow each rank's gender and elision (``rank.definite.Q`` = ``la dame``);
    the catalog's ``card.definite`` places them (Arabic and Persian need no article).
    """
    c = Card(card)
    letter = RANK_LETTERS[c.rank]
    spanish = deck == "spanish"
    rank = _word(f"rank.spanish.definite.{letter}" if spanish else f"rank.definite.{letter}", variant, lang)
    return _fill(
        _word("card.definite", variant, lang),
        card=card_long_name(card, variant, lang, deck),
        rank=rank,
        suit=suit_name(c.suit, variant, lang, deck),
    )


def seat_name(seat: int | str, variant: str, lang: str) -> str:
    name = seat if isinstance(seat, str) else Seat(seat).name
    return _word(f"seat.{name}", variant, lang)


def team_name(team: int | str, variant: str, lang: str) -> str:
    name = team if isinstance(team, str) else Team(team).name
    return _word(f"team.{name}", variant, lang)


def rank_index(rank: int, variant: str, lang: str, deck: str = "french") -> str:
    """A rank as printed on the card: ``9``, ``K`` (``R`` in French); the Spanish number with that deck."""
    if deck == "spanish":
        return SPANISH_NUMBERS[rank]
    return _word(f"rank.short.{RANK_LETTERS[rank]}", variant, lang)


def contract_name(mode: str, variant: str, lang: str) -> str:
    """``sun`` / ``hokm`` (saudi), ``take`` (moroccan, french)."""
    return _word(f"contract.{mode}", variant, lang, mode)


def call_name(call: str, variant: str, lang: str, deck: str = "french", round: int = 1) -> str:
    """An auction call as said at the table: ``pass``, ``hokm``, ``hokm:S``, ``take:H``, ``double``...

    ``round`` 2 says a Saudi pass as ولا.
    """
    name, _, suit = call.partition(":")
    if suit and suit.upper() in SUIT_LETTERS:
        return _fill(
            _word(f"call.{name}-suit", variant, lang, call),
            suit=suit_name(SUIT_LETTERS.index(suit.upper()), variant, lang, deck),
        )
    if round == 2 and name == "pass":
        return _word("call.pass:2", variant, lang, call)
    return _word(f"call.{name}", variant, lang, call)


def project_name(kind: str, variant: str, lang: str) -> str:
    """``sira fifty hundred four-hundred baloot`` (saudi), ``tierce quarte quinte carre belote``."""
    return _word(f"project.{kind}", variant, lang, kind)


def result_name(result: str, variant: str, lang: str) -> str:
    """``made failed kaboot chute litige dedans capot`` as said in the variant."""
    return _word(f"result.{result}", variant, lang, result)


def join_list(items: Iterable[str], variant: str, lang: str) -> str:
    """``K♣, Q♣ and 7♣``; ``K♣ و7♣``; ``R♣ et 7♣``."""
    words = list(items)
    if not words:
        return ""
    text = words[-1]
    if len(words) > 1:
        text = _fill(_word("list.pair", variant, lang), first=words[-2], last=words[-1])
        middle = _word("list.middle", variant, lang)
        for w in reversed(words[:-2]):
            text = _fill(middle, first=w, rest=text)
    return text


def series(items: Iterable[str], variant: str, lang: str) -> str:
    """``legal, trick, bid``; ``legal، trick، bid``: names to choose from, joined by the language's
    comma without "and"."""
    words = list(items)
    text = words[-1] if words else ""
    middle = _word("list.middle", variant, lang)
    for w in reversed(words[:-1]):
        text = _fill(middle, first=w, rest=text)
    return text


def _fill(template: str, **values: str) -> str:
    """Format vocabulary templates with plain strings; a bad template falls back to the values."""
    try:
        return template.format_map(_Defaulting(values))
    except (ValueError, IndexError, AttributeError, KeyError):
        return " ".join(values.values())


class _Defaulting(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return MISSING


# ---------------------------------------------------------------- rendering

_SUIT_KEYS = frozenset({"suit", "trump", "led"})
_CALL_KEYS = frozenset({"call", "calls", "bid"})
_CONTRACT_KEYS = frozenset({"mode", "contract"})
# Error params quote the input as given.
_VERBATIM_KEYS = frozenset({"field", "value", "expected", "first", "detail"})


def _is_suit_key(key: str) -> bool:
    return key in _SUIT_KEYS or key.endswith("suit") or key.endswith("_trump")


def _is_play(value: Sequence[Any]) -> bool:
    """A ``(seat, card)`` pair, as the solver's lines give them (a Seat or "N"; a Card or "KC")."""
    if len(value) != 2:
        return False
    seat, card = value
    if isinstance(seat, str):
        if seat.strip().upper() not in ("N", "E", "S", "W"):
            return False
    elif not isinstance(seat, Seat):
        return False
    if isinstance(card, Card):
        return True
    if isinstance(card, str):
        try:
            Card.parse(card)
        except NotationError:
            return False
        return True
    return False


def _is_project_key(key: str) -> bool:
    # "projects" alone is a number of points in the scoring steps.
    return key in ("type", "types", "project", "kind") or key.endswith(("_type", "_types"))


@dataclass(frozen=True)
class _Context:
    variant: str
    lang: str
    deck: str

    def text(self, key: str, value: Any, long: bool = False) -> str:
        v, lang, deck = self.variant, self.lang, self.deck
        if value is None:
            return suit_name(NO_TRUMP, v, lang) if _is_suit_key(key) else ""
        if isinstance(value, bool):
            return _word("word.yes" if value else "word.no", v, lang)
        if isinstance(value, Card):
            return (card_long_name if long else card_name)(value, v, lang, deck)
        if isinstance(value, Seat):
            return seat_name(value, v, lang)
        if isinstance(value, Team):
            return team_name(value, v, lang)
        if isinstance(value, Enum):
            return str(value.name)
        if isinstance(value, int):
            if _is_suit_key(key) and 0 <= value <= NO_TRUMP:
                return suit_name(value, v, lang, deck)
            if key == "rank" and 0 <= value < 8:
                return rank_index(value, v, lang, deck)
            return str(value)
        if isinstance(value, str):
            return self.word(key, value, long)
        if isinstance(value, Mapping) and {"type", "cards"} <= value.keys():
            # One project of a split: ``Hundred (7♠, 8♠, 9♠, 10♠ and J♠)``.
            return _fill(
                _word("project.listed", v, lang),
                type=self.text("type", value["type"]),
                cards=self.text("cards", value["cards"], long),
            )
        if isinstance(value, Mapping):
            pairs = (f"{self.text('', k)} {self.text(key, x, long)}" for k, x in value.items())
            return join_list(pairs, v, lang)
        if isinstance(value, (list, tuple)) and _is_play(value):
            return self.play(value[0], value[1], long)
        if isinstance(value, (list, tuple, set, frozenset)):
            return join_list((self.text(key, x, long) for x in value), v, lang)
        return str(value)

    def play(self, seat: Seat | str, card: Card | str, long: bool) -> str:
        """A card played by a seat (``card.played``): ``South: K♣``."""
        v, lang = self.variant, self.lang
        c = card if isinstance(card, Card) else Card.parse(card)
        name = (card_long_name if long else card_name)(c, v, lang, self.deck)
        who = seat_name(str(seat).strip().upper(), v, lang)
        return _fill(_word("card.played", v, lang), seat=who, card=name)

    def word(self, key: str, value: str, long: bool) -> str:
        """A string param: a card, seat, team or suit in notation, or a word of the vocabulary."""
        v, lang = self.variant, self.lang
        if key in _VERBATIM_KEYS:
            return value
        upper = value.strip().upper()
        if _is_suit_key(key) and len(upper) == 1 and upper in SUIT_LETTERS:
            return suit_name(SUIT_LETTERS.index(upper), v, lang, self.deck)
        if "card" in key:
            try:
                return self.text(key, Card.parse(value), long)
            except NotationError:
                pass
        if upper in ("N", "E", "S", "W"):
            return seat_name(upper, v, lang)
        if upper in ("NS", "EW"):
            return team_name(upper, v, lang)
        if key in _CALL_KEYS:
            return call_name(value, v, lang, self.deck)
        if _is_project_key(key):
            return project_name(value, v, lang)
        if key in _CONTRACT_KEYS:
            return contract_name(value, v, lang)
        if key == "result":
            return result_name(value, v, lang)
        if key == "rule" or key.endswith("_rule"):
            return rule_title(value, v, lang) if value else ""
        # Any other word may have an entry ``<key>.<value>`` (``basis.card-points``).
        return _word(f"{key}.{value}", v, lang, value)


class _Field(NamedTuple):
    key: str
    value: Any
    present: bool


class _Formatter(string.Formatter):
    """``str.format`` over a Reason's params, rendering each value in words."""

    def __init__(self, context: _Context, plural: Callable[[int], int]) -> None:
        self.context = context
        self.plural = plural

    def get_field(self, field_name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if field_name in kwargs:
            return _Field(field_name, kwargs[field_name], True), field_name
        return _Field(field_name, None, False), field_name

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        return value

    def format_field(self, value: Any, format_spec: str) -> str:
        if not isinstance(value, _Field) or not value.present:
            return MISSING
        if "|" in format_spec:
            forms = format_spec.split("|")
            n = value.value
            count = len(n) if isinstance(n, (list, tuple)) else n if isinstance(n, int) else 0
            try:
                index = self.plural(abs(count))
            except (ValueError, TypeError, ArithmeticError):
                index = 0
            return forms[min(max(index, 0), len(forms) - 1)]
        return self.context.text(value.key, value.value, long=format_spec == "long")


def _placeholders(template: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
    except ValueError:
        return set()


# French elides "de" and "que" before a vowel: a template says "celle de {seat}", and
# with "Est" that must read "celle d'Est". Digits are left alone ("de 11" is right).
_FRENCH_ELISION = re.compile(r"\b([Dd]|[Qq]u)(?:e) (?=[AEIOUYÉÈÊaeiouyéèê])")


def _format(template: str, params: Mapping[str, Any], variant: str, lang: str, deck: str) -> str:
    formatter = _Formatter(_Context(variant, lang, deck), catalog(lang).plural)
    try:
        out = formatter.vformat(template, (), params)
    except (ValueError, IndexError, KeyError, AttributeError, TypeError):
        return template
    if lang == "fr":
        out = _FRENCH_ELISION.sub(r"\1'", out)
    return out


# Params whose (string) value names the case of a rule, in this order.
CASE_PARAMS = ("case", "action", "outcome", "result")


def _keys(item: Reason | Step) -> list[str]:
    """Candidate msgids for ``item``, most specific first (described in :func:`render`)."""
    params = item.params
    parts = [v for k in CASE_PARAMS if isinstance(v := params.get(k), str) and v]
    parts += sorted(k for k, v in params.items() if v is True)
    if isinstance(item, Step):
        parts.append("step")
    keys = [":".join([item.rule, *parts[:n]]) for n in range(len(parts), 0, -1)]
    return [*keys, item.rule, f"{item.rule}:brief"]


def _present(params: Mapping[str, Any]) -> set[str]:
    """The params a template may rely on: empty values (None, "", []) count as absent."""
    return {k for k, v in params.items() if not (v is None or v == "" or v == [] or v == ())}


def render(item: Reason | Step, variant: str, lang: str, deck: str = "french") -> str:
    """The sentence explaining ``item`` (a rule ID and its params) in ``lang``.

    The case of the rule is read from the params: the string values of
    :data:`CASE_PARAMS`, then the names of the params that are ``True``
    (alphabetical), then ``step`` for a :class:`Step` (a rule cited both to
    refuse a call and in a score, like ``double.sa.gahwa``). So
    ``score.fr.contract`` with ``action="compare"``, ``outcome="dedans"``,
    ``strict=True`` tries ``score.fr.contract:compare:dedans:strict``, then
    ``...:compare:dedans``, ``...:compare``, the bare rule ID, and last
    ``<rule>:brief`` (a plainer sentence for when optional params are empty).

    >>> from engine.cards import Seat
    >>> render(Reason("play.must-trump", {"led": 1, "cards": [], "winner": Seat.N, "case": "opponent"}),
    ...        "moroccan", "fr")
    "Vous n'avez pas de cœur et Nord, un adversaire, est maître du pli\xa0: vous devez couper ()."
    """
    return text(item.rule, item.params, variant, lang, deck, keys=_keys(item))


def text(
    msgid: str,
    params: Mapping[str, Any] | None,
    variant: str,
    lang: str,
    deck: str = "french",
    keys: Sequence[str] | None = None,
) -> str:
    """Render any catalog entry with ``params`` (rule messages, errors, vocabulary templates)."""
    params = dict(params or {})
    for code, templates in _candidates(keys or [msgid, f"{msgid}:brief"], variant, lang):
        present = _present(params)
        chosen = next((t for t in templates if _placeholders(t) <= present), templates[0])
        return _format(chosen, params, variant, code, deck)
    return msgid


def rule_title(rule_id: str, variant: str, lang: str) -> str:
    """The rule's short title (msgid ``title:<rule>``), for links to the rules pages."""
    return lookup(f"title:{rule_id}", variant, lang)


def error_message(code: str, lang: str, params: Mapping[str, Any] | None = None, variant: str = "") -> str:
    """The message of a command-line error ``code`` (msgid ``error.<code>``; see the table above)."""
    return text(f"error.{code}", params, variant, lang)


# ---------------------------------------------------------------- keys

class Key(NamedTuple):
    """One catalog entry: ``msgctxt`` ("" for none) and ``msgid``."""

    context: str
    msgid: str


def gettext_noop(msgid: str) -> Key:
    """Marks a key without context. Named after a keyword of Django's makemessages."""
    return Key("", msgid)


def pgettext_lazy(context: str, msgid: str) -> Key:
    """Marks a key with its variant context. Named after a keyword of Django's makemessages."""
    return Key(context, msgid)


# Every entry of the catalogs, sorted like them; a test keeps both in step.
# The solver's entries (SOLVER_KEYS) and the two-player game's (DECOUVERTE_KEYS) were added to
# the catalogs after the site's strings, each as one block sorted in itself; the others come
# first, sorted.
MESSAGE_KEYS: tuple[Key, ...] = (
    gettext_noop("basis.card-points"),
    gettext_noop("basis.total"),
    gettext_noop("bid.fr.second-suit"),
    gettext_noop("bid.ma.forced-jack"),
    gettext_noop("bid.ma.second-suit"),
    gettext_noop("bid.over"),
    pgettext_lazy("saudi", "bid.over"),
    gettext_noop("bid.sa.after-hokm"),
    gettext_noop("bid.sa.ashkal-seat"),
    gettext_noop("bid.sa.confirm"),
    gettext_noop("bid.sa.no-ashkal-on-ace"),
    gettext_noop("bid.sa.no-ashkal-round2"),
    gettext_noop("bid.sa.redeal"),
    gettext_noop("bid.sa.redeal:brief"),
    gettext_noop("bid.sa.second-hokm-suit"),
    gettext_noop("bid.sa.sun-ends"),
    gettext_noop("bid.turn"),
    gettext_noop("bid.unknown"),
    pgettext_lazy("saudi", "bid.unknown"),
    gettext_noop("bid.void"),
    pgettext_lazy("saudi", "bid.void"),
    gettext_noop("call.ashkal"),
    gettext_noop("call.confirm"),
    gettext_noop("call.double"),
    gettext_noop("call.four"),
    gettext_noop("call.gahwa"),
    gettext_noop("call.hokm"),
    gettext_noop("call.hokm-suit"),
    gettext_noop("call.pass"),
    pgettext_lazy("saudi", "call.pass"),
    gettext_noop("call.pass:2"),
    gettext_noop("call.redeal"),
    gettext_noop("call.sun"),
    gettext_noop("call.take"),
    pgettext_lazy("french", "call.take"),
    gettext_noop("call.take-suit"),
    pgettext_lazy("french", "call.take-suit"),
    gettext_noop("call.three"),
    gettext_noop("card.definite"),
    gettext_noop("card.long"),
    pgettext_lazy("moroccan", "card.long"),
    gettext_noop("card.played"),
    gettext_noop("card.spanish.long"),
    gettext_noop("card.spanish.short"),
    gettext_noop("coach.best"),
    pgettext_lazy("saudi", "coach.best"),
    gettext_noop("coach.best:call"),
    pgettext_lazy("saudi", "coach.best:call"),
    gettext_noop("coach.loses"),
    pgettext_lazy("saudi", "coach.loses"),
    gettext_noop("coach.loses:call"),
    pgettext_lazy("saudi", "coach.loses:call"),
    gettext_noop("contract.hokm"),
    gettext_noop("contract.sun"),
    gettext_noop("contract.take"),
    pgettext_lazy("french", "contract.take"),
    gettext_noop("deal.fr2.decouverte"),
    gettext_noop("decl.fr.belote"),
    gettext_noop("decl.fr.belote:counted"),
    gettext_noop("decl.fr.belote:missed"),
    gettext_noop("decl.fr.belote:said"),
    gettext_noop("decl.fr.best"),
    gettext_noop("decl.fr.best:carre-over-sequence"),
    gettext_noop("decl.fr.best:carre-rank"),
    gettext_noop("decl.fr.best:credited"),
    gettext_noop("decl.fr.best:false"),
    gettext_noop("decl.fr.best:missed"),
    gettext_noop("decl.fr.best:no-declarations"),
    gettext_noop("decl.fr.best:none"),
    gettext_noop("decl.fr.best:project"),
    gettext_noop("decl.fr.best:split"),
    gettext_noop("decl.fr.best:tie-break"),
    gettext_noop("decl.fr.best:top-card"),
    gettext_noop("decl.fr.best:trump"),
    gettext_noop("decl.fr.best:turn-order"),
    gettext_noop("decl.fr.best:unopposed"),
    gettext_noop("decl.fr.best:value"),
    gettext_noop("decl.fr.best:worthless-carre"),
    gettext_noop("decl.ma.belote"),
    gettext_noop("decl.ma.belote:counted"),
    gettext_noop("decl.ma.belote:missed"),
    gettext_noop("decl.ma.belote:said"),
    gettext_noop("decl.ma.best"),
    gettext_noop("decl.ma.best:carre-over-sequence"),
    gettext_noop("decl.ma.best:carre-rank"),
    gettext_noop("decl.ma.best:credited"),
    gettext_noop("decl.ma.best:false"),
    gettext_noop("decl.ma.best:longer"),
    gettext_noop("decl.ma.best:missed"),
    gettext_noop("decl.ma.best:none"),
    gettext_noop("decl.ma.best:project"),
    gettext_noop("decl.ma.best:split"),
    gettext_noop("decl.ma.best:tie"),
    gettext_noop("decl.ma.best:tie-break"),
    gettext_noop("decl.ma.best:top-card"),
    gettext_noop("decl.ma.best:trump"),
    gettext_noop("decl.ma.best:unopposed"),
    gettext_noop("decl.ma.best:value"),
    gettext_noop("decl.ma.best:worthless-carre"),
    gettext_noop("double.sa.gahwa"),
    gettext_noop("double.sa.gahwa:step"),
    gettext_noop("double.sa.sun-condition"),
    gettext_noop("double.sa.who"),
    gettext_noop("double.sa.who:buyer"),
    gettext_noop("double.sa.who:doubler"),
    gettext_noop("error.auction-over"),
    pgettext_lazy("french", "error.auction-over"),
    gettext_noop("error.bad-field"),
    gettext_noop("error.bad-json"),
    gettext_noop("error.bad-option"),
    gettext_noop("error.bad-project"),
    gettext_noop("error.bad-project:brief"),
    gettext_noop("error.call-refused"),
    gettext_noop("error.card-points"),
    gettext_noop("error.duplicate-card"),
    gettext_noop("error.duplicate-card:brief"),
    gettext_noop("error.hand-size"),
    gettext_noop("error.internal"),
    gettext_noop("error.missing-field"),
    gettext_noop("error.no-sun"),
    gettext_noop("error.not-object"),
    gettext_noop("error.out-of-turn"),
    gettext_noop("error.trick-size"),
    gettext_noop("error.tricks-count"),
    pgettext_lazy("saudi", "error.tricks-count"),
    gettext_noop("error.unknown-call"),
    pgettext_lazy("french", "error.unknown-call"),
    gettext_noop("error.unknown-card"),
    gettext_noop("error.unknown-command"),
    gettext_noop("error.unknown-field"),
    gettext_noop("error.unknown-language"),
    gettext_noop("error.unknown-option"),
    gettext_noop("error.unknown-seat"),
    gettext_noop("error.unknown-suit"),
    gettext_noop("error.unknown-variant"),
    gettext_noop("lead.fr.first"),
    gettext_noop("lead.fr2.first"),
    gettext_noop("lead.ma.first"),
    gettext_noop("lead.sa.first"),
    gettext_noop("list.middle"),
    gettext_noop("list.pair"),
    gettext_noop("penalty.sa.khaysh"),
    gettext_noop("penalty.sa.khaysh:brief"),
    gettext_noop("play.ekka"),
    gettext_noop("play.ekka:must-trump"),
    gettext_noop("play.ekka:overtrump"),
    gettext_noop("play.fr2.face-up"),
    gettext_noop("play.fr2.turn-up"),
    gettext_noop("play.must-follow"),
    pgettext_lazy("saudi", "play.must-follow"),
    gettext_noop("play.must-overruff"),
    gettext_noop("play.must-overruff:opponent"),
    gettext_noop("play.must-overruff:partner"),
    gettext_noop("play.must-overtrump"),
    pgettext_lazy("saudi", "play.must-overtrump"),
    gettext_noop("play.must-overtrump:always"),
    gettext_noop("play.must-overtrump:opponent"),
    pgettext_lazy("saudi", "play.must-overtrump:opponent"),
    gettext_noop("play.must-trump"),
    pgettext_lazy("saudi", "play.must-trump"),
    gettext_noop("play.must-trump:always"),
    gettext_noop("play.must-trump:opponent"),
    pgettext_lazy("saudi", "play.must-trump:opponent"),
    gettext_noop("play.partner-winning"),
    pgettext_lazy("saudi", "play.partner-winning"),
    gettext_noop("proj.sa.baloot"),
    gettext_noop("proj.sa.baloot:counted"),
    gettext_noop("proj.sa.baloot:inside-hundred"),
    gettext_noop("proj.sa.baloot:missed"),
    gettext_noop("proj.sa.baloot:said"),
    gettext_noop("proj.sa.declare"),
    gettext_noop("proj.sa.declare:credited"),
    gettext_noop("proj.sa.declare:false"),
    gettext_noop("proj.sa.declare:missed"),
    gettext_noop("proj.sa.declare:project"),
    gettext_noop("proj.sa.declare:split"),
    gettext_noop("proj.sa.declare:tie-break"),
    gettext_noop("proj.sa.declare:tie-break:baloot"),
    gettext_noop("proj.sa.declare:worthless-carre"),
    gettext_noop("proj.sa.one-team"),
    gettext_noop("proj.sa.one-team:none"),
    gettext_noop("proj.sa.one-team:sequence-over-carre"),
    gettext_noop("proj.sa.one-team:top-card"),
    gettext_noop("proj.sa.one-team:turn-order"),
    gettext_noop("proj.sa.one-team:type"),
    gettext_noop("proj.sa.one-team:unopposed"),
    gettext_noop("project.baloot"),
    gettext_noop("project.belote"),
    gettext_noop("project.carre"),
    gettext_noop("project.fifty"),
    gettext_noop("project.four-hundred"),
    gettext_noop("project.hundred"),
    gettext_noop("project.listed"),
    gettext_noop("project.quarte"),
    gettext_noop("project.quinte"),
    gettext_noop("project.sira"),
    gettext_noop("project.tierce"),
    gettext_noop("rank.7"),
    pgettext_lazy("saudi", "rank.7"),
    gettext_noop("rank.8"),
    pgettext_lazy("saudi", "rank.8"),
    gettext_noop("rank.9"),
    pgettext_lazy("saudi", "rank.9"),
    gettext_noop("rank.A"),
    pgettext_lazy("saudi", "rank.A"),
    gettext_noop("rank.J"),
    pgettext_lazy("moroccan", "rank.J"),
    pgettext_lazy("saudi", "rank.J"),
    gettext_noop("rank.K"),
    pgettext_lazy("saudi", "rank.K"),
    gettext_noop("rank.Q"),
    pgettext_lazy("saudi", "rank.Q"),
    gettext_noop("rank.T"),
    pgettext_lazy("saudi", "rank.T"),
    gettext_noop("rank.definite.7"),
    gettext_noop("rank.definite.8"),
    gettext_noop("rank.definite.9"),
    gettext_noop("rank.definite.A"),
    gettext_noop("rank.definite.J"),
    gettext_noop("rank.definite.K"),
    gettext_noop("rank.definite.Q"),
    gettext_noop("rank.definite.T"),
    gettext_noop("rank.short.7"),
    gettext_noop("rank.short.8"),
    gettext_noop("rank.short.9"),
    gettext_noop("rank.short.A"),
    gettext_noop("rank.short.J"),
    gettext_noop("rank.short.K"),
    gettext_noop("rank.short.Q"),
    gettext_noop("rank.short.T"),
    gettext_noop("rank.spanish.7"),
    gettext_noop("rank.spanish.8"),
    gettext_noop("rank.spanish.9"),
    gettext_noop("rank.spanish.A"),
    gettext_noop("rank.spanish.J"),
    gettext_noop("rank.spanish.K"),
    gettext_noop("rank.spanish.Q"),
    gettext_noop("rank.spanish.T"),
    gettext_noop("rank.spanish.definite.7"),
    gettext_noop("rank.spanish.definite.8"),
    gettext_noop("rank.spanish.definite.9"),
    gettext_noop("rank.spanish.definite.A"),
    gettext_noop("rank.spanish.definite.J"),
    gettext_noop("rank.spanish.definite.K"),
    gettext_noop("rank.spanish.definite.Q"),
    gettext_noop("rank.spanish.definite.T"),
    gettext_noop("rank.text.A"),
    pgettext_lazy("saudi", "rank.text.A"),
    gettext_noop("rank.text.J"),
    pgettext_lazy("moroccan", "rank.text.J"),
    pgettext_lazy("saudi", "rank.text.J"),
    gettext_noop("rank.text.K"),
    pgettext_lazy("saudi", "rank.text.K"),
    gettext_noop("rank.text.Q"),
    pgettext_lazy("saudi", "rank.text.Q"),
    gettext_noop("reason.duplicate-card"),
    gettext_noop("reason.mixed-suits"),
    gettext_noop("reason.not-consecutive"),
    gettext_noop("reason.too-few-cards"),
    pgettext_lazy("saudi", "reason.too-few-cards"),
    gettext_noop("reason.worthless-carre"),
    gettext_noop("result.capot"),
    gettext_noop("result.chute"),
    gettext_noop("result.dedans"),
    gettext_noop("result.failed"),
    pgettext_lazy("saudi", "result.failed"),
    gettext_noop("result.kaboot"),
    gettext_noop("result.litige"),
    gettext_noop("result.made"),
    pgettext_lazy("saudi", "result.made"),
    gettext_noop("score.fr.capot"),
    gettext_noop("score.fr.contract:collect"),
    gettext_noop("score.fr.contract:compare:dedans"),
    gettext_noop("score.fr.contract:compare:dedans:strict"),
    gettext_noop("score.fr.contract:compare:litige"),
    gettext_noop("score.fr.contract:compare:made"),
    gettext_noop("score.fr.contract:compare:made:strict"),
    gettext_noop("score.fr.contract:hold"),
    gettext_noop("score.fr.contract:round"),
    gettext_noop("score.fr.dedans"),
    gettext_noop("score.fr.game"),
    gettext_noop("score.fr.game:draw"),
    gettext_noop("score.fr.game:won"),
    gettext_noop("score.fr2.contract"),
    gettext_noop("score.fr2.taker-fails"),
    gettext_noop("score.ma.capot"),
    gettext_noop("score.ma.chute"),
    gettext_noop("score.ma.contract"),
    gettext_noop("score.ma.game"),
    gettext_noop("score.ma.game:play-on"),
    gettext_noop("score.ma.game:won"),
    gettext_noop("score.ma.game:won:both"),
    gettext_noop("score.ma.litige:collect"),
    gettext_noop("score.ma.litige:hold"),
    gettext_noop("score.ma.litige:hold:belote"),
    gettext_noop("score.sa.buyer-wins"),
    gettext_noop("score.sa.buyer-wins:made"),
    gettext_noop("score.sa.buyer-wins:made:multiplied"),
    gettext_noop("score.sa.buyer-wins:made:multiplied:tie"),
    gettext_noop("score.sa.buyer-wins:made:tie"),
    gettext_noop("score.sa.buyer-wins:tie"),
    gettext_noop("score.sa.doubled"),
    gettext_noop("score.sa.doubled:sun"),
    gettext_noop("score.sa.failure"),
    gettext_noop("score.sa.failure:baloot_transferred"),
    gettext_noop("score.sa.failure:penalty"),
    gettext_noop("score.sa.failure:sun"),
    gettext_noop("score.sa.game"),
    gettext_noop("score.sa.game:play-on"),
    gettext_noop("score.sa.game:won"),
    gettext_noop("score.sa.game:won:both"),
    gettext_noop("score.sa.kaboot"),
    gettext_noop("score.sa.kaboot:multiplied"),
    gettext_noop("score.sa.kaboot:multiplied:on_ace"),
    gettext_noop("score.sa.kaboot:multiplied:sun"),
    gettext_noop("score.sa.kaboot:on_ace"),
    gettext_noop("score.sa.kaboot:sun"),
    gettext_noop("score.sa.projects"),
    gettext_noop("score.sa.remainder"),
    gettext_noop("score.sa.round-hokm"),
    gettext_noop("score.sa.round-sun"),
    gettext_noop("score.sa.round-sun:five"),
    gettext_noop("seat.E"),
    gettext_noop("seat.N"),
    gettext_noop("seat.S"),
    gettext_noop("seat.W"),
    gettext_noop("solve.best"),
    pgettext_lazy("saudi", "solve.best"),
    gettext_noop("solve.loses"),
    pgettext_lazy("saudi", "solve.loses"),
    gettext_noop("solve.outcome"),
    pgettext_lazy("saudi", "solve.outcome"),
    gettext_noop("solve.outcome:failed"),
    pgettext_lazy("saudi", "solve.outcome:failed"),
    gettext_noop("solve.outcome:failed:tie"),
    pgettext_lazy("saudi", "solve.outcome:failed:tie"),
    gettext_noop("solve.outcome:made"),
    pgettext_lazy("saudi", "solve.outcome:made"),
    gettext_noop("solve.outcome:made:tie"),
    pgettext_lazy("saudi", "solve.outcome:made:tie"),
    gettext_noop("solve.outcome:tie"),
    pgettext_lazy("saudi", "solve.outcome:tie"),
    gettext_noop("solve.trick"),
    pgettext_lazy("saudi", "solve.trick"),
    gettext_noop("solve.trick:last"),
    pgettext_lazy("saudi", "solve.trick:last"),
    gettext_noop("suit.C"),
    pgettext_lazy("saudi", "suit.C"),
    gettext_noop("suit.D"),
    pgettext_lazy("saudi", "suit.D"),
    gettext_noop("suit.H"),
    pgettext_lazy("saudi", "suit.H"),
    gettext_noop("suit.S"),
    pgettext_lazy("saudi", "suit.S"),
    gettext_noop("suit.none"),
    gettext_noop("suit.spanish.C"),
    gettext_noop("suit.spanish.D"),
    gettext_noop("suit.spanish.H"),
    gettext_noop("suit.spanish.S"),
    gettext_noop("team.EW"),
    gettext_noop("team.NS"),
    gettext_noop("theme.ashkal"),
    gettext_noop("theme.baloot"),
    gettext_noop("theme.belote"),
    gettext_noop("theme.best-split"),
    gettext_noop("theme.capot"),
    gettext_noop("theme.card-order"),
    gettext_noop("theme.carre"),
    gettext_noop("theme.cash"),
    gettext_noop("theme.chute"),
    gettext_noop("theme.counting-trumps"),
    pgettext_lazy("saudi", "theme.counting-trumps"),
    gettext_noop("theme.declarations"),
    gettext_noop("theme.dedans"),
    gettext_noop("theme.direction"),
    gettext_noop("theme.discard"),
    gettext_noop("theme.doubling"),
    gettext_noop("theme.duck"),
    pgettext_lazy("saudi", "theme.duck"),
    gettext_noop("theme.ekka"),
    gettext_noop("theme.endgame"),
    gettext_noop("theme.failure"),
    gettext_noop("theme.first-lead"),
    gettext_noop("theme.follow-suit"),
    gettext_noop("theme.forced-jack"),
    gettext_noop("theme.gahwa"),
    gettext_noop("theme.game"),
    gettext_noop("theme.hokm"),
    gettext_noop("theme.house-rules"),
    gettext_noop("theme.kaboot"),
    gettext_noop("theme.last-trick"),
    pgettext_lazy("saudi", "theme.last-trick"),
    gettext_noop("theme.litige"),
    gettext_noop("theme.overruff"),
    pgettext_lazy("saudi", "theme.overruff"),
    gettext_noop("theme.overtrump"),
    pgettext_lazy("saudi", "theme.overtrump"),
    gettext_noop("theme.partner-master"),
    gettext_noop("theme.partner-winning"),
    gettext_noop("theme.penalty"),
    gettext_noop("theme.points"),
    gettext_noop("theme.ruff"),
    pgettext_lazy("saudi", "theme.ruff"),
    gettext_noop("theme.second-round"),
    gettext_noop("theme.spanish-deck"),
    gettext_noop("theme.sun"),
    gettext_noop("theme.tie-break"),
    gettext_noop("theme.trump"),
    pgettext_lazy("saudi", "theme.trump"),
    gettext_noop("theme.trumping"),
    pgettext_lazy("saudi", "theme.trumping"),
    gettext_noop("theme.turn-order"),
    gettext_noop("theme.unblock"),
    gettext_noop("theme.undertrump"),
    pgettext_lazy("saudi", "theme.undertrump"),
    gettext_noop("theme.violation"),
    gettext_noop("theme.void-hand"),
    gettext_noop("title:bid.fr.second-suit"),
    gettext_noop("title:bid.ma.forced-jack"),
    gettext_noop("title:bid.ma.second-suit"),
    gettext_noop("title:bid.over"),
    pgettext_lazy("saudi", "title:bid.over"),
    gettext_noop("title:bid.sa.after-hokm"),
    gettext_noop("title:bid.sa.ashkal-seat"),
    gettext_noop("title:bid.sa.confirm"),
    gettext_noop("title:bid.sa.no-ashkal-on-ace"),
    gettext_noop("title:bid.sa.no-ashkal-round2"),
    gettext_noop("title:bid.sa.redeal"),
    gettext_noop("title:bid.sa.second-hokm-suit"),
    gettext_noop("title:bid.sa.sun-ends"),
    gettext_noop("title:bid.turn"),
    gettext_noop("title:bid.unknown"),
    gettext_noop("title:bid.void"),
    gettext_noop("title:deal.fr2.decouverte"),
    gettext_noop("title:decl.fr.belote"),
    gettext_noop("title:decl.fr.best"),
    gettext_noop("title:decl.ma.belote"),
    gettext_noop("title:decl.ma.best"),
    gettext_noop("title:double.sa.gahwa"),
    gettext_noop("title:double.sa.sun-condition"),
    gettext_noop("title:double.sa.who"),
    gettext_noop("title:lead.fr.first"),
    gettext_noop("title:lead.fr2.first"),
    gettext_noop("title:lead.ma.first"),
    gettext_noop("title:lead.sa.first"),
    gettext_noop("title:penalty.sa.khaysh"),
    gettext_noop("title:play.ekka"),
    gettext_noop("title:play.fr2.face-up"),
    gettext_noop("title:play.fr2.turn-up"),
    gettext_noop("title:play.must-follow"),
    pgettext_lazy("saudi", "title:play.must-follow"),
    gettext_noop("title:play.must-overruff"),
    pgettext_lazy("saudi", "title:play.must-overruff"),
    gettext_noop("title:play.must-overtrump"),
    pgettext_lazy("saudi", "title:play.must-overtrump"),
    gettext_noop("title:play.must-trump"),
    pgettext_lazy("saudi", "title:play.must-trump"),
    gettext_noop("title:play.partner-winning"),
    pgettext_lazy("saudi", "title:play.partner-winning"),
    gettext_noop("title:proj.sa.baloot"),
    gettext_noop("title:proj.sa.declare"),
    gettext_noop("title:proj.sa.one-team"),
    gettext_noop("title:score.fr.capot"),
    gettext_noop("title:score.fr.contract"),
    gettext_noop("title:score.fr.dedans"),
    gettext_noop("title:score.fr.game"),
    gettext_noop("title:score.fr2.contract"),
    gettext_noop("title:score.fr2.taker-fails"),
    gettext_noop("title:score.ma.capot"),
    gettext_noop("title:score.ma.chute"),
    gettext_noop("title:score.ma.contract"),
    gettext_noop("title:score.ma.game"),
    gettext_noop("title:score.ma.litige"),
    gettext_noop("title:score.sa.buyer-wins"),
    gettext_noop("title:score.sa.doubled"),
    gettext_noop("title:score.sa.failure"),
    gettext_noop("title:score.sa.game"),
    gettext_noop("title:score.sa.kaboot"),
    gettext_noop("title:score.sa.projects"),
    gettext_noop("title:score.sa.remainder"),
    gettext_noop("title:score.sa.round-hokm"),
    gettext_noop("title:score.sa.round-sun"),
    gettext_noop("title:solve.best"),
    gettext_noop("title:solve.loses"),
    gettext_noop("title:solve.outcome"),
    gettext_noop("title:solve.trick"),
    pgettext_lazy("saudi", "title:solve.trick"),
    gettext_noop("title:trick.win"),
    pgettext_lazy("saudi", "title:trick.win"),
    gettext_noop("trick.win"),
    pgettext_lazy("saudi", "trick.win"),
    gettext_noop("trick.win:beaten"),
    pgettext_lazy("saudi", "trick.win:beaten"),
    gettext_noop("trick.win:beaten:trumped"),
    pgettext_lazy("saudi", "trick.win:beaten:trumped"),
    gettext_noop("trick.win:led"),
    pgettext_lazy("saudi", "trick.win:led"),
    gettext_noop("trick.win:off-suit"),
    pgettext_lazy("saudi", "trick.win:off-suit"),
    gettext_noop("trick.win:over-partner"),
    pgettext_lazy("saudi", "trick.win:over-partner"),
    gettext_noop("trick.win:trump"),
    pgettext_lazy("saudi", "trick.win:trump"),
    gettext_noop("word.no"),
    gettext_noop("word.yes"),
)

SOLVER_KEYS: tuple[Key, ...] = tuple(
    k
    for k in MESSAGE_KEYS
    if k.msgid == "card.played" or k.msgid.removeprefix("title:").startswith(("solve.", "theme."))
)
"""The exact solver's explanations (``solve.*``), puzzle themes (``theme.*``) and ``card.played``."""

DECOUVERTE_KEYS: tuple[Key, ...] = tuple(k for k in MESSAGE_KEYS if ".fr2." in k.msgid)
"""Two-player Belote découverte (``*.fr2.*``): one more block appended to the catalogs, sorted in itself."""

COACH_KEYS: tuple[Key, ...] = tuple(k for k in MESSAGE_KEYS if k.msgid.startswith("coach."))
"""The coach's verdicts (``coach.*``, engine/coach/review.py): one more block appended to the catalogs."""
