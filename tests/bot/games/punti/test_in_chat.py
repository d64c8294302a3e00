"""Points games played through the real Application: a Scopa in pairs to 11 with a tie
played on, a Burraco to 2005 with negative rounds, a game named once and started again by its
name, joiners and leavers, and every refusal answered in one message, changing nothing."""

from __future__ import annotations

from tests.bot.conftest import Table

SCOPA = "/nuova punti nome=Scopa soglia=11 Anna+Carla Bruno+Dario"


async def test_a_scopa_in_pairs_to_11_plays_on_a_tie(table: Table) -> None:
    started = await table.reply(SCOPA)
    assert started.startswith("🎲 Scopa: Anna+Carla contro Bruno+Dario, a 11 punti, vince chi")
    assert await table.reply("/mano Anna 6 Bruno 5") == (
        "🏆 Scopa · 1 smazzata\n1. Anna+Carla 6\n2. Bruno+Dario 5"
    )
    # In seat order; the tie at the target plays another round.
    assert await table.reply("/mano 5 6") == (
        "🏆 Scopa · 2 smazzate\n1. Anna+Carla 11\n1. Bruno+Dario 11\n"
        "⚖️ Pari in testa tra Anna+Carla e Bruno+Dario: si gioca un'altra smazzata."
    )
    # A team by either of its players.
    assert await table.reply("/mano Carla 1 Dario 0") == (
        "🏆 Scopa · 3 smazzate\n1. Anna+Carla 12\n2. Bruno+Dario 11\n🏁 Vincono Anna e Carla!"
    )
    board = await table.reply("/classifica generale")
    assert board.startswith("🏆 Classifica generale\n1. Anna")
    # Over by its rules: /riapri refuses, /annulla takes the round back and plays on.
    assert (await table.reply("/riapri")).startswith("L'ultima partita è finita da sé")
    undone = await table.reply("/annulla")
    assert undone.startswith("↩️ Smazzata 3 annullata.\n🏆 Scopa · 2 smazzate")
    assert undone.endswith("si gioca un'altra smazzata.")
    assert "Nessuna partita finita" in await table.reply("/classifica generale")
    ended = await table.reply("/mano Anna 0 Bruno 2")
    assert ended.endswith("1. Bruno+Dario 13\n2. Anna+Carla 11\n🏁 Vincono Bruno e Dario!")


async def test_a_shared_tie_ends_the_game(table: Table) -> None:
    await table.send("/nuova punti soglia=11 pari=condivisa Anna Bruno")
    ended = await table.reply("/mano 11 11")
    assert ended.endswith("🏁 Vittoria condivisa: Anna e Bruno!")


async def test_a_burraco_to_2005_with_negative_rounds(table: Table) -> None:
    started = await table.reply("/nuova punti nome=Burraco soglia=2005 Anna+Carla Bruno+Dario")
    assert started.startswith("🎲 Burraco: Anna+Carla contro Bruno+Dario, a 2005 punti")
    assert (await table.reply("/mano Anna -150 Bruno 1200")).endswith(
        "1. Bruno+Dario 1200\n2. Anna+Carla -150"
    )
    assert (await table.reply("/mano −40 804")).endswith("1. Bruno+Dario 2004\n2. Anna+Carla -190")
    # One under the target: the game goes on; the target itself ends it.
    assert await table.reply("/mano Anna 2000 Bruno 1") == (
        "🏆 Burraco · 3 smazzate\n1. Bruno+Dario 2005\n2. Anna+Carla 1810\n"
        "🏁 Vincono Bruno e Dario!"
    )
    assert (await table.reply("/stats Dario")).startswith(
        "📊 Punti · Dario\n1 partita finita, 1 vinta"
    )


async def test_lowest_wins_and_a_fixed_number_of_rounds(table: Table) -> None:
    started = await table.reply("/nuova punti smazzate=2 basso Anna Bruno Carlo")
    assert "in 2 smazzate, vince chi ne fa di meno" in started
    await table.send("/mano 3 5 1")
    assert (await table.reply("/mano Anna 3 Bruno 0 Carlo 9")).endswith(
        "1. Bruno 5\n2. Anna 6\n3. Carlo 10\n🏁 Vince Bruno!"
    )


async def test_a_named_game_is_started_again_by_its_name(table: Table) -> None:
    await table.send(SCOPA)
    await table.send("/mano 11 3")
    again = await table.reply("/nuova scopa Anna Bruno")
    assert again.startswith("🎲 Scopa: Anna contro Bruno, a 11 punti, vince chi ne fa di più.")
    await table.send("/mano 10 11")
    listed = await table.reply("/giochi")
    assert listed == (
        "🎲 I giochi di questa chat:\nScopa — a 11 punti, vince chi ne fa di più (2 partite)\n"
        "Si comincia con /nuova scopa Anna Bruno."
    )
    # The same name, same rules: the same game; in another chat, Scopa is a Tamalo player.
    assert (await table.reply("/nuova punti nome=SCOPA soglia=11 Anna Bruno")).startswith(
        "🎲 Scopa: Anna contro Bruno"
    )
    other = table.in_chat(-100_555)
    assert (await other.reply("/nuova scopa Carlo Dario")).startswith("🃏 Nuova partita")
    assert (await other.reply("/giochi")).startswith("Nessun gioco con un nome in questa chat")


async def test_sides_join_and_leave(table: Table) -> None:
    await table.send("/nuova punti Anna Bruno")
    await table.send("/mano 10 20")
    joined = await table.reply("/entra Carlo+Elena")
    assert joined == "➕ Carlo+Elena entra: gioca dalla smazzata 2, da 0 punti."
    assert "Mancano i punti di Carlo+Elena" in await table.reply("/mano Anna 1 Bruno 2")
    await table.send("/mano 1 2 50")
    left = await table.reply("/esci Elena")
    assert left == "👋 Carlo+Elena esce: i suoi punti restano in classifica."
    assert await table.reply("/classifica") == (
        "🏆 Punti · 2 smazzate\n1. Bruno 22\n2. Anna 11\n3. Carlo+Elena 50 (uscito)"
    )
    assert (await table.reply("/mano 1 2")).startswith("🏆 Punti · 3 smazzate")


REFUSED = [
    ("/nuova punti Anna", "si gioca almeno in due"),
    ("/nuova punti", "Scrivi chi gioca: /nuova punti Anna Bruno"),
    ("/nuova punti Anna+Bruno Bruno+Carlo", "Bruno è scritto due volte"),
    ("/nuova punti soglia=zero Anna Bruno", "«soglia=zero»: ci vuole un numero intero positivo"),
    ("/nuova punti soglia=0 Anna Bruno", "«soglia=0»: ci vuole un numero intero positivo"),
    ("/nuova punti colore=blu Anna Bruno", "«colore=blu» non è un'opzione"),
    ("/nuova punti pari=forse Anna Bruno", "«pari=forse»: un pari in testa"),
    ("/nuova punti nome=tago Anna Bruno", "«tago» è già il nome di un gioco"),
    ("/nuova punti nome=Punti Anna Bruno", "«Punti» è già il nome di un gioco"),
    ("/nuova punti nome=Scopa soglia=21 Anna Bruno", "«Scopa» è già un gioco di questa chat"),
    ("/nuova scopa soglia=21 Anna Bruno", "Un gioco con un nome ha già le sue regole"),
]
REFUSED_DURING = [
    ("/mano Elena 4 Bruno 7", "«Elena» non gioca in questa partita"),
    ("/mano Anna 4 Carla 7", "Anna e Carla giocano in coppia"),
    ("/mano Anna 4", "Mancano i punti di Bruno+Dario"),
    ("/mano 4", "Hai scritto 1 punteggio, ma giocano in 2"),
    ("/mano Anna quattro Bruno 7", "«Anna quattro»: dopo il nome vanno i punti"),
    ("/mano Anna", "Scrivi i punti di ognuno: /mano Anna 4 Bruno 7"),
    ("/correggi 3 Anna 1 Bruno 1", "Scrivi il numero della smazzata (da 1 a 1)"),
    ("/correggi 1 Anna 1", "Mancano i punti di Bruno+Dario"),
    ("/entra Anna", "Anna è scritto due volte"),
    ("/entra", "Scrivi chi entra"),
    ("/esci Elena", "«Elena» non gioca in questa partita"),
    ("/esci Anna", "si gioca almeno in due"),
    ("/nuova punti Elena Franco", "C'è già una partita in corso"),
    ("/rivincita", "La partita è ancora in corso"),
    ("/riapri", "La partita è già in corso."),
    ("/annulla 1", "/annulla si scrive da solo"),
]


async def test_every_refusal_changes_nothing(table: Table) -> None:
    await table.send(SCOPA)
    await table.close()
    assert await table.refusals(REFUSED) == []
    await table.send("/nuova scopa Anna+Carla Bruno+Dario")
    await table.send("/mano 3 4")
    assert await table.refusals(REFUSED_DURING) == []


async def test_a_game_in_english_has_no_italian_left(table: Table) -> None:
    from tests.bot.test_i18n import italian_in

    await table.send("/language en")
    said = [
        *await table.send("/new points target=11 name=Scopa Anna+Carla Bruno+Dario"),
        *await table.send("/hand Anna 6 Bruno 5"),
        *await table.send("/hand 5 6"),
        *await table.send("/hand Anna 1"),
        *await table.send("/hand Carla 1 Dario 0"),
        *await table.send("/games"),
        *await table.send("/new scopa Anna Bruno"),
        *await table.send("/help"),
        *await table.send("/help all"),
        *await table.send("/hand"),
    ]
    assert said[0].startswith("🎲 Scopa: Anna+Carla against Bruno+Dario, to 11 points, highest")
    assert said[2].endswith("⚖️ Anna+Carla and Bruno+Dario tied for the lead: one more round.")
    assert said[4].endswith("🏁 Anna and Carla win!")
    assert {text: found for text in said if (found := italian_in(text))} == {}


async def test_the_chart_draws_every_side_round_by_round(table: Table) -> None:
    await table.send(SCOPA)
    assert (await table.reply("/grafico")).startswith("Non c'è ancora")
    await table.send("/mano 6 5")
    await table.send("/entra Elena")
    await table.send("/mano 1 2 3")
    ((_name, png),) = await table.files("/grafico")
    assert png.startswith(b"\x89PNG")


async def test_a_players_stats_count_each_named_game(table: Table) -> None:
    await table.send(SCOPA)
    await table.send("/mano 11 3")
    await table.send("/nuova punti nome=Briscola soglia=2 Anna Bruno")
    await table.send("/mano 1 2")
    await table.send("/nuova punti soglia=5 Anna Bruno")
    await table.send("/mano 0 3")
    await table.close()
    anna = await table.reply("/stats Anna")
    assert anna.startswith("📊 Punti · Anna\n3 partite finite, 1 vinta (33%)")
    assert anna.endswith(
        "Scopa: 1 partita, 1 vinta\nBriscola: 1 partita, 0 vinte\nPunti: 1 partita, 0 vinte"
    )


async def test_the_general_ladder_shows_each_names_winners(table: Table) -> None:
    await table.send(SCOPA)
    await table.send("/mano 11 3")
    await table.send("/nuova scopa Anna+Bruno Carla+Dario")
    await table.send("/mano 2 11")
    await table.send("/nuova punti nome=Briscola soglia=2 Anna Bruno")
    await table.send("/mano 1 2")
    board = await table.reply("/classifica generale")
    assert board.startswith("🏆 Classifica generale\n1. ")
    assert "\nScopa, vinte su giocate: Carla 2/2 · Anna 1/2 · Dario 1/2 · Bruno 0/2\n" in board
    assert "\nBriscola, vinte su giocate: Bruno 1/1 · Anna 0/1\n" in board
    week = await table.reply("/classifica generale settimana")
    assert "Scopa" not in week


async def test_the_night_names_each_game_and_counts_its_rounds(table: Table) -> None:
    """/serata says a named game by its name, and its rounds as rounds."""
    await table.send("/nuova punti nome=Scopa soglia=11 Anna+Carla Bruno+Dario")
    await table.send("/mano Anna 11 Bruno 3")
    tonight = await table.reply("/serata")
    assert "\nPunti\n" in tonight
    assert " · Scopa, 1 smazzata: finita" in tonight
