"""The site's 500 handler: a database that went down answers 503, anything else the plain 500 page."""

import sys

from django.http import HttpRequest, HttpResponse

from baloot_site.middleware import error_response, is_database_down, unavailable_page


def server_error(request: HttpRequest) -> HttpResponse:
    # Called inside Django's exception handler, so the exception being handled is at hand.
    if is_database_down(sys.exc_info()[1]):
        return unavailable_page(request)
    return error_response(request, "500.html", 500)
