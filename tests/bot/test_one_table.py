"""Issue 33's repros: every chat-wide command asks the chat's game, for every game. Each test
failed on the main of 2026-12-01, where the chat-wide commands were Tamalo's and the other
games were guests handed over to."""

from __future__ import annotations

from tests.bot.conftest import Table
from tests.bot.test_lifecycle import SUPERGROUP, upgrade

NINE = "Ada Bea Ciro Dino Eva Fabio Gea Hugo Iris"
DIRECTOR, SOMEONE = 42, 2


def end_buttons(table: Table) -> dict[str, str]:
    """The tournament's /fine buttons: their choice (c, d, n) → callback data."""
    return {data.rsplit(":", 1)[1]: data for data in table.last_buttons()}


async def test_a_macchiavelli_tournament_is_discarded_by_its_director(table: Table) -> None:
    await table.send(f"/torneo macchiavelli {NINE}", user=DIRECTOR)
    # A game of another kind is refused while it runs, naming it; no "/fine Nome" to try.
    refused = await table.reply("/nuova Ada Bea")
    assert refused.startswith("C'è un torneo di Macchiavelli in corso: chi l'ha iniziato lo")
    refused = await table.reply("/nuova macchiavelli Ada Bea")
    assert (
        refused == "C'è un torneo in corso in questa chat: chi l'ha iniziato lo chiude con /fine."
    )
    # /fine takes no name; someone else than its director is told who may.
    assert (await table.reply("/fine Ada")).startswith("/fine si scrive da solo")
    assert (await table.send("/fine", user=SOMEONE))[0].startswith(
        "Il torneo lo chiude o lo scarta chi l'ha iniziato, o un admin del gruppo."
    )
    before = await table.dump()
    (asked,) = await table.send("/fine", user=DIRECTOR)
    assert asked.startswith("Chiudere il torneo di Macchiavelli prima della fine?")
    assert await table.dump() == before
    buttons = end_buttons(table)
    assert sorted(buttons) == ["c", "d", "n"]
    toast, _ = await table.press(buttons["d"], user=SOMEONE)  # not theirs to press
    assert toast is not None
    assert toast.startswith("Il torneo lo chiude o lo scarta chi l'ha iniziato")
    assert await table.dump() == before
    toast, said = await table.press(buttons["d"], user=DIRECTOR)
    assert said is not None
    assert said.startswith("🗑 Torneo di Macchiavelli scartato")
    # A second press finds it closed; the chat plays on.
    toast, said = await table.press(buttons["c"], user=DIRECTOR)
    assert (toast, said) == ("Il torneo è già chiuso.", None)
    assert await table.reply("/tavoli") == (
        "Nessun torneo di Macchiavelli in corso: /torneo macchiavelli e almeno 9 nomi."
    )
    started = await table.reply("/nuova macchiavelli Ada Bea")
    assert started.startswith("🃏 Macchiavelli: Ada e Bea")


async def test_a_macchiavelli_tournament_closed_keeps_its_standings_and_reopens(
    table: Table,
) -> None:
    await table.send(f"/torneo macchiavelli {NINE}", user=DIRECTOR)
    arrive = await table.reply("/entra Zoe")
    assert "chi ha iniziato il torneo lo scarta con /fine" in arrive
    await table.send("/fine", user=DIRECTOR)
    _toast, closed = await table.press(end_buttons(table)["c"], user=DIRECTOR)
    assert closed == ("🏁 Torneo di Macchiavelli chiuso prima del primo turno: nessuna classifica.")
    assert await table.reply("/fine") == "Il torneo è già chiuso."
    reopened = await table.reply("/riapri")
    assert reopened == "🔓 Torneo di Macchiavelli riaperto: si riprende dal turno 1."
    assert (await table.reply("/tavoli")).startswith("Turno 1")


async def test_a_night_of_tago_closed_by_a_reflex_fine_comes_back(table: Table) -> None:
    await table.send("/nuova tago light 5/300 ante=5 Anna Bruno Carlo")
    await table.send("/mano punto=1,2,3 Anna 10 1,2,4 Bruno 10 5,6,7 Carlo 5 lascia")
    (closed,) = await table.close()
    assert closed.startswith("🏁 Fine della serata di Tagò.")
    assert await table.reply("/annulla") == (
        "L'ultima partita è stata chiusa con /fine: /riapri la riapre, poi /annulla toglie "
        "l'ultima cosa registrata."
    )
    assert (await table.reply("/riapri")).startswith("🔓 Serata di Tagò riaperta")
    assert (await table.reply("/annulla")).startswith("↩️ Annullata la mano 1.")


async def test_after_a_macchiavelli_game_its_commands_speak_macchiavelli(table: Table) -> None:
    await table.send("/nuova macchiavelli smazzate=1 Anna Bruno Carlo")
    assert await table.reply("/mazziere") == "🃏 Smazzata 1: distribuisce Anna."
    await table.send("/mano 0 10 20")  # its only deal: the game is over
    assert await table.reply("/mano 0 5 5") == (
        "Nessuna partita di Macchiavelli in corso. Iniziane una con /nuova macchiavelli Anna "
        "Bruno Carlo."
    )


async def test_stats_counts_each_games_deals_as_its_own(table: Table) -> None:
    await table.send("/nuova macchiavelli Anna Bruno")
    for _ in range(3):
        await table.send("/mano 0 10")
    await table.close()
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 3 Bruno 12")
    stats = await table.reply("/stats")
    assert "Tamalo\n0 partite finite, 1 mano, 0 giocatori in classifica." in stats
    assert "Macchiavelli\n1 partita finita, 3 smazzate." in stats


async def test_a_night_of_tago_closed_by_a_chat_s_move_is_settled(table: Table) -> None:
    """A Tagò night closed by the move (the supergroup had a game going) crashed the move."""
    await table.in_chat(SUPERGROUP).send("/nuova Carlo Dario")
    await table.send("/nuova tago light 5/300 ante=5 jackpot=10% Anna Bruno")
    await table.send("/mano punto=1,2,3 Anna 10 1,2,3 Bruno 10 5,6,7")  # COPIA: Anna
    moved = await upgrade(table)
    assert (await moved.reply("/jackpot")).startswith("🎰 Jackpot: 1")
    assert "1 serata chiusa" in await moved.reply("/stats")


async def test_a_macchiavelli_tournament_is_discarded_by_a_vote_of_its_players(
    table: Table,
) -> None:
    await table.send(f"/torneo macchiavelli {NINE}", user=DIRECTOR)
    await table.send("/esci Iris", user=DIRECTOR)  # who withdrew has no vote
    # Someone not at the table opens no vote.
    (refused,) = await table.send("/voto", user=SOMEONE)
    assert refused.startswith("La votazione per annullare la partita la apre chi è al tavolo")
    assert (await table.reply("/voto Ada")).startswith("/tresei si scrive da solo")
    (asked,) = await table.send("/voto", user=DIRECTOR)
    assert asked == (
        "🗳 Scartiamo il torneo di Macchiavelli? Scartato, non conta in nessuna classifica.\n"
        "Serve il sì di più di metà dei giocatori: 5 su 8.\n"
        "Per ora nessuno è d'accordo.\n"
        "Chi ha aperto la votazione tocca i nomi di chi è d'accordo; ognuno può anche toccare "
        "il proprio, dopo /sonoio."
    )
    names = table.buttons()
    assert list(names) == [*NINE.split()[:8], "▶️ Si continua, chiudi"]
    before = await table.dump()
    for name in ("Ada", "Bea", "Ciro", "Dino"):  # 4 of 8 is half: not enough
        _toast, said = await table.press(names[name], user=DIRECTOR)
    assert said is not None
    assert "D'accordo: Ada, Bea, Ciro e Dino (4 su 8)." in said
    assert (await table.reply("/tavoli")).startswith("Turno 1")
    _toast, said = await table.press(names["Eva"], user=DIRECTOR)
    assert said is not None
    assert said.endswith(
        "🗑 Torneo di Macchiavelli scartato: non conta in nessuna classifica. Si può iniziare "
        "un'altra partita."
    )
    assert await table.dump() != before
    assert await table.reply("/tavoli") == (
        "Nessun torneo di Macchiavelli in corso: /torneo macchiavelli e almeno 9 nomi."
    )
    assert await table.reply("/riapri") == (
        "Il torneo è stato scartato: resta scartato. Iniziatene un altro con /torneo."
    )
    # The vote is Tamalo's tres sex again in a game of Tamalo; Tagò has none.
    await table.send("/nuova Anna Bruno Carlo")
    assert (await table.reply("/tresei")).startswith("🎲 Tres sex non expedit! Tre 6 di fila")
    await table.send("/fine")
    await table.send("/nuova tago light 5/300 Anna Bruno")
    assert (await table.reply("/voto")).startswith("/tresei non serve in una partita di Tagò")


async def test_a_command_a_game_takes_no_turn_at_names_those_it_takes_as_it_is_played(
    table: Table,
) -> None:
    await table.send("/nuova macchiavelli Anna Bruno Carlo")
    assert await table.reply("/entra Dario") == (
        "/entra non serve in una partita di Macchiavelli: lì servono /mano, /correggi, "
        "/annulla, /classifica, /mazziere, /fine, /riapri, /rivincita, /grafico (/aiuto per "
        "tutto)."
    )
    await table.close()
    await table.send(f"/torneo macchiavelli {NINE}")
    assert await table.reply("/mazziere") == (
        "/mazziere non serve in una partita di Macchiavelli: lì servono /mano, /correggi, "
        "/annulla, /classifica, /entra, /esci, /fine, /riapri, /tresei (/aiuto per tutto)."
    )
