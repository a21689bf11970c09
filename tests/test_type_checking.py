"""mypy checks the site's own code too (`make lint`, `make test`): the engine strictly, lessons/ and
baloot_site/ with Django's types, and nothing waved through wholesale."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MYPY = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]


def test_mypy_checks_the_engine_the_site_and_its_settings_with_django_s_types():
    assert set(MYPY["files"]) == {"engine", "lessons", "baloot_site"}
    assert "mypy_django_plugin.main" in MYPY["plugins"]
    assert MYPY["check_untyped_defs"] is True


def test_the_engine_stays_strict():
    (engine,) = [o for o in MYPY["overrides"] if "engine.*" in o["module"]]
    for flag in ("disallow_untyped_defs", "disallow_any_generics", "warn_return_any", "no_implicit_reexport"):
        assert engine[flag] is True, flag


def test_nothing_is_ignored_wholesale():
    for override in MYPY["overrides"]:
        assert "ignore_errors" not in override and "disable_error_code" not in override, override
    assert "ignore_errors" not in MYPY and "disable_error_code" not in MYPY
    # Only third-party packages without types may be skipped, never the site's own modules.
    for override in MYPY["overrides"]:
        if override.get("ignore_missing_imports"):
            assert not any(m.split(".")[0] in MYPY["files"] for m in override["module"]), override


def test_every_ignore_in_the_site_names_its_error_code():
    bare = []
    for path in [*(ROOT / "lessons").rglob("*.py"), *(ROOT / "baloot_site").rglob("*.py")]:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"#\s*type:\s*ignore(?!\[)", line):
                bare.append(f"{path.relative_to(ROOT)}:{n}")
    assert bare == []
