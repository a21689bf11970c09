"""``python -m engine COMMAND < input.json``: see :mod:`engine.cli`."""

import sys

try:
    from engine.cli import main
except Exception as e:  # even a broken install answers with one JSON object, not a traceback
    import json

    error = {"code": "internal", "message": f"the engine cannot start: {type(e).__name__}: {e}"}
    sys.stdout.write(json.dumps({"error": error}, ensure_ascii=False) + "\n")
    sys.exit(1)

sys.exit(main())
