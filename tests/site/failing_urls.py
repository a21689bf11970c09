"""The site's addresses plus one whose view fails, for the tests of server errors."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from baloot_site.urls import handler500
from baloot_site.urls import urlpatterns as site_urlpatterns


def broken(request: HttpRequest) -> HttpResponse:
    raise ZeroDivisionError("a view that fails")


urlpatterns = [path("en/broken/", broken), *site_urlpatterns]

__all__ = ["handler500", "urlpatterns"]
