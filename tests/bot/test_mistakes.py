"""Every bad input gets one clear message saying what to type instead, and changes nothing."""

import pytest

from tests.bot.conftest import Table

MISTAKES_DURING_A_GAME = [
    ("/mano Anna 3 Zoe 4 Carlo 7", "Zoe non gioca in questa partita. Giocano: Anna, Bruno e Carlo."),
    ("/mano Anna 3 Bruno 4", "Manca il totale di Carlo: ogni giocatore ha bisogno di un valore"),
    ("/mano Anna 3 Anna 4 Carlo 7", "Hai scritto Anna due volte"),
    ("/mano Anna tre Bruno 4 Carlo 7", "«tre» non è un totale: scrivi un numero (7) o le carte"),
    ("/mano Anna -3 Bruno 4 Carlo 7", "«-3»: un totale non può essere negativo."),
    ("/mano Anna A,7,X Bruno 4 Carlo 7", "«X» non è una carta."),
    ("/mano Anna JK,2 Bruno 4 Carlo 7", "Il Jolly vale solo nelle partite con i Jolly"),
    ("/mano Anna 3 Bruno 4 Carlo 7 t=Anna t=Bruno", "Tamalo lo chiama uno solo: hai scritto Anna e Bruno."),
    ("/mano Anna 3 Bruno 4 Carlo 7 t=Zoe", "t=Zoe: Zoe non gioca questa mano. Giocano: Anna, Bruno e Carlo."),
    ("/mano Anna 3 Bruno 4 Carlo 7 t=", "Scrivi chi ha chiamato Tamalo dopo t=, per esempio t=Anna."),
    ("/mano Anna 3 Bruno 4 Carlo 7 x=1", "Non capisco «x=1»"),
    ("/mano Anna 3 Bruno", "Manca il totale di Bruno: scrivi per esempio «Bruno 7»."),
    ("/mano Anna Bruno 4 Carlo 7", "Manca il totale di Anna"),
    ("/mano Anna 3 12 Bruno 7 Carlo 5", "«12» non ha un nome davanti: scrivi nome e totale di ognuno"),
    ("/mano Anna 3 Bruno 12 Carlo 7 tamalo", "Scrivi chi ha chiamato Tamalo dopo tamalo=, per esempio tamalo=Anna."),
    ("/mano Anna A,,7 Bruno 4 Carlo 7", "«A,,7» non è una carta."),
    ("/mano 3 4", "Hai scritto 2 totali, ma giocano in 3: Anna, Bruno e Carlo."),
    ("/mano 3 4 5 6", "Hai scritto 4 totali, ma giocano in 3"),
    ("/mano 3 4 99999999999999999999", "è troppo per una mano (al massimo 500)"),
    ("/mano t=Anna", "Scrivi il totale di ogni giocatore: /mano Anna 3 Bruno 12 t=Anna"),
    ("/nuova Dario Elena", "C'è già una partita in corso (Anna, Bruno e Carlo). Chiudila con /fine"),
    ("/entra", "Scrivi chi entra, per esempio /entra Dario."),
    ("/entra anna", "Anna gioca già in questa partita."),
    ("/entra Dario Elena", "Entra un giocatore alla volta"),
]  # fmt: skip


@pytest.mark.parametrize(("typed", "expected"), MISTAKES_DURING_A_GAME)
async def test_mistakes_during_a_game(table: Table, typed: str, expected: str) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano Anna 3 Bruno 12 Carlo 7")
    before = await table.dump()
    assert expected in await table.reply(typed)
    assert await table.dump() == before


MISTAKES_WITHOUT_A_GAME = [
    ("/mano 3 4 5", "Nessuna partita in corso. Iniziane una con /nuova Anna Bruno Carlo."),
    ("/entra Dario", "Nessuna partita in corso."),
    ("/fine", "Nessuna partita in corso."),
    ("/annulla", "Non c'è nessuna mano da annullare."),
    ("/classifica", "In questa chat non si è ancora giocato."),
    ("/nuova", "Scrivi chi gioca, nell'ordine in cui siete seduti: /nuova Anna Bruno Carlo."),
    ("/nuova Anna", "Servono almeno due giocatori"),
    ("/nuova Anna Bruno anna", "Hai scritto anna due volte"),
    ("/nuova Anna 3 Bruno", "«3» non va bene come nome"),
    ("/nuova Anna KN", "«KN» si confonde con una carta"),
    ("/nuova Anna Bruno=3", "Non capisco «Bruno=3». Opzioni di /nuova: classica, contro, quadri"),
    ("/nuova Anna " + "B" * 40, "al massimo 32 caratteri"),
]  # fmt: skip


@pytest.mark.parametrize(("typed", "expected"), MISTAKES_WITHOUT_A_GAME)
async def test_mistakes_without_a_game(table: Table, typed: str, expected: str) -> None:
    before = await table.dump()
    assert expected in await table.reply(typed)
    assert await table.dump() == before


async def test_undo_with_no_hand_played(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    before = await table.dump()
    assert await table.reply("/annulla") == "Non c'è nessuna mano da annullare."
    assert await table.dump() == before


async def test_after_a_mistake_the_right_hand_goes_through(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano Anna 3 Bruno x Carlo 7")
    assert (await table.reply("/mano Anna 3 Bruno 4 Carlo 7")).startswith("Mano 1:")


async def test_undo_shows_the_hand_it_removed_as_a_command_to_copy(table: Table) -> None:
    await table.send("/nuova contro Anna Bruno Carlo Dario")
    await table.send("/mano 4 2 9 23 t=Anna ct=Bruno")
    calls = await table.calls("/annulla")
    ((_, sent),) = [(n, p) for n, p in calls if n == "sendMessage"]
    command = "/mano Anna 4 Bruno 2 Carlo 9 Dario 23 t=Anna ct=Bruno"
    assert sent["text"].startswith("Ho annullato la mano 1.")
    assert sent["text"].endswith("La mano annullata, da copiare e correggere:\n" + command)
    (entity,) = sent["entities"]  # a tap copies it
    assert entity["type"] == "code"
    assert sent["text"][entity["offset"] : entity["offset"] + entity["length"]] == command
    assert (await table.reply(command)).startswith("Mano 1:")  # typed again as it was


async def test_two_undos_sent_at_the_same_moment_remove_one_hand(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    for values in ("3 12", "20 5", "7 7"):
        await table.send(f"/mano {values}")
    anna, bruno = table.update("/annulla", user=1), table.update("/annulla", user=2)

    assert (await table.deliver(anna))[0].startswith("Ho annullato la mano 3.")
    assert await table.deliver(bruno) == [
        "La mano 3 è appena stata annullata da un altro /annulla, partito insieme al tuo: "
        "non tolgo altro. Per togliere anche la mano 2, scrivi di nuovo /annulla."
    ]
    assert await table.totals() == {"Anna": 20, "Bruno": 17}
    # Bruno, having read it, sends it again: now it removes hand 2.
    assert (await table.send("/annulla", user=2))[0].startswith("Ho annullato la mano 2.")
    assert await table.totals() == {"Anna": 0, "Bruno": 12}


async def test_one_person_sending_two_undos_removes_two_hands(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    for values in ("3 12", "20 5", "7 7"):
        await table.send(f"/mano {values}")
    first, second = table.update("/annulla", user=1), table.update("/annulla", user=1)
    assert (await table.deliver(first))[0].startswith("Ho annullato la mano 3.")
    assert (await table.deliver(second))[0].startswith("Ho annullato la mano 2.")


async def test_an_undo_sent_before_a_hand_typed_again_leaves_that_hand(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    for values in ("3 12", "20 5"):
        await table.send(f"/mano {values}")
    anna, bruno = table.update("/annulla", user=1), table.update("/annulla", user=2)
    await table.deliver(anna)
    await table.send("/mano 30 30")  # hand 2 typed again before Bruno's undo is handled
    (just_done,) = await table.deliver(bruno)
    assert just_done.endswith(
        "non tolgo altro. Per togliere anche la mano 2, scrivi di nuovo /annulla."
    )
    assert await table.totals() == {"Anna": 30, "Bruno": 42}


async def test_undoing_the_only_hand_twice_at_once(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 3 12")
    anna, bruno = table.update("/annulla", user=1), table.update("/annulla", user=2)
    await table.deliver(anna)
    assert (await table.deliver(bruno))[0].endswith("Non ci sono altre mani da togliere.")


async def test_fix_with_a_number_alone_shows_that_hand_ready_to_edit(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano Anna 3 Bruno 12 Carlo 7 t=Anna")
    await table.send("/mano Bruno 12 Carlo 7 f=Anna")
    before = await table.dump()
    calls = await table.calls("/correggi 2")
    ((_, sent),) = [(n, p) for n, p in calls if n == "sendMessage"]
    command = "/correggi 2 Anna 0 Bruno 12 Carlo 7 f=Anna"
    assert sent["text"] == (
        "Mano 2 come l'ho registrata: copia la riga, correggila e mandala.\n" + command
    )
    (entity,) = sent["entities"]
    assert (entity["offset"], entity["length"]) == (len(sent["text"]) - len(command), len(command))
    assert await table.dump() == before
    assert "Non c'è una mano 3" in await table.reply("/correggi 3")
    assert (await table.reply(command.replace("Carlo 7", "Carlo 9"))).startswith("Mano 2 corretta:")
    assert await table.totals() == {"Anna": 0, "Bruno": 24, "Carlo": 16}
