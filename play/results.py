"""Finished games' places and the all-time ladders, kept right as games change: one ladder
per kind of game (a Tamalo rating and a Macchiavelli rating are different ladders).

A rating depends on every game of its kind before it, so when a finished game changes (a
hand fixed or undone, the game reopened or annulled) the ratings are worked out again from
that game on; the games after it in the chat are few (usually none), so this stays cheap.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from play.records import GameRecord, record_of
from scoring.ratings import Skill, rate
from scoring.tamalo import Game, placings
from storage import GameState, Rated, UnitOfWork
from storage.tamalo import TAMALO


async def set_state(
    work: UnitOfWork, record: GameRecord, state: GameState, now: datetime, game: Game | None = None
) -> None:
    """Finish, reopen or annul ``record``'s game (as ``game`` now, if it changed): its places
    and the ratings follow."""
    await work.games.set_state(record.stored, state, now)
    await keep(work, record, state, record.game if game is None else game)


async def keep(work: UnitOfWork, record: GameRecord, state: GameState, game: Game) -> None:
    """A finished game with hands has its places on its ladder; any other has none."""
    results, kind = work.results, record.stored.kind
    if state is GameState.FINISHED and game.hands:
        placed = placings(game)
        quadri = {p.player: p.quadri for p in placed}
        before = await results.record(record.id, placed, record.player_ids, quadri)
    else:
        before = await results.forget(record.id)
        if not before:
            return
    await rerate(work, record.chat_id, kind, record.id, also=before)


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


async def complete_results(work: UnitOfWork) -> int:
    """Give places and ratings to finished games that have none (finished before they were
    kept); returns how many. Run at start-up, after the schema upgrade."""
    missing = await work.games.finished_without_results()
    for stored in missing:
        if stored.kind != TAMALO:  # places for Tamalo's games only, so far
            continue
        record = record_of(stored)
        await keep(work, record, record.state, record.game)
    return len(missing)
