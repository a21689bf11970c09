"""Server errors on standard error, one JSON line each, with the traceback.

Django logs every response of 500 and more to ``django.request`` (with the exception, when one
was raised), but its own handler writes only while DEBUG is on. Here each such record becomes a
line shaped like the request log (method, path, status, user), plus the error and its traceback,
so a production server's errors can be found and read.
"""

from __future__ import annotations

import json
import logging
import traceback
from typing import Any


class ErrorLineFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        request = getattr(record, "request", None)
        line: dict[str, Any] = {
            "level": record.levelname,
            "logger": record.name,
            "method": getattr(request, "method", None),
            "path": getattr(request, "path", None),
            "status": getattr(record, "status_code", None),
            "user": _user_id(request),
            "error": record.getMessage(),
        }
        if record.exc_info and record.exc_info[1] is not None:
            line["exception"] = repr(record.exc_info[1])
            line["traceback"] = "".join(traceback.format_exception(*record.exc_info))
        return json.dumps(line)


def _user_id(request: Any) -> int | str:
    # As the request log: only a user already loaded (the database may be what failed).
    user = getattr(request, "_cached_user", None)
    if user is not None and user.is_authenticated:
        return int(user.pk)
    return "anon"
