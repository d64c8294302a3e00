"""What a worker process runs for Macchiavelli (``bot.render``'s pool): the bot process never
imports matplotlib, the worker does on its first PDF or chart."""

from __future__ import annotations

from collections.abc import Mapping

from bot import i18n
from bot.games.macchiavelli.chart_plan import MatchPlan
from bot.games.macchiavelli.sheets import Programme, SheetWords


def draw_sheets(programme: Programme, words: SheetWords) -> bytes:
    """In a worker: /cartellini's printable PDF of ``programme``, in ``words``' language."""
    from bot.games.macchiavelli import printing  # only the worker loads matplotlib

    return printing.sheets_pdf(programme, words)


def draw_match(plan: MatchPlan, title: str, colours: Mapping[str, int], language: str) -> bytes:
    """In a worker: a home game's chart (/grafico) as PNG bytes, its words in ``language``."""
    from bot.games.macchiavelli import chart

    with i18n.speaking(language):
        return chart.match_chart(plan, title=title, colours=colours)
