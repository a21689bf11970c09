"""Run every benchmark module, in file-name order.

Usage: python bench/run.py [bench_name ...]

Each bench/bench_*.py module defines main(), which prints lines of the form
`BENCH <name> <value> <unit>`. Naming modules on the command line runs only those.
"""

import importlib
import sys
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent


def discover() -> list[str]:
    return sorted(path.stem for path in BENCH_DIR.glob("bench_*.py"))


def main(argv: list[str]) -> int:
    # Run as a script, only bench/ is on sys.path; the modules are imported as `bench.<name>`.
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    available = discover()
    wanted = argv or available
    unknown = [name for name in wanted if name not in available]
    if unknown:
        known = ", ".join(available) or "none"
        print(f"unknown benchmark(s): {', '.join(unknown)}; available: {known}", file=sys.stderr)
        return 2
    if not wanted:
        print("no benchmarks yet (bench/bench_*.py)", file=sys.stderr)
    failed = []
    for name in wanted:
        # One module failing must not hide the others' figures: report it, go on, fail at the end.
        try:
            module = importlib.import_module(f"bench.{name}")
            module.main()
        except (Exception, SystemExit) as e:
            failed.append(name)
            print(f"bench {name} failed: {type(e).__name__}: {e}", file=sys.stderr)
        sys.stdout.flush()
    if failed:
        print(f"failed benchmark(s): {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
