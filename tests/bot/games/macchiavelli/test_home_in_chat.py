"""A Macchiavelli home game in the chat, end to end through the real Application: the worked
example of RULES-macchiavelli.md ("Home game"), mistakes refused with nothing recorded,
/annulla, /correggi, the end by ``smazzate=`` and by ``soglia=``, English, a restart, and
the all-time leaderboard with Macchiavelli's ladder apart from Tamalo's."""

from __future__ import annotations

import re

from tests.bot.conftest import StartBot, Table


async def worked_example(table: Table) -> list[str]:
    """The rules' worked example: ``smazzate=3``, with jokers."""
    replies = [await table.reply("/nuova macchiavelli Anna Bruno Carlo smazzate=3 jolly")]
    for deal in ("Anna 0 Bruno K,A,7 Carlo 12", "Carlo 0 Anna JK,2 Bruno 40", "5 0 A,A"):
        replies.append(await table.reply(f"/mano {deal}"))
    return replies


async def test_the_rules_worked_example_is_played_to_its_end(table: Table) -> None:
    started, first, second, third = await worked_example(table)
    assert started.startswith("🃏 Macchiavelli: Anna, Bruno e Carlo (a punti, fino a 3 smazzate")
    assert "Prima smazzata: distribuisce Anna." in started
    assert first.startswith("Smazzata 1: chiude Anna.\nAnna 0\nBruno K,A,7 = 28\nCarlo 12")
    assert "1. Anna 0\n2. Carlo 12\n3. Bruno 28" in first
    assert first.endswith("Smazzata 2 di 3: distribuisce Bruno.")
    assert "Anna JK,2 = 27" in second
    assert "1. Carlo 12\n2. Anna 27\n3. Bruno 68" in second
    assert "Carlo A,A = 22" in third
    assert "1. Anna 32\n2. Carlo 34\n3. Bruno 68" in third
    assert third.endswith("🏁 Partita finita dopo 3 smazzate: vince Anna con 32!")
    assert (await table.reply("/mano 0 1 2")).startswith(
        "Nessuna partita di Macchiavelli in corso."
    )


async def test_mistakes_are_refused_with_one_message_and_nothing_recorded(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno Carlo")
    wrong = await table.refusals(
        [
            ("/mano Anna 0 Bruno JK Carlo 12", "jolly"),  # a game without jokers
            ("/mano Anna 0 Bruno 0 Carlo 12", "0"),  # two closers
            ("/mano Anna 0 Bruno A,A,A,A,A Carlo A,A,A,A", "A"),  # nine aces of two decks
            ("/mano Anna 0 Bruno -3 Carlo 12", "-3"),
            ("/mano Anna 0 Bruno 4", "Carlo"),  # someone missing
            ("/mano 0 28", "3"),  # by seat, one count short
            ("/correggi 1 0 28 12", "nessuna smazzata"),  # nothing to fix yet
            ("/entra Dario", "Macchiavelli"),
        ]
    )
    assert wrong == []


async def test_a_player_written_twice_is_refused_in_words_that_fit_anyone(table: Table) -> None:
    """As Tamalo says it: no participle after the name, agreeing with it as if every player
    were a man ("Anna è scritto due volte")."""
    twice = "Hai scritto anna due volte: ogni giocatore va scritto una volta sola."
    assert await table.reply("/nuova macchiavelli Anna Bruno anna") == twice
    await table.reply("/nuova macchiavelli Anna Bruno Carlo")
    assert await table.reply("/mano Anna 0 Bruno 28 anna 3") == twice
    assert (await table.reply("/mano Anna 0 Bruno 28 Carlo 3")).startswith("Smazzata 1:")
    await table.reply("/language en")
    assert await table.reply("/hand Anna 0 Bruno 28 anna 3") == (
        "You wrote anna twice: write each player only once."
    )


async def test_undo_and_fix(table: Table) -> None:
    await worked_example(table)
    undone = await table.reply("/annulla")
    assert undone.startswith("Ho annullato la smazzata 3. La partita è di nuovo in corso.")
    assert "1. Carlo 12\n2. Anna 27\n3. Bruno 68" in undone
    assert undone.endswith("Smazzata 3 di 3: distribuisce Carlo.")
    fixed = await table.reply("/correggi 2 Carlo 0 Anna 20 Bruno 40")
    assert fixed.startswith("Smazzata 2 corretta.")
    assert "1. Carlo 12\n2. Anna 20\n3. Bruno 68" in fixed
    last = await table.reply("/mano 5 0 A,A")
    assert last.endswith("vince Anna con 25!")
    fixed = await table.reply("/correggi 3 Anna 30 Bruno 0 Carlo A,A")
    assert "1. Carlo 34\n2. Anna 50\n3. Bruno 68" in fixed
    assert fixed.endswith("vince Carlo con 34!")


async def test_a_target_ends_the_game_and_fine_closes_one_by_hand(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno soglia=50 mazziere=Bruno")
    first = await table.reply("/mano 0 30")
    assert first.endswith("Smazzata 2: distribuisce Anna.")
    ended = await table.reply("/smazzata Anna 0 Bruno 25")
    assert "Bruno a quota 50 o più." in ended
    assert ended.endswith("vince Anna con 0!")
    await table.reply("/nuova macchiavelli Anna Bruno Carlo")
    await table.reply("/deal 0 10 20")
    (closed,) = await table.close()
    assert closed.startswith("Partita chiusa.")
    assert closed.endswith("vince Anna con 0!")


async def test_in_english(table: Table) -> None:
    await table.reply("/language en")
    started = await table.reply("/new machiavelli Anna Bruno Carlo deals=2 jokers")
    assert started.startswith("🃏 Machiavelli: Anna, Bruno and Carlo (on points, until 2 deals")
    first = await table.reply("/deal Anna 0 Bruno K,A,7 Carlo JK")
    assert first.startswith("Deal 1: Anna closes.\nAnna 0\nBruno K,A,7 = 28\nCarlo JK = 25")
    assert first.endswith("Deal 2 of 2: Bruno deals.")
    assert (await table.reply("/undo")).startswith("Deal 1 undone.")
    refused = await table.reply("/join Dario")
    assert refused.startswith("/join is no use in a game of Machiavelli:")
    assert "/hand, /fix, /undo, /standings, /dealer" in refused
    await table.reply("/hand 0 1 2")
    assert (await table.reply("/fix 1 0 3 2")).startswith("Deal 1 corrected.")
    (closed,) = await table.close("/end")
    assert closed.startswith("Game ended.")
    assert closed.endswith("Game over after 1 deal: Anna wins with 0!")


async def test_a_restart_rebuilds_the_game_from_the_database(start_bot: StartBot) -> None:
    async with start_bot() as table:
        await table.reply("/nuova macchiavelli Anna Bruno Carlo smazzate=3 jolly")
        await table.reply("/mano Anna 0 Bruno K,A,7 Carlo 12")
    async with start_bot() as table:
        standings = await table.reply("/classifica")
        assert "1. Anna 0\n2. Carlo 12\n3. Bruno 28" in standings
        second = await table.reply("/mano Carlo 0 Anna JK,2 Bruno 40")
        assert "1. Carlo 12\n2. Anna 27\n3. Bruno 68" in second


async def test_the_leaderboard_keeps_macchiavelli_apart_from_tamalo(table: Table) -> None:
    await worked_example(table)
    await table.reply("/nuova Anna Bruno")
    await table.record("/mano 3 12")
    await table.close()
    board = await table.reply("/classifica generale")
    assert board.startswith("🏆 Classifica generale\nTamalo\n")
    tamalo, _, macchiavelli = board.partition("\n\nMacchiavelli\n")
    assert [row.split(" · ")[0] for row in tamalo.splitlines()[2:]] == ["1. Anna", "2. Bruno"]
    rows = [row.split(" · ")[0] for row in macchiavelli.splitlines()[:3]]
    assert rows == ["1. Anna", "2. Carlo", "3. Bruno"]


async def test_an_edited_deal_changes_nothing_and_says_how_to_fix_it(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno Carlo")
    typed = table.update("/mano 0 28 12")
    await table.deliver(typed)
    before = await table.dump()
    (reply,) = await table.deliver(table.edit(typed, "/mano 0 30 12"))
    assert reply.startswith("Modificare il messaggio non cambia la smazzata: per correggerla")
    assert await table.dump() == before


async def test_one_game_at_a_time_whichever_game(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno")
    assert (await table.reply("/nuova Carlo Dario")).startswith(
        "C'è una partita di Macchiavelli in corso (Anna e Bruno): chiudetela con /fine"
    )
    running = "C'è già una partita in corso (Anna e Bruno)."
    assert (await table.reply("/nuova macchiavelli Carlo Dario")).startswith(running)
    await table.reply("/fine")
    await table.reply("/nuova Carlo Dario")
    refused = await table.reply("/nuova macchiavelli Anna Bruno")
    assert refused.startswith("C'è una partita di Tamalo in corso (Carlo e Dario)")


async def test_a_game_closed_by_hand_keeps_its_deals(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno")
    await table.reply("/mano 0 10")
    await table.close()
    before = await table.dump()
    assert "chiusa" in await table.reply("/annulla")
    assert "chiusa" in await table.reply("/correggi 1 0 20")
    assert await table.dump() == before
    standings = await table.reply("/classifica")
    assert standings.endswith("🏁 Partita finita dopo 1 smazzata: vince Anna con 0!")


async def test_the_tournament_starts_beside_no_home_game(table: Table) -> None:
    # The tournament itself: tests/bot/games/macchiavelli/test_tournament_chat.py.
    await table.reply("/nuova macchiavelli Anna Bruno Carlo")
    players = " ".join(f"P{n}" for n in range(9)).replace("P", "Giocatore")
    before = await table.dump()
    said = await table.reply(f"/torneo macchiavelli {players}")
    assert said.startswith("C'è una partita in corso")
    assert await table.dump() == before
    await table.reply("/fine")
    said = await table.reply(f"/torneo macchiavelli {players}")
    assert said.startswith("🏆 Torneo di Macchiavelli: 9 giocatori")


async def test_reopen_and_rematch(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno Carlo soglia=30")
    await table.reply("/mano 0 10 20")
    await table.close()
    reopened = await table.reply("/riapri")
    assert reopened.startswith("↩️ Partita riaperta: si riprende dalla smazzata 2.")
    assert reopened.endswith("Smazzata 2: distribuisce Bruno.")
    assert await table.reply("/riapri") == "La partita è già in corso."
    await table.reply("/mano 5 0 15")  # Carlo reaches 35
    refused = await table.reply("/riapri")
    assert refused.startswith("L'ultima partita è finita secondo le sue regole")
    again = await table.reply("/rivincita")
    assert again.startswith("🃏 Macchiavelli: Anna, Bruno e Carlo (a punti, fino a soglia 30")
    assert "Prima smazzata: distribuisce Bruno." in again


async def test_a_deal_delivered_twice_is_recorded_once_and_answered_alike(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno Carlo")
    typed = table.update("/mano 0 28 12")
    (first,) = await table.deliver(typed)
    again = await table.deliver(typed)  # Telegram sends the update again
    assert again == [first]
    standings = await table.reply("/classifica")
    assert standings.startswith("Classifica (vince chi ha meno punti):\n1. Anna 0\n2. Carlo 12")
    assert standings.endswith("Smazzata 2: distribuisce Bruno.")


async def test_after_a_macchiavelli_game_a_tamalo_tournament_is_tamalos(table: Table) -> None:
    await table.reply("/nuova macchiavelli Anna Bruno")
    await table.reply("/mano 0 10")
    await table.close()
    drawn = (await table.send("/torneo Anna Bruno Carlo Dario Elena Franco"))[-1]
    first = re.split(r", | ed? ", drawn.split("Tavolo 1: ")[1].split("\n")[0])
    recorded = await table.reply("/mano " + " ".join(f"{p} 3" for p in first))
    assert recorded.startswith("Tavolo 1 · Mano 1:")
