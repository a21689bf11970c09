"""A learner's browser against real servers (gunicorn started by the test): plain HTTP, its
cookies kept, each request to the next of its servers in turn (one server: always that one)."""

import http.client
import urllib.parse


class Browser:
    def __init__(self, *ports):
        self.ports = ports
        self.sent = 0
        self.cookies = {}
        # The Location header of the last answer (a redirect's target), or None.
        self.location = None

    def send(self, method, path, form=None, htmx=None):
        """(status, body); a form is posted with its CSRF token and, unless ``htmx`` says
        otherwise, as htmx posts it."""
        port = self.ports[self.sent % len(self.ports)]
        self.sent += 1
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
        if htmx if htmx is not None else form is not None:
            headers["HX-Request"] = "true"
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        text = response.read().decode()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        self.location = response.getheader("Location")
        conn.close()
        return response.status, text
