"""The web-app manifest: what a phone needs to put the site on its home screen, in the page's
language (name, direction, start page) with the site's icons and theme colour."""

from django.http import HttpRequest, HttpResponsePermanentRedirect, JsonResponse
from django.templatetags.static import static
from django.utils.translation import get_language, get_language_bidi
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

THEME_COLOUR = "#1f6f4a"  # the felt green of the header
BACKGROUND = "#fbfaf6"  # the paper of the pages


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    lang = get_language()
    icons = [
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("icons/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    data = {
        "name": _("Baloot and Belote"),
        "short_name": _("Baloot and Belote"),
        "lang": lang,
        "dir": "rtl" if get_language_bidi() else "ltr",
        "start_url": f"/{lang}/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND,
        "icons": icons,
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_safe
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Browsers ask for /favicon.ico whatever the page says: the site's icon. Its address is looked
    up when asked, not when the URL map is read, where the static files' manifest may not exist yet
    (``manage.py check`` before ``collectstatic``)."""
    return HttpResponsePermanentRedirect(static("icons/icon-192.png"))
