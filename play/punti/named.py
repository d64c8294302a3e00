"""The names a chat gives its points games (``nome=Scopa``): a name is kept with its rules,
and ``/nuova scopa …`` afterwards starts the same game. A name is one game's: one of the
table's games' own (``tago``) is refused, and so is one the chat gave other rules."""

from __future__ import annotations

from collections.abc import Collection

from play.errors import Refused
from scoring.punti import Rules
from storage import UnitOfWork
from storage.punti import NamedGame, NamedGames


class NameOfAGame(Refused):
    """The name is one of the table's games' (``/nuova punti nome=tago``)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


class NameTaken(Refused):
    """The chat gave this name to other rules already."""

    def __init__(self, named: NamedGame) -> None:
        super().__init__(named.name)
        self.named = named


async def named_games(work: UnitOfWork, chat_id: int) -> dict[str, NamedGame]:
    """The chat's named games, by the word ``/nuova`` takes for each."""
    return await work.store(NamedGames).of_chat(chat_id)


def rules_of(named: NamedGame) -> Rules:
    return Rules.from_options(named.options)


async def check_name(
    work: UnitOfWork, chat_id: int, name: str, rules: Rules, taken: Collection[str]
) -> None:
    """``name`` may be given to ``rules`` in this chat: no game's own name, nor one the chat
    gave other rules (the same rules again are the same game)."""
    key = name.casefold()
    if key in taken:
        raise NameOfAGame(name)
    named = (await named_games(work, chat_id)).get(key)
    if named is not None and rules_of(named) != rules:
        raise NameTaken(named)
