"""Run a benchmark module in a child process, keeping only its ``BENCH`` lines.

Django benchmarks start Django in the child, on their own throwaway database
(:func:`throwaway_site`), so two of them in one ``make bench`` never share settings or a
connection.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_in_child(script: str, name: str) -> None:
    """Run the module ``script`` as ``python -m bench.<module> --run`` from the repository root,
    so that it imports the project's packages, and print the figures it prints."""
    result = subprocess.run(
        [sys.executable, "-m", f"bench.{Path(script).stem}", "--run"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    # Only the figures: the child's other output (the request log) is not the benchmark's.
    sys.stdout.write("".join(line for line in result.stdout.splitlines(True) if line.startswith("BENCH ")))
    if result.returncode != 0:
        sys.stderr.write(result.stderr)
        raise SystemExit(f"{name} failed with exit status {result.returncode}")


@contextlib.contextmanager
def throwaway_site(prefix: str) -> Iterator[None]:
    """Django started in this process on a new SQLite file, with its tables; the file is removed after.

    As on a server: no query log; and the test client's host is allowed. Django starts once per
    process, hence a child process per benchmark.
    """
    import django
    from django.conf import settings

    if settings.configured:
        raise RuntimeError("a benchmark needs to start Django itself, on its own database")
    directory = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        os.environ["DATABASE_URL"] = f"sqlite:///{directory / 'bench.sqlite3'}"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "baloot_site.settings")
        django.setup()
        settings.DEBUG = False
        settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        yield
    finally:
        shutil.rmtree(directory, ignore_errors=True)
