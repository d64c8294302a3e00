"""The people behind the names: ``/sonoio Anna`` links a Telegram user to the chat's player
Anna (their private /stats then show Anna's figures); taken back by that person or an admin."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn

from play.errors import NobodyLinked, NotLinked, NotYourPlayer, PlayerTakenByOther, UnknownPlayer
from storage import PlayerTaken, UnitOfWork


@dataclass(frozen=True)
class Linked:
    """The person is ``player`` (the name as first typed in the chat) from now on."""

    player: str


@dataclass(frozen=True)
class Claim:
    """Who said they are ``player``: the Telegram user ``owner``."""

    player: str
    owner: int


@dataclass(frozen=True)
class Unlinked:
    """Nobody is ``player`` any more; ``mine``: the person said so of themselves."""

    player: str
    mine: bool


async def who_is(work: UnitOfWork, chat_id: int, user_id: int) -> str | None:
    """The player ``user_id`` said they are in the chat."""
    return await work.people.player_in(chat_id, user_id)


async def link(
    work: UnitOfWork, chat_id: int, title: str | None, user_id: int, name: str
) -> Linked:
    """``user_id`` is the chat's player ``name`` (instead of any other they were): refused if
    nobody played under that name, or someone else already is that player."""
    try:
        linked = await work.people.link(chat_id, title, user_id, name)
    except PlayerTaken as error:
        raise PlayerTakenByOther(name) from error
    if linked is None:
        await unknown(work, chat_id, name)
    return Linked(linked)


async def claim_of(work: UnitOfWork, chat_id: int, user_id: int, name: str | None) -> Claim:
    """Who is the chat's player ``name`` (``None``: the one ``user_id`` is), to take it back."""
    if name is None:
        name = await work.people.player_in(chat_id, user_id)
        if name is None:
            raise NotLinked
    claim = await work.people.claim(chat_id, name)
    if claim is None:
        await unknown(work, chat_id, name)
    player, owner = claim
    if owner is None:
        raise NobodyLinked(player)
    return Claim(player, owner)


async def unlink(work: UnitOfWork, chat_id: int, claim: Claim, by: int, *, admin: bool) -> Unlinked:
    """Nobody is ``claim.player`` any more, said by ``by``: only its person or an ``admin``
    may; refused too if the link changed since ``claim`` was read."""
    if claim.owner != by and not admin:
        raise NotYourPlayer(claim.player)
    if not await work.people.unlink(chat_id, claim.player, claim.owner):
        raise NobodyLinked(claim.player)
    return Unlinked(claim.player, mine=claim.owner == by)


async def unknown(work: UnitOfWork, chat_id: int, name: str) -> NoReturn:
    """Refuse a name nobody played under in the chat, with the chat's players."""
    raise UnknownPlayer(name, tuple(await work.people.names(chat_id)))
