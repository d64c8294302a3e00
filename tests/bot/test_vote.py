"""Tres sex non expedit: the game's players vote, marked by the phone at the table or by
each player for themselves; nobody else's press counts."""

import asyncio

from sqlalchemy import text

from tests.bot.conftest import Table
from tests.bot.test_modes import tables_of

OPENER, ANNA, STRANGER, SECOND_PHONE = 42, 7, 99, 43
NOT_YOURS = (
    "I nomi li tocca chi ha aperto la votazione; ognuno può toccare il proprio dopo /sonoio."
)
NOT_TO_CLOSE = (
    "La votazione la chiude chi è al tavolo: chi ha iniziato la partita o ne ha scritto una "
    "mano, un giocatore che ha detto chi è con /sonoio, o un amministratore del gruppo."
)
HELD_ELSEWHERE = (
    "I nomi li tocca il telefono che ha scritto /tresei per ultimo: per toccarli da qui, "
    "scrivi /tresei. Ognuno può toccare il proprio dopo /sonoio."
)
NOT_AT_THE_TABLE = (
    "La votazione per annullare la partita la apre chi è al tavolo: chi ha iniziato la "
    "partita o ne ha scritto una mano, un giocatore che ha detto chi è con /sonoio, o un "
    "amministratore del gruppo. Se giochi, scrivi /sonoio e il tuo nome, poi /tresei."
)


async def agreements(table: Table) -> int:
    async with table.app.bot_data.db.transaction() as session:
        return int(await session.scalar(text("SELECT count(*) FROM agreements")) or 0)


async def test_presses_of_people_who_are_not_players_count_for_nothing(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo Dario")
    await table.send("/mano 3 12 7 25 t=Anna")
    opened = await table.reply("/tresei")
    assert opened == (
        "🎲 Tres sex non expedit! Tre 6 di fila: annulliamo la partita?\n"
        "Serve il sì di più di metà dei giocatori: 3 su 4.\n"
        "Per ora nessuno è d'accordo.\n"
        "Chi ha aperto la votazione tocca i nomi di chi è d'accordo; ognuno può anche toccare "
        "il proprio, dopo /sonoio."
    )
    names = table.buttons()
    assert list(names) == ["Anna", "Bruno", "Carlo", "Dario", "▶️ Si continua, chiudi"]
    assert all(len(data.encode()) <= 64 for data in names.values())

    before = await table.dump()
    for stranger in (1, 2, 3):  # three members of the group who are not playing
        for name in ("Anna", "Bruno", "Carlo"):
            assert await table.press(names[name], user=stranger) == (NOT_YOURS, None)
    assert await table.press(names["▶️ Si continua, chiudi"], user=1) == (NOT_TO_CLOSE, None)
    assert await table.dump() == before
    assert await agreements(table) == 0
    assert (await table.reply("/mano 1 2 3 4")).startswith("Mano 2:")


async def test_the_opener_marks_who_agrees_and_more_than_half_annul(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo Dario")
    await table.send("/mano 3 12 7 25 t=Anna")
    await table.send("/tresei")
    names = table.buttons()

    toast, shown = await table.press(names["Anna"])
    assert toast == "Anna è d'accordo."
    assert shown is not None
    assert "\nD'accordo: Anna (1 su 4).\n" in shown
    assert list(table.buttons()) == ["✅ Anna", "Bruno", "Carlo", "Dario", "▶️ Si continua, chiudi"]
    toast, shown = await table.press(table.buttons()["✅ Anna"])  # pressed again: taken back
    assert toast == "Anna non è più d'accordo."
    assert shown is not None
    assert "\nPer ora nessuno è d'accordo.\n" in shown

    await table.press(table.buttons()["Anna"])
    _, shown = await table.press(table.buttons()["Carlo"])  # 2 of 4 is half: not enough
    assert shown is not None
    assert "\nD'accordo: Anna e Carlo (2 su 4).\n" in shown
    assert (await table.reply("/mano 1 2 3 4")).startswith("Mano 2:")  # the game goes on
    _, shown = await table.press(names["Dario"])  # its button as first shown: unmarked
    assert shown == (
        "🎲 Tres sex non expedit! Tre 6 di fila: annulliamo la partita?\n"
        "Serve il sì di più di metà dei giocatori: 3 su 4.\n"
        "D'accordo: Anna, Carlo e Dario (3 su 4).\n\n"
        "🎲 La partita è annullata: non conta in nessuna classifica."
    )
    assert table.buttons() == {}
    assert await table.press(names["Bruno"]) == ("Questa votazione è chiusa.", None)
    assert await table.reply("/classifica") == (
        "L'ultima partita è stata annullata (tres sex non expedit): "
        "non conta in nessuna classifica."
    )
    assert (await table.reply("/mano 1 2 3 4")).startswith("Nessuna partita in corso.")
    assert (await table.reply("/nuova Anna Bruno")).startswith("🃏 Nuova partita classica")


async def test_a_player_linked_with_sonoio_marks_themselves_only(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/sonoio Anna", user=ANNA)
    await table.send("/tresei")
    names = table.buttons()

    assert await table.press(names["Bruno"], user=ANNA) == (HELD_ELSEWHERE, None)
    toast, shown = await table.press(names["Anna"], user=ANNA)
    assert toast == "Anna è d'accordo."
    assert shown is not None
    assert "D'accordo: Anna (1 su 3)." in shown
    _, shown = await table.press(names["Bruno"])  # 2 of 3: annulled
    assert shown is not None
    assert shown.endswith("🎲 La partita è annullata: non conta in nessuna classifica.")


async def test_two_phones_pressing_one_name_at_once_mark_it_once(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo Dario Elena")
    await table.send("/sonoio Anna", user=ANNA)
    await table.send("/tresei")
    anna = table.buttons()["Anna"]

    await asyncio.gather(table.press(anna), table.press(anna, user=ANNA))

    assert await agreements(table) == 1
    _, shown = await table.press(table.buttons()["Bruno"])  # 2 of 5: still open
    assert shown is not None
    assert "D'accordo: Anna e Bruno (2 su 5)." in shown
    _, shown = await table.press(table.buttons()["Carlo"])  # 3 of 5
    assert shown is not None
    assert shown.endswith("🎲 La partita è annullata: non conta in nessuna classifica.")


async def test_the_opener_closes_the_vote_and_the_game_goes_on(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/tresei")
    await table.press(table.buttons()["Anna"])
    toast, shown = await table.press(table.buttons()["▶️ Si continua, chiudi"])
    assert toast == "Votazione chiusa: si continua."
    assert shown is not None
    assert shown.endswith(
        "D'accordo: Anna (1 su 3).\n\nLa partita continua: la votazione è chiusa."
    )
    assert table.buttons() == {}
    [recorded] = await table.send("/mano 1 2 3", user=SECOND_PHONE)  # another phone records
    assert recorded.startswith("Mano 1:")
    (again,) = await table.send("/tresei", user=SECOND_PHONE)  # a new vote, from that phone
    assert "Per ora nessuno è d'accordo." in again
    _, shown = await table.press(table.buttons()["Bruno"], user=SECOND_PHONE)
    assert shown is not None
    assert "D'accordo: Bruno (1 su 3)." in shown


async def test_asking_again_moves_the_vote_to_the_phone_that_asked(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 4 5 6", user=SECOND_PHONE)
    await table.send("/tresei")
    first = table.buttons()
    await table.press(first["Anna"])
    (again,) = await table.send("/tresei", user=SECOND_PHONE)  # it recorded a hand: at the table
    assert "D'accordo: Anna (1 su 3)." in again  # the same vote, nothing lost
    assert await table.press(first["Bruno"]) == (HELD_ELSEWHERE, None)
    _, shown = await table.press(first["Bruno"], user=SECOND_PHONE)
    assert shown is not None
    assert shown.endswith("🎲 La partita è annullata: non conta in nessuna classifica.")


async def test_after_an_admin_takes_the_vote_over_whoever_opened_it_may_still_close_it(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 4 5 6")
    await table.send("/tresei")
    close = table.buttons()["▶️ Si continua, chiudi"]
    table.request.admins.add(STRANGER)
    await table.send("/tresei", user=STRANGER)  # an admin takes it over

    toast, shown = await table.press(close)  # the opener: still at the table

    assert toast == "Votazione chiusa: si continua."
    assert shown is not None
    assert shown.endswith("La partita continua: la votazione è chiusa.")
    assert (await table.reply("/mano 1 2 3")).startswith("Mano 2:")


async def test_whoever_may_open_the_vote_may_close_it(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/sonoio Anna", user=ANNA)
    await table.send("/tresei")
    close = table.buttons()["▶️ Si continua, chiudi"]
    before = await table.dump()
    assert await table.press(close, user=STRANGER) == (NOT_TO_CLOSE, None)
    assert await table.dump() == before

    assert (await table.press(close, user=ANNA))[0] == "Votazione chiusa: si continua."
    await table.send("/tresei")
    table.request.admins.add(STRANGER)  # an admin not at the table
    assert (await table.press(table.buttons()["▶️ Si continua, chiudi"], user=STRANGER))[0] == (
        "Votazione chiusa: si continua."
    )


async def test_in_admin_only_chats_the_vote_is_still_the_players(table: Table) -> None:
    table.request.admins.add(OPENER)
    await table.send("/impostazioni admin=sì")
    await table.send("/nuova Anna Bruno Carlo")
    (refused,) = await table.send("/tresei", user=STRANGER)
    assert refused.startswith("In questo gruppo annullare, correggere, chiudere")
    await table.send("/tresei")
    assert await table.press(table.buttons()["Anna"], user=STRANGER) == (NOT_YOURS, None)
    assert await agreements(table) == 0


async def test_forged_or_foreign_vote_buttons_are_answered_as_closed(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/tresei")
    anna = table.buttons()["Anna"]
    other = table.in_chat(-200_456)
    await other.send("/nuova Anna Bruno Carlo")
    before = await table.dump()
    for forged in (anna, "tresei:99999999999:1:1", "tresei:1:1", "tresei:1:99999:1"):
        assert await other.press(forged) == ("Questa votazione è chiusa.", None), forged
    assert await table.dump() == before


async def test_a_vote_at_a_tournament_table_is_about_the_whole_tournament(table: Table) -> None:
    first, second = tables_of(await table.reply("/torneo Anna Bruno Carlo Dario Elena Franco"))
    opened = await table.reply(f"/tresei {first[0]}")
    assert opened.startswith(
        "🎲 Tres sex non expedit! Tre 6 di fila: annulliamo il torneo (tutti i tavoli)?\n"
        "Serve il sì di più di metà dei giocatori: 4 su 6."
    )
    assert set(table.buttons()) == {*first, *second, "▶️ Si continua, chiudi"}
    for name in (*first, second[0]):
        _, shown = await table.press(table.buttons()[name])
    assert shown is not None
    assert shown.endswith(
        "Il torneo è annullato, tavoli e finale: non conta in nessuna classifica."
    )
    assert (await table.reply("/nuova Anna Bruno")).startswith("🃏 Nuova partita")


async def test_someone_not_at_the_table_cannot_open_the_vote_nor_take_it_over(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno Carlo Dario")
    await table.send("/mano 5 6 7 8")
    before = await table.dump()

    assert await table.send("/tresei", user=STRANGER) == [NOT_AT_THE_TABLE]
    assert await table.dump() == before
    async with table.app.bot_data.db.transaction() as session:
        assert await session.scalar(text("SELECT count(*) FROM votes")) == 0

    # The phone that recorded the game opens it; the stranger asking again takes nothing.
    await table.send("/tresei")
    names = table.buttons()
    await table.press(names["Anna"])
    assert await table.send("/tresei", user=STRANGER) == [NOT_AT_THE_TABLE]
    for name in ("Bruno", "Carlo"):
        assert await table.press(names[name], user=STRANGER) == (NOT_YOURS, None)
    _, shown = await table.press(names["Bruno"])  # the opener's presses still count
    assert shown is not None
    assert "D'accordo: Anna e Bruno (2 su 4)." in shown
    assert (await table.reply("/mano 1 2 3 4")).startswith("Mano 2:")


async def test_who_is_at_the_table_a_player_with_sonoio_a_hand_s_sender_an_admin(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/sonoio Anna", user=ANNA)
    await table.send("/sonoio Zed", user=STRANGER)  # linked, but to nobody of this game
    assert await table.send("/tresei", user=STRANGER) == [NOT_AT_THE_TABLE]
    opened = await table.send("/tresei", user=ANNA)
    assert "Per ora nessuno è d'accordo." in opened[0]
    await table.send("/mano 1 2 3", user=SECOND_PHONE)
    assert "Per ora nessuno è d'accordo." in (await table.send("/tresei", user=SECOND_PHONE))[0]
    table.request.admins.add(STRANGER)
    assert "Per ora nessuno è d'accordo." in (await table.send("/tresei", user=STRANGER))[0]
