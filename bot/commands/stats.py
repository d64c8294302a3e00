"""Statistics: /stats [Nome], /classifica generale, /esporta."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

from telegram import Message, Update
from telegram.constants import ChatAction, ChatType

from bot import dates, games, texts
from bot.context import Context
from bot.handling import Export, chat_id_of, message_of, reading, replies_to_mistakes
from bot.parsing import parse_leaderboard, parse_nothing, parse_stats
from bot.periods import Period
from bot.refusals import UserError
from play import views
from play.errors import LeaderboardEmpty
from storage import ExportRow, LeaderboardLine


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
            text = _chat_text(await views.chat_stats(work, chat_id), private=private)
        else:
            figures = await views.player_stats(work, chat_id, name)
            panels = [  # each other game's panel, if she played it
                panel
                for game in games.OTHER_GAMES.values()
                if game.player_stats is not None
                and (panel := await game.player_stats(work, chat_id, name))
            ]
            text = "\n\n".join([_player_text(figures, alone=not panels), *panels])
    await message_of(update).reply_text(text)


async def _send_own_stats(message: Message, context: Context, user_id: int) -> bool:
    """In private: the person's own figures, one message per group where they said who they
    are (``/sonoio``), and nobody else's. ``False`` if they never said it anywhere."""
    async with reading(context) as work:
        found = await views.own_stats(work, user_id)
    for group in found:
        await message.reply_text(
            f"{texts.common.group_heading(group.title)}\n{_player_text(group.figures)}"
        )
    return bool(found)


def _chat_text(chat: views.ChatStats, *, private: bool) -> str:
    overview = chat.overview
    last = dates.day(overview.last_game, chat.timezone) if overview.last_game else None
    text = texts.stats.chat_overview(overview, last)
    if private and not chat.played:
        text = texts.people.private_stats_not_linked()
    if chat.champions:
        text += "\n" + texts.lore.hall_of_fame(chat.champions)
    return text


def _player_text(player: views.PlayerFigures, *, alone: bool = True) -> str:
    """Tamalo's figures; a player who never played it, above another game's panel: only the
    name (not "no game finished", which would read as that game's)."""
    stats = player.stats
    if not alone and not (stats.games or stats.hands or stats.quadri or player.moves):
        return f"📊 {stats.player}"
    text = texts.stats.player_stats(stats)
    return text + (f"\n{texts.lore.moves_line(player.moves)}" if player.moves else "")


@replies_to_mistakes
async def show_leaderboard(update: Update, context: Context) -> None:
    """``/leaderboard``, or ``/leaderboard week`` (``month``, ``year``)."""
    await answer_leaderboards(update, context, parse_leaderboard(context.text_args))


async def answer_leaderboards(
    update: Update, context: Context, period: Period = Period.ALL
) -> None:
    """The chat's all-time leaderboards, one per game played: games, wins, average place and
    skill (``/leaderboard``, ``/classifica generale``); then each other game's own ladder
    over ``period`` (Tagò's net results), the only ones a period has."""
    chat_id = chat_id_of(update)
    ladders: list[tuple[str, list[LeaderboardLine]]] = []
    async with reading(context) as work:
        panels = [
            panel
            for game in games.OTHER_GAMES.values()
            if game.ladder is not None and (panel := await game.ladder(work, chat_id, period))
        ]
        if period is Period.ALL:
            try:
                ladders = await views.ladders(work, chat_id)
            except LeaderboardEmpty:
                if not panels:
                    raise
    if not ladders and not panels:
        raise UserError(texts.periods.no_ladder_by_period())
    shown = ([texts.stats.leaderboards(ladders)] if ladders else []) + panels
    await message_of(update).reply_text("\n\n".join(shown))


#: The CSV's columns: a data format, so plain English names that scripts can rely on.
EXPORT_HEADER = (
    "game", "date", "mode", "stage", "state", "hand", "dealer", "player", "total",
    "tamalo", "controtamalo", "out", "call_won", "points",
)  # fmt: skip


@replies_to_mistakes
async def export(update: Update, context: Context) -> None:
    """The chat's whole history as CSV documents, one per game played: Tamalo's one row per
    player per hand, and one per late joiner with the total they entered at (each player's
    points add up to their total); every other game's as that game writes it."""
    parse_nothing(context.text_args, "esporta")
    message = message_of(update)
    await message.chat.send_action(ChatAction.UPLOAD_DOCUMENT)
    chat_id = chat_id_of(update)
    document = io.BytesIO()
    rows = 0
    async with reading(context) as work:
        history = await views.history(work, chat_id)
        timezone = history.timezone
        text = io.TextIOWrapper(document, encoding="utf-8", newline="", write_through=True)
        writer = csv.writer(text)
        writer.writerow(EXPORT_HEADER)
        joins = _Joins(history.late_entries, timezone)
        # Batch by batch, so that a long history never holds the event loop for long.
        async for batch in history.rows:
            lines = [line for row in batch for line in joins.before(row)]
            writer.writerows(lines)
            rows += len(lines)
        last = joins.after_last()
        writer.writerows(last)
        rows += len(last)
        text.detach()
        others = [
            found
            for game in games.OTHER_GAMES.values()
            if game.export is not None and (found := await game.export(work, chat_id, timezone))
        ]
    documents = ([Export("tamalo", EXPORT_HEADER, ())] if rows else []) + [
        other for other in others if other.rows
    ]
    if not documents:
        raise UserError(texts.stats.nothing_to_export())
    today = dates.local(datetime.now(UTC), timezone)
    for found in documents:
        content, count = (document.getvalue(), rows) if found.name == "tamalo" else _csv(found)
        await message.reply_document(
            content,
            filename=f"{found.name}-{today:%Y-%m-%d}.csv",
            caption=(found.caption or texts.stats.export_caption)(count),
        )


def _csv(export: Export) -> tuple[bytes, int]:
    """``export`` as a CSV document, and how many rows it has under its header."""
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow(export.header)
    writer.writerows(export.rows)
    return text.getvalue().encode(), len(export.rows)


#: The ``hand`` column of a late joiner's row: the points are the total they entered at.
JOIN_ROW = "join"


class _Joins:
    """Puts each late joiner's row before the first hand they play (or after the game's last
    hand, if they have played none yet)."""

    def __init__(self, entries: dict[int, dict[str, tuple[int, int]]], timezone: str) -> None:
        self.entries, self.timezone = entries, timezone
        self.previous: ExportRow | None = None

    def before(self, row: ExportRow) -> list[tuple[object, ...]]:
        """The CSV lines up to and including ``row``'s."""
        lines = []
        if self.previous is not None and self.previous.game != row.game:
            lines += self._joined(self.previous, None)
        lines += self._joined(row, row.hand)
        self.previous = row
        return [*lines, _csv_row(row, self.timezone)]

    def after_last(self) -> list[tuple[object, ...]]:
        return [] if self.previous is None else self._joined(self.previous, None)

    def _joined(self, row: ExportRow, hand: int | None) -> list[tuple[object, ...]]:
        """The rows of ``row``'s game's joiners who sat down before ``hand`` (any, if
        ``None``) and are not written yet."""
        waiting = self.entries.get(row.game, {})
        due = [p for p, (after, _) in waiting.items() if hand is None or after < hand]
        lines = []
        for player in due:
            game = _csv_row(row, self.timezone)[:5]
            lines.append((*game, JOIN_ROW, "", player, "", "", "", "", "", waiting.pop(player)[1]))
        return lines


def _csv_row(row: ExportRow, timezone: str) -> tuple[object, ...]:
    mode = f"quadri {row.mode}" if row.quadri else row.mode
    return (
        row.game,
        dates.local(row.started_at, timezone).isoformat(timespec="minutes"),
        mode,
        row.stage or "",
        row.state,
        row.hand,
        row.dealer or "",
        row.player,
        row.total,
        int(row.tamalo),
        int(row.controtamalo),
        int(row.out),
        "" if row.call_won is None else int(row.call_won),
        row.points,
    )
