"""A points game's rules, as declared in one line (``soglia=11 basso pari=condivisa``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

#: The target of a game declared with neither a target nor a number of rounds.
DEFAULT_TARGET = 100


@dataclass(frozen=True)
class Rules:
    """``target``: the game ends once a side's total reaches it (``None``: no target);
    ``rounds``: it ends after that many rounds (``None``: no limit); ``lowest``: the lowest
    total wins; ``shared``: a tie for the win at the end is shared, not played on."""

    target: int | None = DEFAULT_TARGET
    rounds: int | None = None
    lowest: bool = False
    shared: bool = False

    def __post_init__(self) -> None:
        assert self.target is not None or self.rounds is not None, "a game needs an end"
        assert self.rounds is None or self.rounds > 0

    def as_options(self) -> dict[str, object]:
        """The rules as stored with a game, and remembered with a game's name."""
        return {
            "target": self.target,
            "rounds": self.rounds,
            "lowest": self.lowest,
            "shared": self.shared,
        }

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> Rules:
        target, rounds = options.get("target"), options.get("rounds")
        return cls(
            target=int(str(target)) if target is not None else None,
            rounds=int(str(rounds)) if rounds is not None else None,
            lowest=bool(options.get("lowest", False)),
            shared=bool(options.get("shared", False)),
        )
