"""A night of Tagò whose table changes as it goes, typed through the real Application: a
friend arriving at 11 p.m. (``/entra Elena``), someone leaving (``/esci Dario``), what is
refused, ``/annulla``, a restart, the settle-up that counts both, and the same in English."""

from play.tago import night as play_night
from tests.bot.conftest import StartBot, Table
from tests.bot.games.tago.test_figures_in_chat import exported

OPEN = "/nuova tago light 5/300 ante=5 jackpot=0% Anna Bruno Carlo Dario"
#: RULES-tago.md's side-pot hand, with Elena in Bruno's place and Bruno folding at the ante.
ELENA_S_HAND = (
    "/mano punto=4,½,0 Anna 200 4,4,2 Bruno 5 lascia Carlo 200 5,6,½ Dario 40 lascia "
    "Elena 150 3,1,½"
)


async def test_a_late_arrival_wins_and_loses_chips_and_the_settle_up_counts_her(
    table: Table,
) -> None:
    await table.send(OPEN)
    assert (
        await table.refusals(
            [
                (
                    ELENA_S_HAND,
                    "Elena non è al tavolo stasera: ci sono Anna, Bruno, Carlo e Dario. Se arriva "
                    "ora, prima /entra Elena.",
                )
            ]
        )
        == []
    )
    assert (await table.reply("/entra Elena=500")) == (
        "🪑 Entra Elena 500: gioca dalla prossima mano.\n"
        "Al tavolo: Anna 300, Bruno 300, Carlo 300, Dario 300, Elena 500"
    )
    hand = await table.reply(ELENA_S_HAND)
    assert "💰 Piatto principale 495 · Anna, Carlo, Elena → Elena" in hand
    assert "💰 Piatto laterale 100 · Anna, Carlo → Anna" in hand
    assert hand.endswith(
        "Anna 200 (−100)\nBruno 295 (−5)\nCarlo 100 (−200)\nDario 260 (−40)\n"
        "Elena 845 (+345)\n🎰 Jackpot: 0"
    )
    assert (await table.reply("/esci Dario")) == (
        "🚪 Dario lascia la serata con 260 (fiches comprate 300: −40): il suo risultato resta nel "
        "saldo finale.\n"
        "Al tavolo: Anna 200, Bruno 295, Carlo 100, Elena 845"
    )
    # Who left plays no more, and is no longer among the stacks after a hand.
    alone = await table.reply("/mano Anna 5 lascia Bruno 5 lascia Carlo 5 lascia Elena 5")
    assert alone.startswith("🃏 Mano 2 · mazziere Bruno")
    assert alone.endswith(
        "Anna 195 (−5)\nBruno 290 (−5)\nCarlo 95 (−5)\nElena 860 (+15)\n🎰 Jackpot: 0"
    )
    # Elena loses: Carlo all in with the PUNTO's own cards (COPIA); Anna and Bruno, left
    # out, fold with the ante.
    lost = await table.reply("/mano punto=1,7,3 Carlo 95 1,7,3 Elena 100 5,6,0")
    assert "💰 Piatto principale 200 · Carlo, Elena → Carlo" in lost
    assert "↩️ Fiches restituite a Elena: 5 (nessuno le ha coperte)" in lost
    assert "Carlo 200 (+105)" in lost
    assert "Elena 765 (−95)" in lost
    assert (await table.reply("/classifica")) == (
        "🃏 Classifica della serata, per risultato (light 5/300 · ante 5 · 0% al jackpot)\n"
        "1. Elena +265 (fiches 765, comprate 500)\n"
        "2. Bruno −15 (fiches 285, comprate 300)\n"
        "3. Dario −40 (fiches 260, comprate 300) · ha lasciato la serata\n"
        "4. Carlo −100 (fiches 200, comprate 300)\n"
        "5. Anna −110 (fiches 190, comprate 300)\n"
        "🎰 Jackpot: 0"
    )
    assert (await table.reply("/saldo")) == (
        "🏁 Fine della serata di Tagò. Risultati:\n"
        "1. Elena +265 (fiches 765, comprate 500)\n"
        "2. Bruno −15 (fiches 285, comprate 300)\n"
        "3. Dario −40 (fiches 260, comprate 300)\n"
        "4. Carlo −100 (fiches 200, comprate 300)\n"
        "5. Anna −110 (fiches 190, comprate 300)\n"
        "🎰 Jackpot: 0\n"
        "Pagamenti:\n"
        "Anna → Elena 110\n"
        "Carlo → Elena 100\n"
        "Dario → Elena 40\n"
        "Bruno → Elena 15"
    )
    # She is one of the chat's players now, with her night in her figures; the 5 she bet
    # over Carlo's all-in, handed back, is no hand won.
    assert (await table.reply("/stats Elena")) == (
        "🃏 Tagò · Elena\n1 serata chiusa, risultato netto +265\n"
        "Mani vinte: 2 su 3 giocate (ZERO 0, COPIA 0, TRIS 0, VALORE 1, PUNTEGGIO 0)\n"
        "di cui 1 senza showdown (gli altri avevano lasciato)\nZERO: 0 · jackpot vinti: 0"
    )
    # /esporta: her buy-in where she sat down, his departure with the stack he took home.
    events = [(row[2], row[5], row[-1]) for row in (await exported(table))["tago"][1:]]
    assert events.index(("buy-in", "Elena", "500")) < events.index(("hand", "Elena", "845"))
    assert events.index(("leave", "Dario", "260")) == events.index(("hand", "Elena", "845")) + 1
    assert not [e for e in events[events.index(("leave", "Dario", "260")) + 1 :] if e[1] == "Dario"]


async def test_what_the_table_refuses_changes_nothing(table: Table) -> None:
    await table.send(OPEN)
    await table.send("/esci Dario")
    assert (
        await table.refusals(
            [
                ("/entra anna", "Anna è già al tavolo"),
                ("/entra Elena=200", "Elena entra con 200, ma al tavolo servono almeno 300"),
                ("/entra", "Scrivi chi arriva, per esempio: /entra Elena"),
                ("/entra 500", "Scrivi chi arriva"),
                ("/entra Elena 500 600", "Non conosco «600»"),
                ("/entra Elena Elena", "Hai scritto Elena due volte"),
                ("/entra Dario", "Dario ha lasciato la serata con 300"),
                ("/esci Dario", "Dario ha lasciato la serata con 300"),
                ("/esci Zeno", "Zeno non è al tavolo stasera: ci sono Anna, Bruno e Carlo."),
                ("/esci", "Scrivi chi lascia la serata, per esempio: /esci Dario"),
                ("/ricarica Dario 100", "Dario ha lasciato la serata"),
                ("/mano Anna 5 lascia Dario 5", "Dario ha lasciato la serata"),
            ]
        )
        == []
    )
    await table.send("/esci Carlo")
    assert (
        await table.refusals(
            [("/esci Bruno", "Bruno non può lasciare: al tavolo restano Anna e Bruno")]
        )
        == []
    )
    await table.send("/saldo")
    assert (
        await table.refusals(
            [
                ("/entra Elena", "Nessuna serata di Tagò in corso."),
                ("/esci Anna", "Nessuna serata di Tagò in corso."),
            ]
        )
        == []
    )


async def test_a_ninth_waits_for_someone_to_leave(table: Table) -> None:
    await table.send("/nuova tago light 5/300 Anna Bruno Carlo Dario Elena Fabio Gino Ivo")
    full = "Il tavolo è pieno: al Tagò si gioca al massimo in 8"
    assert await table.refusals([("/entra Luca", full), ("/entra Luca Mara", full)]) == []
    await table.send("/esci Ivo")
    assert (await table.reply("/entra Luca")).startswith("🪑 Entra Luca 300")
    # Two at once, all or none.
    assert await table.refusals([("/entra Mara Nino", full)]) == []


async def test_annulla_takes_back_an_arrival_or_a_departure_that_was_the_last_thing(
    table: Table,
) -> None:
    await table.send(OPEN)
    await table.send("/entra Elena")
    undone = await table.reply("/annulla")
    assert undone.startswith("↩️ Annullato l'ingresso di Elena (300).\n🃏 Classifica della serata")
    assert "Elena" not in undone.partition("\n")[2]
    assert (await table.reply("/mano Anna 5 lascia Elena 5")).startswith(
        "Elena non è al tavolo stasera"
    )
    await table.send("/esci Dario")
    assert (await table.reply("/annulla")).startswith(
        "↩️ Annullata l'uscita di Dario: torna al tavolo."
    )
    assert (await table.reply("/mano Anna 5 lascia Dario 5")).startswith("🃏 Mano 1")
    # Not the last thing any more: /annulla takes back the hand, Elena stays.
    await table.send("/entra Elena")
    await table.send("/mano Anna 5 lascia Elena 5")
    assert (await table.reply("/annulla")).startswith("↩️ Annullata la mano 2.")
    assert "Elena 0 (fiches 300, comprate 300)" in await table.reply("/classifica")


async def test_an_arrival_taken_back_leaves_no_newcomer_among_the_chat_s_players(
    table: Table,
) -> None:
    await table.send("/nuova Fabio Gino")  # Fabio has played here before: a game of Tamalo
    await table.send("/fine")
    await table.send(OPEN)
    for name in ("Elena", "Fabio"):
        await table.send(f"/entra {name}")
        assert (await table.reply("/annulla")).startswith(f"↩️ Annullato l'ingresso di {name}")
    assert (await table.reply("/stats Elena")) == (
        "Nessun giocatore «Elena» in questa chat. Giocatori: Fabio, Gino, Anna, Bruno, Carlo "
        "e Dario."
    )
    assert (await table.reply("/stats Fabio")).startswith("📊 Fabio")
    # Elena arrives at this night and plays; at the next one her arrival is taken back: she
    # stays, with her night.
    await table.send("/entra Elena=500")
    await table.send(ELENA_S_HAND)
    await table.send("/saldo")
    await table.send(OPEN)
    await table.send("/entra Elena")
    await table.send("/annulla")
    assert "1 serata chiusa, risultato netto +345" in await table.reply("/stats Elena")


async def test_what_the_night_says_of_a_player_reads_right_whoever_she_is(table: Table) -> None:
    """No participle after a name agrees with it as if every player were a man."""
    await table.send(OPEN)
    await table.send("/entra Elena")
    said = [
        await table.reply("/ricarica Elena 100"),
        await table.reply(
            "/mano punto=4,½,0 Anna 5 4,4,2 Bruno 5 lascia Carlo 5 lascia Dario 5 lascia Elena 5"
        ),
        await table.reply("/entra Elena Elena"),
        await table.reply("/entra elena"),
        await table.reply("/quote punto=4,½ Elena 4,4 Bruno 3,1"),
        await table.reply("/esci Elena"),
        await table.reply("/classifica"),
        await table.reply("/saldo"),
    ]
    for wrong in ("entrato", "uscito", "arrivato", "scritto due volte:", "gli conviene"):
        assert not [text for text in said if wrong in text], wrong
    assert said[0] == "💶 Elena ricarica 100: ora ha 400 (fiches comprate in tutto: 400)."
    assert said[1].startswith(
        "Elena arriva allo showdown: scrivi le sue tre carte, o lascia se ha lasciato."
    )
    assert said[2].startswith("Hai scritto Elena due volte: ognuno una volta sola")
    assert said[3] == "Elena è già al tavolo (o il nome è scritto due volte)."
    assert "Con una coppia nel PUNTO, Elena sceglie il valore più conveniente." in said[4]
    assert said[5].startswith("🚪 Elena lascia la serata con 400 (fiches comprate 400: 0)")
    assert "Elena 0 (fiches 400, comprate 400) · ha lasciato la serata" in said[6]
    assert "Elena 0 (fiches 400, comprate 400)" in said[7]


async def test_a_restart_loses_no_arrival_nor_departure(start_bot: StartBot) -> None:
    async with start_bot() as table:
        await table.send(OPEN)
        await table.send("/entra Elena=400")
        await table.send("/esci Bruno")
    play_night._NIGHTS.clear()  # a new process: the night is replayed from the database
    async with start_bot() as table:
        standings = await table.reply("/classifica")
        assert "Elena 0 (fiches 400, comprate 400)" in standings
        assert "Bruno 0 (fiches 300, comprate 300) · ha lasciato la serata" in standings
        assert (await table.reply("/mano Elena 5 lascia Anna 5")).endswith(
            "Anna 315 (+15)\nCarlo 295 (−5)\nDario 295 (−5)\nElena 395 (−5)\n🎰 Jackpot: 0"
        )
        assert "Bruno ha lasciato la serata" in await table.reply("/mano Bruno 5 lascia Anna 5")


async def test_arrivals_and_departures_in_english(table: Table) -> None:
    await table.send("/language en")
    await table.send("/new tago light 5/300 ante=5 jackpot=0% Anna Bruno Carlo Dario")
    assert (await table.reply("/join Elena=400")) == (
        "🪑 Elena 400 sits down: plays from the next hand.\n"
        "At the table: Anna 300, Bruno 300, Carlo 300, Dario 300, Elena 400"
    )
    assert (await table.reply("/leave Dario")).startswith(
        "🚪 Dario leaves the night with 300 (bought in 300: 0)"
    )
    assert "Dario 0 (chips 300, bought in 300) · left" in await table.reply("/standings")
    assert (await table.reply("/hand Anna 5 fold Fabio 5")).startswith(
        "Fabio is not at tonight's table: it has Anna, Bruno, Carlo and Elena. If they are "
        "arriving now, first /join Fabio."
    )
    assert (await table.reply("/undo")).startswith("↩️ Dario's leaving undone")


async def test_after_a_night_entra_is_tamalo_s_again(table: Table) -> None:
    await table.send(OPEN)
    await table.send("/saldo")
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 3 Bruno 12")
    assert (await table.reply("/entra Carlo")).startswith("Carlo entra in partita con 12 punti")
