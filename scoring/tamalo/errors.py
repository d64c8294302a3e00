"""The rules a Tamalo game refuses to break, one error each, carrying who and what was involved.

Each is a ``ValueError``; the bot answers each kind in words of its own (``bot.refusals``).
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.errors import RuleBroken

__all__ = ["RuleBroken"]  # re-exported: Tamalo's refusals are all rule breaks


class QuadriNeedsFour(RuleBroken):
    """4 Quadri is played by exactly four players."""

    def __init__(self, count: int) -> None:
        super().__init__(f"4 Quadri needs exactly 4 players, not {count}")
        self.count = count


class NoJoinersInQuadri(RuleBroken):
    """4 Quadri is played by the same four from start to end: nobody joins."""

    def __init__(self) -> None:
        super().__init__("4 Quadri takes no late joiners")


class NoJoinersInSixCards(RuleBroken):
    """The six-card variant is played by two: nobody joins."""

    def __init__(self) -> None:
        super().__init__("the six-card variant is played by two")


class AlreadySeated(RuleBroken):
    """A late joiner must not be playing already."""

    def __init__(self, player: str) -> None:
        super().__init__(f"{player!r} is already playing")
        self.player = player


class LeftForGood(RuleBroken):
    """A player who left the game does not come back to it."""

    def __init__(self, player: str) -> None:
        super().__init__(f"{player!r} left this game for good")
        self.player = player


class NoLeavingQuadri(RuleBroken):
    """4 Quadri is played by the same four from start to end: nobody leaves."""

    def __init__(self) -> None:
        super().__init__("4 Quadri is played by the same 4 players")


class NotPlaying(RuleBroken):
    """Only a player still in the game can leave it."""

    def __init__(self, player: str, players: Sequence[str]) -> None:
        super().__init__(f"{player!r} is not playing")
        self.player = player
        self.players = tuple(players)


class LastTwoStay(RuleBroken):
    """A game needs two players: the last two do not leave, they end the game."""

    def __init__(self) -> None:
        super().__init__("a game needs two players")


class NoHandsLeft(RuleBroken):
    """A 4 Quadri game has its 16 hands and no more."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"a 4 Quadri game has {limit} hands")
        self.limit = limit


class NoSuchHand(RuleBroken):
    """Only a hand already played can be reported again."""

    def __init__(self, number: int, played: int) -> None:
        super().__init__(f"no hand {number}")
        self.number = number
        self.played = played


class HandNotSeated(RuleBroken):
    """A hand reports exactly who is seated for it: nobody missing, nobody else."""

    def __init__(self, number: int, reported: Sequence[str], seated: Sequence[str]) -> None:
        super().__init__(f"hand {number} reports {tuple(reported)}, seated {tuple(seated)}")
        self.number = number
        self.reported = tuple(reported)
        self.seated = tuple(seated)

    @property
    def missing(self) -> tuple[str, ...]:
        return tuple(p for p in self.seated if p not in self.reported)

    @property
    def strangers(self) -> tuple[str, ...]:
        return tuple(p for p in self.reported if p not in self.seated)


class TournamentTooSmall(RuleBroken):
    """A tournament's two tables and final need enough players."""

    def __init__(self, count: int, minimum: int) -> None:
        super().__init__(f"a tournament needs at least {minimum} players")
        self.count = count
        self.minimum = minimum
