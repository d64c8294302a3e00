"""The table's screen's form: a game's ``bot.forms.Form`` written as the page's HTML (every
text escaped; the page's one script makes it tappable), and what was tapped turned back into
the command the player would have typed, checked against the form first.

A form sent is recorded by ``bot.board.entries``; here nothing is stored."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from bot.forms import Cards, Choice, Field, Form, Number, cards_of
from bot.refusals import UserError
from bot.texts import board as texts


def form_fragment(form: Form, token: str) -> str:
    """The form of the next hand, as the page shows it over the board."""
    palettes: dict[tuple[tuple[str, str], ...], str] = {}
    rows = []
    for row in form.rows:
        fields = "".join(_field(field, palettes) for field in row.fields)
        rows.append(f'<section class="row"><h3>{escape(row.heading)}</h3>{fields}</section>')
    hint = f'<p class="hint">{escape(form.hint)}</p>' if form.hint else ""
    pad = "".join(
        f'<button type="button" data-key="{key}">{key}</button>' for key in "123456789"
    ) + (
        '<button type="button" data-key="back" aria-label="⌫">⌫</button>'
        '<button type="button" data-key="0">0</button>'
        f'<button type="button" data-key="next">{escape(texts.next_field())}</button>'
    )
    cards = "".join(
        f'<div class="palette" id="{ident}" hidden>'
        + "".join(
            f'<button type="button" data-card="{escape(value)}">{escape(label)}</button>'
            for value, label in palette
        )
        + '<button type="button" data-key="back" aria-label="⌫">⌫</button>'
        f'<button type="button" data-key="next">{escape(texts.next_field())}</button></div>'
        for palette, ident in palettes.items()
    )
    preview = (
        f'<button type="button" class="preview" data-preview="/tavolo/{escape(token)}/preview">'
        f"{escape(texts.show_preview())}</button>"
        if form.preview is not None
        else ""
    )
    return (
        f'<div id="entry" data-post="/tavolo/{escape(token)}/form" '
        f'data-stamp="{escape(form.stamp)}">'
        f"<header><h2>{escape(form.title)}</h2>"
        f'<button type="button" class="close">{escape(texts.close_form())}</button></header>'
        f"{hint}{''.join(rows)}"
        f'<div class="pad" hidden>{pad}</div>{cards}'
        '<p class="outcome" role="status"></p>'
        f"{preview}"
        f'<button type="button" class="send">{escape(texts.send_hand())}</button></div>'
    )


def _field(field: Field, palettes: dict[tuple[tuple[str, str], ...], str]) -> str:
    label = f'<span class="label">{escape(field.label)}</span>'
    name = escape(field.name)
    if isinstance(field, Choice):
        options = "".join(
            f'<button type="button" data-option="{escape(value)}" '
            f'aria-pressed="{"true" if value == field.value else "false"}">{escape(text)}</button>'
            for value, text in field.options
        )
        return (
            f'<div class="field choice" data-name="{name}" data-value="{escape(field.value)}">'
            f'{label}<div class="options">{options}</div></div>'
        )
    if isinstance(field, Number):
        return (
            f'<div class="field number" data-name="{name}" data-most="{field.most}">{label}'
            '<button type="button" class="value" data-value="">—</button></div>'
        )
    palette = palettes.setdefault(field.palette, f"palette-{len(palettes)}")
    return (
        f'<div class="field cards" data-name="{name}" data-most="{field.most}" '
        f'data-palette="{palette}">{label}'
        '<button type="button" class="value" data-value="">—</button></div>'
    )


def command_of(form: Form, tapped: Mapping[str, object]) -> str:
    """The command the taps stand for, each value checked against its field first: a value
    the form never offered (a page tampered with, another game's form) is refused."""
    values: dict[str, str] = {}
    for name, field in form.fields().items():
        value = tapped.get(name, "")
        if not isinstance(value, str) or not _offered(field, value):
            raise UserError(texts.form_refused())
        values[name] = value
    return form.command(values)


def _offered(field: Field, value: str) -> bool:
    if isinstance(field, Choice):
        return value == "" or value in {option for option, _ in field.options}
    if isinstance(field, Number):
        return value == "" or (value.isascii() and value.isdigit() and int(value) <= field.most)
    if isinstance(field, Cards):
        cards = cards_of(value)
        known = {card for card, _ in field.palette}
        return len(cards) <= field.most and all(card in known for card in cards)
    return False
