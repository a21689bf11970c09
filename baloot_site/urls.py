"""URLs of the site.

Every page lives under a language prefix (/en/, /ar/, ...), htmx fragments
included, so that a fragment always comes back in the page's language.
"""

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

from baloot_site import health, language, web_app

# A database that went down answers 503 rather than 500 (baloot_site/errors.py).
handler500 = "baloot_site.errors.server_error"

urlpatterns: list[URLPattern | URLResolver] = [
    # For load balancers and monitoring: outside the language prefixes, no session.
    path("healthz", health.healthz, name="healthz"),
    # The language switcher posts here; it sits outside the prefixes on purpose.
    path("i18n/setlang/", language.set_language, name="set_language"),
    # Browsers ask for /favicon.ico whatever the page says: the site's icon.
    path("favicon.ico", web_app.favicon),
]

urlpatterns += i18n_patterns(
    # Pages: courses, lessons, puzzles, progress, preferences
    path("", include("lessons.urls")),
    # The score calculator and its game sheet
    path("", include("lessons.calculator.urls")),
    # The puzzle trainer: generated puzzles one after another, with a rating
    path("", include("lessons.trainer.urls")),
    # Accounts, classes, drills and dashboards
    path("", include("lessons.classroom.urls")),
    # The practice table: whole hands against bots, puzzle positions played out, replays
    path("", include("lessons.practice.urls")),
    # Live tables: people playing together, the engine refereeing (the sockets: baloot_site/asgi.py)
    path("", include("lessons.practice.tables.urls")),
    # The web-app manifest, in the page's language (added to a phone's home screen)
    path("manifest.webmanifest", web_app.manifest, name="web-app-manifest"),
    # Administration
    path("admin/", admin.site.urls),
    prefix_default_language=True,
)

if settings.LOADTEST_FLOOR:
    # The load test's floor request, which writes: only where LOADTEST_FLOOR is on (baloot_site/floor.py).
    from baloot_site import floor

    urlpatterns += i18n_patterns(
        path("floor/", floor.floor, name="loadtest-floor"), prefix_default_language=True
    )
