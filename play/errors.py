"""What an action refuses to do, one error each, carrying what the answer needs to say.

Like the rules of the game (``scoring.RuleBroken``), each is answered by the bot in words of
its own (``bot.refusals``); raising one rolls the unit of work back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage import StoredGame


class Refused(Exception):
    """An action that cannot be done as asked; nothing changes."""


class NoRunningGame(Refused):
    """The chat has no game running."""


class GameRunning(Refused):
    """A game is running: no other starts beside it (``players``, in their order, if known)."""

    def __init__(self, players: Sequence[str] = ()) -> None:
        super().__init__(tuple(players))
        self.players = tuple(players)


class TournamentInProgress(Refused):
    """The chat is in the middle of a tournament: no game starts beside it."""


class NotAtTheTable(Refused):
    """A tres-sex vote is opened only by someone at the table (see ``play.tamalo.vote``)."""


class UnknownPlayer(Refused):
    """Nobody of that name ever played in the chat."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        super().__init__(name, known)
        self.name, self.known = name, known


class PlayerTakenByOther(Refused):
    """Someone else already said they are this player."""

    def __init__(self, player: str) -> None:
        super().__init__(player)
        self.player = player


class NotLinked(Refused):
    """The sender never said which player they are in the chat."""


class NobodyLinked(Refused):
    """Nobody said they are this player: there is nothing to take back."""

    def __init__(self, player: str) -> None:
        super().__init__(player)
        self.player = player


class NotYourPlayer(Refused):
    """Only the person who is this player, or an admin, takes it back."""

    def __init__(self, player: str) -> None:
        super().__init__(player)
        self.player = player


class AdminsDecide(Refused):
    """Whether only admins undo and fix is for a group's admins to decide."""


class NoGameYet(Refused):
    """Nothing to show: the chat never played."""


class GameAnnulled(Refused):
    """The game the chat would look at was annulled by a tres-sex vote."""


class LeaderboardEmpty(Refused):
    """No game of the chat has finished: there is no all-time leaderboard yet."""


class NoStatsFor(Refused):
    """No player of that name in the chat, to show the figures of."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        super().__init__(name, known)
        self.name, self.known = name, known


class NoHandsToDraw(Refused):
    """The game to draw has no hand yet."""


class NoGamesTonight(Refused):
    """Nobody has played in the chat tonight."""


class FixClosedGame(Refused):
    """The last game was closed before its end: its hands can no longer be fixed."""


class NoHandToUndo(Refused):
    """No hand to take back."""


class UndoClosedGame(Refused):
    """The last hand's game was closed (or its tournament): nothing to take back."""

    def __init__(self, *, tournament: bool) -> None:
        super().__init__(tournament)
        self.tournament = tournament


class AlreadyRunning(Refused):
    """The last game is running already."""


class ReopenReachedTarget(Refused):
    """The last game ended by its totals (its rules): it is over."""


class OtherGame(Exception):
    """The chat's game (running, or the last played) is of another kind than the command
    works on: ``stored`` is it, as storage returned it, for its own game to take over (not
    a ``Refused``: the bot's table of games answers it, by the game, ``bot.commands.kinds``)."""

    def __init__(self, stored: StoredGame) -> None:
        super().__init__(stored.id, stored.kind)
        self.stored = stored

    @property
    def kind(self) -> str:
        return self.stored.kind
