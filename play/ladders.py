"""The all-time ladders, one per kind of game, kept right as any game's places change: what
``play.tamalo.results`` does for every game, whatever its rules (Tamalo's own part stays there).

A rating depends on every game of its kind before it, so when a finished game changes the
ratings are worked out again from that game on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from scoring.ratings import Skill, rate
from storage import Rated, StoredGame, UnitOfWork
from storage.results import Placed


async def keep_places(
    work: UnitOfWork,
    stored: StoredGame,
    placed: Sequence[Placed] | None,
    quadri: Mapping[str, int | None] | None = None,
) -> None:
    """Any game's places on its kind's ladder (``None``: it has none, not finished or not
    played), and the ratings worked out again from it on."""
    results = work.results
    if placed is not None:
        before = await results.record(stored.id, placed, stored.player_ids, quadri)
    else:
        before = await results.forget(stored.id)
        if not before:
            return
    await rerate(work, stored.chat_id, stored.kind, stored.id, also=before)


async def rerate(
    work: UnitOfWork, chat_id: int, kind: str, game_id: int, also: Iterable[int] = ()
) -> None:
    """Rate again the chat's finished games of ``kind`` from ``game_id`` on, in the order
    they were started, then refresh the ladder lines of everyone they touch (and ``also``)."""
    results = work.results
    later = await results.places_from(chat_id, kind, game_id)
    players = {player for _, player, _ in later} | set(also)
    skills: dict[int, Skill] = await results.skills_before(kind, game_id, players)
    by_game: dict[int, list[tuple[int, int]]] = {}
    for game, player, rank in later:
        by_game.setdefault(game, []).append((player, rank))
    rated: list[Rated] = []
    for game, ranks in by_game.items():
        after = rate(skills, ranks)
        skills.update(after)
        rated += [Rated(game, player, skill) for player, skill in after.items()]
    await results.keep_ratings(rated)
    await results.refresh_lines(chat_id, kind, players, skills)


async def rerate_chat(work: UnitOfWork, chat_id: int) -> None:
    """Rate every finished game of the chat again, from the first, ladder by ladder."""
    players = await work.results.players(chat_id)
    for kind in await work.results.kinds(chat_id):
        await rerate(work, chat_id, kind, 0, also=players)
