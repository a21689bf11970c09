"""Sentences and names for people: the only place the engine's explanations become text.

Rule logic returns :class:`~engine.explain.Reason` / :class:`~engine.explain.Step`
records (a rule ID from RULES.md and its params); this module renders them in
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

- a rule ID, ``play.must-follow``, for the sentence explaining one case of the rule;
  ``<rule>:<case>`` when the params carry ``case`` (``play.must-overtrump:always``);
- ``title:<rule>``: the rule's short title (:func:`rule_title`);
- ``error.<code>``: the command line's error messages (below);
- vocabulary: ``suit.S``, ``suit.none`` (Sun), ``suit.spanish.S``, ``rank.K``,
  ``rank.short.K``, ``rank.spanish.K``, ``card.long``, ``card.spanish.short``,
  ``card.spanish.long``, ``seat.N``, ``team.NS``, ``contract.sun``, ``call.pass``,
  ``call.hokm-suit``, ``project.sira``, ``result.made``, ``list.pair``,
  ``list.middle``.

``msgctxt`` is a variant name (``saudi``, ``moroccan``, ``french``) where that
variant's own words differ: Saudi Arabic says حكم where Moroccan says الأتو.
A key is looked up, for the first candidate that exists, in this order: with
the variant's context, then without one; for each, with the case
(``<rule>:<case>``) then without it; first in the asked language, then in
English; last resort, the key itself. (The variant's words come before the
case's nuance: a Saudi sentence never falls back to Moroccan vocabulary while
the catalog has a Saudi one for the rule.) Among the candidates of one language the first whose
placeholders are all in the params wins, so a template needing an optional
param (``winner``) can sit beside a plainer one that does not.

Catalog keys appear below as literals inside the marker functions
:func:`gettext_noop` / :func:`pgettext_lazy`: Django's ``makemessages`` passes
those names to xgettext, so the entries stay live (not obsolete) when the
site's own strings are extracted into the same files.

Templates
---------
``str.format`` named fields: ``{suit}``, ``{cards}``. A value is rendered by type
and key: a Card as its short name (``{card:long}`` for the long one), a list as
a localized list, a Seat/Team (or ``"N"``/``"NS"``) by name, an int under a key
naming a suit (``suit``, ``trump``, ``led``, ``*_suit``) as the suit's name
(4 = Sun), a string under ``call``, ``type``/``project``, ``mode``/``contract``,
``result`` as that word. ``{n:point|points}`` picks the plural form of the word
for ``n`` by the catalog's ``Plural-Forms`` (Arabic lists six forms). Digits stay
Western; the site localizes them. Unknown params are ignored, a missing one is
rendered ``…``; rendering never raises.

Error codes
-----------
The command line reports ``{"error": {"code": CODE, "message": ...}}``; the
message is ``error_message(CODE, lang, params)`` (msgid ``error.CODE``). Params:
``field`` (the offending input field, e.g. ``hand`` or ``rules.target``),
``value`` (the offending value as text), and where listed ``expected``.

====================  =============================================================
code                  meaning
====================  =============================================================
``bad-json``          standard input is not JSON (``value``: the parser's detail)
``not-object``        the JSON is not an object
``unknown-command``   ``value``: the command name
``missing-field``     ``field``
``bad-field``         ``field`` has the wrong type or value (``value``, ``expected``)
``unknown-variant``   ``value``
``unknown-option``    ``field`` (``rules.<name>``), ``value`` (the option name)
``bad-option``        an option with a wrong value: ``field``, ``value``, ``expected``
``unknown-language``  ``value``
``unknown-card``      ``field``, ``value``
``duplicate-card``    ``field``, ``value`` (the card, as text)
``hand-size``         ``field``, ``value`` (the number given), ``expected``
``unknown-seat``      ``field``, ``value``
``unknown-suit``      ``field``, ``value``
``no-sun``            ``trump`` is null but the variant has no Sun (``field``, ``value``)
``out-of-turn``       a seat plays or calls out of turn (``field``, ``value``: the seat,
                      ``expected``: the seat whose turn it is)
``trick-size``        ``field``, ``value`` (cards given), ``expected``
``card-not-held``     a played card is not in the hand (``field``, ``value``)
``card-points``       card points that do not add up (``field``, ``value``: the sum, ``expected``)
``tricks-count``      tricks that do not add up to 8 (``field``, ``value``)
``unknown-call``      ``field``, ``value``
``call-refused``      a call the auction does not allow (``field``, ``value``)
``auction-over``      a call after the auction ended (``field``, ``value``)
``bad-project``       cards that form no project (``field``, ``value``)
``internal``          an unexpected failure (no params)
====================  =============================================================
"""

from __future__ import annotations

import ast
import functools
import gettext
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
# The number printed on the Spanish card that plays as each rank 7 8 9 T J Q K A (RULES.md §6).
SPANISH_NUMBERS = ("4", "5", "6", "7", "10", "11", "12", "1")
NO_TRUMP = 4

# The command line's error codes (table in the module docstring); msgid ``error.<code>``.
ERROR_CODES = (
    "bad-json", "not-object", "unknown-command", "missing-field", "bad-field", "unknown-variant",
    "unknown-option", "bad-option", "unknown-language", "unknown-card", "duplicate-card", "hand-size",
    "unknown-seat", "unknown-suit", "no-sun", "out-of-turn", "trick-size", "card-not-held",
    "card-points", "tricks-count", "unknown-call", "call-refused", "auction-over", "bad-project",
    "internal",
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

    Fuzzy, obsolete and untranslated entries are left out, like msgfmt does;
    of plural entries the first form is kept under the singular msgid.

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
        elif msgid is not None and msgstr and not flags["fuzzy"]:
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


def lookup(msgid: str, variant: str, lang: str) -> str:
    """The catalog text of ``msgid`` (variant context first, then English, then the key)."""
    for _, found in _candidates([msgid], variant, lang):
        return found[0]
    return msgid


# ---------------------------------------------------------------- vocabulary

def _word(msgid: str, variant: str, lang: str) -> str:
    return lookup(msgid, variant, lang)


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
    return _word(f"rank.short.{RANK_LETTERS[c.rank]}", variant, lang) + SUIT_SYMBOLS[c.suit]


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


def seat_name(seat: int | str, variant: str, lang: str) -> str:
    name = seat if isinstance(seat, str) else Seat(seat).name
    return _word(f"seat.{name}", variant, lang)


def team_name(team: int | str, variant: str, lang: str) -> str:
    name = team if isinstance(team, str) else Team(team).name
    return _word(f"team.{name}", variant, lang)


def contract_name(mode: str, variant: str, lang: str) -> str:
    """``sun`` / ``hokm`` (saudi), ``take`` (moroccan, french)."""
    return _word(f"contract.{mode}", variant, lang)


def call_name(call: str, variant: str, lang: str, deck: str = "french") -> str:
    """An auction call as said at the table: ``pass``, ``hokm``, ``hokm:S``, ``take:H``, ``double``..."""
    name, _, suit = call.partition(":")
    if suit and suit.upper() in SUIT_LETTERS:
        return _fill(
            _word(f"call.{name}-suit", variant, lang),
            suit=suit_name(SUIT_LETTERS.index(suit.upper()), variant, lang, deck),
        )
    return _word(f"call.{name}", variant, lang)


def project_name(kind: str, variant: str, lang: str) -> str:
    """``sira fifty hundred four-hundred baloot`` (saudi), ``tierce quarte quinte carre belote``."""
    return _word(f"project.{kind}", variant, lang)


def result_name(result: str, variant: str, lang: str) -> str:
    """``made failed kaboot chute litige dedans capot`` as said in the variant."""
    return _word(f"result.{result}", variant, lang)


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
_PROJECT_KEYS = frozenset({"type", "types", "project", "projects", "kind"})
_CONTRACT_KEYS = frozenset({"mode", "contract"})
# Error params quote the input as given.
_VERBATIM_KEYS = frozenset({"field", "value", "expected"})


def _is_suit_key(key: str) -> bool:
    return key in _SUIT_KEYS or key.endswith("suit") or key.endswith("_trump")


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
            return str(value)
        if isinstance(value, str):
            return self.word(key, value, long)
        if isinstance(value, Mapping):
            pairs = (f"{self.text('', k)} {self.text(key, x, long)}" for k, x in value.items())
            return join_list(pairs, v, lang)
        if isinstance(value, (list, tuple, set, frozenset)):
            return join_list((self.text(key, x, long) for x in value), v, lang)
        return str(value)

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
        if key in _PROJECT_KEYS:
            return project_name(value, v, lang)
        if key in _CONTRACT_KEYS:
            return contract_name(value, v, lang)
        if key == "result":
            return result_name(value, v, lang)
        if key == "rule":
            return rule_title(value, v, lang)
        return value


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


def _format(template: str, params: Mapping[str, Any], variant: str, lang: str, deck: str) -> str:
    formatter = _Formatter(_Context(variant, lang, deck), catalog(lang).plural)
    try:
        return formatter.vformat(template, (), params)
    except (ValueError, IndexError, KeyError, AttributeError, TypeError):
        return template


def _keys(rule: str, params: Mapping[str, Any]) -> list[str]:
    case = params.get("case")
    return [f"{rule}:{case}", rule] if isinstance(case, str) and case else [rule]


def render(item: Reason | Step, variant: str, lang: str, deck: str = "french") -> str:
    """The sentence explaining ``item`` (a rule ID and its params) in ``lang``.

    >>> from engine.cards import Seat
    >>> render(Reason("play.must-trump", {"led": 1, "cards": [], "winner": Seat.N, "case": "opponent"}),
    ...        "moroccan", "fr")
    "Vous n'avez pas de cœur et Nord, un adversaire, est maître du pli\xa0: vous devez couper ()."
    """
    return text(item.rule, item.params, variant, lang, deck, keys=_keys(item.rule, item.params))


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
    for code, templates in _candidates(keys or [msgid], variant, lang):
        chosen = next((t for t in templates if _placeholders(t) <= params.keys()), templates[0])
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
MESSAGE_KEYS: tuple[Key, ...] = (
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
    gettext_noop("call.sun"),
    gettext_noop("call.take"),
    gettext_noop("call.take-suit"),
    gettext_noop("call.three"),
    gettext_noop("card.long"),
    gettext_noop("card.spanish.long"),
    gettext_noop("card.spanish.short"),
    gettext_noop("contract.hokm"),
    gettext_noop("contract.sun"),
    gettext_noop("contract.take"),
    gettext_noop("error.auction-over"),
    gettext_noop("error.bad-field"),
    gettext_noop("error.bad-json"),
    gettext_noop("error.bad-option"),
    gettext_noop("error.bad-project"),
    gettext_noop("error.call-refused"),
    gettext_noop("error.card-not-held"),
    gettext_noop("error.card-points"),
    gettext_noop("error.duplicate-card"),
    gettext_noop("error.hand-size"),
    gettext_noop("error.internal"),
    gettext_noop("error.missing-field"),
    gettext_noop("error.no-sun"),
    gettext_noop("error.not-object"),
    gettext_noop("error.out-of-turn"),
    gettext_noop("error.trick-size"),
    gettext_noop("error.tricks-count"),
    gettext_noop("error.unknown-call"),
    gettext_noop("error.unknown-card"),
    gettext_noop("error.unknown-command"),
    gettext_noop("error.unknown-language"),
    gettext_noop("error.unknown-option"),
    gettext_noop("error.unknown-seat"),
    gettext_noop("error.unknown-suit"),
    gettext_noop("error.unknown-variant"),
    gettext_noop("list.middle"),
    gettext_noop("list.pair"),
    gettext_noop("play.ekka"),
    gettext_noop("play.ekka:must-trump"),
    gettext_noop("play.ekka:overtrump"),
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
    gettext_noop("project.baloot"),
    gettext_noop("project.belote"),
    gettext_noop("project.carre"),
    gettext_noop("project.fifty"),
    gettext_noop("project.four-hundred"),
    gettext_noop("project.hundred"),
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
    pgettext_lazy("saudi", "rank.J"),
    gettext_noop("rank.K"),
    pgettext_lazy("saudi", "rank.K"),
    gettext_noop("rank.Q"),
    pgettext_lazy("saudi", "rank.Q"),
    gettext_noop("rank.T"),
    pgettext_lazy("saudi", "rank.T"),
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
    gettext_noop("result.capot"),
    gettext_noop("result.chute"),
    gettext_noop("result.dedans"),
    gettext_noop("result.failed"),
    pgettext_lazy("saudi", "result.failed"),
    gettext_noop("result.kaboot"),
    gettext_noop("result.litige"),
    gettext_noop("result.made"),
    pgettext_lazy("saudi", "result.made"),
    gettext_noop("seat.E"),
    gettext_noop("seat.N"),
    gettext_noop("seat.S"),
    gettext_noop("seat.W"),
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
    gettext_noop("title:bid.fr.second-suit"),
    gettext_noop("title:bid.ma.forced-jack"),
    gettext_noop("title:bid.ma.second-suit"),
    gettext_noop("title:bid.sa.after-hokm"),
    gettext_noop("title:bid.sa.ashkal-seat"),
    gettext_noop("title:bid.sa.confirm"),
    gettext_noop("title:bid.sa.no-ashkal-on-ace"),
    gettext_noop("title:bid.sa.no-ashkal-round2"),
    gettext_noop("title:bid.sa.second-hokm-suit"),
    gettext_noop("title:bid.sa.sun-ends"),
    gettext_noop("title:bid.void"),
    gettext_noop("title:decl.fr.belote"),
    gettext_noop("title:decl.fr.best"),
    gettext_noop("title:decl.ma.belote"),
    gettext_noop("title:decl.ma.best"),
    gettext_noop("title:double.sa.gahwa"),
    gettext_noop("title:double.sa.sun-condition"),
    gettext_noop("title:double.sa.who"),
    gettext_noop("title:lead.fr.first"),
    gettext_noop("title:lead.ma.first"),
    gettext_noop("title:lead.sa.first"),
    gettext_noop("title:penalty.sa.khaysh"),
    gettext_noop("title:play.ekka"),
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
    gettext_noop("title:trick.win"),
    pgettext_lazy("saudi", "title:trick.win"),
    gettext_noop("trick.win"),
    pgettext_lazy("saudi", "trick.win"),
    gettext_noop("trick.win:led"),
    pgettext_lazy("saudi", "trick.win:led"),
    gettext_noop("trick.win:trump"),
    pgettext_lazy("saudi", "trick.win:trump"),
    gettext_noop("word.no"),
    gettext_noop("word.yes"),
)
