"""The direction of imports (docs/architecture.md): engine ← lessons core ← features.

- ``engine/`` is pure Python: it imports neither Django nor the site;
- the course core (the modules of ``lessons/`` outside the feature packages) imports no feature;
- a feature (``lessons/classroom/``, ``practice/``, ``trainer/``, ``calculator/``) imports the core
  and the engine, never another feature: what two features share belongs to the core.

Read from the source with ``ast``: nothing is imported to check it.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FEATURES = ("classroom", "practice", "trainer", "calculator")
SITE = ("django", "lessons", "baloot_site")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module ``source`` imports, by full name; ``from a import b`` counts ``a`` and ``a.b``.

    >>> sorted(imported("from lessons.trainer import views", "lessons.classroom.report"))
    ['lessons.trainer', 'lessons.trainer.views']
    >>> sorted(imported("from .. import checking", "lessons.classroom.report"))
    ['lessons', 'lessons.checking']
    """
    package = module.split(".") if is_package else module.split(".")[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            start = ".".join([*base, node.module] if node.module else base)
            names.add(start)
            names.update(f"{start}.{alias.name}" for alias in node.names)
    return names


def feature_of(module: str) -> str | None:
    """The feature a module belongs to, None for the core (and anything outside lessons)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "lessons" and parts[1] in FEATURES else None


def wrong_imports(module: str, names: set[str]) -> list[str]:
    """The imports of ``module`` that break the direction, as "module -> imported" lines."""
    top = module.split(".")[0]
    mine = feature_of(module)
    wrong = []
    for name in sorted(names):
        if top == "engine":
            bad = name.split(".")[0] in SITE
        elif top == "lessons":
            other = feature_of(name)
            bad = other is not None and other != mine
        else:
            bad = False
        if bad:
            wrong.append(f"{module} -> {name}")
    return wrong


def project_wrong_imports() -> list[str]:
    wrong = []
    for path in sorted([*(ROOT / "engine").rglob("*.py"), *(ROOT / "lessons").rglob("*.py")]):
        module = module_name(path)
        names = imported(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")
        wrong += wrong_imports(module, names)
    return wrong


def test_it_keeps_the_direction_of_imports():
    assert project_wrong_imports() == []


def test_it_reads_every_package_of_the_site():
    packages = {module_name(p.parent) for p in (ROOT / "lessons").rglob("__init__.py")}
    assert {f"lessons.{feature}" for feature in FEATURES} <= packages


def test_it_refuses_a_feature_importing_another():
    names = imported("from lessons.trainer.results import Result", "lessons.classroom.report")
    assert wrong_imports("lessons.classroom.report", names) == [
        "lessons.classroom.report -> lessons.trainer.results",
        "lessons.classroom.report -> lessons.trainer.results.Result",
    ]


def test_it_refuses_a_feature_imported_by_name_from_lessons():
    names = imported("from lessons import practice", "lessons.trainer.views")
    assert wrong_imports("lessons.trainer.views", names) == ["lessons.trainer.views -> lessons.practice"]


def test_it_refuses_the_core_importing_a_feature():
    names = imported("import lessons.calculator.sheet", "lessons.views")
    assert wrong_imports("lessons.views", names) == ["lessons.views -> lessons.calculator.sheet"]


def test_it_lets_a_feature_import_itself_the_core_and_the_engine():
    source = "from lessons import checking\nfrom lessons.trainer import results\nfrom engine import cards\n"
    assert wrong_imports("lessons.trainer.views", imported(source, "lessons.trainer.views")) == []


def test_it_refuses_django_and_the_site_in_the_engine():
    source = "import django.db\nfrom lessons.models import Puzzle\nfrom baloot_site import settings\n"
    wrong = wrong_imports("engine.play", imported(source, "engine.play"))
    assert wrong == [
        "engine.play -> baloot_site",
        "engine.play -> baloot_site.settings",
        "engine.play -> django.db",
        "engine.play -> lessons.models",
        "engine.play -> lessons.models.Puzzle",
    ]


def feature_prefixed(paths: list[Path]) -> list[str]:
    """Modules of ``lessons/`` named after a feature (``practice_state.py``, ``urls_classes.py``):
    a feature's modules live in its own package, named for what they are inside it."""
    prefixes = (*(f"{feature}_" for feature in FEATURES), "urls_", "views_")
    return sorted(str(p.relative_to(ROOT)) for p in paths if p.name.startswith(prefixes))


def test_no_module_of_the_site_is_named_after_a_feature():
    modules = [p for p in (ROOT / "lessons").rglob("*.py") if "migrations" not in p.parts]
    assert feature_prefixed(modules) == []


def test_it_finds_a_module_named_after_a_feature():
    paths = [
        ROOT / "lessons" / "practice_state.py",
        ROOT / "lessons" / "classroom" / "trainer_report.py",
        ROOT / "lessons" / "urls_classes.py",
        ROOT / "lessons" / "practice" / "state.py",
    ]
    assert feature_prefixed(paths) == [
        "lessons/classroom/trainer_report.py",
        "lessons/practice_state.py",
        "lessons/urls_classes.py",
    ]
