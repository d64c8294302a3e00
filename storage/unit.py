"""The unit of work: every store over one transaction.

A command that changes a chat takes the chat's lock first (changes to one chat happen one
at a time, across every bot process) and claims its message (a message changes something
once, however often Telegram delivers it); then it reads and writes through the stores
below, all on the same session, and the whole is committed or rolled back together.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Protocol, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession

from storage.chats import Arrival, ChatStore
from storage.claims import Claims
from storage.entries import EntryStore
from storage.games import GameStore
from storage.mistakes import LastUndos, PendingHands
from storage.moves import ChatMove, move_chat
from storage.people import People
from storage.results import Results
from storage.tournaments import TournamentStore
from storage.votes import VoteStore


class Store(Protocol):
    """A store of a game's own (``storage.<game>``): made on the unit of work's session."""

    def __init__(self, session: AsyncSession) -> None: ...


S = TypeVar("S", bound=Store)


class UnitOfWork:
    """The stores of one transaction; each is made the first time it is used. A game's own
    stores are asked for by their class (``store``): nothing shared names a game."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session
        self._stores: dict[type[Any], Any] = {}
        #: Whether the chat's hand replies carry the forecast's line, as the claim of the
        #: message read it (``None``: no message claimed).
        self.forecast_line: bool | None = None

    @cached_property
    def games(self) -> GameStore:
        return GameStore(self.session)

    @cached_property
    def tournaments(self) -> TournamentStore:
        return TournamentStore(self.session)

    @cached_property
    def chats(self) -> ChatStore:
        return ChatStore(self.session)

    @cached_property
    def claims(self) -> Claims:
        return Claims(self.session)

    @cached_property
    def entries(self) -> EntryStore:
        return EntryStore(self.session)

    @cached_property
    def votes(self) -> VoteStore:
        return VoteStore(self.session)

    @cached_property
    def results(self) -> Results:
        return Results(self.session)

    @cached_property
    def people(self) -> People:
        return People(self.session)

    @cached_property
    def undos(self) -> LastUndos:
        return LastUndos(self.session)

    @cached_property
    def pending_hands(self) -> PendingHands:
        return PendingHands(self.session)

    def store(self, kind: type[S]) -> S:
        """The game's store of class ``kind``, on this unit of work (made once)."""
        found = self._stores.get(kind)
        if found is None:
            found = self._stores[kind] = kind(self.session)
        return found

    async def lock(self, chat_id: int) -> None:
        """Changes to this chat wait for this unit of work to end (in every process)."""
        await self.chats.lock(chat_id)

    async def claim(self, chat_id: int, message_id: int) -> Arrival:
        """This message changes something once: a second time raises
        ``MessageAlreadyHandled``. Returns the chat's language and standings message, read
        by the claim itself, as is ``forecast_line``."""
        arrival, self.forecast_line = await self.claims.message(chat_id, message_id)
        return arrival

    async def move_chat(self, old: int, new: int) -> ChatMove | None:
        """Chat ``old`` became chat ``new``: its whole history moves with it (taking both
        chats' locks); ``None`` if there was nothing left to move."""
        return await move_chat(self.session, old, new)
