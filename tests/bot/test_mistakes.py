"""Every bad input gets one clear message saying what to type instead, and changes nothing."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text, update

from storage.models import HandRow
from tests.bot.conftest import Table
from tests.bot.parsers import at_the_parser, refusal

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


@pytest.mark.parametrize(
    ("typed", "expected"), [m for m in MISTAKES_DURING_A_GAME if at_the_parser(m[0])]
)
def test_mistakes_during_a_game_at_the_parser(typed: str, expected: str) -> None:
    assert expected in refusal("/nuova Anna Bruno Carlo", typed)


async def test_mistakes_during_a_game(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano Anna 3 Bruno 12 Carlo 7")
    assert await table.refusals(MISTAKES_DURING_A_GAME) == []


#: Hands that are no hand at all: told what is wrong with the hand and how to type it, never
#: to let "abc" or "Anna3" join the game.
NOT_HANDS = [
    ("/mano abc", "«abc» non è una mano: manca il totale di ognuno. Scrivi /mano Anna 3 "
     "Bruno 12 Carlo 7, oppure solo i totali nell'ordine dei posti: /mano 3 12 7."),
    ("/mano abc def", "«abc» non è una mano: manca il totale di ognuno."),
    ("/mano Anna3 Bruno12 Carlo7", "«Anna3»: tra il nome e il totale ci vuole uno spazio. "
     "Scrivi /mano Anna 3 Bruno 12 Carlo 7"),
    ("/mano Anna 3 Bruno12 Carlo 7 t=Anna", "«Bruno12»: tra il nome e il totale ci vuole uno "
     "spazio. Scrivi /mano Anna 3 Bruno 12 Carlo 7 t=Anna"),
]  # fmt: skip


@pytest.mark.parametrize(("typed", "expected"), NOT_HANDS)
async def test_what_is_no_hand_says_how_to_type_one_and_invites_nobody(
    table: Table, typed: str, expected: str
) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano Anna 3 Bruno 12 Carlo 7")
    before = await table.dump()

    reply = await table.reply(typed)

    assert reply.startswith(expected)
    assert "/entra" not in reply
    assert await table.dump() == before


async def test_a_name_like_a_glued_one_that_is_no_player_is_still_asked_to_join(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    assert "/entra Zoe3" in await table.reply("/mano Anna 3 Bruno 12 Carlo 7 Zoe3 5")


async def test_a_hand_ending_in_a_full_stop_is_a_hand(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    assert (await table.reply("/mano 3 12 7 t=Anna.")).startswith("Mano 1:")
    assert (await table.reply("/mano Anna 5 Bruno 1 Carlo 9.")).startswith("Mano 2:")
    assert await table.totals() == {"Anna": 5, "Bruno": 12, "Carlo": 16}
    await table.send("/entra G.")  # a name may end in a full stop: it stays a name
    assert "G. 0 · Tamalo riuscito ✅" in await table.reply("/mano 1 2 3 0 t=G.")


async def test_fix_names_the_one_hand_played_as_one(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 3 12 7")
    assert await table.reply("/fix 9") == (
        "Non c'è una mano 9: finora si è giocata solo la mano 1."
    )
    await table.send("/mano 3 12 7")
    await table.press(table.last_buttons()[0])  # yes, a new hand
    assert await table.reply("/fix 9") == "Non c'è una mano 9: le mani giocate vanno da 1 a 2."
    await table.send("/lingua en")
    await table.send("/undo")
    assert await table.reply("/fix 9") == "There's no hand 9: only hand 1 has been played so far."


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


async def test_mistakes_without_a_game(table: Table) -> None:
    assert await table.refusals(MISTAKES_WITHOUT_A_GAME) == []


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


CLOSE, GO_ON = "🏁 Sì, chiudi la partita", "▶️ No, continuiamo"


async def test_fine_on_a_game_with_hands_asks_first(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 20")
    before = await table.dump()
    assert await table.reply("/fine") == (
        "Chiudo la partita adesso, con la classifica così com'è?\n1. Anna 10\n2. Bruno 20"
    )
    buttons = table.buttons()
    assert set(buttons) == {CLOSE, GO_ON}
    assert await table.dump() == before  # asking changes nothing

    assert await table.press(buttons[GO_ON]) == (None, "Va bene, la partita continua.")
    assert (await table.reply("/mano 1 1")).startswith("Mano 2:")
    # A stale "close" pressed later, twice, by two people: closed once.
    toast, closed = await table.press(buttons[CLOSE], user=1)
    assert toast is None
    assert closed is not None
    assert closed.startswith("Partita chiusa.\nClassifica finale:")
    assert await table.press(buttons[CLOSE], user=2) == ("Questa partita è già chiusa.", None)
    assert await table.press(buttons[GO_ON], user=2) == ("Questa partita è già chiusa.", None)
    assert "Nessuna partita in corso" in await table.reply("/mano 1 1")


async def test_fine_on_a_game_without_hands_closes_at_once(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    assert (await table.reply("/fine")).startswith("Partita chiusa.")


async def test_a_game_closed_by_fine_reopens(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 10 20 30")
    await table.close()
    reopen = table.buttons()["↩️ Riapri la partita"]
    reopened = await table.reply("/riapri")
    assert reopened == (
        "↩️ Partita riaperta: si riprende dalla mano 2.\n\nClassifica:\n1. Anna 10\n2. Bruno 20"
        "\n3. Carlo 30\n\nProssimo mazziere: Bruno."
    )
    assert (await table.reply("/mano 1 1 1")).startswith("Mano 2:")
    assert await table.reply("/riapri") == "La partita è già in corso."
    # The button on the closing message does the same, once.
    await table.close()
    assert await table.press(reopen, user=1) == (None, None)
    assert table.request.sent_texts()[-1].startswith(
        "↩️ Partita riaperta: si riprende dalla mano 3."
    )
    assert await table.press(reopen, user=2) == ("La partita è già in corso.", None)
    assert await table.totals() == {"Anna": 10, "Bruno": 20, "Carlo": 30}


async def test_a_game_is_not_reopened_once_a_newer_one_started(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 20")
    await table.close()
    reopen = table.buttons()["↩️ Riapri la partita"]
    await table.send("/nuova Anna Bruno")
    await table.send("/fine")
    before = await table.dump()
    toast, _ = await table.press(reopen)
    assert toast is not None
    assert toast.startswith("Dopo questa partita ne è cominciata un'altra")
    assert await table.dump() == before


async def test_a_game_that_reached_the_target_is_reopened_by_undo_not_reopen(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 120")
    before = await table.dump()
    assert (await table.reply("/riapri")).startswith(
        "L'ultima partita è finita perché qualcuno ha raggiunto la soglia"
    )
    assert await table.dump() == before


async def test_a_hand_equal_to_the_previous_one_is_asked_about(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano Anna 3 Bruno 12 Carlo 7 t=Anna")
    before = await table.dump()
    assert await table.reply("/mano 3 12 7 t=anna") == (
        "Questa mano è uguale alla mano 1, registrata meno di due minuti fa:\n"
        "/mano Anna 3 Bruno 12 Carlo 7 t=Anna\nÈ davvero una mano nuova (la 2)?"
    )
    assert await table.dump() == before
    buttons = table.buttons()
    _, recorded = await table.press(buttons["✅ Sì, è una mano nuova"], user=1)
    assert recorded is not None
    assert recorded.startswith("Mano 2:")
    assert await table.press(buttons["✅ Sì, è una mano nuova"], user=2) == (
        "Questa domanda ha già avuto risposta.",
        None,
    )
    assert await table.totals() == {"Anna": 0, "Bruno": 24, "Carlo": 14}

    await table.send("/mano 3 12 7 t=Anna")
    assert await table.press(table.buttons()["✖️ No, è la stessa"]) == (
        None,
        "Va bene: non l'ho registrata una seconda volta.",
    )
    assert await table.totals() == {"Anna": 0, "Bruno": 24, "Carlo": 14}
    assert (await table.reply("/mano 3 12 8 t=Anna")).startswith("Mano 3:")  # not the same


async def test_a_confirmed_repeat_after_the_game_moved_on_is_not_recorded(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 20")
    await table.send("/mano 10 20")
    yes = table.buttons()["✅ Sì, è una mano nuova"]
    await table.send("/mano 5 5")
    assert await table.press(yes) == (
        None,
        "Intanto la partita è cambiata: questa mano non l'ho registrata. Se serve, riscrivila "
        "con /mano.",
    )
    assert await table.totals() == {"Anna": 15, "Bruno": 25}


@pytest.mark.parametrize(
    ("ago", "asked"),
    [(timedelta(minutes=1, seconds=50), True), (timedelta(minutes=2, seconds=1), False)],
)
async def test_a_hand_equal_to_the_previous_is_asked_about_for_two_minutes(
    table: Table, ago: timedelta, asked: bool
) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 20")
    async with table.app.bot_data.db.transaction() as session:
        await session.execute(update(HandRow).values(recorded_at=datetime.now(UTC) - ago))
    reply = await table.reply("/mano 10 20")
    assert reply.startswith("Questa mano è uguale alla mano 1") is asked
    assert reply.startswith("Mano 2:") is not asked


async def test_in_an_admins_only_chat_members_press_close_and_reopen_in_vain(table: Table) -> None:
    admin, member = 1, 2
    table.request.admins.add(admin)
    await table.send("/impostazioni admin=sì", user=admin)
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 20")
    await table.send("/fine", user=admin)
    close = table.buttons()[CLOSE]
    toast, edited = await table.press(close, user=member)
    assert toast is not None
    assert toast.startswith("In questo gruppo annullare, correggere, chiudere una partita")
    assert edited is None
    assert (await table.reply("/classifica")).startswith("Classifica dopo 1 mano")
    await table.close(user=admin)
    reopen = table.buttons()["↩️ Riapri la partita"]
    assert (await table.press(reopen, user=member))[0] == toast
    assert "In questo gruppo" in (await table.send("/riapri", user=member))[0]
    assert (await table.send("/riapri", user=admin))[0].startswith("↩️ Partita riaperta")


@pytest.mark.parametrize(
    "data", ["fine:99999999999:y", "riapri:99999999999", "same:99999999999:y", "same:x:y", "fine:1"]
)
async def test_a_forged_or_stale_confirmation_button_changes_nothing(
    table: Table, data: str
) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 20")
    before = await table.dump()
    assert await table.press(data) == ("Questa domanda ha già avuto risposta.", None)
    assert await table.dump() == before


async def test_a_repeated_hand_waiting_when_the_group_is_upgraded_is_not_recorded(
    table: Table,
) -> None:
    from tests.bot.test_lifecycle import upgrade

    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 20")
    await table.send("/mano 10 20")
    yes = table.buttons()["✅ Sì, è una mano nuova"]
    supergroup = await upgrade(table)
    assert await supergroup.press(yes) == ("Questa domanda ha già avuto risposta.", None)
    assert await supergroup.totals() == {"Anna": 10, "Bruno": 20}
    async with table.app.bot_data.db.reading() as session:  # nothing left of the old chat's
        assert await session.scalar(text("SELECT count(*) FROM pending_hands")) == 0


async def test_reopen_and_rematch_take_nothing_after_them(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 20")
    await table.close()
    before = await table.dump()
    assert await table.reply("/riapri 1") == (
        "/riapri si scrive da solo, senza altro: «1» non lo capisco. "
        "Non ho cambiato nulla; scrivi solo /riapri."
    )
    assert (await table.reply("/rivincita Anna Carlo")).startswith(
        "/rivincita si scrive da solo, senza altro: «Anna Carlo» non lo capisco."
    )
    assert await table.dump() == before


async def test_undo_takes_back_a_mistyped_join_and_leaves_no_phantom(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 10 20 30")
    await table.send("/entra Elna")

    assert await table.reply("/annulla") == (
        "Ho annullato l'entrata di Elna: non ha giocato nessuna mano, e in partita non c'è "
        "più. Giocano: Anna, Bruno e Carlo. Per far entrare qualcuno: /entra e il suo nome, "
        "scritto giusto (/entra Dario)."
    )
    assert await table.totals() == {"Anna": 10, "Bruno": 20, "Carlo": 30}  # hand 1 stays
    async with table.app.bot_data.db.reading() as session:
        names = (await session.scalars(text("SELECT name FROM players"))).all()
    assert sorted(names) == ["Anna", "Bruno", "Carlo"]
    assert (await table.reply("/mano 1 2 3")).startswith("Mano 2:")  # no Elna asked for
    assert (await table.reply("/annulla")).startswith("Ho annullato la mano 2.")


async def test_a_join_followed_by_a_hand_is_not_what_undo_takes_back(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 10 20 30")
    await table.send("/entra Elena")
    await table.send("/mano 1 2 3 4")
    assert (await table.reply("/annulla")).startswith("Ho annullato la mano 2.")
    # Now the join is the latest thing left: the next /annulla takes it back.
    assert (await table.reply("/annulla")).startswith("Ho annullato l'entrata di Elena")
    assert await table.totals() == {"Anna": 10, "Bruno": 20, "Carlo": 30}


async def test_a_player_who_played_no_hand_gets_no_result(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 10 20 30")
    await table.send("/entra Elena")
    await table.close()

    general = await table.reply("/classifica generale")
    assert "Elena" not in general
    assert "Carlo" in general
    assert "Nessuna partita finita" in await table.reply("/stats Elena")
    async with table.app.bot_data.db.reading() as session:
        results = (
            await session.scalars(
                text("SELECT p.name FROM game_results r JOIN players p ON p.id = r.player_id")
            )
        ).all()
    assert sorted(results) == ["Anna", "Bruno", "Carlo"]


@pytest.mark.parametrize(("typed", "meant"), [("Ana", "Anna"), ("Brunoo", "Bruno")])
async def test_a_join_a_letter_off_a_seated_player_is_asked_about(
    table: Table, typed: str, meant: str
) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 10 20 30")
    before = await table.dump()
    assert await table.reply(f"/entra {typed}") == (
        f"Intendevi {meant}? {meant} gioca già in questa partita, e non faccio entrare "
        f"{typed} per un errore di battitura. Se {typed} è davvero un'altra persona: "
        f"/entra {typed} nuovo."
    )
    assert await table.dump() == before
    joined = await table.reply(f"/entra {typed} nuovo")
    assert joined.startswith(f"{typed} entra in partita con 30 punti")


async def test_two_undos_of_a_join_at_the_same_moment_take_back_only_the_join(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 3 12")
    await table.send("/entra Elna")
    anna, bruno = table.update("/annulla", user=1), table.update("/annulla", user=2)

    assert (await table.deliver(anna))[0].startswith("Ho annullato l'entrata di Elna")
    assert await table.deliver(bruno) == [
        "Un altro /annulla, partito insieme al tuo, ha appena tolto chi era appena entrato: "
        "non tolgo altro. Per togliere anche l'ultima mano, scrivi di nuovo /annulla."
    ]
    assert await table.totals() == {"Anna": 0, "Bruno": 12}


async def test_a_leaver_whose_hands_are_undone_is_ranked_until_he_plays_them(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno Carlo Dario")
    await table.send("/mano 5 5 5 5")
    await table.record("/mano 6 6 6 6")
    await table.send("/esci Bruno")
    assert "1. Bruno 5" in await table.reply("/annulla")
    undone = await table.reply("/annulla")
    assert "Bruno giocava ancora nella mano 1" in undone
    assert "1. Bruno 0" in undone
    assert "\n1. Bruno 7\n" in await table.reply("/mano 7 7 7 7")
    assert "giocano in 4: Anna, Bruno, Carlo e Dario" in await table.reply("/mano 8 8 8")
    # Hand 2 was his last: from now on he is listed apart, not ranked.
    hand_two = await table.record("/mano 8 8 8 8")
    assert "Bruno" not in hand_two.split("Classifica:")[1]
    assert "giocano in 3: Anna, Carlo e Dario" in await table.reply("/mano 9 9 9 9")
    assert await table.totals() == {"Anna": 15, "Bruno": 15, "Carlo": 15, "Dario": 15}


async def test_a_leaver_whose_only_hand_is_undone_is_in_the_standings(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo Dario")
    await table.send("/mano 5 5 5 5")
    await table.send("/esci Bruno")
    undone = await table.reply("/annulla")
    assert "Bruno giocava ancora nella mano 1" in undone
    assert "1. Bruno 0" in undone


async def test_a_leaver_still_to_retype_a_hand_can_win_a_game_ending_before_it(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 10 20 30")
    await table.send("/mano 0 0 0")
    await table.send("/esci Bruno")
    await table.send("/annulla")
    await table.send("/annulla")
    ended = await table.send("/mano 100 10 100")  # over before Bruno's last hand
    assert "🏆 Vince Bruno con 10 punti!" in ended[0]
    assert "Hanno lasciato" not in ended[0]
    general = await table.reply("/classifica generale")
    assert general.count("Bruno") == 1


@pytest.mark.parametrize("command", ["/rivincita", "/nuova Elena Franco"])
async def test_a_game_already_running_names_only_who_is_still_in(
    table: Table, command: str
) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 1 1 1")
    await table.send("/esci Carlo")
    before = await table.dump()
    assert (await table.reply(command)).startswith("C'è già una partita in corso (Anna e Bruno).")
    assert await table.dump() == before


GAME_OPTIONS_IN_A_HAND = [
    ("pari_perde", "«pari_perde» non è un giocatore: è un'opzione della partita, che si sceglie "
     "quando la partita inizia, per esempio /nuova pari_perde Anna Bruno. Riscrivi la mano senza."),
    ("tie_loses", "«tie_loses» non è un giocatore: è un'opzione della partita, che si sceglie "
     "quando la partita inizia, per esempio /nuova pari_perde Anna Bruno. Riscrivi la mano senza."),
    ("jokes", "/nuova jokes Anna Bruno."),
    ("JOKES", "«JOKES» non è un giocatore"),
    ("jokers", "/nuova jokes Anna Bruno."),
    ("6carte", "/nuova 6carte Anna Bruno."),
    ("6cards", "/nuova 6carte Anna Bruno."),
    ("quadri", "/nuova quadri Anna Bruno Carlo Dario."),
    ("4quadri", "/nuova quadri Anna Bruno Carlo Dario."),
    ("spareggio", "/nuova quadri spareggio Anna Bruno Carlo Dario."),
    ("tiebreak", "/nuova quadri spareggio Anna Bruno Carlo Dario."),
    ("contro", "/nuova contro Anna Bruno."),
    ("controtamalo", "/nuova contro Anna Bruno."),
    ("classica", "/nuova classica Anna Bruno."),
    ("classic", "/nuova classica Anna Bruno."),
    ("soglia=50", "«soglia=50» è un'opzione della partita, non di una mano: si sceglie quando la "
     "partita inizia, per esempio /nuova soglia=50 Anna Bruno. Riscrivi la mano senza."),
    ("target=30", "/nuova soglia=50 Anna Bruno."),
    ("mazziere=Bruno", "/nuova mazziere=Bruno Anna Bruno."),
    ("dealer=Zoe", "/nuova mazziere=Bruno Anna Bruno."),
]  # fmt: skip


HANDS_WITH_AN_OPTION = ["/mano Nicolò 3 Anna 4 Bruno 4 t=Anna {}", "/mano {} 3 4 4",
                        "/mano 3 4 4,t=Anna,{}"]  # fmt: skip


@pytest.mark.parametrize(("option", "expected"), GAME_OPTIONS_IN_A_HAND)
@pytest.mark.parametrize("hand", HANDS_WITH_AN_OPTION)
def test_a_game_option_in_a_hand_is_not_taken_for_a_player(
    hand: str, option: str, expected: str
) -> None:
    assert expected in refusal("/nuova Anna Bruno Nicolò", hand.format(option))


async def test_a_game_option_in_a_hand_is_refused_in_the_chat(table: Table) -> None:
    await table.send("/nuova Anna Bruno Nicolò")
    await table.send("/mano 3 12 7")
    cases = [(h.format(o), e) for h in HANDS_WITH_AN_OPTION for o, e in GAME_OPTIONS_IN_A_HAND]
    assert await table.refusals(cases) == []


async def test_a_game_option_in_a_hand_is_told_in_english(table: Table) -> None:
    await table.send("/lingua en")
    await table.send("/new Anna Bruno")
    assert await table.reply("/hand Anna 3 Bruno 4 tie_loses") == (
        "“tie_loses” is not a player: it is an option of the game, chosen when the game starts, "
        "for example /new tie_loses Anna Bruno. Type the hand again without it."
    )
    # Typed in Italian, the example is still in the chat's words.
    assert await table.reply("/hand Anna 3 Bruno 4 soglia=50") == (
        "“soglia=50” is an option of the game, not of a hand: it is chosen when the game "
        "starts, for example /new target=50 Anna Bruno. Type the hand again without it."
    )
    assert "for example /new quadri tiebreak Anna Bruno Carlo Dario." in (
        await table.reply("/hand Anna 3 Bruno 4 spareggio")
    )
    assert "for example /new classic Anna Bruno." in await table.reply("/hand classica 3 4")


async def test_a_bare_contro_in_a_controtamalo_hand_asks_for_the_name(table: Table) -> None:
    await table.send("/nuova contro Anna Bruno")
    assert "dopo contro=, per esempio contro=Anna" in await table.reply(
        "/mano Anna 3 Bruno 4 t=Anna contro"
    )


async def test_a_player_named_like_an_option_is_a_player(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/entra Spareggio")
    assert (await table.reply("/mano Anna 3 Bruno 4 Spareggio 5")).startswith("Mano 1:")


async def test_a_joker_in_a_hand_is_a_card_not_an_option(table: Table) -> None:
    await table.send("/nuova jolly Anna Bruno")
    assert "Anna 18" in await table.reply("/mano Anna 3,Jolly Bruno 4")
