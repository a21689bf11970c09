"""What the browser tests share: the browser's command line, window sizes, where screenshots go."""

from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
# No sandbox (tests may run as root), and nothing that reaches the network or starts a profile.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
LANGUAGES = ["en", "ar", "fa", "fr"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}
# The ASGI servers the browser tests started (conftest.asgi_server): a test may cut their sockets.
SERVERS: list = []
