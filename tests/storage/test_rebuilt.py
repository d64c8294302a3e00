"""The games a process rebuilt lately are kept for their next load, the latest few hundred
only: a bot that runs for months does not keep every game it ever loaded."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from scoring.tamalo import Game, Rules
from storage import games


@pytest.fixture
def rebuilt() -> Iterator[None]:
    """The process's games rebuilt, emptied for the test and put back after it."""
    kept = games._REBUILT.copy()
    games._REBUILT.clear()
    yield
    games._REBUILT.clear()
    games._REBUILT.update(kept)


@pytest.mark.usefixtures("rebuilt")
def test_the_games_rebuilt_lately_are_kept_the_oldest_forgotten_first() -> None:
    game = Game(("Anna", "Bruno"), Rules())
    played: Any = object()  # what it was rebuilt from: not looked at here
    keys = [(f"snapshot {n}", Rules(), 0) for n in range(games._REBUILT_MOST + 2)]
    for key in keys[:-2]:
        games._remember(key, played, game)
    games._remember(keys[0], played, game)  # loaded again: the latest now

    games._remember(keys[-2], played, game)
    games._remember(keys[-1], played, game)

    assert len(games._REBUILT) == games._REBUILT_MOST
    assert keys[1] not in games._REBUILT
    assert keys[2] not in games._REBUILT
    assert keys[0] in games._REBUILT
    assert list(games._REBUILT)[-2:] == keys[-2:]
