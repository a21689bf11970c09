"""The live tables' WebSocket addresses (mounted by baloot_site/asgi.py), in the page's language."""

from django.urls import path

from lessons.practice.tables.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/<str:lang>/tables/<str:code>/", TableConsumer.as_asgi()),
]
