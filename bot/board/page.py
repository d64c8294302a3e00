"""The live scoreboard's HTML, written on the server: every text escaped here (a player's name
is whatever the chat typed), no script but the page's own file (``static/board.js``), no
style but ``static/board.css`` (the Content-Security-Policy allows nothing else). The bot
token is never in a page: the page knows only its link's token."""

from __future__ import annotations

from html import escape

from bot import i18n
from bot.board.panels import Shown
from bot.texts import board as texts

#: The headers of every page: nothing runs, loads or frames it but what is allowed here.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def board_fragment(shown: Shown, token: str = "") -> str:
    """The board's content (what the events replace): the game, its standings, its last
    hands, and its chart (drawn at its own address, ``token``'s, which changes with it)."""
    panel = shown.panel
    rows = "".join(f"<li>{escape(row)}</li>" for row in panel.standings)
    caption = f'<p class="caption">{escape(panel.caption)}</p>' if panel.caption else ""
    forecast = f'<p class="forecast">{escape(panel.forecast)}</p>' if panel.forecast else ""
    parts = [
        f'<h1 class="game">{escape(shown.title)}</h1>',
        f'<section class="standings"><h2>{escape(texts.standings_heading())}</h2>{caption}'
        f"<ol>{rows}</ol>{forecast}</section>",
    ]
    if not shown.running:
        parts.append(f'<p class="over">{escape(texts.game_over())}</p>')
    if shown.chart and token:
        source = f"/tavolo/{escape(token)}/chart.png?v={escape(shown.chart)}"
        parts.append(
            f'<figure class="chart"><img src="{source}" alt="{escape(texts.chart_alt())}"></figure>'
        )
    if panel.hands is not None:
        hands = "".join(
            f"<li><h3>{escape(heading)}</h3><p>{' · '.join(escape(row) for row in lines)}</p></li>"
            for heading, lines in panel.hands
        )
        hands = hands or f'<li class="none">{escape(texts.no_hands_yet())}</li>'
        heading = escape(texts.hands_heading())
        parts.append(f'<section class="hands"><h2>{heading}</h2><ul>{hands}</ul></section>')
    return "".join(parts)


def board_page(shown: Shown, token: str, *, writable: bool = False) -> str:
    """The whole page of the link ``token``: the board now, and the script that keeps it
    live (``data-events``: where its events come from). ``writable``: a button opens the
    form of the next hand (``data-form``), shown by the script only inside Telegram."""
    events = f"/tavolo/{escape(token)}/events"
    write = (
        f'<button type="button" id="write" data-form="/tavolo/{escape(token)}/form" hidden>'
        f'{escape(texts.write_hand())}</button><section id="entry-area"></section>'
        if writable
        else ""
    )
    body = (
        f'{write}<main id="board" data-events="{events}">{board_fragment(shown, token)}</main>'
        f'<footer><span class="dot"></span> {escape(texts.live())}</footer>'
    )
    return _page(texts.page_title(), body)


def message_fragment(text: str) -> str:
    """A board that only says ``text`` (its link expired)."""
    return f'<p class="message">{escape(text)}</p>'


def message_page(text: str) -> str:
    """A page that only says ``text`` (a link expired or unknown)."""
    return _page(texts.page_title(), f'<main id="board">{message_fragment(text)}</main>')


def app_page() -> str:
    """The Mini App's first page: its script sends Telegram's ``initData`` to be checked,
    then opens the board of the link it was opened for."""
    body = (
        f'<main id="board" data-app="/tavolo/app/open"><p class="message">'
        f"{escape(texts.opening())}</p>"
        f'<p class="message refused" hidden>{escape(texts.not_from_telegram())}</p></main>'
    )
    return _page(texts.page_title(), body)


def _page(title: str, body: str) -> str:
    return (
        f'<!doctype html><html lang="{escape(i18n.language())}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        f"<title>{escape(title)}</title>"
        '<link rel="stylesheet" href="/tavolo/static/board.css">'
        '<script src="/tavolo/static/board.js" defer></script>'
        f"</head><body>{body}</body></html>"
    )
