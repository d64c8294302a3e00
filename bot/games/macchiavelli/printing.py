"""The printable PDF of ``/cartellini``: A4 pages of player cards (eight a page, to cut out)
then of score sheets (two a page), drawn with matplotlib's PDF backend.

Pure and thread-safe as the charts are (``bot.chart_drawing``): the object-oriented API only,
a ``Figure`` per page, no ``pyplot`` and no global style change. Positions are in inches
from the page's top left corner, turned into the figure's fractions by ``_Page``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Final

from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

from bot.games.macchiavelli.sheets import (
    CARDS_PER_PAGE,
    SHEETS_PER_PAGE,
    PlayerCard,
    Programme,
    ScoreSheet,
    SheetWords,
    player_cards,
    score_sheets,
)

A4: Final = (8.27, 11.69)
MARGIN: Final = 0.45
INK: Final = "#000000"
MUTED: Final = "#666666"
SHADE: Final = "#e6e6e6"
FONT: Final = "DejaVu Sans"  # matplotlib's own: it has → · — and every accented letter
TITLE_PT: Final = 13.0
NAME_PT: Final = 15.0
TEXT_PT: Final = 10.0
SMALL_PT: Final = 8.0


class _Page:
    """One A4 page; ``text``, ``line`` and ``box`` take inches from the top left corner."""

    def __init__(self) -> None:
        self.figure = Figure(figsize=A4)
        self.width, self.height = A4

    def _xy(self, x: float, y: float) -> tuple[float, float]:
        return x / self.width, 1 - y / self.height

    def text(
        self,
        x: float,
        y: float,
        words: str,
        *,
        size: float = TEXT_PT,
        bold: bool = False,
        align: str = "left",
        colour: str = INK,
    ) -> None:
        self.figure.text(
            *self._xy(x, y),
            words,
            fontsize=size,
            fontfamily=FONT,
            fontweight="bold" if bold else "normal",
            ha=align,
            va="center",
            color=colour,
            parse_math=False,  # a "$" in a name is a dollar; and it halves the drawing time
        )

    def line(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        *,
        width: float = 0.6,
        dashed: bool = False,
    ) -> None:
        (ax, ay), (bx, by) = self._xy(x0, y0), self._xy(x1, y1)
        line = Line2D([ax, bx], [ay, by], transform=self.figure.transFigure, color=INK)
        line.set_linewidth(width)
        line.set_linestyle((0, (4.0, 3.0)) if dashed else "solid")
        self.figure.add_artist(line)

    def box(
        self, x: float, y: float, w: float, h: float, *, fill: str | None = None, over: bool = False
    ) -> None:
        """A framed box; ``over`` draws it over the lines drawn before (a merged cell)."""
        left, top = self._xy(x, y)
        rect = Rectangle(
            (left, top - h / self.height),
            w / self.width,
            h / self.height,
            transform=self.figure.transFigure,
            facecolor=fill or "none",
            edgecolor=INK,
            linewidth=0.8,
            zorder=2.5 if over else 1,  # lines are at 2, text at 3
        )
        self.figure.add_artist(rect)

    def grid(
        self, x: float, y: float, widths: Sequence[float], rows: int, row_height: float
    ) -> None:
        """A table's lines: ``rows`` rows of ``row_height``, columns of ``widths``."""
        total = sum(widths)
        for row in range(rows + 1):
            self.line(x, y + row * row_height, x + total, y + row * row_height)
        left = x
        for width in (0.0, *widths):
            left += width
            self.line(left, y, left, y + rows * row_height)


def sheets_pdf(programme: Programme, words: SheetWords) -> bytes:
    """The PDF: the players' cards first, then the score sheets, round by round."""
    cards = player_cards(programme)
    sheets = score_sheets(programme)
    pages: list[_Page] = []
    for start in range(0, len(cards), CARDS_PER_PAGE):
        pages.append(_cards_page(programme, words, cards[start : start + CARDS_PER_PAGE]))
    for start in range(0, len(sheets), SHEETS_PER_PAGE):
        pages.append(_sheets_page(programme, words, sheets[start : start + SHEETS_PER_PAGE]))
    buffer = io.BytesIO()
    metadata = {"Title": programme.title, "Creator": "TamaloBot", "CreationDate": None}
    with PdfPages(buffer, metadata=metadata) as pdf:
        for number, page in enumerate(pages, start=1):
            footer = words.page.format(n=number, pages=len(pages))
            page.text(A4[0] / 2, A4[1] - 0.22, footer, size=SMALL_PT, align="center", colour=MUTED)
            pdf.savefig(page.figure)
    return buffer.getvalue()


# --- player cards: 2 columns × 4 rows, cut along the dashed lines ---

CARD_W: Final = (A4[0] - 2 * MARGIN) / 2
CARD_H: Final = (A4[1] - 2 * MARGIN) / 4


def _cards_page(programme: Programme, words: SheetWords, cards: Sequence[PlayerCard]) -> _Page:
    page = _Page()
    right, bottom = MARGIN + 2 * CARD_W, MARGIN + 4 * CARD_H
    for i in range(3):
        page.line(MARGIN + i * CARD_W, MARGIN, MARGIN + i * CARD_W, bottom, dashed=True)
    for i in range(5):
        page.line(MARGIN, MARGIN + i * CARD_H, right, MARGIN + i * CARD_H, dashed=True)
    for index, card in enumerate(cards):
        x = MARGIN + (index % 2) * CARD_W + 0.2
        y = MARGIN + (index // 2) * CARD_H + 0.25
        _card(page, programme, words, card, x, y)
    return page


def _card(
    page: _Page, programme: Programme, words: SheetWords, card: PlayerCard, x: float, y: float
) -> None:
    width = CARD_W - 0.4
    page.text(x, y, f"{words.card} · {programme.title}", size=SMALL_PT, colour=MUTED)
    page.text(x, y + 0.3, card.player, size=_fitted(card.player, NAME_PT, 22), bold=True)
    widths = (0.8, 0.75, 0.65, (width - 2.2) / 2, (width - 2.2) / 2)
    heads = (words.round, words.table, words.seat, words.mp, words.vp)
    top = y + 0.6
    row = min(0.3, (CARD_H - 0.25 - 0.6 - 0.15) / (len(card.lines) + 1))  # 5 rounds fit
    page.box(x, top, width, row, fill=SHADE)
    page.grid(x, top, widths, len(card.lines) + 1, row)
    for column, head in enumerate(heads):
        page.text(_centre(x, widths, column), top + row / 2, head, size=SMALL_PT, bold=True,
                  align="center")  # fmt: skip
    for number, line in enumerate(card.lines, start=1):
        middle = top + number * row + row / 2
        page.text(_centre(x, widths, 0), middle, str(line.round), align="center")
        if line.table is not None and line.seat is not None:
            page.text(_centre(x, widths, 1), middle, str(line.table), align="center", bold=True)
            seat = words.seats[line.seat]
            page.text(_centre(x, widths, 2), middle, seat, align="center", bold=True)
        else:  # the table's and the seat's cells made one, for the note
            left = x + widths[0]
            page.box(
                left, top + number * row, widths[1] + widths[2], row, fill="#ffffff", over=True
            )
            note = words.withdrawn if line.note == "withdrawn" else words.by_standings
            page.text(left + (widths[1] + widths[2]) / 2, middle, note, size=SMALL_PT,
                      colour=MUTED, align="center")  # fmt: skip


def _fitted(words: str, size: float, fits: int) -> float:
    """The font size at which ``words`` fit where ``fits`` characters fit at ``size``."""
    return size * min(1.0, fits / max(len(words), 1))


def _centre(x: float, widths: Sequence[float], column: int) -> float:
    return x + sum(widths[:column]) + widths[column] / 2


# --- score sheets: two a page, each a table's round with the names filled in ---

SHEET_H: Final = (A4[1] - 2 * MARGIN) / SHEETS_PER_PAGE


def _sheets_page(programme: Programme, words: SheetWords, sheets: Sequence[ScoreSheet]) -> _Page:
    page = _Page()
    if len(sheets) > 1:
        page.line(MARGIN, MARGIN + SHEET_H, A4[0] - MARGIN, MARGIN + SHEET_H, dashed=True)
    for index, sheet in enumerate(sheets):
        _sheet(page, programme, words, sheet, MARGIN + 0.1, MARGIN + index * SHEET_H + 0.3)
    return page


def _sheet(
    page: _Page, programme: Programme, words: SheetWords, sheet: ScoreSheet, x: float, y: float
) -> None:
    width = A4[0] - 2 * MARGIN - 0.2
    round_ = f"{words.round} {sheet.round}"
    if sheet.danese:
        round_ += f" · {words.danese}"
    page.text(x, y, f"{words.sheet} · {programme.title}", size=SMALL_PT, colour=MUTED)
    page.text(x, y + 0.32, f"{round_} · {words.table} {sheet.table}", size=TITLE_PT, bold=True)
    first = 1.7
    widths = (first, *((width - first) / 4,) * 4)
    top, row = y + 0.65, 0.36
    rows = 1 + programme.deals + 5
    page.box(x, top, width, row * 1.4, fill=SHADE)
    for column, name in enumerate(sheet.names, start=1):
        centre = _centre(x, widths, column)
        page.text(centre, top + row * 0.4, words.seats[column - 1], size=SMALL_PT, bold=True,
                  align="center")  # fmt: skip
        if _bye(sheet, column):
            shown, colour = words.bye, MUTED
        elif not sheet.seated:
            shown, colour = words.by_standings, MUTED
        elif name is None:
            shown, colour = words.bye, MUTED
        else:
            shown, colour = name, INK
        size = _fitted(shown, TEXT_PT, 16)
        page.text(centre, top + row * 0.95, shown, size=size, bold=colour == INK, align="center",
                  colour=colour)  # fmt: skip
    body = top + row * 1.4
    page.grid(x, top, widths, 1, row * 1.4)
    page.grid(x, body, widths, rows - 1, row)
    labels = [
        *(f"{words.deal} {n}" for n in range(1, programme.deals + 1)),
        words.total_mp,
        words.placement_vp,
        words.difference,
        words.difference_vp,
        words.total_vp,
    ]
    for number, label in enumerate(labels):
        bold = number >= programme.deals
        if number == programme.deals:
            page.line(x, body + number * row, x + width, body + number * row, width=1.6)
        page.text(x + 0.1, body + number * row + row / 2, label, bold=bold)
    for column in range(1, len(sheet.names) + 1):
        if _bye(sheet, column):  # the BYE's column is shaded: nobody writes there
            left = x + sum(widths[:column])
            page.box(left, body, widths[column], row * (rows - 1), fill=SHADE)


def _bye(sheet: ScoreSheet, column: int) -> bool:
    """Whether seat ``column`` (1 = North) is empty: a Danese not yet seated has its BYEs
    West, at the tables of 3 (the last ones)."""
    if sheet.seated:
        return sheet.names[column - 1] is None
    return column > sheet.size
