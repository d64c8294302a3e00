"""Macchiavelli tournaments ("MACHIAVELLI 2.xx") as the chat plays them: started with a seeded
draw, each table's deals recorded, fixed or taken back until the next round starts, players
withdrawing. The tournament is rebuilt from what is stored (``storage.macchiavelli.tournament``)
by the engine (``scoring.macchiavelli.Tournament``): the seed gives the same seating, each
stored deal is run through the engine once, in the order it was recorded."""

from __future__ import annotations

import json
import random
from collections.abc import Awaitable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from play.errors import (
    AlreadyRunning,
    GameRunning,
    Refused,
    TournamentInProgress,
)
from play.macchiavelli.tournament_places import keep_places
from scoring.macchiavelli import (
    Deal,
    Movement,
    NoSuchDeal,
    Report,
    Seating,
    Tournament,
    TournamentRules,
    parse_cards,
)
from storage import Front, GameAlreadyRunning, GameState, StoredGame, TournamentRunning, UnitOfWork
from storage.macchiavelli.tournament import (
    KIND,
    DealLine,
    MacchiavelliTournaments,
    StoredDeal,
    StoredTournament,
)

#: The draw's seed: the operating system's randomness, never a seed someone could guess.
DRAW = random.SystemRandom()


@dataclass(frozen=True)
class Running:
    """A stored tournament and the engine's tournament it makes."""

    stored: StoredTournament
    tournament: Tournament


@dataclass(frozen=True)
class DealRecorded:
    """A deal recorded at ``table`` of ``round_``; ``round_closed``: it was the round's last."""

    tournament: Tournament
    round: int
    table: int

    @property
    def round_closed(self) -> bool:
        return self.tournament.is_complete(self.round)


def rules_of(options: dict[str, object]) -> TournamentRules:
    return TournamentRules(
        rounds=int(str(options["rounds"])),
        deals=int(str(options["deals"])),
        danese=bool(options.get("danese", False)),
        movement=Movement(str(options.get("movement", Movement.NAVA.value))),
        jokers=bool(options.get("jokers", False)),
    )


def options_of(rules: TournamentRules, seed: int) -> dict[str, object]:
    return {
        "tournament": True,
        "rounds": rules.rounds,
        "deals": rules.deals,
        "danese": rules.danese,
        "movement": rules.movement.value,
        "jokers": rules.jokers,
        "seed": seed,
        "withdrawn": "",
    }


def withdrawn_text(withdrawn: Mapping[str, int]) -> str:
    """Who withdrew, each with the first round missed, as ``games.options`` keeps it: a plain
    string (``Anna=2;Bruno=3``), since a game's options are scalars (names have no ``=`` or
    ``;``)."""
    return ";".join(f"{player}={first}" for player, first in withdrawn.items())


def withdrawn_of(text: str) -> dict[str, int]:
    pairs = (item.partition("=") for item in text.split(";") if item)
    return {player: int(first) for player, _, first in pairs}


def deal_of(lines: Sequence[DealLine]) -> Deal:
    """A stored deal's lines as the engine's deal (card lists read back as typed)."""
    return Deal(
        tuple(
            Report(player, points)
            if cards is None
            else Report.of(player, parse_cards(cards, jokers=True))
            for player, points, cards in lines
        )
    )


def lines_of(deal: Deal) -> tuple[DealLine, ...]:
    return tuple(
        (r.player, r.points, None if r.cards is None else r.cards.text) for r in deal.reports
    )


def plan_text(plan: Sequence[Seating]) -> str:
    """Every round's seating the movement made, as ``games.options`` keeps it: a JSON string
    (``[[["Anna", "Bruno", "Carlo", null], …], …]``, a round's tables in order, each N, S, E,
    O), so that a rebuild never plans again (the mixed movement takes up to seconds)."""
    return json.dumps([[list(table) for table in seating.tables] for seating in plan])


def plan_of(text: str) -> tuple[Seating, ...]:
    return tuple(
        Seating(tuple(tuple(seat for seat in table) for table in seating))
        for seating in json.loads(text)
    )


def rebuild(stored: StoredTournament) -> Tournament:
    """The tournament its rows make: the seating planned at the start, who withdrew, and
    every deal where it was recorded. Each deal was checked by the engine when it was
    recorded: it is not checked again."""
    options = dict(stored.options)
    rules = rules_of(options)
    withdrawn = withdrawn_of(str(options.get("withdrawn", "")))
    if "plan" in options:
        plan = plan_of(str(options["plan"]))
    else:  # planned from the seed (the tournament being started)
        seed = random.Random(int(str(options["seed"])))
        plan = Tournament.start(stored.players, rules, seed).plan
    tables = len(plan[0].tables)
    played: list[list[list[Deal]]] = []
    for deal in stored.deals:
        while len(played) < deal.round:
            played.append([[] for _ in range(tables)])
        played[deal.round - 1][deal.table - 1].append(deal_of(deal.lines))
    return Tournament(
        rules,
        plan,
        tuple(tuple(tuple(deals) for deals in round_) for round_ in played),
        withdrawn,
    )


def _store(work: UnitOfWork) -> MacchiavelliTournaments:
    return MacchiavelliTournaments(work.session)


def in_front(work: UnitOfWork, front: Front) -> Awaitable[Running | None]:
    """The chat's latest game as found (``storage.Front``), if it is a Macchiavelli
    tournament's (running, closed or discarded): rebuilt, with its deals read."""
    latest = front[-1] if front else None
    if latest is None or latest.kind != KIND or latest.tournament_id is None:
        return _none()
    return _of(work, latest)


async def _none() -> None:
    return None


async def _of(work: UnitOfWork, game: StoredGame) -> Running:
    assert game.tournament_id is not None
    stored = StoredTournament(
        id=game.tournament_id,
        chat_id=game.chat_id,
        game_id=game.id,
        state=game.state,
        players=tuple(seat.name for seat in game.played.seats),
        options=dict(game.options),
        deals=await _store(work).deals(game.id),
        started_by=game.started_by,
    )
    return Running(stored, rebuild(stored))


class TournamentClosed(Refused):
    """The tournament asked about is closed already."""


class TournamentDiscarded(Refused):
    """A discarded tournament stays discarded."""


class AllRoundsPlayed(Refused):
    """Every round was played (``rounds`` of them): nothing to reopen (its last round can
    still be fixed)."""

    def __init__(self, rounds: int) -> None:
        super().__init__(rounds)
        self.rounds = rounds


async def close(work: UnitOfWork, at: Running, now: datetime, *, discard: bool) -> Running:
    """The tournament closed by its director before its end: ranked as its standings stood
    after the last round that closed (none closed: no places), or ``discard``-ed, as if it
    had never been played (no places, out of every figure)."""
    if not at.stored.running:
        raise TournamentClosed
    state = GameState.ANNULLED if discard else GameState.FINISHED
    await _store(work).set_state(at.stored, state, now)
    if not discard:
        await keep_places(work, at.stored.game_id, at.tournament, closed_early=True)
    return Running(replace(at.stored, state=state), at.tournament)


async def reopen(work: UnitOfWork, at: Running, now: datetime) -> Running:
    """A tournament its director closed runs again from where it stopped, its places gone;
    one that played every round stays over (its last round is still open to ``/correggi``
    and ``/annulla``); a discarded one stays discarded."""
    if at.stored.running:
        raise AlreadyRunning
    if at.stored.state is GameState.ANNULLED:
        raise TournamentDiscarded
    if at.tournament.is_over():
        raise AllRoundsPlayed(at.tournament.rules.rounds)
    await _store(work).set_state(at.stored, GameState.RUNNING, now)  # it is the chat's latest
    await keep_places(work, at.stored.game_id, at.tournament)  # running: no places
    return Running(replace(at.stored, state=GameState.RUNNING), at.tournament)


async def _load(work: UnitOfWork, found: tuple[int, int, GameState] | None) -> Running | None:
    if found is None:
        return None
    game_id, tournament_id, state = found
    game = await work.games.get(game_id)
    assert game is not None
    stored = StoredTournament(
        id=tournament_id,
        chat_id=game.chat_id,
        game_id=game_id,
        state=state,
        players=tuple(seat.name for seat in game.played.seats),
        options=dict(game.options),
        deals=await _store(work).deals(game_id),
        started_by=game.started_by,
    )
    return Running(stored, rebuild(stored))


async def running(work: UnitOfWork, chat_id: int) -> Running | None:
    """The chat's running Macchiavelli tournament, rebuilt."""
    return await _load(work, await _store(work).find(chat_id))


async def latest(work: UnitOfWork, chat_id: int) -> Running | None:
    """The running tournament, or else the chat's last one."""
    return await _load(work, await _store(work).find(chat_id, running=False))


async def start(
    work: UnitOfWork,
    chat_id: int,
    players: Sequence[str],
    rules: TournamentRules,
    *,
    started_by: int | None,
    draw: random.Random = DRAW,
) -> Running:
    """A tournament of ``players`` (names already known keep their first spelling): the seed
    drawn and stored, the rounds planned from it once and kept. Refused beside a running
    game or tournament."""
    seed = draw.randrange(2**31)
    try:
        if (running_game := await work.games.running(chat_id)) is not None:
            raise GameRunning() from GameAlreadyRunning(running_game.id)
        tournament_id = await work.tournaments.start(chat_id)
        game = await work.games.start(
            chat_id,
            players,
            options_of(rules, seed),
            kind=KIND,
            tournament_id=tournament_id,
            started_by=started_by,
        )
    except TournamentRunning as error:
        raise TournamentInProgress from error
    except GameAlreadyRunning as error:
        raise GameRunning() from error
    stored = StoredTournament(
        id=tournament_id,
        chat_id=chat_id,
        game_id=game.id,
        state=GameState.RUNNING,
        players=tuple(seat.name for seat in game.played.seats),
        options=dict(game.options),
        deals=(),
        started_by=started_by,
    )
    # Planned once, with the names as the chat knows them (the seats' spelling), and kept.
    tournament = rebuild(stored)
    options = {**stored.options, "plan": plan_text(tournament.plan)}
    await _store(work).set_options(stored, options)
    return Running(replace(stored, options=options), tournament)


async def record(
    work: UnitOfWork,
    at: Running,
    table: int,
    deal: Deal,
    *,
    message_id: int | None = None,
    user_id: int | None = None,
    now: datetime,
) -> DealRecorded:
    """One more deal at ``table`` in the round under way (the engine refuses a table that has
    played its deals, or a deal of players not seated there)."""
    round_ = at.tournament.current_round
    after = at.tournament.with_deal(table, deal)
    await _store(work).add_deal(
        at.stored, round_, table, lines_of(deal), message_id=message_id, user_id=user_id
    )
    if after.is_over():
        await _store(work).set_state(at.stored, GameState.FINISHED, now)
        await keep_places(work, at.stored.game_id, after)  # the final standings, ranked
    return DealRecorded(after, round_, table)


def _stored_deal(at: Running, round_: int, table: int, number: int) -> StoredDeal:
    """Deal ``number`` of ``table`` in ``round_`` as stored."""
    deals = [d for d in at.stored.deals if d.round == round_ and d.table == table]
    if not 1 <= number <= len(deals):
        raise NoSuchDeal(number, len(deals))
    return deals[number - 1]


async def fix(
    work: UnitOfWork, at: Running, round_: int, table: int, number: int, deal: Deal
) -> Tournament:
    """Deal ``number`` of ``table`` in ``round_`` counted again: until the next round starts
    (the engine refuses later)."""
    after = at.tournament.with_deal_replaced(round_, table, number, deal)
    stored = _stored_deal(at, round_, table, number)
    await _store(work).replace_deal(at.stored, stored.number, replace(stored, lines=lines_of(deal)))
    if not at.stored.running:  # the last round fixed after the end: ranked again
        await keep_places(work, at.stored.game_id, after)
    return after


async def undo(work: UnitOfWork, at: Running, *, now: datetime) -> tuple[Tournament, StoredDeal]:
    """The last deal recorded taken back: until the next round starts."""
    if not at.stored.deals:
        raise NoSuchDeal(0, 0)
    last = at.stored.deals[-1]
    after = at.tournament.without_last_deal(last.round, last.table)
    await _store(work).remove_deal(at.stored, last.number)
    if not at.stored.running:  # the last deal of the last round taken back
        await _store(work).set_state(at.stored, GameState.RUNNING, now)
        await keep_places(work, at.stored.game_id, after)  # running: no places
    return after, last


async def withdraw(work: UnitOfWork, at: Running, player: str) -> Tournament:
    """``player`` leaves: a BYE from the next round to start; they keep their VP."""
    after = at.tournament.with_withdrawal(player)
    options = dict(at.stored.options)
    options["withdrawn"] = withdrawn_text(after.withdrawn)
    await _store(work).set_options(at.stored, options)
    return after


async def closed_by_move(work: UnitOfWork, game: StoredGame) -> None:
    """The tournament the chat's move closed: ranked as its director's ``/fine`` would."""
    at = await _of(work, game)
    await _store(work).set_state(at.stored, GameState.FINISHED, datetime.now(UTC))
    await keep_places(work, game.id, at.tournament, closed_early=True)
