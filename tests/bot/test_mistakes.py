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
