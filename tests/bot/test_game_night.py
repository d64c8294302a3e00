"""A classic game night in a group chat, typed command by command."""

import csv
import io

from tests.bot.conftest import StartBot, Table


async def test_four_players_play_to_100_with_a_late_joiner_and_an_undo(table: Table) -> None:
    started = await table.reply("/nuova Anna Bruno Carlo Dario")
    assert "Giocano, in ordine: Anna, Bruno, Carlo e Dario." in started
    assert "/mano Anna 3 Bruno 12 Carlo 7 Dario 0 t=Anna" in started

    first = await table.reply("/mano Anna 3 Bruno 12 Carlo 7 Dario 25 tamalo=Anna")
    assert first.startswith("Mano 1:\nAnna 0 · Tamalo riuscito ✅\nBruno 12\nCarlo 7\nDario 25\n")
    assert first.endswith(
        "Classifica:\n1. Anna 0\n2. Carlo 7\n3. Bruno 12\n4. Dario 25\n"
        "🎯 Alla soglia di 100 mancano: Dario 75, Bruno 88\n\nProssimo mazziere: Bruno."
    )

    second = await table.reply("/mano 4 2 9 30 t=anna")  # seat order; the caller is beaten
    assert "Anna 15 (carte 4) · Tamalo sbagliato ❌" in second
    assert "1. Bruno 12 ▲2\n2. Anna 15 ▼1\n3. Carlo 16 ▼1\n4. Dario 55\n" in second
    assert second.endswith("mancano: Dario 45, Carlo 84\n\nProssimo mazziere: Carlo.")

    third = await table.reply("/mano carlo 0 DARIO 20 Anna A,7,KN Bruno 10")  # any order, cards
    assert third.endswith(
        "1. Carlo 16 ▲2\n2. Bruno 22 ▼1\n3. Anna 36 ▼1\n4. Dario 75\n"
        "🎯 Alla soglia di 100 mancano: Dario 25, Anna 64\n\nProssimo mazziere: Dario."
    )

    wrong = await table.reply("/mano Anna 40 Bruno 0 Carlo 0 Dario 0")
    assert "1. Carlo 16\n2. Bruno 22\n3. Dario 75 ▲1\n4. Anna 76 ▼1" in wrong
    undone = await table.reply("/annulla")
    assert undone.startswith("Ho annullato la mano 4.")
    assert "1. Carlo 16\n2. Bruno 22\n3. Anna 36\n4. Dario 75\n\n" in undone
    assert await table.totals() == {"Anna": 36, "Bruno": 22, "Carlo": 16, "Dario": 75}

    joined = await table.reply("/entra Elena")
    assert joined.startswith("Elena entra in partita con 75 punti (come l'ultimo in classifica).")

    last = await table.reply("/mano Anna 8 Bruno 10 Carlo 11 Dario 30 Elena 3 t=Anna")
    assert "Anna 23 (carte 8) · Tamalo sbagliato ❌" in last
    assert "🏁 Partita finita: Dario ha raggiunto 105 punti (soglia 100)." in last
    assert last.endswith(
        "Classifica finale:\n1. Carlo 27\n2. Bruno 32\n3. Anna 59\n4. Elena 75\n5. Dario 105"
        "\n\n🏆 Vince Carlo con 27 punti!"
    )
    assert await table.totals() == {"Anna": 59, "Bruno": 32, "Carlo": 27, "Dario": 105, "Elena": 75}

    # The game is over: no more hands, but the standings stay visible.
    assert await table.reply("/mano 1 2 3 4 5") == (
        "Nessuna partita in corso. Iniziane una con /nuova Anna Bruno Carlo."
    )
    standings = await table.reply("/classifica")
    assert standings.startswith("Ultima partita, finita.\nClassifica finale:\n1. Carlo 27\n")
    assert standings.endswith("🏆 Vince Carlo con 27 punti!")


async def test_undoing_the_hand_that_ended_the_game_reopens_it(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    ended = await table.reply("/mano Anna 99 Bruno 120")
    assert "Partita finita" in ended
    reopened = await table.reply("/annulla")
    assert reopened.startswith("Ho annullato la mano 1. La partita riprende.")
    assert "1. Anna 0\n1. Bruno 0" in reopened
    assert (await table.reply("/mano 3 4")).startswith("Mano 1:")


async def test_a_game_closed_with_fine_is_ranked_as_it_stands(table: Table) -> None:
    await table.send("/new Anna Bruno Carlo")
    await table.send("/hand Anna 10 Bruno 3 Carlo 10")
    (closed,) = await table.close("/end")
    assert closed == (
        "Partita chiusa.\nClassifica finale:\n1. Bruno 0\n2. Anna 10\n2. Carlo 10"
        "\n\n🏆 Vince Bruno con 0 punti!\n\n"
        "Chiusa per sbaglio? /riapri la riapre, finché non ne inizia un'altra."
    )
    assert (await table.reply("/annulla")).startswith("L'ultima partita è stata chiusa con /fine")
    assert (await table.reply("/nuova Anna Bruno")).startswith("🃏 Nuova partita classica")


async def test_joint_winners_are_announced_together(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    ended = await table.reply("/mano Anna 50 Bruno 100 Carlo 50")
    assert ended.endswith("🏆 Vincono a pari merito Anna e Carlo con 50 punti!")


async def test_restart_in_the_middle_of_a_game_loses_nothing(start_bot: StartBot) -> None:
    async with start_bot() as table:
        await table.send("/nuova Anna Bruno Carlo")
        await table.send("/mano Anna 3 Bruno 12 Carlo 7 t=Anna")
        await table.send("/entra Dario")
    async with start_bot() as table:  # a new Application on the same database
        assert (await table.reply("/classifica")).endswith(
            "1. Anna 0\n2. Carlo 7\n3. Bruno 12\n3. Dario 12"
        )
        hand = await table.reply("/mano 1 1 1 1")
        assert hand.startswith("Mano 2:")
        assert await table.totals() == {"Anna": 0, "Bruno": 12, "Carlo": 7, "Dario": 12}


async def test_each_chat_keeps_its_own_games(table: Table) -> None:
    other = table.in_chat(-100_999)
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 10 Bruno 20")
    assert await other.reply("/classifica") == (
        "In questa chat non si è ancora giocato. Iniziate con /nuova Anna Bruno Carlo."
    )
    assert "Nessuna partita in corso" in await other.reply("/mano 1 2")
    assert (await other.reply("/nuova Anna Bruno")).startswith("🃏 Nuova partita")
    await other.send("/mano 50 60")
    assert await table.totals() == {"Anna": 10, "Bruno": 20}
    assert await other.totals() == {"Anna": 50, "Bruno": 60}


async def test_names_keep_their_first_spelling_in_a_chat(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/fine")
    started = await table.reply("/nuova ANNA bruno Carlo")
    assert "Giocano, in ordine: Anna, Bruno e Carlo." in started


async def test_a_redelivered_update_changes_nothing_and_gets_the_same_answer(
    table: Table,
) -> None:
    for text in ["/nuova Anna Bruno", "/mano Anna 3 Bruno 12", "/mano 20 30", "/entra Carlo"]:
        update = table.update(text)
        answer = await table.deliver(update)
        assert await table.deliver(update) == answer
    undo = table.update("/annulla")
    answer = await table.deliver(undo)
    assert await table.deliver(undo) == answer  # a second undo would lose an acknowledged hand
    assert await table.totals() == {"Anna": 20, "Bruno": 42}  # Carlo's join taken back
    end = table.update("/fine")
    answer = await table.deliver(end)
    assert await table.deliver(end) == answer[:1]  # the text; the chart is not sent again


async def test_undoing_a_hand_played_before_a_join(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo Elena")
    await table.send("/mano Anna 40 Bruno 72 Carlo 55 Elena 20")
    await table.send("/mano Anna 3 Bruno 10 Carlo 10 Elena 0 t=Anna")  # mistyped
    assert (await table.reply("/entra Dario")).startswith("Dario entra in partita con 82 punti")
    await table.send("/esci Elena")  # the join is no longer the latest change: a hand goes
    undone = await table.reply("/annulla")
    assert "Ho annullato la mano 2. Dario non giocava nella mano 2: riscrivila senza." in undone
    assert "\n1. Elena 20\n2. Anna 40\n" in undone  # she plays hand 2 again: still ranked
    retyped = await table.reply("/mano Anna 3 Bruno 0 Carlo 10 Elena 5 t=Anna")
    # Hand 2 was Elena's last: she is no longer ranked, and who was behind her moves up.
    assert "1. Anna 55 ▲1\n2. Carlo 65 ▲1\n3. Bruno 72 ▲1\n3. Dario 72 ▲1\n🎯" in retyped
    assert "Manca il totale di Dario" in await table.reply("/mano Anna 1 Bruno 1 Carlo 1")
    assert (await table.reply("/mano Anna 1 Bruno 1 Carlo 1 Dario 1")).startswith("Mano 3:")


async def test_an_edited_hand_corrects_that_hand_once(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    first = table.update("/mano Anna 3 Bruno 12")
    answer = await table.deliver(first)
    await table.send("/mano Anna 5 Bruno 5")
    older, newer = table.edit(first, "/mano Anna 3 Bruno 30"), table.edit(first, "/mano 3 40")

    (fixed,) = await table.deliver(newer)

    assert fixed == (
        "Mano 1 corretta:\nAnna 0\nBruno 40\n\nClassifica:\n1. Anna 5\n2. Bruno 45\n\n"
        "Prossimo mazziere: Anna."
    )
    assert await table.totals() == {"Anna": 5, "Bruno": 45}
    # Redelivered, or an older edit arriving late: nothing changes.
    for late in (newer, older):
        before = await table.dump()
        assert await table.deliver(late) == [
            "Questo messaggio l'ho già registrato: non cambio nulla."
        ]
        assert await table.dump() == before
    assert await table.deliver(first) == answer  # the message's own answer, again
    assert await table.totals() == {"Anna": 5, "Bruno": 45}


async def test_an_edit_with_a_mistake_changes_nothing_and_the_next_edit_counts(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno")
    first = table.update("/mano Anna 3 Bruno 12")
    await table.deliver(first)
    before = await table.dump()
    assert "Bruno" in (await table.deliver(table.edit(first, "/mano Anna 3")))[0]
    assert await table.dump() == before
    (fixed,) = await table.deliver(table.edit(first, "/mano Anna 3 Bruno 20"))
    assert fixed.startswith("Mano 1 corretta:")
    assert await table.totals() == {"Anna": 0, "Bruno": 20}


async def test_a_hand_rejected_for_a_mistake_is_recorded_when_its_message_is_fixed(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno")
    typo = table.update("/mano Anna 3 Brno 12")
    assert (await table.deliver(typo))[0].startswith(
        "Brno non gioca in questa partita: intendevi Bruno?"
    )
    (recorded,) = await table.deliver(table.edit(typo, "/mano Anna 3 Bruno 12"))
    assert recorded.startswith("Mano 1:")
    assert await table.totals() == {"Anna": 0, "Bruno": 12}


async def test_editing_an_undone_hand_or_another_command_changes_nothing(table: Table) -> None:
    start = table.update("/nuova Anna Bruno")
    await table.deliver(start)
    hand = table.update("/mano Anna 3 Bruno 12")
    await table.deliver(hand)
    await table.send("/annulla")
    before = await table.dump()

    assert await table.deliver(table.edit(hand, "/mano Anna 3 Bruno 40")) == [
        "Quel messaggio non ha più una mano registrata (è stata annullata, o non era una "
        "/mano): per registrarla scrivi di nuovo /mano in un messaggio nuovo."
    ]
    assert await table.deliver(table.edit(start, "/nuova Anna Bruno Carlo")) == [
        "Modificare questo comando dopo averlo inviato non cambia nulla: scrivilo di nuovo in "
        "un messaggio nuovo. (Una /mano modificata, invece, corregge la sua mano.)"
    ]
    assert await table.dump() == before


async def test_a_hand_of_a_closed_game_is_not_changed_by_an_edit(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    hand = table.update("/mano Anna 3 Bruno 12")
    await table.deliver(hand)
    await table.close()
    before = await table.dump()
    assert await table.deliver(table.edit(hand, "/mano Anna 30 Bruno 12")) == [
        "La partita di quella mano è chiusa: modificare il messaggio non la cambia più. "
        "Non ho cambiato nulla."
    ]
    assert await table.dump() == before


async def test_help_lists_the_commands_to_play_with_an_example_and_then_every_one(
    table: Table,
) -> None:
    for command in ("/start", "/aiuto", "/help"):
        text = await table.reply(command)
        for example in ("/nuova Anna", "/mano Anna 3", "/classifica", "/annulla", "/fine",
                        "/aiuto tutto"):  # fmt: skip
            assert example in text
        assert "/entra Dario" not in text
    assert "/entra Dario" in await table.reply("/aiuto tutto")


async def test_the_command_menu_is_registered_at_start_up_in_each_language(table: Table) -> None:
    menus = {
        p.get("language_code"): p for name, p in table.request.calls if name == "setMyCommands"
    }
    assert set(menus) == {None, "en"}  # Italian for everyone, English in English apps' privates
    assert [c["command"] for c in menus[None]["commands"]] == [
        "nuova", "mano", "classifica", "correggi", "annulla", "mazziere", "entra", "esci",
        "fine", "riapri", "rivincita", "tresei", "torneo", "grafico", "tavolo", "serata", "stats",
        "esporta", "impostazioni", "lingua", "regole", "sonoio", "aiuto", "previsione", "mosse",
        "mossa", "dicono", "tavoli", "cartellini", "giudica", "quote", "ricarica", "curioso",
        "jackpot", "saldo", "giochi",
    ]  # fmt: skip
    assert [c["command"] for c in menus["en"]["commands"]] == [
        "new", "hand", "standings", "fix", "undo", "dealer", "join", "leave",
        "end", "reopen", "rematch", "tressex", "tournament", "chart", "table", "tonight", "stats",
        "export", "settings", "language", "rules", "iam", "help", "forecast", "moves", "move",
        "rumours", "tables", "cards", "judge", "odds", "rebuy", "curious", "jackpot", "settle",
        "games",
    ]  # fmt: skip
    assert menus[None]["commands"][0]["description"].startswith("Nuova partita")
    assert menus["en"]["commands"][0]["description"].startswith("New game")
    assert menus["en"]["scope"] == {"type": "all_private_chats"}
    assert "scope" not in menus[None]


async def test_commands_addressed_to_the_bot_by_username_work(table: Table) -> None:
    assert (await table.reply("/nuova@TamaloBot Anna Bruno")).startswith("🃏 Nuova partita")


async def test_a_joiner_after_a_leave_enters_at_the_last_of_who_is_still_in(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo Dario")
    await table.send("/mano 40 72 55 0")
    await table.send("/esci Bruno")
    joined = await table.reply("/entra Elena")
    assert joined.startswith("Elena entra in partita con 55 punti (come l'ultimo in classifica).")
    assert joined.endswith("Classifica:\n1. Dario 0\n2. Anna 40\n3. Carlo 55\n3. Elena 55")
    await table.send("/mano 1 1 1 1")
    assert await table.totals() == {"Anna": 40, "Bruno": 72, "Carlo": 55, "Dario": 0, "Elena": 55}


async def test_a_joiner_before_a_leave_enters_at_the_leavers_total(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo Dario")
    await table.send("/mano 40 72 55 0")
    joined = await table.reply("/entra Elena")
    assert joined.startswith("Elena entra in partita con 72 punti (come l'ultimo in classifica).")
    assert joined.endswith("3. Carlo 55\n4. Bruno 72\n4. Elena 72")
    left = await table.reply("/esci Bruno")
    assert left.endswith("Classifica:\n1. Dario 0\n2. Anna 40\n3. Carlo 55\n4. Elena 72")
    await table.send("/mano 1 1 1 1")
    assert await table.totals() == {"Anna": 40, "Bruno": 72, "Carlo": 55, "Dario": 0, "Elena": 72}


async def test_the_late_joiner_example_of_the_rules(table: Table) -> None:
    # RULES.md: standings Anna 40, Bruno 72, Carlo 55; Dario joins → Dario 72.
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano Anna 40 Bruno 72 Carlo 55")
    joined = await table.reply("/entra Dario")
    assert joined.startswith("Dario entra in partita con 72 punti")
    assert joined.endswith("1. Anna 40\n2. Carlo 55\n3. Bruno 72\n3. Dario 72")


async def test_the_order_of_a_leave_and_a_join_survives_a_restart(start_bot: StartBot) -> None:
    async with start_bot() as table:
        await table.send("/nuova Anna Bruno Carlo Dario")
        await table.send("/mano 40 72 55 0")
        await table.send("/esci Bruno")
        await table.send("/entra Elena")
    async with start_bot() as table:
        assert (await table.reply("/classifica")).endswith("3. Carlo 55\n3. Elena 55")


async def test_the_export_shows_where_late_joiners_started(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo Dario")
    await table.send("/mano 40 72 55 0")
    await table.send("/esci Bruno")
    await table.send("/entra Elena")
    await table.send("/mano 10 10 10 10")
    await table.send("/entra Franco")  # has played no hand yet
    ((_, content),) = await table.files("/esporta", "sendDocument")
    rows = list(csv.DictReader(io.StringIO(content.decode("utf-8"))))
    assert [(r["hand"], r["player"], r["points"]) for r in rows if r["hand"] == "join"] == [
        ("join", "Elena", "55"),
        ("join", "Franco", "65"),
    ]
    assert [r["hand"] for r in rows].index("join") == 4  # before Elena's first hand
    points: dict[str, int] = {}
    for row in rows:
        points[row["player"]] = points.get(row["player"], 0) + int(row["points"])
    assert points == await table.totals()


async def test_rematch_starts_the_same_game_with_the_next_first_dealer(table: Table) -> None:
    assert await table.reply("/rivincita") == (
        "Non c'è ancora nessuna partita da rigiocare: iniziane una con /nuova Anna Bruno Carlo."
    )
    await table.send("/nuova contro soglia=5 pari_perde Anna Bruno Carlo mazziere=Carlo")
    await table.send("/mano 30 2 9")
    assert "C'è già una partita in corso" in await table.reply("/rivincita")
    assert "Partita finita" in await table.reply("/mano 40 2 9")
    rematch = await table.reply("/rematch")  # the game had ended at the target
    assert rematch.startswith(
        "🔁 Rivincita! 🃏 Nuova partita ControTamalo, si chiude a 5 punti.\n"
        "Opzioni: pari perde (un pari batte chi chiama Tamalo).\n"
        "Giocano, in ordine: Anna, Bruno e Carlo.\nPrima mano: distribuisce Anna.\n"
    )
    assert (await table.reply("/mano 1 1 1")).endswith("Prossimo mazziere: Bruno.")


async def test_rematch_keeps_who_was_still_in_and_skips_who_left(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo mazziere=Anna")
    await table.send("/mano 1 2 3")
    await table.send("/esci Bruno")
    await table.send("/entra Dario")
    await table.close()
    rematch = await table.reply("/rivincita")
    assert "Giocano, in ordine: Anna, Carlo e Dario.\nPrima mano: distribuisce Carlo." in rematch
    assert "Nuova partita classica, si chiude a 100 punti." in rematch
