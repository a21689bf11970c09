"""The language switcher's endpoint: the same page, in the chosen language.

Django's ``set_language`` translates ``next`` by resolving it in the language active for the
switcher's request, which comes from the cookie or the browser, not from the page: a page in
Arabic (``/ar/...``) seen by a browser set to English does not resolve as English, and ``next``
came back unchanged, so the learner stayed in Arabic. Every address carries its language as its
first segment and the rest is the same in every language, so the prefix is swapped here instead.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views import i18n
from django.views.decorators.http import require_POST

from lessons.models import Account

LANGUAGE_CODES = frozenset(code for code, _ in settings.LANGUAGES)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language`` (safe ``next`` only, the cookie), with ``next`` in the new language."""
    if request.method == "POST":
        data = request.POST.copy()
        language = data.get("language", "")
        next_url = data.get("next")
        if language not in LANGUAGE_CODES:
            # Django would take any language it has a catalog for, and the cookie would keep it.
            data.pop("language", None)
        else:
            if next_url:
                data["next"] = in_language(next_url, language)
            _remember(request, language)
        request.POST = data  # type: ignore[assignment]
    return i18n.set_language(request)


def _remember(request: HttpRequest, language: str) -> None:
    """A signed-in learner's choice is kept with the account: the next sign-in, anywhere, opens in it."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        Account.objects.filter(user=user).exclude(language=language).update(language=language)


def in_language(url: str, language: str) -> str:
    """``url`` with its language prefix replaced by ``language`` (added when it has none).

    Only the path changes: whether the address is local is still for ``set_language`` to decide.
    """
    parts = urlsplit(url)
    segments = parts.path.split("/")
    # "/ar/learn/saudi/" → ["", "ar", "learn", "saudi", ""]
    if len(segments) < 2 or segments[0] != "":
        return url  # a relative address: left as it is
    if segments[1] in LANGUAGE_CODES:
        segments[1] = language
    else:
        segments.insert(1, language)
    return urlunsplit(parts._replace(path="/".join(segments)))
