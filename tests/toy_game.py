"""A fourth game, made by the tests alone, as docs/architecture.md's recipe makes one: points
per round to a target (the highest total wins). Its rules, play and bot are each a few
functions here; it edits no module of the bot. It gives the table of games only what every
game must (its turns at the chat-wide commands it takes, its help, its /fine's question) and
no panel of its own: the chat-wide commands show it from what every game stores.

``register`` puts it in the table of games for a test (``bot.games.GAMES``)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from bot import games
from bot.confirmations import ask_to_end, reopen_button
from bot.parsing.words import parse_name, parse_nothing, tokens
from bot.refusals import UserError
from bot.table import Game, Press, Pressed, Reply, Turn
from play import ladders
from play.errors import NoRunningGame
from scoring.match import Place
from storage import GameState, StoredGame, UnitOfWork
from storage.snapshots import StoredLine

KIND = "punti"
TARGET = 21

# --- scoring: pure rules ---


@dataclass(frozen=True)
class Match:
    """Points per round; the game ends when a total reaches the target."""

    players: tuple[str, ...]
    target: int
    rounds: tuple[Mapping[str, int], ...] = ()

    def with_round(self, points: Mapping[str, int]) -> Match:
        if set(points) != set(self.players):
            raise UserError(f"Ogni giocatore ha i suoi punti: {', '.join(self.players)}.")
        return Match(self.players, self.target, (*self.rounds, dict(points)))

    def totals(self) -> dict[str, int]:
        return {p: sum(r[p] for r in self.rounds) for p in self.players}

    def is_over(self) -> bool:
        return any(total >= self.target for total in self.totals().values())

    def places(self) -> tuple[Place, ...]:
        totals = self.totals()
        ranked = sorted(self.players, key=lambda p: -totals[p])
        best = totals[ranked[0]]
        return tuple(
            Place(p, 1 + sum(totals[o] > totals[p] for o in self.players), totals[p],
                  totals[p] == best)
            for p in ranked
        )  # fmt: skip


# --- storage: its line of a round, on the shared store ---


@dataclass(frozen=True)
class RoundLine:
    player: str
    points: int

    def stored(self, player_id: int) -> StoredLine:
        return StoredLine(player_id, self.points, 0)

    def row(self, hand_id: int, player_id: int, position: int) -> dict[str, object]:
        return {
            "hand_id": hand_id,
            "player_id": player_id,
            "position": position,
            "value": self.points,
            "flags": 0,
            "points": self.points,
        }


# --- play: each action in the caller's unit of work ---


def match_of(stored: StoredGame) -> Match:
    names = stored.played.names()
    rounds = tuple(
        {names[line.player_id]: line.total for line in hand} for hand in stored.played.hands
    )
    seats = tuple(seat.name for seat in stored.played.seats)
    return Match(seats, int(str(dict(stored.options)["target"])), rounds)


def running(front: Sequence[StoredGame]) -> StoredGame:
    latest = front[-1] if front else None
    if latest is None or latest.kind != KIND or not latest.running:
        raise NoRunningGame
    return latest


async def keep_places(work: UnitOfWork, stored: StoredGame) -> None:
    match = match_of(stored)
    finished = stored.state is GameState.FINISHED and match.rounds
    await ladders.keep_places(work, stored, match.places() if finished else None)


async def set_state(work: UnitOfWork, stored: StoredGame, state: GameState) -> StoredGame:
    await work.games.set_state(stored, state, datetime.now(UTC))
    again = await work.games.get(stored.id)
    assert again is not None
    await keep_places(work, again)
    return again


# --- bot: its turns, texts in Italian ---


def standings(match: Match) -> str:
    totals = match.totals()
    lines = [f"{p} {totals[p]}" for p in sorted(match.players, key=lambda p: -totals[p])]
    return "Punti:\n" + "\n".join(lines)


async def chat_names(work: UnitOfWork, chat_id: int) -> set[str]:
    """The names the chat gave its games of points (``nome=briscola``)."""
    played = await work.games.of_kind(chat_id, KIND)
    return {str(dict(g.options)["name"]) for g in played if "name" in dict(g.options)}


async def new_game(turn: Turn) -> Reply:
    """``/nuova punti Anna Bruno``, ``/nuova punti nome=briscola Anna Bruno``; once named,
    ``/nuova briscola Anna Bruno`` (the name comes first in what is typed)."""
    words = tokens(turn.text)
    options: dict[str, object] = {"target": TARGET}
    if words and words[0].casefold() in await chat_names(turn.work, turn.chat_id):
        options["name"], words = words[0].casefold(), words[1:]
    elif words and words[0].casefold().startswith("nome="):
        name = words[0].partition("=")[2].casefold()
        if name in turn.taken:
            raise UserError(f"«{name}» è già il nome di un gioco: scegline un altro.")
        options["name"], words = name, words[1:]
    players = [parse_name(word) for word in words]
    if len(players) < 2:
        raise UserError("Scrivi chi gioca: /nuova punti Anna Bruno.")
    stored = await turn.work.games.start(
        turn.chat_id, players, options, kind=KIND, started_by=turn.sender
    )
    title = str(options.get("name", "punti")).capitalize()
    return turn.say(f"🎲 {title} a {TARGET}: {', '.join(match_of(stored).players)}.")


def parse_round(text: str, players: Sequence[str]) -> dict[str, int]:
    words = tokens(text)
    if len(words) % 2 or not words:
        raise UserError("Scrivi i punti di ognuno: /mano Anna 4 Bruno 7.")
    points = {}
    for name, value in zip(words[::2], words[1::2], strict=True):
        player = next((p for p in players if p.casefold() == name.casefold()), None)
        if player is None or not value.lstrip("-").isdecimal():
            raise UserError(f"«{name} {value}» non è un giocatore e i suoi punti.")
        points[player] = int(value)
    return points


async def record_round(turn: Turn) -> Reply:
    stored = running(turn.front)
    match = match_of(stored)
    after = match.with_round(parse_round(turn.text, match.players))
    lines = [RoundLine(p, after.rounds[-1][p]) for p in match.players]
    await turn.work.games.add_hand(
        stored, lines, match.players[0], turn.message.message_id, turn.sender
    )
    text = f"Round {len(after.rounds)}.\n{standings(after)}"
    if after.is_over():
        await set_state(turn.work, stored, GameState.FINISHED)
        text += "\n🏁 Vince " + max(after.totals(), key=after.totals().__getitem__) + "!"
    return turn.say(text)


async def fix_round(turn: Turn) -> Reply:
    stored = running(turn.front)
    number, _, rest = turn.text.strip().partition(" ")
    match = match_of(stored)
    if not number.isdecimal() or not 1 <= int(number) <= len(match.rounds):
        raise UserError("Scrivi il numero del round e i punti: /correggi 1 Anna 4 Bruno 7.")
    points = Match(match.players, match.target).with_round(parse_round(rest, match.players))
    lines = [RoundLine(p, points.rounds[0][p]) for p in match.players]
    await turn.work.games.replace_hand(stored, int(number), lines)
    again = await turn.work.games.get(stored.id)
    assert again is not None
    return turn.say(f"Round {number} corretto.\n{standings(match_of(again))}")


async def undo(turn: Turn) -> Reply:
    parse_nothing(turn.text, "annulla")
    stored = running(turn.front)
    if not stored.played.hands:
        raise UserError("Non c'è nessun round da annullare.")
    await turn.work.games.remove_last_hand(stored)
    again = await turn.work.games.get(stored.id)
    assert again is not None
    return turn.say(f"Round annullato.\n{standings(match_of(again))}")


async def show_standings(turn: Turn) -> Reply:
    latest = turn.latest
    if latest is None:
        raise NoRunningGame
    return turn.say(standings(match_of(latest)))


async def end(turn: Turn) -> Reply:
    parse_nothing(turn.text, "fine")
    stored = running(turn.front)
    if stored.played.hands:
        return turn.say("Chiudere la partita a punti?", ask_to_end(stored.id))
    await set_state(turn.work, stored, GameState.FINISHED)
    return turn.say("Partita a punti chiusa.")


async def closing(press: Press, stored: StoredGame, yes: bool) -> Pressed:
    if not yes:
        return Pressed("Si continua.")
    closed = await set_state(press.work, stored, GameState.FINISHED)
    return Pressed(
        f"Partita a punti chiusa.\n{standings(match_of(closed))}", reopen_button(closed.id)
    )


async def reopen(turn: Turn) -> Reply:
    parse_nothing(turn.text, "riapri")
    latest = turn.latest
    if latest is None or latest.kind != KIND or latest.running:
        raise UserError("Non c'è una partita a punti chiusa da riaprire.")
    await set_state(turn.work, latest, GameState.RUNNING)
    return turn.say("Partita a punti riaperta.")


def help_text(everything: bool) -> str:
    lines = ["/nuova punti Anna Bruno", "/mano Anna 4 Bruno 7", "/classifica", "/fine"]
    return "🎲 Punti a 21.\n" + "\n".join(lines if everything else lines[:2])


GAME = Game(
    kind=KIND,
    names=(KIND,),
    title=lambda: "Punti",
    actions={
        "nuova": new_game,
        "mano": record_round,
        "correggi": fix_round,
        "annulla": undo,
        "classifica": show_standings,
        "fine": end,
        "riapri": reopen,
    },
    help=help_text,
    closing=closing,
    chat_names=chat_names,
)


@contextmanager
def register() -> Iterator[Game]:
    """The fourth game in the table of games while the ``with`` lasts (its line, added)."""
    games.GAMES[GAME.kind] = GAME
    try:
        yield GAME
    finally:
        del games.GAMES[GAME.kind]
