"""/classifica generale and /stats as a chat's history grows: 10³, 10⁴ and 10⁵ hands in the
chat, with many other chats in the same database.

Typing 10⁵ hands through the bot would take longer than the whole run, so the history is
written straight into the tables, in bulk, on a database the app itself created and
migrated. It is what the bot would have stored: each game is one the rules engine played
and scored (its points, calls, final places), every finished game has its places in
``game_results`` with the ratings the app's own rating function gives, game after game in
the order they were started, and every player has the ``ratings`` line those places add
up to; a few games are annulled and the last one of each chat is still running. Before
measuring, the bench checks that the app found nothing to fill in at start-up, that the
app's own re-rating of the smallest chat rewrites exactly the ratings written, and that
the replies count the games and hands written.

Each size has a database file of its own, each with the same other chats (copied from one
file built once in the run, in a temporary directory). The commands run through the real
Application on that file (``process_update``, an instant offline Bot API), taking turns with
a bare python-telegram-bot echo command, so that a noisy moment of the machine weighs on
all; each figure is a median of many calls.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from math import isclose
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bench.common import (
    Figure,
    InstantRequest,
    Typist,
    bot_running,
    echo_application,
    median,
    sqlite_url,
    to_update,
)
from bench.mano import random_hand
from bot.context import TamaloApp
from play.tamalo.rebuild import options_of
from play.tamalo.results import rerate_chat
from scoring import tamalo
from storage import UnitOfWork, models
from storage.tamalo import flags_of

REGULARS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Luca")
CHAT = -100_424_242
#: Commands measured, and the bare echo they take turns with.
COMMANDS = ("/classifica generale", "/stats", "/stats Anna")
ECHO = "echo"
#: One game in this many is annulled by a tres-sex vote.
ANNULLED_EVERY = 50
START = datetime(2021, 1, 1, 20, 0)


def _stamp(moment: datetime) -> str:
    """A time as SQLAlchemy stores it in SQLite (UTC, no zone, microseconds always)."""
    return f"{moment:%Y-%m-%d %H:%M:%S.%f}"


@dataclass(frozen=True)
class Template:
    """A game the rules engine played among seats 0…n-1: each hand's dealer seat and lines
    (seat, reported total, called Tamalo, points, call won), and the final places (seat,
    rank, total, won)."""

    seats: int
    hands: tuple[tuple[int, tuple[tuple[int, int, bool, int, bool | None], ...]], ...]
    placings: tuple[tuple[int, int, int, bool], ...]


def templates(count: int, seed: int = 3) -> list[Template]:
    """``count`` classic games to 100 of 4 to 6 players, played to their end."""
    rng = random.Random(seed)
    made: list[Template] = []
    for n in range(count):
        seats = 4 + n % 3
        names = tuple(f"S{i}" for i in range(seats))
        game = tamalo.Game(names)
        while not game.is_over():
            totals, caller = random_hand(rng, names)
            reports = tuple(tamalo.Report(p, totals[p]) for p in names)
            game = game.with_hand(tamalo.Hand(reports, caller))
        hands = tuple(
            (
                names.index(game.dealer_of(number)),
                tuple(
                    (
                        names.index(r.player),
                        r.total,
                        r.player == scored.hand.caller,
                        scored.points[r.player],
                        scored.call_won if r.player == scored.hand.caller else None,
                    )
                    for r in scored.hand.reports
                ),
            )
            for number, scored in enumerate(game.hands, start=1)
        )
        placings = tuple(
            (names.index(p.player), p.rank, p.total, p.won) for p in tamalo.placings(game)
        )
        made.append(Template(seats, hands, placings))
    return made


@dataclass
class History:
    """Rows of many chats' histories, numbered after what the database already holds."""

    player_id: int
    game_id: int
    hand_id: int
    rows: dict[str, list[tuple[object, ...]]] = field(default_factory=lambda: defaultdict(list))
    #: Per chat: games finished, annulled and running, hands outside annulled games, and the
    #: finished games of the player who plays them all.
    counts: dict[int, dict[str, int]] = field(default_factory=dict)

    @classmethod
    def after(cls, database: Path) -> History:
        connection = sqlite3.connect(database)
        try:
            ids = [
                connection.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0]
                for table in ("players", "games", "hands")
            ]
        finally:
            connection.close()
        return cls(ids[0] + 1, ids[1] + 1, ids[2] + 1)

    def add_chat(
        self,
        chat_id: int,
        names: Sequence[str],
        hands: int,
        games: Sequence[Template],
        rng: random.Random,
        *,
        always: str | None = None,
    ) -> None:
        """A chat whose players are ``names`` (``always`` plays every game), with ``hands``
        hands in all: finished games, one annulled now and then, the last one running."""
        rows = self.rows
        ids = {}
        for name in names:
            ids[name] = self.player_id
            rows["players"].append((self.player_id, chat_id, name, name.casefold()))
            self.player_id += 1
        rows["chats"].append((chat_id, _stamp(START - timedelta(days=1))))
        skills: dict[int, tamalo.Skill] = {}
        lines: dict[int, list[int]] = {}  # player: games, wins, sum of places
        counts = {"finished": 0, "annulled": 0, "running": 0, "hands": 0}
        message = 0
        left, number = hands, 0
        while left > 0:
            template = rng.choice(games)
            others = [n for n in names if n != always]
            seated = rng.sample(others, template.seats - (always is not None))
            if always is not None:
                seated.insert(rng.randrange(template.seats), always)
            # The last game stops where the hands run out: it is still being played.
            played = template.hands[:left]
            if len(played) < len(template.hands):
                state = "running"
            elif number % ANNULLED_EVERY == ANNULLED_EVERY - 1:
                state = "annulled"
            else:
                state = "finished"
            started = START + timedelta(hours=6 * number)
            over = started + timedelta(minutes=3 * len(played) + 1)
            game = self.game_id
            ended = None if state == "running" else _stamp(over)
            rows["games"].append((game, chat_id, state, _stamp(started), ended))
            rows["seats"] += [(game, ids[p], seat) for seat, p in enumerate(seated)]
            message += 1
            rows["handled"].append((chat_id, message, _stamp(started)))
            for hand_number, (dealer, hand_lines) in enumerate(played, start=1):
                message += 1
                at = _stamp(started + timedelta(minutes=3 * hand_number))
                rows["hands"].append(
                    (self.hand_id, game, hand_number, message, at, ids[seated[dealer]])
                )
                rows["handled"].append((chat_id, message, at))
                rows["lines"] += [
                    (
                        self.hand_id,
                        ids[seated[seat]],
                        seat,
                        total,
                        flags_of(caller, False, False, won),
                        points,
                    )
                    for seat, total, caller, points, won in hand_lines
                ]
                self.hand_id += 1
            if state == "finished":
                # As the app rates: games in the order started, each one's places best first.
                ranks = sorted(
                    ((ids[seated[seat]], rank) for seat, rank, _, _ in template.placings),
                    key=lambda pair: pair[1],
                )
                skills.update(tamalo.rate(skills, ranks))
                for seat, rank, total, won in template.placings:
                    player = ids[seated[seat]]
                    skill = skills[player]
                    rows["results"].append((game, player, rank, total, won, skill.mu, skill.sigma))
                    line = lines.setdefault(player, [0, 0, 0])
                    line[0] += 1
                    line[1] += won
                    line[2] += rank
            counts[state] += 1
            if state != "annulled":
                counts["hands"] += len(played)
            self.game_id += 1
            left -= len(played)
            number += 1
        rows["ratings"] += [
            (player, chat_id, games_, wins, rank_sum, skills[player].mu, skills[player].sigma)
            for player, (games_, wins, rank_sum) in lines.items()
        ]
        if always is not None:
            counts["always_games"] = lines[ids[always]][0]
        self.counts[chat_id] = counts

    def write(self, database: Path) -> None:
        """Everything in one transaction, as bulk inserts."""
        statements = {
            "chats": "INSERT INTO chats (id, created_at, admins_only) VALUES (?, ?, 0)",
            "players": "INSERT INTO players (id, chat_id, name, name_key) VALUES (?, ?, ?, ?)",
            "games": (
                "INSERT INTO games (id, chat_id, kind, variant, options, state, started_at, "
                "ended_at, first_dealer) VALUES (?, ?, 'tamalo', 'classica', '"
                + json.dumps(options_of(tamalo.Rules()))
                + "', ?, ?, ?, 0)"
            ),
            "seats": (
                "INSERT INTO seats (game_id, player_id, position, joined_after) VALUES (?, ?, ?, 0)"
            ),
            "hands": (
                "INSERT INTO hands (id, game_id, number, message_id, recorded_at, dealer_id) "
                "VALUES (?, ?, ?, ?, ?, ?)"
            ),
            "lines": (
                "INSERT INTO hand_results (hand_id, player_id, position, value, flags, points) "
                "VALUES (?, ?, ?, ?, ?, ?)"
            ),
            "results": (
                "INSERT INTO game_results (game_id, player_id, rank, total, won, mu, sigma) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)"
            ),
            "ratings": (
                "INSERT INTO ratings (player_id, chat_id, games, wins, rank_sum, mu, sigma) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)"
            ),
            "handled": (
                "INSERT INTO handled_messages (chat_id, message_id, handled_at) VALUES (?, ?, ?)"
            ),
        }
        connection = sqlite3.connect(database)
        try:
            with connection:
                for table, statement in statements.items():
                    connection.executemany(statement, self.rows[table])
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            connection.close()
        self.rows.clear()


def _count(database: Path, query: str) -> int:
    connection = sqlite3.connect(database)
    try:
        value: int = connection.execute(query).fetchone()[0]
        return value
    finally:
        connection.close()


async def _migrated(directory: Path) -> Path:
    """A database the app created and migrated itself."""
    async with bot_running(sqlite_url(directory, "base.db"), InstantRequest()):
        pass
    return directory / "base.db"


@dataclass(frozen=True)
class Sized:
    """The medians measured on one database."""

    hands: int
    seconds: dict[str, float]


async def _measure_one(
    database: Path, hands: int, counts: dict[str, int], rounds: int, budget: float, *,
    check_ratings: bool,
) -> Sized:  # fmt: skip
    results_before = _count(database, "SELECT count(*) FROM game_results")
    request = InstantRequest(keep_texts=True)
    echo_request = InstantRequest()
    typist = Typist()
    bare = echo_application(echo_request, ("classifica", "stats"))
    async with bot_running(sqlite_url(database.parent, database.name), request) as app, bare:
        assert _count(database, "SELECT count(*) FROM game_results") == results_before, (
            "the app filled in results at start-up: the history written was incomplete"
        )
        if check_ratings:
            await _check_ratings(app.bot_data.db.sessions, CHAT)
        await _check_replies(app, request, typist, counts)
        times: dict[str, list[float]] = {command: [] for command in (*COMMANDS, ECHO)}
        turns = [(command, app) for command in COMMANDS] + [(ECHO, bare)]
        started = time.perf_counter()
        for turn in range(rounds + 2):
            shift = turn % len(turns)
            for name, target in turns[shift:] + turns[:shift]:
                text = "/classifica generale" if name == ECHO else name
                update = to_update(target.bot, typist.message(CHAT, text))
                start = time.perf_counter()
                await target.process_update(update)
                if turn >= 2:  # two warm-up rounds
                    times[name].append(time.perf_counter() - start)
            if turn >= 10 and time.perf_counter() - started > budget:
                break
    return Sized(hands, {name: median(values) for name, values in times.items()})


async def _check_ratings(sessions: async_sessionmaker[AsyncSession], chat_id: int) -> None:
    """The app's own re-rating of the chat, from its first game, rewrites the same lines."""
    query = select(
        models.Rating.player_id,
        models.Rating.games,
        models.Rating.wins,
        models.Rating.rank_sum,
        models.Rating.mu,
        models.Rating.sigma,
    ).where(models.Rating.chat_id == chat_id)
    async with sessions() as session:
        transaction = await session.begin()
        written = sorted((await session.execute(query)).all())
        await rerate_chat(UnitOfWork(session), chat_id)
        rated = sorted((await session.execute(query)).all())
        await transaction.rollback()
    assert len(written) == len(rated), "not the same players rated"
    for mine, theirs in zip(written, rated, strict=True):
        assert mine[:4] == theirs[:4], f"{mine} written, {theirs} by the app"
        assert isclose(mine[4], theirs[4], rel_tol=1e-9), f"{mine} written, {theirs} by the app"
        assert isclose(mine[5], theirs[5], rel_tol=1e-9), f"{mine} written, {theirs} by the app"


async def _check_replies(
    app: TamaloApp, request: InstantRequest, typist: Typist, counts: dict[str, int]
) -> None:
    """The replies count what was written."""
    assert request.texts is not None
    expected = {
        "/stats": f"{counts['finished']} partite finite, {counts['hands']} mani",
        "/stats Anna": f"Partite finite: {counts['always_games']} ",
        "/classifica generale": "🏆 Classifica generale",
        "/leaderboard": "🏆 Classifica generale",
    }
    for text, words in expected.items():
        await app.process_update(to_update(app.bot, typist.message(CHAT, text)))
        reply = request.texts.get(CHAT, "")
        assert words in reply, f"{text} answered {reply!r}, expected {words!r}"


def _power(n: int) -> str:
    digits = str(len(str(n)) - 1)
    return "10" + digits.translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))


async def measure(quick: bool = False) -> list[Figure]:
    sizes = (10**2, 10**3, 10**4) if quick else (10**3, 10**4, 10**5)
    others, other_hands = (20, 50) if quick else (300, 120)
    rounds, budget = (10, 1.0) if quick else (40, 3.0)
    games = templates(60)
    rng = random.Random(11)
    measured: list[Sized] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tamalo-bench-") as name:
        directory = Path(name)
        base = await _migrated(directory)
        background = History.after(base)
        for n in range(others):
            names = rng.sample(REGULARS, rng.randint(6, 8))
            background.add_chat(-500_000 - n, names, other_hands, games, rng)
        background.write(base)
        for hands in sizes:
            database = directory / f"history-{hands}.db"
            shutil.copyfile(base, database)
            history = History.after(database)
            history.add_chat(CHAT, REGULARS, hands, games, rng, always="Anna")
            history.write(database)
            counts = history.counts[CHAT]
            assert counts["hands"] + _annulled_hands(database) == hands
            measured.append(
                await _measure_one(
                    database, hands, counts, rounds, budget, check_ratings=hands == sizes[0]
                )
            )
        total_hands = _count(database, "SELECT count(*) FROM hands")
        chats = _count(database, "SELECT count(*) FROM chats")
    small, large = measured[0], measured[-1]
    growth = f"{_power(small.hands)}→{_power(large.hands)}"
    where = (
        f"{chats - 1} other chats, {total_hands} hands in the largest database; "
        f"built and measured in {time.perf_counter() - started:.0f} s"
    )
    details: dict[str, object] = {
        str(size.hands): {name: round(value * 1000, 3) for name, value in size.seconds.items()}
        for size in measured
    }

    def at(size: Sized, command: str) -> float:
        return size.seconds[command] * 1000

    def per_size(command: str) -> str:
        return ", ".join(f"{_power(s.hands)}: {at(s, command):.2f} ms" for s in measured)

    leaderboard, stats, player = COMMANDS
    return [
        Figure(
            f"/classifica generale, {_power(large.hands)} hands",
            at(large, leaderboard),
            "ms",
            "echo handler",
            at(large, ECHO),
            15.0,
            note=f"median; {where}",
            details={"ms_by_hands": details},
        ),
        Figure(
            f"/classifica generale growth {growth}",
            at(large, leaderboard),
            "ms",
            f"at {_power(small.hands)} hands",
            at(small, leaderboard),
            3.0,
            note=per_size(leaderboard),
        ),
        Figure(
            f"/stats growth {growth}",
            at(large, stats),
            "ms",
            f"at {_power(small.hands)} hands",
            at(small, stats),
            note=per_size(stats),
        ),
        Figure(
            f"/stats Anna growth {growth}",
            at(large, player),
            "ms",
            f"at {_power(small.hands)} hands",
            at(small, player),
            note=per_size(player) + " (Anna plays every game)",
        ),
    ]


def _annulled_hands(database: Path) -> int:
    return _count(
        database,
        "SELECT count(*) FROM hands JOIN games ON games.id = hands.game_id "
        f"WHERE games.chat_id = {CHAT} AND games.state = 'annulled'",
    )
