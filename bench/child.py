"""Run a benchmark module in a child process, keeping only its ``BENCH`` lines.

Django benchmarks start Django in the child, on their own throwaway database, so
two of them in one ``make bench`` never share settings or a connection.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_in_child(script: str, name: str) -> None:
    """Run ``script --run`` from the repository root and print the figures it prints."""
    result = subprocess.run(
        [sys.executable, str(Path(script).resolve()), "--run"],
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
