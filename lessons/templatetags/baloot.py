"""Template filters for every page: localized digits and lesson prose.

``digits`` is applied to every number a page shows, engine sentences included
(the engine writes Western digits and leaves their localization to the site).
Its argument is the learner's choice, ``native`` (the default) or ``western``;
views put it in the context as ``prefs.digits``.
"""

import re
from typing import Any

from django import template
from django.urls import reverse
from django.utils import translation
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext, npgettext, pgettext

from engine import messages
from lessons.progress import lessons_in_order

register = template.Library()

# Arabic-Indic digits for Arabic, Extended Arabic-Indic (Persian) digits for Persian.
NATIVE_DIGITS = {
    "ar": str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"),
    "fa": str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"),
}

# In text already escaped for HTML, "&#39;" must keep its digits: entities are skipped.
_ENTITY_OR_DIGITS = re.compile(r"&#?\w+;|[0-9]+")

_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_BLANK_LINE = re.compile(r"\n\s*\n")


# The middle dot that separates the parts of a line (« 7/7 · 100% ») reads as the Arabic-Indic
# zero in Arabic and Persian (« ٧/٧ · ١٠٠% » looks like ٧/٧٠١٠٠%): those languages use a bar.
SEPARATOR = " · "
SEPARATORS = {"ar": " | ", "fa": " | "}
_MIDDLE_DOT = re.compile(r"\s*·\s*")


def separator(lang: str | None = None) -> str:
    """The separator between the parts of a line in ``lang`` (the page's language by default)."""
    return SEPARATORS.get((lang or get_language() or "").split("-")[0], SEPARATOR)


# Items of a list (pupils' names, cards): Arabic and Persian write the Arabic comma «، ».
LIST_SEPARATOR = ", "
LIST_SEPARATORS = {"ar": "، ", "fa": "، "}


def list_separator(lang: str | None = None) -> str:
    """What parts the items of a list in ``lang`` (the page's language by default)."""
    return LIST_SEPARATORS.get((lang or get_language() or "").split("-")[0], LIST_SEPARATOR)


@register.simple_tag
def list_sep() -> str:
    """``{% list_sep %}`` between the items of a list, in the page's language."""
    return list_separator()


@register.filter(is_safe=True, needs_autoescape=True)
def join_list(items: Any, autoescape: bool = True) -> str:
    """``{{ names|join_list }}``: the items parted as the page's language parts a list («، » in
    Arabic and Persian, ", " elsewhere), each escaped."""
    escaped = (conditional_escape(item) if autoescape else str(item) for item in items or [])
    return mark_safe(list_separator().join(escaped))


def localize_separators(text: str, lang: str | None = None) -> str:
    """``text`` with each middle-dot separator written as ``lang`` writes it."""
    code = (lang or get_language() or "").split("-")[0]
    if code not in SEPARATORS or "·" not in text:
        return text
    return _MIDDLE_DOT.sub(SEPARATORS[code], text)


@register.simple_tag
def colon() -> str:
    """``{% colon %}`` after a label: French sets a no-break space before it (« Atout : »)."""
    return "\u00a0:" if (get_language() or "").startswith("fr") else ":"


@register.simple_tag
def sep() -> str:
    """``{% sep %}``: the separator between the parts of a line, in the page's language."""
    return separator()


def localize_digits(text: str, mode: str = "native", lang: str | None = None) -> str:
    """``text`` with its digits written the way ``lang`` writes them, unless ``mode`` is western.

    Middle-dot separators become the language's own (:func:`localize_separators`) either way:
    every number a page shows passes here, and so do the lines that join them.
    """
    text = localize_separators(text, lang)
    table = NATIVE_DIGITS.get((lang or get_language() or "").split("-")[0])
    if table is None or mode == "western":
        return text

    def replace(match: re.Match[str]) -> str:
        found = match.group(0)
        return found if found.startswith("&") else found.translate(table)

    return _ENTITY_OR_DIGITS.sub(replace, text)


@register.filter
def digits(value: object, mode: str = "native") -> str:
    """``{{ n|digits:prefs.digits }}``: 74 → ٧٤ in Arabic, ۷۴ in Persian, 74 elsewhere."""
    if value is None:
        return ""
    converted = localize_digits(str(value), mode or "native")
    # Digits are never markup, so text already safe stays safe.
    return SafeString(converted) if isinstance(value, SafeData) else converted


@register.filter
def paragraphs(value: object, mode: str = "native") -> SafeString:
    """Lesson prose: blank lines separate paragraphs, ``**bold**`` is bold; everything else escaped."""
    text = localize_digits(str(value or "").replace("\r\n", "\n").strip(), mode or "native")
    html = []
    for block in _BLANK_LINE.split(text):
        if not block.strip():
            continue
        html.append("<p>" + _bold(block.strip()).replace("\n", "<br>") + "</p>")
    return mark_safe("\n".join(html))


@register.filter
def prose_line(value: object, mode: str = "native") -> SafeString:
    """Lesson prose inside an element that holds no paragraph (a label): ``**bold**`` is bold,
    line breaks are spaces; everything else escaped."""
    text = localize_digits(" ".join(str(value or "").split()), mode or "native")
    return mark_safe(_bold(text))


def _bold(text: str) -> str:
    return _BOLD.sub(r"<strong>\1</strong>", str(escape(text)))


def variant_gettext(msgid: str, variant: str) -> str:
    """``msgid`` in the page's language and in the variant's own words.

    A variant words a site string its own way with an entry of that context (``msgctxt
    "saudi"``: «من يأخذ هذه الأكلة؟»); without one, the plain entry serves (the Moroccan and
    French courses' «الأخذة»). Django's pgettext alone would fall back to the English msgid.
    """
    if variant:
        text = pgettext(variant, msgid)
        if text != msgid:
            return text
    return gettext(msgid)


def variant_ngettext(singular: str, plural: str, number: int, variant: str) -> str:
    """As :func:`variant_gettext`, for a sentence with a singular and a plural."""
    if variant:
        text = npgettext(variant, singular, plural, number)
        if text not in (singular, plural):
            return text
    return ngettext(singular, plural, number)


@register.simple_tag
def words_of(variant: str, msgid: str, plural: str = "", number: int = 0, **params: Any) -> str:
    """``{% words_of variant "Card points in this trick: %(p)s" p=points %}``: a sentence in the
    variant's own words (see :func:`variant_gettext`), with its parameters; ``plural`` and
    ``number`` (given in that order after the msgid) pick the plural form. The result is escaped
    like any template value."""
    if plural:
        text = variant_ngettext(msgid, plural, int(number), variant or "")
    else:
        text = variant_gettext(msgid, variant or "")
    return text % params if params else text


@register.filter
def in_words_of(msgid: str, variant: str) -> str:
    """``{{ "Who wins this trick?"|in_words_of:variant }}``: see :func:`variant_gettext`."""
    return variant_gettext(str(msgid), variant or "")


@register.filter
def task_name(task: object, variant: str) -> str:
    """A puzzle task's label (``Task``) in the variant's own words."""
    from lessons.models import Task  # the models load after the template libraries

    try:
        label = Task(str(task)).label
    except ValueError:
        return str(task)
    with translation.override(None):
        msgid = str(label)
    return variant_gettext(msgid, variant or "")


@register.filter
def theme_name(key: str, variant: str = "") -> str:
    """A puzzle theme in the page's language (the catalogs' ``theme.<key>``), or the key itself.

    The solver's themes (engine/solver/themes.py) are in the catalogs, in each variant's words;
    the curriculum's own tags (``scoring``, ``hokm``...) are shown as written.
    """
    return messages.lookup(f"theme.{key}", variant, get_language() or "en", default=key)


@register.inclusion_tag("lessons/partials/lesson_end.html", takes_context=True)
def lesson_end(context: template.Context, lesson: Any) -> dict[str, Any]:
    """The end of a lesson: its key points, then the next lesson, or the first hand to play
    after the lesson that completes the rules (the course's ``first_hand_after``). A lesson
    given in a drill (the page's ``drill_url``) leads back to the drill instead."""
    course = lesson.course
    drill_url = context.get("drill_url", "")
    if drill_url:
        recap = [line for line in (lesson.recap or "").splitlines() if line.strip()]
        return {"recap": recap, "drill_url": drill_url, "course": course, "prefs": context.get("prefs", {})}
    lessons = [other for other in lessons_in_order() if other.course_id == course.pk]
    after = next((lessons[i + 1] for i, other in enumerate(lessons[:-1]) if other.pk == lesson.pk), None)
    first_hand = bool(course.first_hand_after) and course.first_hand_after == lesson.slug
    return {
        "recap": [line for line in (lesson.recap or "").splitlines() if line.strip()],
        "next_lesson": after,
        "next_url": reverse("lessons-step", args=[course.key, after.slug, 1]) if after else "",
        # The template names the guided first hand of the practice table (its own template tag).
        "first_hand": first_hand,
        "course": course,
        "prefs": context.get("prefs", {}),
        "checkpoint": lesson.checkpoint,
        "slug": lesson.slug,
    }
