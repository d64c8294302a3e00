"""The layers are checked, not claimed: ``lint-imports`` (run by ``make lint``, which fails
unless the tree keeps every contract) fails on a copy of the tree with imports that go up a
layer, close a cycle or join two games, and names each one under its contract."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
LAYERS = "Dependencies point one way"
PURE = "The rules engine does no I/O"
ACYCLIC = "No import cycle inside a package"
GAMES = "Games never import each other, and shared code imports no game"
BOT_SHARED = "The bot's shared code imports no game"
BOT_GAMES = "The bot's games never import each other"


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


def copy_with(directory: Path, added: dict[str, str]) -> Path:
    """A copy of the packages and their contracts, each of ``added``'s lines at the end of
    its module (a module that is not there is made)."""
    for package in PYPROJECT["tool"]["importlinter"]["root_packages"]:
        shutil.copytree(
            ROOT / package, directory / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copytree(ROOT / "contracts", directory / "contracts")
    shutil.copy(ROOT / "pyproject.toml", directory)
    for module, lines in added.items():
        (directory / module).parent.mkdir(parents=True, exist_ok=True)
        with (directory / module).open("a", encoding="utf-8") as source:
            source.write(f"\n{lines}\n")
    return directory


def test_every_package_shipped_is_checked() -> None:
    shipped = [
        p.rstrip("*") for p in PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    ]

    assert sorted(PYPROJECT["tool"]["importlinter"]["root_packages"]) == sorted(shipped)


#: Imports that break a contract (module, lines added), the contract, and what it names. One
#: copy of the tree holds them all: each module gets one, and each is named on its own.
BAD_IMPORTS = [
    ("storage/chats.py", "import bot.texts", LAYERS, "storage.chats -> bot.texts"),
    (
        "scoring/tamalo/game.py",
        "from storage import models",
        LAYERS,
        "scoring.tamalo.game -> storage",
    ),
    ("scoring/tamalo/cards.py", "import telegram", PURE, "scoring.tamalo.cards -> telegram"),
    # Inside a function or under TYPE_CHECKING, an import still counts.
    (
        "storage/models.py",
        "def later():\n    import storage.games",
        ACYCLIC,
        "cycles are allowed in storage.",
    ),
    (
        "bot/parsing/words.py",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import bot.inbox",
        ACYCLIC,
        "cycles are allowed in bot.",
    ),
    # A second game (a new module of bot.games) that reaches into Tamalo's.
    (
        "bot/games/second.py",
        "from bot.games.tamalo import keypad",
        GAMES,
        "bot.games.second -> bot.games.tamalo.keypad",
    ),
    # A new game's folder, found with no line of configuration, using Tamalo's play.
    ("bot/games/punti/__init__.py", "import play.tamalo", GAMES, "bot.games.punti -> play.tamalo"),
    # A game's module in another layer reaching another game's there.
    ("play/tago/night.py", "import scoring.tamalo", GAMES, "play.tago.night -> scoring.tamalo"),
    # Shared code naming a game, in the bot and in the rules engine.
    (
        "bot/commands/stats.py",
        "import bot.games.tamalo.figures",
        GAMES,
        "bot.commands.stats -> bot.games.tamalo.figures",
    ),
    # The same, as the bot's wildcard contracts see them.
    (
        "bot/texts/help.py",
        "import bot.games.tago.help",
        BOT_SHARED,
        "bot.texts.help -> bot.games.tago.help",
    ),
    (
        "bot/games/macchiavelli/help.py",
        "import bot.games.tago.words",
        BOT_GAMES,
        "bot.games.macchiavelli.help -> bot.games.tago.words",
    ),
    (
        "scoring/match.py",
        "import scoring.macchiavelli",
        GAMES,
        "scoring.match -> scoring.macchiavelli",
    ),
    # A game reaching the table, through which it would reach every other game.
    ("bot/games/tago/night.py", "import bot.games", GAMES, "bot.games.tago.night -> bot.games ("),
]


def broken_contracts(report: str) -> dict[str, str]:
    """What ``lint-imports`` says under each broken contract's heading (underlined), by the
    contract's name."""
    pieces = re.split(r"\n(.+)\n-+\n", report.split("Broken contracts")[1])
    return {
        contract: body
        for heading, body in zip(pieces[1::2], pieces[2::2], strict=True)
        for contract in (LAYERS, PURE, ACYCLIC, GAMES, BOT_SHARED, BOT_GAMES)
        if heading.startswith(contract)
    }


def test_an_import_that_breaks_a_contract_is_refused(tmp_path: Path) -> None:
    modules = [module for module, *_ in BAD_IMPORTS]
    assert len(set(modules)) == len(modules)  # one each: each is found on its own
    tree = copy_with(tmp_path, {module: lines for module, lines, *_ in BAD_IMPORTS})

    result = lint_imports(tree)

    assert result.returncode == 1, result.stdout + result.stderr
    said = broken_contracts(result.stdout)
    for module, _lines, contract, named in BAD_IMPORTS:
        assert named in said.get(contract, ""), (module, result.stdout)
