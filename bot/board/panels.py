"""What the live scoreboard shows of a chat: the chat's game's panel (``bot.table.Game.board``),
or the shared one from what every game stores (each player's total of what was recorded, the
last hands), read in one snapshot."""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from bot import games
from bot.panel_rows import shared_panel
from bot.refusals import UserError
from bot.table import Panel
from play.errors import Refused
from scoring.errors import RuleBroken
from storage import Front, UnitOfWork


@dataclass(frozen=True)
class Shown:
    """A chat's scoreboard as read: its game's title and panel, and whether it is over."""

    title: str
    panel: Panel
    running: bool
    #: The chart's version, if the game draws one here: its address changes with it.
    chart: str = ""


def version(front: Front) -> tuple[object, ...]:
    """What changes whenever the chat's games in front do (a hand recorded, fixed or
    undone, a game closed or started): the page is written again only then."""
    return tuple((stored.id, stored.state, stored.snapshot) for stored in front)


async def shown(work: UnitOfWork, front: Front) -> Shown | None:
    """The chat's games in front as its game's panel shows them (``None``: nothing played)."""
    if not front:
        return None
    game = games.GAMES.get(front[-1].kind)
    panel = None
    if game is not None and game.board is not None:
        try:
            panel = await game.board(work, front)
        except (UserError, Refused, RuleBroken):  # nothing of its own to show: the shared one
            panel = None
    if panel is None:
        panel = shared_panel(front)
    title = game.title() if game is not None else front[-1].kind
    chart = ""
    if game is not None and game.board_chart is not None and any(s.played.hands for s in front):
        chart = f"{zlib.crc32(repr(version(front)).encode()):08x}"
    return Shown(title, panel, any(stored.running for stored in front), chart)
