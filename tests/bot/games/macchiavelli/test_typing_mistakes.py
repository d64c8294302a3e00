"""What the person typing at a game of Macchiavelli gets wrong (issue 34), typed through the
real Application: each mistake is forgiven the way the table means it, or refused with one
message that points at what was wrong, changing nothing."""

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import text

from tests.bot.conftest import Table
from tests.bot.games.macchiavelli.test_tournament_chat import NINE, seated

HOME = "/nuova macchiavelli Anna Bruno Carlo smazzate=3 jolly"


async def test_the_chart_is_titled_with_the_evening_s_day(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    renderer = table.app.bot_data.renderer
    titles: list[object] = []
    draw = renderer.draw

    async def spy(function: Any, *args: object) -> Any:
        titles.append(args[1])
        return await draw(function, *args)

    monkeypatch.setattr(renderer, "draw", spy)
    await table.send(HOME)
    async with table.app.bot_data.db.transaction() as session:  # opened at 00:24 on 2/12, Rome
        moment = datetime(2026, 12, 1, 23, 24, tzinfo=UTC)
        await session.execute(text("UPDATE games SET started_at = :at"), {"at": moment})
    await table.send("/mano Anna 0 Bruno K,A,7 Carlo 12")
    await table.files("/grafico")
    assert titles == ["Macchiavelli del 01/12/2026 · a punti, fino a 3 smazzate"]


async def test_a_tournament_fix_takes_its_round_anywhere(table: Table) -> None:
    (a, b, c, *_), *_ = seated(await table.reply(f"/torneo macchiavelli {NINE}"))
    await table.send(f"/mano {a} 0 {b} 10 {c} 20")
    for typed in (
        f"/correggi turno=1 1 {a} 0 {b} 11 {c} 20",
        f"/correggi 1 turno=1 {a} 0 {b} 12 {c} 20",
        f"/correggi 1 {a} 0 {b} 13 {c} 20 turno=1",
        f"/correggi 1 round=1 {a} 0 {b} 14 {c} 20",
    ):
        fixed = await table.reply(typed)
        assert fixed.startswith("Turno 1, tavolo 1: smazzata 1 corretta."), (typed, fixed)
    assert f"{b} 14" in fixed
    assert "turno= vuole un numero" in await table.reply(f"/correggi 1 turno=primo {a} 0")


async def test_the_joker_is_a_card_in_english_as_the_pad_s_button_says(table: Table) -> None:
    await table.send("/language en")
    await table.send("/new machiavelli Anna Bruno Carlo deals=3 jokers")
    dealt = await table.reply("/deal Anna 0 Bruno K,A,7,JOKER Carlo Joker")
    assert "Bruno K,A,7,JOKER = 53\nCarlo JOKER = 25\n" in dealt, dealt


async def test_a_refusal_points_at_the_word_that_is_wrong(table: Table) -> None:
    await table.send("/language en")
    await table.send("/new machiavelli A1 B1 C1")
    assert (await table.reply("/hand A1 0 B1 X")).startswith("“X” is not a card.")
    assert (await table.reply("/hand A1 0 B1 X C1 5")).startswith("“X” is not a card.")
    assert (await table.reply("/hand A1 0 B1 3 X 5 C1 5")).startswith("X isn't playing here")
    await table.send("/lingua it")
    await table.send("/fine")
    await table.send("/nuova macchiavelli Anna Bruno Rita Dario")
    assert (await table.reply("/mano Anna 0 Bruno 3 Rita 5 extra")).startswith(
        "extra non gioca qui: i giocatori sono Anna, Bruno, Rita e Dario."
    )
    # Totals with commas, in seat order: as with spaces.
    dealt = await table.reply("/mano 0, 5, 3, 5")
    assert dealt.startswith("Smazzata 1: chiude Anna.\nAnna 0\nBruno 5\nRita 3\nDario 5\n")


async def test_a_deal_adding_up_to_more_than_the_decks_hold_is_refused(table: Table) -> None:
    await table.send(HOME)
    assert (
        await table.refusals(
            [
                (
                    "/mano Anna 500 Bruno 400 Carlo 5",
                    "In tutto fanno 905 punti, ma due mazzi interi ne fanno 860: controllate i "
                    "conti e riscrivete la smazzata.",
                ),
                (f"/mano Anna 0 Bruno {'9' * 400} Carlo 5", "due mazzi interi ne fanno 860"),
            ]
        )
        == []
    )
    for wall in (f"Bruno {'9' * 400}", f"B{'b' * 400} 5", f"Bruno K,{'X' * 400}"):
        assert len(await table.reply(f"/mano Anna 0 {wall} Carlo 5")) < 250, wall
    assert (await table.reply("/mano Anna 500 Bruno 0 Carlo 360")).startswith("Smazzata 1")


async def test_the_words_read_right(table: Table) -> None:
    assert (
        await table.refusals(
            [
                (f"{HOME} smazzate=51", "smazzate=51 non va: si può da 1 a 50."),
                ("/nuova macchiavelli Anna Bruno carte=9", "carte=9 non va: si può da 10 a 13."),
                ("/nuova macchiavelli Anna Bruno soglia=0", "soglia=0 non va: si può da 1 in su."),
            ]
        )
        == []
    )
    started = await table.reply("/nuova macchiavelli Anna Bruno Carlo carte=13")
    assert started.startswith(
        "🃏 Macchiavelli: Anna, Bruno e Carlo (a punti, fino a /fine, senza jolly, 13 carte a "
        "testa)."
    ), started
    pad = await table.reply("/mano")
    assert pad.startswith("✍️ Smazzata 1 · inserisce: Utente42\n"), pad
    assert pad.endswith("Le carte rimaste in mano ad Anna, poi «Avanti» (o «chiude» se ha chiuso).")
    await table.close()
    tables = seated(await table.reply(f"/torneo macchiavelli {NINE}"))
    elena = next(t for t in tables if "Elena" in t)
    other = next(t for t in tables if "Elena" not in t)
    assert (await table.reply(f"/mano {other[0]} 0 Elena 5")).startswith(
        f"{other[0]} gioca al tavolo {tables.index(other) + 1} ed Elena al tavolo "
        f"{tables.index(elena) + 1}: una smazzata è di un tavolo solo."
    )
    (anna, *_), *_ = tables
    assert (await table.reply(f"/esci {anna}")).endswith(
        "Tiene i suoi VP e resta in classifica, segnato «ha lasciato il torneo»."
    )
    assert "ha già lasciato il torneo" in await table.reply(f"/esci {anna}")


async def test_a_newcomer_reads_examples_with_the_game_s_own_names(table: Table) -> None:
    """Found trying every command as a newcomer: one player is "1 giocatore", and the
    examples name who plays."""
    assert (await table.reply("/nuova macchiavelli Gea")).startswith(
        "1 giocatore: al Macchiavelli si gioca da 2 a 8."
    )
    await table.send("/nuova macchiavelli Gea Ivo Ugo")
    assert (await table.reply("/mano Gea 0 Ivo 5 Zoe 3")).endswith(
        "Per esempio: /mano Gea 0 Ivo K,A,7 Ugo 12"
    )
    await table.send("/mano Gea 0 Ivo 5 Ugo 3")
    assert await table.reply("/correggi 1") == (
        "Scrivi quale smazzata correggere (la smazzata 1) e i punti giusti: /correggi 1 Gea 0 "
        "Ivo K,A,7 Ugo 12. Non ho cambiato nulla."
    )
