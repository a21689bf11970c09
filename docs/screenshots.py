"""The README's pictures, taken from the real site: ``make screenshots``.

A throwaway SQLite database gets the curriculum, a teacher with a class of four pupils who have
answered a few drill puzzles; the site is served on a free port (``manage.py runserver``) and
Debian's Chromium takes three pictures into ``docs/screenshots/``:

- ``lesson-ar-phone.png``: a lesson's puzzle in Arabic on a phone (375 x 667);
- ``practice-fr-desk.png``: the practice table in French on a desk (1280 x 800), a trick under way;
- ``dashboard-en.png``: a teacher's dashboard of their class.

``python docs/screenshots.py icons`` draws the app icons (``static/icons/*.png``, for the web-app
manifest and the home screen) from ``static/icons/icon.svg`` in the same browser.
"""

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
PASSWORD = "a-long-pass-phrase-9"

SETUP = f"""
from lessons.models import Account, Attempt, Classroom, Drill, DrillItem, Membership, Puzzle, Role
from django.contrib.auth.models import User
teacher = User.objects.create_user(username="teacher@example.com", password={PASSWORD!r})
Account.objects.create(user=teacher, role=Role.TEACHER, display_name="Mme Haddad")
room = Classroom.objects.create(name="Baloot club, Thursday", code="ABC234", owner=teacher)
room.teachers.add(teacher)
drill = Drill.objects.create(classroom=room, title="Week 1: follow suit", target_accuracy=80)
puzzles = list(Puzzle.objects.filter(key__startswith="sa-")[:4])
for n, puzzle in enumerate(puzzles, 1):
    DrillItem.objects.create(drill=drill, order=n, puzzle=puzzle)
for n, name in enumerate(["Noura", "Faisal", "Reem", "Omar"]):
    pupil = User.objects.create_user(username=f"pupil{{n}}", password={PASSWORD!r})
    Account.objects.create(user=pupil, role=Role.STUDENT, display_name=name)
    Membership.objects.create(classroom=room, student=pupil)
    for m, puzzle in enumerate(puzzles[: n + 1]):
        Attempt.objects.create(puzzle=puzzle, session_key="s", user=pupil, answer="x",
                               correct=(n + m) % 3 != 0, token=f"t-{{n}}-{{m}}", drill=drill)
print(room.pk)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def manage(env: dict[str, str], *args: str, stdin: str | None = None) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def wait_for(url: str) -> None:
    for _ in range(100):
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the site did not answer at {url}")


def take(base: str, class_pk: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])

        phone = browser.new_page(viewport={"width": 375, "height": 667}, device_scale_factor=2)
        phone.goto(f"{base}/ar/learn/saudi/follow-suit/3/")
        phone.screenshot(path=OUT / "lesson-ar-phone.png")

        desk = browser.new_page(viewport={"width": 1280, "height": 800})
        desk.goto(f"{base}/fr/practice/french/")
        desk.locator("form.new-game button[type=submit]").click()
        for _ in range(12):  # calls, then cards, until a trick lies on the felt with the learner to play
            board = desk.locator("#practice-board")
            move = board.get_attribute("data-move")
            if board.get_attribute("data-phase") == "play" and desk.locator(".felt .played").count():
                break
            choice = desk.locator(
                "#call-form .choices:not(.choices-refused) button[value=take], "
                "#call-form .choices:not(.choices-refused) button[value=pass], #declare-nothing, "
                "#play-form button[data-legal]"
            ).first
            choice.click()
            expect(board).not_to_have_attribute("data-move", move or "", timeout=20_000)
        desk.evaluate("document.getAnimations().forEach((a) => a.finish())")
        desk.screenshot(path=OUT / "practice-fr-desk.png")

        teacher = browser.new_page(viewport={"width": 1280, "height": 800})
        teacher.goto(f"{base}/en/accounts/login/")
        teacher.fill("input[name=username]", "teacher@example.com")
        teacher.fill("input[name=password]", PASSWORD)
        teacher.locator("main form button[type=submit]").click()
        teacher.goto(f"{base}/en/classes/{class_pk}/dashboard/")
        teacher.screenshot(path=OUT / "dashboard-en.png")
        browser.close()
    for picture in sorted(OUT.glob("*.png")):
        print(f"{picture.relative_to(ROOT)}: {picture.stat().st_size // 1024} KB")


ICONS = ROOT / "static" / "icons"
# (size, file, maskable): a maskable icon keeps its drawing inside the safe zone, the felt to the edges.
ICON_SIZES = [
    (192, "icon-192.png", False),
    (512, "icon-512.png", False),
    (180, "apple-touch-icon.png", False),
    (512, "icon-maskable-512.png", True),
]


def draw_icons() -> None:
    from playwright.sync_api import sync_playwright

    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for size, name, maskable in ICON_SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            inner = int(size * 0.8) if maskable else size
            drawing = svg.replace("<svg ", f'<svg width="{inner}" height="{inner}" ', 1)
            page.set_content(
                f'<body style="margin:0;display:grid;place-items:center;height:{size}px;'
                f'background:{"#1f6f4a" if maskable else "transparent"}">{drawing}</body>'
            )
            page.screenshot(path=ICONS / name, omit_background=True)
            page.close()
        browser.close()


def main() -> None:
    if sys.argv[1:] == ["icons"]:
        draw_icons()
        return
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder}/pictures.sqlite3", "DEBUG": "1"}
        manage(env, "migrate", "-v0")
        manage(env, "load_curriculum")
        class_pk = manage(env, "shell", stdin=SETUP).strip().splitlines()[-1]
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            base = f"http://127.0.0.1:{port}"
            wait_for(f"{base}/healthz")
            take(base, class_pk)
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
