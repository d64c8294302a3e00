"""A vote of the players to annul the running game (Tamalo's tres sex, a Macchiavelli
tournament discarded): more than half of them agreeing annul it. The phone at the table
(whoever opened the vote) marks who agrees, and a player linked with /sonoio may mark
themselves; nobody else counts. Only someone at the table opens it: who started the game or
sent one of its hands, a player of it linked with /sonoio, or a group admin.

What is put to the vote is the game's (``Voting``): who votes, and what annulling does (a
Tamalo tournament: every table and the final; a Macchiavelli tournament: discarded)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from play.errors import NoRunningGame, NotAtTheTable
from storage import StoredGame, UnitOfWork, Vote

ANNULLED, REJECTED = "annulled", "rejected"


def needed(players: int) -> int:
    """More than half: 50% + 1."""
    return players // 2 + 1


@dataclass(frozen=True)
class Electorate:
    """Who the vote counts: the players still in the game (``whole``: a tournament, every
    table's, since a vote at any table is about all of it), name → player id, in seat order;
    and the stored games it is about."""

    players: dict[str, int]
    whole: bool
    games: tuple[int, ...]

    def name_of(self, player: int) -> str:
        return next(n for n, p in self.players.items() if p == player)


@dataclass(frozen=True)
class Voting:
    """What a game puts to a vote. ``electorate``: who votes on one of its stored games
    (``None``: nothing to vote on, it no longer runs); ``annul``: what more than half of them
    agreeing does to it."""

    electorate: Callable[[UnitOfWork, StoredGame], Awaitable[Electorate | None]]
    annul: Callable[[UnitOfWork, StoredGame], Awaitable[None]]


@dataclass(frozen=True)
class Ballot:
    """A vote as it stands, who it counts, and the game's kind (whose words it is put in)."""

    vote: Vote
    voters: Electorate
    kind: str

    @property
    def agreeing(self) -> list[str]:
        """Who agrees, in seat order."""
        return [n for n, p in self.voters.players.items() if p in self.vote.agreeing]

    @property
    def needed(self) -> int:
        return needed(len(self.voters.players))


@dataclass(frozen=True)
class Stale:
    """A press on a vote that is over, of another chat, of a game no longer running, or for a
    player who has left since: nothing changes."""


@dataclass(frozen=True)
class NotYours:
    """A press by someone not at the table, who may neither mark that player nor close the
    vote: nothing changes."""

    closing: bool


@dataclass(frozen=True)
class HeldElsewhere:
    """A name pressed by someone at the table, while the vote is held by another phone (the
    last to ask for it): nothing changes; asking for it moves it here."""


@dataclass(frozen=True)
class Closed:
    """Whoever opened the vote closed it: the game goes on."""

    ballot: Ballot


@dataclass(frozen=True)
class AlreadyMarked:
    """The mark was already there (two phones pressing at once): nothing changes."""

    player: str
    agrees: bool


@dataclass(frozen=True)
class Marked:
    """``player`` agrees now (or no longer does); if that made a majority, the game (or the
    tournament) is annulled and the vote is over (``ballot.vote.outcome``)."""

    player: str
    agrees: bool
    ballot: Ballot


Pressed = Stale | NotYours | HeldElsewhere | Closed | AlreadyMarked | Marked


async def open_vote(
    work: UnitOfWork, voting: Voting, game: StoredGame, user_id: int | None, *, admin: bool
) -> Ballot:
    """Open the vote on ``game``, marked from ``user_id``'s phone. Asked again while it is
    open, the same vote, now marked from this phone. ``admin``: a group admin (or a private
    chat), who may open it whatever the games say; anyone else must be at the table
    (``NotAtTheTable``), and whoever opened it keeps it."""
    voters = await voting.electorate(work, game)
    if voters is None:
        raise NoRunningGame
    if not admin and not await at_the_table(work, game.chat_id, user_id, voters):
        raise NotAtTheTable
    return Ballot(await work.votes.open(game.id, user_id), voters, game.kind)


async def press(
    work: UnitOfWork,
    chat_id: int,
    user_id: int,
    vote_id: int,
    mark: tuple[int, bool] | None,
    voting_of: Callable[[str], Voting | None],
    *,
    admin: bool = False,
) -> Pressed:
    """A button of the vote pressed in ``chat_id`` by ``user_id``. ``mark``: a player (id)
    agrees, or no longer does; ``None``: close the vote. ``voting_of``: what each kind of game
    puts to a vote. The phone holding the vote marks anyone, a player linked with /sonoio
    themselves; whoever may open the vote (``admin``: a group admin) may close it, since
    closing changes nothing."""
    vote = await work.votes.get(vote_id)
    game = await work.games.get(vote.game_id) if vote is not None else None
    if vote is None or game is None or game.chat_id != chat_id or vote.outcome is not None:
        return Stale()  # a button can only vote in its own chat, on a vote still open
    voting = voting_of(game.kind)
    voters = await voting.electorate(work, game) if voting is not None else None
    if voting is None or voters is None:
        return Stale()  # the game no longer runs
    if mark is not None and mark[0] not in voters.players.values():
        return Stale()  # a player who has left the game since
    if vote.opened_by != user_id:
        own = await work.people.player_in(chat_id, user_id)
        if mark is None or own is None or voters.players.get(own) != mark[0]:
            if not admin and not await at_the_table(work, chat_id, user_id, voters):
                return NotYours(closing=mark is None)
            if mark is not None:
                return HeldElsewhere()
    if mark is None:
        await work.votes.close(vote_id, REJECTED)
        return Closed(Ballot(replace(vote, outcome=REJECTED), voters, game.kind))
    player, agrees = mark
    name = voters.name_of(player)
    if (player in vote.agreeing) == agrees:  # pressed twice at once: the mark is there
        return AlreadyMarked(name, agrees)
    await work.votes.mark(vote_id, player, agrees, by=user_id)
    vote = await work.votes.get(vote_id)
    assert vote is not None
    if len(vote.agreeing & set(voters.players.values())) >= needed(len(voters.players)):
        await voting.annul(work, game)
        await work.votes.close(vote_id, ANNULLED)
        vote = replace(vote, outcome=ANNULLED)
    return Marked(name, agrees, Ballot(vote, voters, game.kind))


async def at_the_table(
    work: UnitOfWork, chat_id: int, user_id: int | None, voters: Electorate
) -> bool:
    """Whether ``user_id`` is at the table, by what the chat's games say: who started the
    game or sent one of its hands (the phone at the table), or a player of it linked to
    their name with /sonoio."""
    if user_id is None:
        return False
    if await work.games.recorded_by(voters.games, user_id):
        return True
    own = await work.people.player_in(chat_id, user_id)
    return own is not None and own in voters.players
