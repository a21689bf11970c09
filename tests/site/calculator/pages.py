"""What the score calculator's page tests share: addresses, and reading the page's answer back."""

import html
import re
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import translation


def calc_url(variant: str = "saudi", lang: str = "en", **params) -> str:
    """The calculator's address in ``lang``; list values repeat the parameter (a project's cards)."""
    with translation.override(lang):
        url = reverse("calculator", args=[variant])
    pairs = []
    for key, value in params.items():
        values = value if isinstance(value, list | tuple) else [value]
        pairs += [(key, str(v)) for v in values]
    return f"{url}?{urlencode(pairs)}" if pairs else url


def sheet_url(variant: str, action: str, lang: str = "en") -> str:
    with translation.override(lang):
        return reverse(f"calculator-sheet-{action}", args=[variant])


def scores(page: str) -> dict[str, int]:
    """The hand's points per team, as the result region shows them."""
    found = dict(re.findall(r'data-team="(NS|EW)" data-points="(\d+)"', page))
    return {team: int(points) for team, points in found.items()}


def totals(page: str) -> dict[str, int]:
    """The game sheet's totals."""
    found = dict(re.findall(r'data-team="(NS|EW)" data-total="(\d+)"', page))
    return {team: int(points) for team, points in found.items()}


def sheet_lines(page: str) -> list[tuple[int, int]]:
    found = re.findall(r'class="calc-line" data-ns="(\d+)" data-ew="(\d+)"', page)
    return [(int(ns), int(ew)) for ns, ew in found]


def steps(page: str) -> list[str]:
    """The rule IDs of the breakdown, in order."""
    region = page.split('id="calc-result"', 1)[-1]
    return re.findall(r'<li class="reason" data-rule="([^"]+)"', region)


def field_error(page: str, name: str) -> str:
    """The message beside a field (empty when there is none), unescaped."""
    match = re.search(rf'<p id="err-{re.escape(name)}" class="field-error"[^>]*>(.*?)</p>', page, re.S)
    if not match:
        raise AssertionError(f"no message slot for {name}")
    return html.unescape(re.sub(r"<[^>]+>", "", match.group(1))).replace("⚠", "").strip()


def share_url(page: str) -> str:
    match = re.search(r'id="share-url" type="text" readonly value="([^"]+)"', page)
    if not match:
        raise AssertionError("no link to share")
    return html.unescape(match.group(1))


def add_form(page: str) -> dict[str, str]:
    """The fields of the "add to the sheet" form (the hand's query and the number of hands seen)."""
    form = page.split('class="calc-add"', 1)[1].split("</form>", 1)[0]
    fields = dict(re.findall(r'name="(q|n)" value="([^"]*)"', form))
    return {name: html.unescape(value) for name, value in fields.items()}


def sheet_count(page: str, form: str = "undo") -> str:
    """The number of hands a sheet form (undo) says the page showed."""
    part = page.split(f"/sheet/{form}", 1)[1].split("</form>", 1)[0]
    match = re.search(r'name="n" value="(\d+)"', part)
    return match.group(1) if match else ""
