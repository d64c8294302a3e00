"""The layers are checked, not claimed: ``lint-imports`` (run by ``make lint``) passes on the
tree and fails on a copy of it with an import that goes up a layer or closes a cycle."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
LAYERS = "Dependencies point one way"
PURE = "The rules engine does no I/O"
ACYCLIC = "No import cycle inside a package"


def lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` with the project's contracts over the packages in ``tree``."""
    return subprocess.run(
        [LINT_IMPORTS, "--no-cache", "--no-logo"],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        check=False,
    )


def copy_with(directory: Path, module: str, lines: str) -> Path:
    """A copy of the packages and their contracts, ``lines`` added at the end of ``module``."""
    for package in PYPROJECT["tool"]["importlinter"]["root_packages"]:
        shutil.copytree(
            ROOT / package, directory / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", directory)
    with (directory / module).open("a", encoding="utf-8") as source:
        source.write(f"\n{lines}\n")
    return directory


def test_the_tree_keeps_every_contract() -> None:
    result = lint_imports(ROOT)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_every_package_shipped_is_checked() -> None:
    shipped = [
        p.rstrip("*") for p in PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    ]

    assert sorted(PYPROJECT["tool"]["importlinter"]["root_packages"]) == sorted(shipped)


@pytest.mark.parametrize(
    ("module", "lines", "contract", "named"),
    [
        ("storage/chats.py", "import bot.texts", LAYERS, "storage.chats -> bot.texts"),
        ("scoring/game.py", "from storage import models", LAYERS, "scoring.game -> storage"),
        ("scoring/cards.py", "import telegram", PURE, "scoring.cards -> telegram"),
        # Inside a function or under TYPE_CHECKING, an import still counts.
        (
            "storage/models.py",
            "def later():\n    import storage.games",
            ACYCLIC,
            "cycles are allowed in storage.",
        ),
        (
            "bot/parsing/hands.py",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import bot.commands.game",
            ACYCLIC,
            "cycles are allowed in bot.",
        ),
    ],
)
def test_an_import_up_a_layer_or_closing_a_cycle_is_refused(
    tmp_path: Path, module: str, lines: str, contract: str, named: str
) -> None:
    result = lint_imports(copy_with(tmp_path, module, lines))

    assert result.returncode == 1, result.stdout + result.stderr
    assert contract in result.stdout.split("Broken contracts")[1]
    assert named in result.stdout
