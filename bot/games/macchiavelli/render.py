"""What a worker process runs for Macchiavelli (``bot.render``'s pool): the bot process never
imports matplotlib, the worker does on its first PDF."""

from __future__ import annotations

from bot.games.macchiavelli.sheets import Programme, SheetWords


def draw_sheets(programme: Programme, words: SheetWords) -> bytes:
    """In a worker: /cartellini's printable PDF of ``programme``, in ``words``' language."""
    from bot.games.macchiavelli import printing  # only the worker loads matplotlib

    return printing.sheets_pdf(programme, words)
