"""docs/DEPLOY.md is a runbook an operator can follow: every systemd unit runs from the release's
folder with the environment file, each command it runs exists, and each release compiles the
solver. How fast the site is lives in docs/performance.md, not there."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNBOOK = (ROOT / "docs" / "DEPLOY.md").read_text(encoding="utf-8")
APP = "/srv/baloot/app"


def units():
    """Each ```ini block with a [Service] section, as {key: value}."""
    found = []
    for block in re.findall(r"```ini\n(.*?)```", RUNBOOK, re.S):
        if "[Service]" in block:
            found.append(dict(re.findall(r"^(\w+)=(.*)$", block, re.M)))
    return found


def test_every_unit_runs_in_the_release_folder_with_the_environment_file_as_the_site_s_user():
    services = units()
    assert len(services) == 5  # web, worker, reminders, expired sessions, the live tables' ASGI
    for service in services:
        assert service["WorkingDirectory"] == APP, service
        assert service["EnvironmentFile"] == "/etc/baloot.env", service
        assert service["User"] == service["Group"] == "baloot", service
        assert service["ExecStart"].startswith(f"{APP}/.venv/bin/"), service


def test_the_units_run_the_web_server_the_worker_the_reminders_and_clearsessions():
    commands = [service["ExecStart"].removeprefix(f"{APP}/.venv/bin/") for service in units()]
    assert commands == [
        "gunicorn -c gunicorn.conf.py baloot_site.wsgi",
        "python manage.py rqworker --job-class django_tasks_rq.Job default",
        "python manage.py send_due_reminders",
        "python manage.py clearsessions",
        "daphne -b 127.0.0.1 -p 8001 --proxy-headers baloot_site.asgi:application",
    ]
    assert (ROOT / "gunicorn.conf.py").exists()
    assert (ROOT / "lessons/classroom/management/commands/send_due_reminders.py").exists()
    # Each one-shot service has its timer.
    for name in ("reminders", "clearsessions"):
        assert f"/etc/systemd/system/baloot-{name}.timer" in RUNBOOK
    assert "OnCalendar=hourly" in RUNBOOK


def test_no_command_runs_from_cron_in_another_folder_or_without_the_environment():
    # Only the backups run from cron, as postgres, with nothing of the site's.
    cron_lines = re.findall(r"^[\d*].* \* \* \*.*$", RUNBOOK, re.M)
    assert cron_lines and all("postgres" in line and "manage.py" not in line for line in cron_lines)


def test_each_release_compiles_the_solver_and_the_makefile_can():
    release = RUNBOOK[RUNBOOK.index("## Each release") :]
    release = release[: release.index("\n## ")]
    steps = re.search(r"```sh\n(.*?)```", release, re.S)[1]
    for step in ("make compiled", "make messages", "migrate", "collectstatic", "load_curriculum"):
        assert step in steps, step
    assert steps.index("make compiled") < steps.index("migrate")
    assert re.search(r"^compiled:", (ROOT / "Makefile").read_text(), re.M)


def test_the_runbook_keeps_a_place_for_the_live_tables_and_says_how_redis_and_postgres_fail():
    for heading in (
        "### Live tables",
        "## When Redis fails",
        "## High availability",
        "### Restoring into production",
    ):
        assert f"\n{heading}\n" in RUNBOOK, heading


def test_the_benchmark_diary_is_in_performance_md():
    performance = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert "## Performance notes" in performance and "## Load test" in performance
    assert "## Performance notes" not in RUNBOOK and "answers/s" not in RUNBOOK
