"""The figures every game shares out: ``/stats`` (the group's, each game's panel) and ``/stats
Nome`` (a player's, each game she played), ``/classifica generale`` (each game's ladder),
``/esporta`` (each game's CSV documents) and ``/serata`` (each game's panel of the night, the
king of the night over all of them). Each game gives its share (``bot.table.Game``), in the
table's order; a game that gives none is shown from what every game stores (``play.figures``:
its games and deals counted, its rating ladder, its deals as stored), so that no game played
is ever left out of an answer. With nothing from any game the chat is told so."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from telegram import Message, Update
from telegram.constants import ChatAction, ChatType

from bot import dates, games, names, texts
from bot.commands.dispatch import chat_wide
from bot.context import Context
from bot.handling import chat_id_of, message_of, reading, replies_to_mistakes
from bot.parsing import parse_leaderboard, parse_nothing, parse_standings, parse_stats
from bot.periods import Period
from bot.refusals import UserError
from bot.table import Export, Game, Ladder, NightPanel
from bot.texts import figures
from play import figures as shared
from play import views
from play.errors import LeaderboardEmpty, NoGamesTonight, NoStatsFor
from storage import LeaderboardLine, UnitOfWork

#: The columns of a game's deals as every game stores them (a game with no document of its
#: own): a data format, plain English names.
EXPORT_HEADER = ("game", "date", "state", "deal", "player", "value")


def _titled(panels: list[tuple[Game, str]]) -> list[str]:
    """Each game's panel, under its name unless it is the default game's alone."""
    if len(panels) == 1 and panels[0][0] is games.DEFAULT:
        return [panels[0][1]]
    return [f"{game.title()}\n{text}" for game, text in panels]


@replies_to_mistakes
async def show_stats(update: Update, context: Context) -> None:
    """A player's figures in this chat; with no name, the chat's."""
    name = parse_stats(context.text_args)
    chat_id = chat_id_of(update)
    message, user = message_of(update), update.effective_user
    private = message.chat.type == ChatType.PRIVATE
    if private and name is None and user and await _send_own_stats(message, context, user.id):
        return
    async with reading(context) as work:
        if name is None:
            text = await _chat_text(work, chat_id, private=private)
        else:
            text = await _player_text(work, chat_id, name)
    await message.reply_text(text)


async def _chat_panel(work: UnitOfWork, chat_id: int, game: Game, timezone: str) -> str | None:
    if game.chat_stats is not None:
        return await game.chat_stats(work, chat_id, timezone)
    played = await shared.counts(work, chat_id, game.kind)
    return figures.game_counts(played) if played.played else None


async def _chat_text(work: UnitOfWork, chat_id: int, *, private: bool) -> str:
    timezone = (await work.chats.settings(chat_id)).timezone
    panels = [
        (game, panel)
        for game in games.GAMES.values()
        if (panel := await _chat_panel(work, chat_id, game, timezone))
    ]
    if not panels:
        return texts.people.private_stats_not_linked() if private else texts.common.no_game_yet()
    heading, footer = figures.chat_stats_heading(), figures.chat_stats_footer()
    if len(panels) == 1 and panels[0][0] is games.DEFAULT:
        return f"{heading}\n{panels[0][1]}\n{footer}"
    return f"{heading}\n\n" + "\n\n".join(_titled(panels)) + f"\n\n{footer}"


async def _player_panel(work: UnitOfWork, chat_id: int, game: Game, name: str) -> str | None:
    if game.player_stats is not None:
        return await game.player_stats(work, chat_id, name)
    line = await shared.rating_line(work, chat_id, game.kind, name)
    return None if line is None else figures.rating_panel(game.title(), line)


async def _player_text(work: UnitOfWork, chat_id: int, name: str) -> str:
    """``name``'s panel of each game she played in the chat."""
    panels = await _player_panels(work, chat_id, name)
    if panels:
        return "\n\n".join(panels)
    known = await work.people.names(chat_id)
    if (player := names.same(name, known)) is not None:  # in the chat, no figures yet
        return figures.no_figures_yet(player)
    raise NoStatsFor(name, tuple(known))


async def _player_panels(work: UnitOfWork, chat_id: int, name: str) -> list[str]:
    return [
        panel
        for game in games.GAMES.values()
        if (panel := await _player_panel(work, chat_id, game, name))
    ]


async def _send_own_stats(message: Message, context: Context, user_id: int) -> bool:
    """In private: the person's own figures, one message per group where they said who they
    are (``/sonoio``), and nobody else's. ``False`` if they never said it anywhere."""
    found: list[str] = []
    async with reading(context) as work:
        for group in await work.people.players_of(user_id):
            if panels := await _player_panels(work, group.chat_id, group.player):
                shown = "\n\n".join(panels)
                found.append(f"{texts.common.group_heading(group.title)}\n{shown}")
    for text in found:
        await message.reply_text(text)
    return bool(found)


_standings = chat_wide("classifica")


@replies_to_mistakes
async def standings(update: Update, context: Context) -> None:
    """``/classifica``: the chat's game's standings; ``/classifica generale`` (with a period,
    ``settimana``…) every game's ladder."""
    period = parse_standings(context.text_args)
    if period is None:
        await _standings(update, context)
    else:
        await _answer_ladders(update, context, period)


@replies_to_mistakes
async def show_leaderboard(update: Update, context: Context) -> None:
    """``/leaderboard``, or ``/leaderboard week`` (``month``, ``year``)."""
    await _answer_ladders(update, context, parse_leaderboard(context.text_args))


async def _ladder(
    work: UnitOfWork,
    chat_id: int,
    game: Game,
    period: Period,
    rated: Mapping[str, Sequence[LeaderboardLine]],
) -> Ladder | None:
    """A game's ladder: its own, or else its rating ladder (every game's places are kept on
    one, ``rated``: read once for every game), which has no period."""
    if game.ladder is not None:
        return await game.ladder(work, chat_id, period)
    if period is not Period.ALL:
        return None
    lines = rated.get(game.kind)
    return Ladder(figures.rating_rows(lines), figures.rating_notes(lines)) if lines else None


async def _answer_ladders(update: Update, context: Context, period: Period) -> None:
    """Each game's ladder over ``period``; refused while none has one."""
    chat_id = chat_id_of(update)
    async with reading(context) as work:
        rated = await views.ladders(work, chat_id) if period is Period.ALL else {}
        panels = [
            (game, panel)
            for game in games.GAMES.values()
            if (panel := await _ladder(work, chat_id, game, period, rated))
        ]
    if not panels:
        if period is Period.ALL:
            raise LeaderboardEmpty
        raise UserError(texts.periods.no_ladder_by_period())
    rated_panels = [(game.title(), p.text, p.notes) for game, p in panels if p.rated]
    others = [p.text for _game, p in panels if not p.rated]
    await message_of(update).reply_text(figures.ladders(rated_panels, others))


async def _exports(work: UnitOfWork, chat_id: int, game: Game, timezone: str) -> list[Export]:
    """A game's documents: its own, or else its deals as every game stores them."""
    if game.export is not None:
        return list(await game.export(work, chat_id, timezone))
    rows = [
        (
            stored.id,
            dates.local(stored.started_at, timezone).isoformat(timespec="minutes"),
            stored.state.value,
            number,
            stored.played.names()[line.player_id],
            line.total,
        )
        for stored in await shared.games_of(work, chat_id, game.kind)
        for number, hand in enumerate(stored.played.hands, start=1)
        for line in hand
    ]
    return [Export(game.kind, EXPORT_HEADER, rows, figures.export_caption)] if rows else []


@replies_to_mistakes
async def export(update: Update, context: Context) -> None:
    """The chat's whole history as CSV documents, each game's as it writes it."""
    parse_nothing(context.text_args, "esporta")
    message = message_of(update)
    await message.chat.send_action(ChatAction.UPLOAD_DOCUMENT)
    chat_id = chat_id_of(update)
    documents: list[Export] = []
    async with reading(context) as work:
        timezone = (await work.chats.settings(chat_id)).timezone
        for game in games.GAMES.values():
            documents += await _exports(work, chat_id, game, timezone)
    if not documents:
        raise UserError(figures.nothing_to_export())
    today = dates.local(datetime.now(UTC), timezone)
    for found in documents:
        await message.reply_document(
            _csv(found),
            filename=f"{found.name}-{today:%Y-%m-%d}.csv",
            caption=found.caption(len(found.rows)),
        )


def _csv(export: Export) -> bytes:
    """``export`` as a CSV document."""
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow(export.header)
    writer.writerows(export.rows)
    return text.getvalue().encode()


async def _tonight(
    work: UnitOfWork,
    chat_id: int,
    game: Game,
    night: tuple[datetime, datetime],
    timezone: str,
) -> NightPanel | None:
    """A game's panel of the night: its own, or else each of its games started tonight."""
    start, end = night
    if game.tonight is not None:
        return await game.tonight(work, chat_id, start, end, timezone)
    played = await shared.started_between(work, chat_id, game.kind, start, end)
    if not played:
        return None
    lines = [
        figures.night_line(
            f"{dates.local(g.started_at, timezone):%H:%M}", g.running, len(g.played.hands)
        )
        for g in played
    ]
    return NightPanel("\n".join(lines), len(played))


@replies_to_mistakes
async def tonight(update: Update, context: Context) -> None:
    """Tonight's games in the chat's time zone, each game's panel, the king of the night, and
    each game's chart of the night."""
    parse_nothing(context.text_args, "serata")
    chat_id = chat_id_of(update)
    async with reading(context) as work:
        timezone = (await work.chats.settings(chat_id)).timezone
        evening, start, end = dates.night_of(datetime.now(UTC), timezone)
        panels = [
            (game, panel)
            for game in games.GAMES.values()
            if (panel := await _tonight(work, chat_id, game, (start, end), timezone))
        ]
    if not panels:
        raise NoGamesTonight
    message = message_of(update)
    played = sum(panel.games for _game, panel in panels)
    shown = _titled([(game, panel.text) for game, panel in panels])
    titled = len(panels) > 1 or panels[0][0] is not games.DEFAULT
    won = [player for _game, panel in panels for player in panel.winners]
    await message.reply_text(figures.night_summary(evening, played, shown, won, titled=titled))
    for _game, panel in panels:
        if panel.chart is not None:
            await message.chat.send_action(ChatAction.UPLOAD_PHOTO)
            await message.reply_photo(await panel.chart(context))
