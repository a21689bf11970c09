"""ASGI entry point: the site's HTTP, and the live tables' WebSockets (lessons/practice/tables/routing.py).

Served by Daphne (`manage.py runserver` with daphne installed, and the ASGI service of
docs/DEPLOY.md); gunicorn keeps serving the WSGI application beside it.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baloot_site.settings")

# Django is set up before anything imports a model (the consumers do).
django_application = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from lessons.practice.tables.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        # Only pages of this site may open a table's socket; the session's cookie says who sits.
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
