"""Languages: one message catalogue, Italian by default, English for a chat that asks."""

from __future__ import annotations

import json
import re
import string
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from bot import i18n, texts
from bot.games.tamalo import texts as tamalo_texts
from bot.games.tamalo.parsing import parse_move
from bot.i18n import _
from bot.parsing import parse_language
from bot.refusals import UserError
from tests.bot.conftest import StartBot, Table, buttons_of

# --- the catalogue ---


def _fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def _catalogue() -> dict[tuple[str | None, str], Any]:
    with i18n.catalogue_path("en").open("rb") as po:
        catalogue = read_po(po, locale="en")
    return {
        (message.context, message.id if isinstance(message.id, str) else message.id[0]): message
        for message in catalogue
        if message.id
    }


def _texts_in_the_code() -> set[tuple[str | None, str]]:
    found = set()
    for _filename, _line, message, _comments, context in extract_from_dir(i18n.LOCALES.parent):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def test_every_text_in_the_code_has_an_english_translation() -> None:
    catalogue = _catalogue()
    in_code = _texts_in_the_code()

    assert len(in_code) > 300
    missing = sorted(text for _context, text in in_code - set(catalogue))
    assert not missing, f"not in the catalogue (run make messages, then translate): {missing}"
    unused = sorted(text for (context, text), m in catalogue.items()
                    if (context, text) not in in_code and not m.obsolete)  # fmt: skip
    assert not unused, f"in the catalogue but no longer in the code: {unused}"
    for key in in_code:
        message = catalogue[key]
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"untranslated: {ids[0]!r}"
        assert not message.fuzzy, f"translation not checked (fuzzy): {ids[0]!r}"
        for translated in strings:
            # The same placeholders (a singular may leave out the count: "once").
            assert _fields(translated) <= _fields(ids[-1]), (ids[0], translated)
            if len(ids) == 1:
                assert _fields(translated) == _fields(ids[0]), (ids[0], translated)
            for edge in ("\n", " "):
                assert ids[0].startswith(edge) == translated.startswith(edge), translated
                assert ids[0].endswith(edge) == translated.endswith(edge), translated


def test_english_quotes_as_english_does() -> None:
    for message in _catalogue().values():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for translated in strings:
            assert "«" not in translated, translated  # “”, as English writes them
            assert "»" not in translated, translated


def test_italian_is_the_default_and_the_source() -> None:
    assert i18n.language() == "it"
    assert texts.common.no_running_game().startswith("Nessuna partita in corso")
    with i18n.speaking("en"):
        assert texts.common.no_running_game().startswith("No game")
        assert texts.common.names(["Anna", "Bruno", "Carlo"]) == "Anna, Bruno and Carlo"
        assert texts.common.decimal(2.5) == "2.5"
        with i18n.speaking("it"):
            assert texts.common.decimal(2.5) == "2,5"
        assert tamalo_texts.words.quadri(1) == "1 quadro"
    assert texts.common.no_running_game().startswith("Nessuna partita in corso")


@pytest.mark.parametrize(
    ("typed", "language"),
    [("", None), ("en", "en"), ("EN", "en"), ("english", "en"), ("inglese", "en"),
     ("it", "it"), ("italiano", "it")],
)  # fmt: skip
def test_the_language_is_read_however_it_is_typed(typed: str, language: str | None) -> None:
    assert parse_language(typed) == language


@pytest.mark.parametrize("typed", ["fr", "en it", "klingon"])
def test_a_language_the_bot_does_not_speak_is_told(typed: str) -> None:
    with pytest.raises(UserError) as raised:
        parse_language(typed)

    assert raised.value.message == texts.settings.unknown_language(typed)
    assert "/lingua it" in raised.value.message


def test_charts_are_labelled_in_the_chats_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.games.tamalo import charts
    from bot.games.tamalo.charts import game as chart_game
    from bot.games.tamalo.charts import night as chart_night

    monkeypatch.setattr(chart_game, "game_chart", lambda *args, **kwargs: _("Mano").encode())
    monkeypatch.setattr(chart_night, "night_chart", lambda *args, **kwargs: _("Punti").encode())

    assert charts.draw_game(None, "", {}, False, "en") == b"Hand"  # type: ignore[arg-type]
    assert charts.draw_game(None, "", {}, False, "it") == b"Mano"  # type: ignore[arg-type]
    assert charts.draw_night(None, "", {}, "en") == b"Points"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("typed", "move"),
    [("quickie Anna", "sveltina"), ("The Sabine Snatch Anna", "ratto-delle-sabine"),
     ("potions Anna", "pozioni"), ("coppiona Anna", "coppiona"), ("sveltina Anna", "sveltina")],
)  # fmt: skip
def test_a_move_may_be_typed_by_its_english_name_in_any_chat(typed: str, move: str) -> None:
    assert parse_move(typed)[0].key == move
    with i18n.speaking("en"):
        assert parse_move(typed)[0].key == move


def _texts_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the charts draw from now on: titles, labels, keys, notes."""
    from bot.charts import drawing as chart_drawing
    from bot.games.tamalo.charts import game as chart_game
    from bot.games.tamalo.charts import night as chart_night

    drawn: list[str] = []
    png = chart_drawing.png

    def collect(figure: Any, **options: Any) -> bytes:
        drawn.extend(t.get_text() for t in figure.findobj(lambda a: hasattr(a, "get_text")))
        return png(figure, **options)

    monkeypatch.setattr(chart_game, "png", collect)
    monkeypatch.setattr(chart_night, "png", collect)
    return drawn


def test_every_text_in_an_english_chart_is_english(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.games.tamalo.charts.game import game_chart
    from bot.games.tamalo.charts.night import night_chart
    from scoring.tamalo import Game, Hand, NightFigures, Report, Rules

    drawn = _texts_drawn(monkeypatch)

    def hand(caller: str | None = None, **totals: int) -> Hand:
        return Hand(tuple(Report(p, t) for p, t in totals.items()), caller)

    classic = Game(("Anna", "Bruno")).with_hand(hand("Anna", Anna=3, Bruno=12))
    classic = classic.with_hand(hand("Bruno", Anna=3, Bruno=12))
    quadri = Game(("Anna", "Bruno", "Carla", "Dario"), Rules(quadri=True))
    quadri = quadri.with_hand(hand(Anna=1, Bruno=2, Carla=3, Dario=4))
    night = NightFigures(
        wins={"Anna": 2, "Bruno": 0}, hand_points={"Anna": [0, 3], "Bruno": []},
        calls={"Anna": (3, 2)},
    )  # fmt: skip
    with i18n.speaking("en"):
        game_chart(classic, title="", colours={}, finished=True)
        game_chart(quadri, title="", colours={}, finished=False)
        night_chart(night, title="", colours={})
        game_chart(Game(("Anna", "Bruno")), title="", colours={}, finished=False)
        night_chart(NightFigures(wins={}, hand_points={}, calls={}), title="", colours={})

    words = " · ".join(text for text in drawn if text.strip())
    for english in ("Hand", "Points", "target 100", "Wins", "No hands yet", "No games tonight"):
        assert english in words
    assert not italian_in(words), italian_in(words)


# --- /lingua in a chat ---


async def test_lingua_switches_a_chat_and_only_that_chat(table: Table) -> None:
    assert await table.reply("/lingua") == texts.settings.language_shown("it")
    assert await table.reply("/lingua en") == "Done: from now on I speak English in this chat. " \
        "/help for the commands."  # fmt: skip

    assert (await table.reply("/nuova Anna")).startswith("You need at least two players")
    other = table.in_chat(-100_999)
    assert (await other.reply("/nuova Anna")).startswith("Servono almeno due giocatori")
    assert (await table.reply("/language")).startswith("In this chat I speak English.")
    assert (await table.reply("/lingua it")).startswith("Fatto: da ora in questa chat parlo")
    assert (await table.reply("/nuova Anna")).startswith("Servono almeno due giocatori")


async def test_a_typed_hand_hears_the_language_its_claim_reads(table: Table) -> None:
    from sqlalchemy import event

    statements: list[str] = []
    engine = table.app.bot_data.db.engine.sync_engine
    event.listen(engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    await table.send("/language en")
    assert (await table.reply("/hand Anna 3 Bruno 5")).startswith("No game in progress.")
    await table.send("/new Anna Bruno")
    assert (await table.reply("/hand Anna 3 Bruno")).startswith("Missing total for Bruno")
    del statements[:]
    assert (await table.reply("/HAND Anna 3 Bruno 5")).startswith("Hand 1:")
    # No statement of its own for the language: the claim reads it.
    assert not [s for s in statements if s.lstrip().startswith("SELECT chats.language")]
    assert "the same as hand 1" in await table.reply("/mano Anna 3 Bruno 5")
    await table.send("/lingua it")
    assert (await table.reply("/mano Anna 1 Bruno 1")).startswith("Mano 2:")


async def test_the_chats_menu_follows_its_language(table: Table) -> None:
    calls = await table.calls("/language en")

    (menu,) = [p for name, p in calls if name == "setMyCommands"]
    assert menu["scope"] == {"type": "chat", "chat_id": table.chat_id}
    assert [c["command"] for c in menu["commands"]][:3] == ["new", "hand", "standings"]


async def test_the_language_outlives_a_restart(start_bot: StartBot) -> None:
    async with start_bot() as table:
        await table.send("/lingua en")
    async with start_bot() as table:
        assert (await table.reply("/undo")).startswith("There's no hand to undo")


async def test_a_wrong_language_changes_nothing(table: Table) -> None:
    assert await table.reply("/lingua fr") == texts.settings.unknown_language("fr")
    assert await table.reply("/lingua") == texts.settings.language_shown("it")


# --- a whole night in English: no Italian left ---

#: Words that only Italian has: one of them in an English reply means a text was missed.
ITALIAN = re.compile(
    r"\b(il|lo|gli|della|delle|dei|degli|che|non|con|una|uno|è|sono|partita|partite|mano|"
    r"mani|punti|giocatore|giocatori|giocano|nessuna|nessun|nessuno|chi|hai|scrivi|classifica|"
    r"vince|vincono|distribuisce|tavolo|tavoli|soglia|fuori|registra|carte|totale|totali|"
    r"oppure|anche|questa|questo|tutti|ancora|serata|stasera|finita|chiusa|corretta|nella|"
    r"alla|dopo|mossa|mosse|dicono|gruppo|lingua|fatto|sì|volte|volta|vittoria|vittorie|"
    r"abilità|posizione|inserimento|pulsante|indietro|grafico|statistiche|impostazioni|fuso|"
    r"orario|amministratori|riuscito|sbagliato|italiano|inglese|predefinito|mazziere|"
    r"classica|annullata|annullato|contro|pari_perde|6carte|spareggio)\b",
    re.IGNORECASE,
)
ITALIAN_COMMANDS = re.compile(
    r"/(nuova|mano|classifica|correggi|annulla|mazziere|entra|esci|fine|torneo|tresei|"
    r"grafico|serata|esporta|impostazioni|lingua|regole|mosse|mossa|dicono|sonoio|aiuto)\b"
)


def italian_in(text: str) -> list[str]:
    plain = re.sub(r"tres sex non expedit", "", text, flags=re.IGNORECASE)  # Latin, a name
    plain = plain.replace("/new punti", "")  # the game's first name, typed so in any language
    return ITALIAN.findall(plain) + ITALIAN_COMMANDS.findall(plain)


def everything_said(calls: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """Each text the bot sent: messages, edits, captions, buttons, toasts."""
    said = []
    for name, parameters in calls:
        for key in ("text", "caption"):
            if isinstance(parameters.get(key), str):
                said.append(parameters[key])
        if (markup := parameters.get("reply_markup")) is not None:
            keyboard = json.loads(markup) if isinstance(markup, str) else markup
            said += [button["text"] for row in keyboard["inline_keyboard"] for button in row]
        if name == "setMyCommands":
            said += [command["description"] for command in parameters["commands"]]
    return said


async def tap(table: Table, label: str) -> None:
    """Press the button ``label`` of the entry message as it is now."""
    await table.press(table.buttons()[label])


NIGHT = """\
/help
/rules
/moves
/rumours
/standings
/chart
/tonight
/undo
/end
/dealer
/stats
/leaderboard
/export
/new
/new Anna
/new Anna Bruno Carlo pippo=1
/new quadri Anna Bruno
/new 6cards Anna Bruno Carlo
/new target=3 Anna Bruno
/new tiebreak Anna Bruno
/new Anna Bruno Carlo dealer=Zorro
/new Anna Bruno Carlo dealer=Bruno
/new Anna Bruno
/hand
/hand Anna 3 Bruno 12 Carlo 7 t=Anna
/hand Anna 3 Bruno 12
/hand Anna x Bruno 1 Carlo 2
/hand Anna -3 Bruno 1 Carlo 2
/hand Anna 600 Bruno 1 Carlo 2
/hand Anna ZZ,3 Bruno 1 Carlo 2
/hand Anna JK Bruno 1 Carlo 2
/hand Anna 3 Bruno 12 Carlo 7 t=Dario
/hand Anna 3 Bruno 12 Carlo 7 t=Anna t=Bruno
/hand Anna 3 Bruno 12 Carlo 7 t=
/hand Anna 3 Bruno 12 Carlo 7 t=Anna ct=Bruno
/hand Anna 3 Bruno 12 Carlo 7 zz=Anna
/hand Anna 3 Anna 4 Bruno 12 Carlo 7
/hand Anna 3 Bruno 12 Carlo 7 Zorro 3
/hand 5 Anna 3 Bruno 12 Carlo 7
/hand 1 2
/hand Anna 3 Bruno 12 Carlo 7 f=Anna
/hand Anna A,7,KN Bruno 12 Carlo 0 f=Carlo t=Bruno
/standings
/dealer
/fix 2 Anna 3 Bruno 12 Carlo 7 t=Carlo
/fix 9 Anna 1 Bruno 1 Carlo 1
/fix
/undo
/join
/join Dario Elena
/join Anna
/join Dario
/leave
/leave Zorro
/leave Dario
/hand Anna 1 Bruno 2 Carlo 3 Dario 4
/chart
/stats Anna
/stats Zorro
/stats Anna Bruno
/iam
/iam Anna
/iam Anna
/move
/move coppiona
/move pippo Anna
/move coppiona Anna
/move sveltina Bruno
/move fox Zorro
/move the quickie Bruno
/settings
/settings tz=Europe/London
/settings tz=Mars/Base
/settings colour=red
/settings admin=maybe
/hand Anna 40 Bruno 50 Carlo 60 t=Anna
/hand Anna 40 Bruno 50 Carlo 60
/standings
/undo
/end
/undo
/fix 1 Anna 1 Bruno 2 Carlo 3
/stats
/stats Anna
/leaderboard
/tonight
/export
/new controtamalo Anna Bruno Carlo
/hand Anna 3 Bruno 12 Carlo 7 t=Anna ct=Bruno
/hand Anna 3 Bruno 12 Carlo 7 ct=Bruno
/hand Anna 3 Bruno 12 Carlo 7 t=Anna ct=Anna
/new classic controtamalo Anna Bruno
/tressex
/new quadri Anna Bruno Carlo Dario
/join Elena
/leave Dario
/hand Anna 1 Bruno 2 Carlo 3 Dario 4 t=Anna
/hand Anna 1 Bruno 2 Carlo 3 Dario 4 t=Anna
/hand Anna 1 Bruno 2 Carlo 3 Dario 4 t=Anna
/hand Anna 1 Bruno 2 Carlo 3 Dario 4 t=Anna
/end
/tournament Anna Bruno
/tournament jokes Anna Bruno Carlo Dario Elena Franco
/tournament quadri Anna Bruno Carlo Dario Elena Franco
/tournament dealer=Anna Anna Bruno Carlo Dario Elena Franco
/tournament controtamalo Anna Bruno Carlo Dario Elena Franco
/new Anna Bruno
/hand
/join Zed
/hand 1 2 3
/hand Anna 1 Bruno 2 Carlo 3 Dario 4 Elena 5 Franco 6
/tressex
/stats Anna
/leaderboard
/tonight
/help
"""


async def test_a_night_in_english_has_no_italian_left(table: Table) -> None:
    await table.send("/language en")
    start = len(table.request.calls)
    for line in NIGHT.splitlines():
        keys = buttons_of(await table.calls(line))
        for confirm in ("✅ Yes, it's a new hand", "🏁 Yes, end the game"):
            if confirm in keys:  # the same hand again, and the game ended with hands
                await table.press(keys[confirm])
        if "Nobody" in keys:  # a hand entered with buttons, then one cancelled
            await tap(table, "Nobody")
            for _player in range(3):
                await tap(table, "7")
                await tap(table, "OK ✔️")
            await tap(table, "↩️ Back")
            await tap(table, "out")
            await tap(table, "✅ Record")
            await table.send("/undo")
            await table.send("/hand")
            await tap(table, "✖️ Cancel")
        if "▶️ Play on, close" in keys:  # a stranger refused, a mark taken back, then all
            await table.press(keys["Anna"], user=1)
            await table.press(keys["Anna"])
            await tap(table, "✅ Anna")
            for name in keys:
                await table.press(keys[name])  # closed by the majority before the last ones
    said = everything_said(table.request.calls[start:])

    assert len(said) > 150
    leftovers = {text: found for text in said if (found := italian_in(text))}
    assert not leftovers, leftovers
    assert not [text for text in said if "«" in text or "»" in text]  # English quotes “”
    assert any("🏆 Anna wins with 55 points!" in text for text in said)
    assert any(text.startswith("Hand 1:\nAnna 0 · Tamalo made ✅") for text in said)
    assert any(text.endswith("🎲 The game is cancelled: it doesn't count in any standings.")
               for text in said)  # fmt: skip
    assert "Entry cancelled: no hand recorded." in said


async def test_an_expired_entry_says_so_in_the_chats_language(table: Table) -> None:
    from datetime import UTC, datetime, timedelta

    from bot.commands import entries as entry

    await table.send("/language en")
    await table.send("/new Anna Bruno")
    await table.send("/hand")
    before = len(table.request.calls)

    await entry.sweep_expired(table.app, datetime.now(UTC) + timedelta(hours=1))

    (edit,) = [p["text"] for n, p in table.request.calls[before:] if n == "editMessageText"]
    assert edit.startswith("⌛")
    assert not italian_in(edit)


async def test_a_group_upgraded_to_a_supergroup_keeps_its_language(table: Table) -> None:
    from tests.bot.test_lifecycle import upgrade

    await table.send("/lingua en")
    await table.send("/nuova Anna Bruno")

    supergroup = await upgrade(table)

    assert (await supergroup.reply("/standings")).startswith("Standings after 0 hands")


async def test_a_private_chat_speaks_the_language_of_the_persons_app(table: Table) -> None:
    private = table.in_chat(7)

    english = await private.deliver(private.update("/help", user=7, app_language="en-GB"))
    italian = await private.deliver(private.update("/aiuto", user=7))
    chosen = await private.deliver(private.update("/lingua it", user=7, app_language="en"))
    after = await private.deliver(private.update("/aiuto", user=7, app_language="en"))
    in_group = await table.deliver(table.update("/aiuto", app_language="en"))

    assert english[0].startswith("🃏 TamaloBot keeps score")
    assert italian[0].startswith("🃏 TamaloBot tiene il punteggio")
    assert chosen[0].startswith("Fatto: da ora in questa chat parlo italiano")
    assert after[0].startswith("🃏 TamaloBot tiene il punteggio")  # the chat chose
    assert in_group[0].startswith("🃏 TamaloBot tiene il punteggio")  # a group: the group's


async def test_chats_that_chose_a_language_get_its_menu_again_at_start_up(
    start_bot: StartBot,
) -> None:
    async with start_bot() as table:
        await table.send("/lingua en")
        await table.in_chat(-100_555).send("/lingua it")
    async with start_bot() as table:
        menus = table.app.bot_data.menus
        assert menus is not None
        await menus
        chat_menus = {
            p["scope"]["chat_id"]: p["commands"][0]["command"]
            for name, p in table.request.calls
            if name == "setMyCommands" and p.get("scope", {}).get("type") == "chat"
        }
    assert chat_menus == {table.chat_id: "new", -100_555: "nuova"}


async def test_an_upgraded_group_gets_the_menu_of_its_language(table: Table) -> None:
    from tests.bot.test_lifecycle import SUPERGROUP, upgrade

    await table.send("/lingua en")
    before = len(table.request.calls)

    await upgrade(table)

    menus = [p for n, p in table.request.calls[before:] if n == "setMyCommands"]
    (menu,) = [p for p in menus if p["scope"] == {"type": "chat", "chat_id": SUPERGROUP}]
    assert menu["commands"][0]["command"] == "new"
