"""The games a process rebuilt lately are kept for their next load, the latest few hundred
only: a bot that runs for months does not keep every game it ever loaded."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from play.tamalo import rebuild
from scoring.tamalo import Game, Rules


@pytest.fixture
def rebuilt() -> Iterator[None]:
    """The process's games rebuilt, emptied for the test and put back after it."""
    kept = rebuild._REBUILT.copy()
    rebuild._REBUILT.clear()
    yield
    rebuild._REBUILT.clear()
    rebuild._REBUILT.update(kept)


@pytest.mark.usefixtures("rebuilt")
def test_the_games_rebuilt_lately_are_kept_the_oldest_forgotten_first() -> None:
    game = Game(("Anna", "Bruno"), Rules())
    options = tuple(rebuild.options_of(Rules()).items())
    keys = [(f"snapshot {n}", options, 0) for n in range(rebuild._REBUILT_MOST + 2)]
    for key in keys[:-2]:
        rebuild.remember(key, game)
    rebuild.remember(keys[0], game)  # loaded again: the latest now

    rebuild.remember(keys[-2], game)
    rebuild.remember(keys[-1], game)

    assert len(rebuild._REBUILT) == rebuild._REBUILT_MOST
    assert keys[1] not in rebuild._REBUILT
    assert keys[2] not in rebuild._REBUILT
    assert keys[0] in rebuild._REBUILT
    assert list(rebuild._REBUILT)[-2:] == keys[-2:]
