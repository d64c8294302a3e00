"""What a points game's rules refuse (each answered in words by ``bot.games.punti``)."""

from __future__ import annotations

from scoring.errors import RuleBroken


class TooFewSides(RuleBroken):
    """A game needs two sides at least (two players, or two teams)."""


class PlayerTwice(RuleBroken):
    """A player sits on one side only (``Anna+Bruno Anna+Carlo``)."""

    def __init__(self, player: str) -> None:
        super().__init__(player)
        self.player = player


class MissingSides(RuleBroken):
    """A round gives every side still playing its points."""

    def __init__(self, sides: tuple[str, ...]) -> None:
        super().__init__(", ".join(sides))
        self.sides = sides


class NotPlaying(RuleBroken):
    """Points for a side that is not playing this round (it left, or joins later)."""

    def __init__(self, side: str) -> None:
        super().__init__(side)
        self.side = side


class GameOver(RuleBroken):
    """The game is over by its rules: no more rounds."""


class NoSuchRound(RuleBroken):
    """A round that was not played (``/correggi 9`` after three)."""

    def __init__(self, number: int, played: int) -> None:
        super().__init__(number)
        self.number = number
        self.played = played
