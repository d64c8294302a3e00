"""Tagò's engine stands alone: it imports nothing of another game's rules, only what every
game shares (``scoring.errors``), the standard library and numpy; and no I/O."""

import ast
import sys
from pathlib import Path

import scoring.tago

PACKAGE = Path(scoring.tago.__file__).parent
SHARED = {"scoring.errors"}
OUTSIDE = {"numpy"}


def imported(path: Path) -> set[str]:
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
    return modules


def test_the_engine_imports_only_itself_what_is_shared_the_standard_library_and_numpy() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        for module in imported(path):
            top = module.split(".")[0]
            allowed = (
                module.startswith("scoring.tago")
                or module in SHARED
                or top in OUTSIDE
                or top in sys.stdlib_module_names
            )
            assert allowed, f"{path.name} imports {module}"


def test_the_check_sees_an_import_of_tamalo(tmp_path: Path) -> None:
    module = tmp_path / "bad.py"
    module.write_text("from scoring.tamalo.game import Game\nimport scoring.tago.cards\n")

    assert imported(module) == {"scoring.tamalo.game", "scoring.tago.cards"}
