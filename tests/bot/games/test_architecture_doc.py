"""docs/architecture.md stays true of the bot: the bot's modules it names are there, and so
are the table's members it lists."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from bot.table import Game

ROOT = Path(__file__).resolve().parents[3]
PAGE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def test_every_bot_module_the_page_names_is_there() -> None:
    named = set(re.findall(r"`(bot/[\w/]+(?:\.py)?)`", PAGE))
    named -= {path for path in named if "/scopa" in path}  # the page's example of a new game

    assert "bot/games/__init__.py" in named
    assert [path for path in sorted(named) if not (ROOT / path).exists()] == []


def test_the_page_lists_every_member_of_the_common_interface() -> None:
    members = [field.name for field in dataclasses.fields(Game)]

    assert members
    assert [name for name in members if f"`{name}" not in PAGE] == []
