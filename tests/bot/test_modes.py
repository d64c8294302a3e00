"""Every way the group plays, through the chat: 4 Quadri, ControTamalo, tournaments,
corrections, leaving and the dealer (the tres-sex vote: test_vote.py)."""

import re

import pytest
from sqlalchemy import text

from bot.texts.common import names
from tests.bot.conftest import Table
from tests.bot.parsers import refusal


async def test_a_full_four_quadri_game(table: Table) -> None:
    started = await table.reply("/nuova quadri Anna Bruno Carlo Dario mazziere=Carlo")
    assert started.startswith("🃏 Nuova partita a 4 Quadri (classica), 4 quadri da 4 mani")
    assert "Prima mano: distribuisce Carlo." in started

    quadri = [
        ["/mano 3 10 20 30"] * 4,  # Anna scores 0 every hand
        ["/mano 10 3 20 30"] * 4,  # Bruno
        ["/mano 2 10 20 30 t=Anna"] * 4,  # Anna, with a Tamalo won
        ["/mano 10 20 30 4"] * 4,  # Dario
    ]
    replies = [await table.record(hand) for quadro in quadri for hand in quadro]

    assert replies[0].startswith("Quadro 1 · mano 1/4:\nAnna 0\nBruno 10\n")
    assert replies[0].endswith("Prossimo mazziere: Dario.")
    assert replies[2].startswith("Quadro 1 · mano 3/4:")
    assert "Quadro 1 chiuso" not in replies[2]
    assert "🔲 Quadro 1 chiuso: lo vince Anna con 0 punti." in replies[3]
    assert "🔲 Quadro 2 chiuso: lo vince Bruno con 0 punti." in replies[7]
    assert replies[8].startswith("Quadro 3 · mano 1/4:\nAnna 0 · Tamalo riuscito ✅")
    assert "🔲 Quadro 3 chiuso: lo vince Anna con 0 punti." in replies[11]
    # Dario is far past 100 points, but 4 Quadri ends after its 16th hand only.
    assert "1. Anna · 2 quadri · 40 punti" in replies[11]
    assert "Partita finita" not in replies[14]

    last = replies[15]
    assert "🔲 Quadro 4 chiuso: lo vince Dario con 0 punti." in last
    assert "🏁 Partita finita: 16 mani giocate." in last
    assert last.endswith(
        "Classifica finale:\n"
        "1. Anna · 2 quadri · 80 punti\n"
        "2. Bruno · 1 quadro · 160 punti\n"
        "3. Dario · 1 quadro · 360 punti\n"
        "4. Carlo · 0 quadri · 360 punti\n\n"
        "🏆 Vince Anna con 2 quadri e 80 punti!"
    )
    assert await table.totals() == {"Anna": 80, "Bruno": 160, "Carlo": 360, "Dario": 360}
    assert await table.reply("/mano 1 2 3 4") == (
        "Nessuna partita in corso. Iniziane una con /nuova Anna Bruno Carlo."
    )


async def test_four_quadri_replies_show_the_quadro_being_played(table: Table) -> None:
    await table.send("/nuova quadri Anna Bruno Carlo Dario")
    for _ in range(4):
        await table.record("/mano 3 10 20 30")  # quadro 1: Anna 0, Bruno 40, Carlo 80, Dario 120
    first = await table.reply("/mano 30 20 10 6")
    assert first.startswith("Quadro 2 · mano 1/4:")
    assert (
        "Classifica:\n1. Anna · 1 quadro · 30 punti\n2. Bruno · 0 quadri · 60 punti\n"
        "3. Carlo · 0 quadri · 90 punti\n4. Dario · 0 quadri · 126 punti\n"
        "Punti nel quadro 2: Dario 6, Carlo 10, Bruno 20, Anna 30\n\n"
    ) in first
    assert "🎯" not in first  # the target does not end a 4 Quadri game
    second = await table.reply("/mano 30 3 10 6")  # equal points: in seat order
    assert "Punti nel quadro 2: Dario 12, Bruno 20, Carlo 20, Anna 60\n" in second
    await table.record("/mano 30 3 10 6")
    closed = await table.record("/mano 30 3 10 6")  # the quadro's last hand: its totals stay
    assert "🔲 Quadro 2 chiuso: lo vince Bruno con 20 punti." in closed
    assert "Punti nel quadro 2: Bruno 20, Dario 24, Carlo 40, Anna 120\n" in closed
    assert "1. Bruno · 1 quadro · 60 punti ▲1\n2. Anna · 1 quadro · 120 punti ▼1\n" in closed
    assert (await table.reply("/classifica")).endswith(
        "Punti nel quadro 2: Bruno 20, Dario 24, Carlo 40, Anna 120"
    )


async def test_four_quadri_names_the_tie_that_remains(table: Table) -> None:
    await table.send("/nuova quadri Anna Bruno Carlo Dario")
    for _ in range(15):
        await table.record("/mano 5 5 5 5")
    last = await table.record("/mano 5 5 5 5")
    assert last.endswith(
        "🏆 Vincono a pari merito Anna, Bruno, Carlo e Dario con 4 quadri e 80 punti!\n"
        "Stessi quadri e stessi punti: il regolamento propone una gara di schiaffi per decidere."
    )


async def test_four_quadri_keeps_its_four_players(table: Table) -> None:
    assert (await table.reply("/nuova quadri Anna Bruno Carlo")).startswith(
        "A 4 Quadri si gioca in 4 esatti, non in 3"
    )
    await table.send("/nuova quadri Anna Bruno Carlo Dario")
    assert (await table.reply("/entra Elena")).startswith("A 4 Quadri giocano sempre gli stessi 4")
    assert (await table.reply("/esci Anna")).startswith("A 4 Quadri giocano sempre gli stessi 4")


async def test_a_controtamalo_game_with_counter_calls_won_and_lost(table: Table) -> None:
    started = await table.reply("/nuova contro Anna Bruno Carlo Dario")
    assert started.startswith("🃏 Nuova partita ControTamalo, si chiude a 100 punti.")
    assert "Nella mano: t=Nome chi chiama Tamalo, ct=Nome chi chiama ControTamalo," in started
    assert "Per una partita più corta" in started
    await table.send("/fine")

    started = await table.reply("/nuova contro soglia=10 Anna Bruno Carlo Dario")
    assert started.startswith("🃏 Nuova partita ControTamalo, si chiude a 10 punti.")
    assert "Per una partita più corta" not in started
    assert table.buttons() == {}  # a target chosen: nothing proposed

    first = await table.reply("/mano Anna 3 Bruno 7 Carlo 12 f=Dario t=Anna")
    assert first.startswith(
        "Mano 1:\nAnna +2 (carte 3) · Tamalo sbagliato ❌\nBruno +1 (carte 7)\n"
        "Carlo +2 (carte 12)\nDario -2 (ha finito le carte)\n"
    )
    won = await table.reply("/mano 4 2 9 23 t=Anna ct=Bruno")
    assert "Bruno -3 (carte 2) · ControTamalo riuscito ✅" in won
    assert "Anna +2 (carte 4) · Tamalo sbagliato ❌" in won
    lost = await table.reply("/mano 2 3 1 14 t=Anna ct=Bruno")
    assert "Bruno +3 (carte 3) · ControTamalo sbagliato ❌" in lost
    assert "Carlo -3 (carte 1)" in lost
    assert await table.totals() == {"Anna": 6, "Bruno": 1, "Carlo": 0, "Dario": 3}
    await table.send("/mano 1 4 30 5 t=Anna")
    assert await table.totals() == {"Anna": 4, "Bruno": 0, "Carlo": 4, "Dario": 4}

    last = await table.reply("/mano 0 0 60 0 f=Anna")
    assert "🏁 Partita finita: Carlo ha raggiunto 11 punti (soglia 10)." in last
    assert last.endswith(
        "Classifica finale:\n1. Bruno -1\n2. Anna 2\n3. Dario 3\n4. Carlo 11\n\n"
        "🏆 Vince Bruno con -1 punto!"
    )


async def test_the_lower_controtamalo_target_is_a_button_until_the_first_hand(
    table: Table,
) -> None:
    started = await table.reply("/nuova contro Anna Bruno Carlo")
    assert (
        "Per una partita più corta, prima della prima mano tocca qui sotto «🎯 Si chiude a 30»."
    ) in started
    (lower,) = table.buttons().values()

    toast, shown = await table.press(lower, user=7)
    assert toast == "Fatto: la partita si chiude a 30 punti."
    assert shown is not None
    assert shown.startswith("🃏 Nuova partita ControTamalo, si chiude a 30 punti.")
    assert "Per una partita più corta" not in shown
    assert table.buttons() == {}
    first = await table.reply("/mano 30 1 2")  # Anna +4: 26 from the new target
    assert "🎯 Alla soglia di 30 mancano: Anna 26, Bruno 31\n" in first
    ended = await table.reply("/mano 250 1 2")  # Anna +26: exactly 30 ends the game
    assert "🏁 Partita finita: Anna ha raggiunto 30 punti (soglia 30)." in ended

    await table.send("/fine")
    await table.send("/nuova contro Anna Bruno")
    (late,) = table.buttons().values()
    await table.send("/mano 3 7")
    before = await table.dump()
    assert await table.press(late) == (
        "La partita è già cominciata: la soglia non cambia più.",
        None,
    )
    assert await table.dump() == before
    assert (await table.reply("/classifica")).startswith("Classifica dopo 1 mano (si chiude a 100)")
    assert await table.press(lower) == (
        "La partita è già cominciata: la soglia non cambia più.",
        None,
    )


async def test_classic_games_do_not_advertise_controtamalo(table: Table) -> None:
    started = await table.reply("/nuova Anna Bruno")
    assert "ct=" not in started
    assert "Nella mano: t=Nome chi chiama Tamalo, f=Nome chi ha finito le carte." in started
    assert table.buttons() == {}
    assert await table.reply("/mano 3 12 x=Anna") == (
        "Non capisco «x=Anna». Dopo i totali puoi scrivere: t=Nome chi ha chiamato Tamalo, "
        "f=Nome chi ha finito le carte."
    )
    await table.send("/fine")
    await table.send("/nuova contro Anna Bruno")
    assert "ct=Nome chi ha chiamato ControTamalo" in await table.reply("/mano 3 12 x=Anna")


IMPOSSIBLE_MARKERS = [
    ("/mano 1 2 3 4 ct=Bruno", "Bruno ha chiamato ControTamalo, ma nessuno ha chiamato Tamalo"),
    ("/mano 1 2 3 4 t=Anna ct=Anna", "Anna non può chiamare Tamalo e ControTamalo"),
    ("/mano 1 2 3 4 t=Anna ct=Bruno ct=Carlo", "ControTamalo lo chiama uno solo"),
    ("/mano Anna 3 Bruno 2 Carlo 1 Dario 9 f=Anna", "Anna ha finito le carte (f=Anna), quindi ha 0"),
    ("/mano 1 2 3 4 f=Zoe", "f=Zoe: Zoe non gioca questa mano."),
    ("/mano 1 2 3 4 fuori", "Scrivi chi ha finito le carte dopo fuori=, per esempio fuori=Anna."),
    ("/mano 1 2 3 t=Anna", "Hai scritto 3 totali, ma giocano in 4"),
    ("/mano 1 2 3 4 x=Anna", "Non capisco «x=Anna»."),
]  # fmt: skip


@pytest.mark.parametrize(("hand", "mistake"), IMPOSSIBLE_MARKERS)
def test_impossible_markers_are_refused(hand: str, mistake: str) -> None:
    assert mistake in refusal("/nuova contro Anna Bruno Carlo Dario", hand)


async def test_impossible_markers_are_refused_in_the_chat(table: Table) -> None:
    await table.send("/nuova contro Anna Bruno Carlo Dario")
    assert await table.refusals(IMPOSSIBLE_MARKERS) == []


async def test_who_finished_the_cards_may_be_left_out(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    assert (await table.reply("/mano Bruno 7 Carlo 9 f=Anna")).startswith(
        "Mano 1:\nAnna 0 (ha finito le carte)\nBruno 7\nCarlo 9"
    )
    await table.record("/mano 7 9 f=Anna")  # seat order, without Anna
    await table.record("/mano 0 7 9 f=Anna")  # or with her 0 (the same hand again)
    assert await table.totals() == {"Anna": 0, "Bruno": 21, "Carlo": 27}
    assert "si chiama solo nelle partite ControTamalo" in await table.reply(
        "/mano 1 2 3 t=Anna ct=Bruno"
    )


async def test_game_options_are_stated_and_checked(table: Table) -> None:
    started = await table.reply("/nuova Anna Bruno soglia=50 jokes pari_perde 6carte")
    assert started.startswith(
        "🃏 Nuova partita classica, si chiude a 50 punti.\n"
        "Opzioni: con i Jolly (15 punti), pari perde (un pari batte chi chiama Tamalo), 6 carte.\n"
    )
    assert "Anna 15 (carte 3) · Tamalo sbagliato ❌" in await table.reply(
        "/mano Anna 3 Bruno 3 t=Anna"
    )
    assert await table.totals() == {"Anna": 15, "Bruno": 0}
    await table.send("/mano Anna JK,KR Bruno 40")
    assert await table.totals() == {"Anna": 30, "Bruno": 40}
    assert (await table.reply("/entra Carlo")).startswith("La variante a 6 carte si gioca in due")
    await table.close()
    for typed, mistake in [
        ("/nuova classica contro Anna Bruno", "Scegli una modalità sola"),
        ("/nuova soglia=cento Anna Bruno", "soglia=cento: scrivi un numero di punti tra 5 e 1000"),
        ("/nuova 6carte Anna Bruno Carlo", "La variante a 6 carte si gioca in due"),
        ("/nuova spareggio Anna Bruno", "Lo spareggio col mazziere vale solo a 4 Quadri"),
        ("/nuova Anna Bruno mazziere=Zoe", "mazziere=Zoe: Zoe non gioca."),
        ("/nuova Anna Bruno colore=rosso", "Non capisco «colore=rosso»."),
    ]:
        assert (await table.reply(typed)).startswith(mistake), typed


async def test_the_deal_rotates_and_mazziere_says_who_is_next(table: Table) -> None:
    started = await table.reply("/nuova Anna Bruno Carlo Dario mazziere=Bruno")
    assert "Prima mano: distribuisce Bruno." in started
    assert await table.reply("/mazziere") == "Mano 1: distribuisce Bruno."
    assert (await table.reply("/mano 1 2 3 4")).endswith("Prossimo mazziere: Carlo.")
    await table.record("/mano 1 2 3 4")
    assert await table.reply("/dealer") == "Mano 3: distribuisce Dario."
    await table.send("/esci Dario")
    assert await table.reply("/mazziere") == "Mano 3: distribuisce Anna."  # Dario is skipped
    await table.send("/entra Elena")  # the new seat is after Dario, before Anna
    assert await table.reply("/mazziere") == "Mano 3: distribuisce Elena."
    await table.send("/mano Anna 1 Bruno 2 Carlo 3 Elena 4")
    assert await table.reply("/mazziere") == "Mano 4: distribuisce Anna."
    async with table.app.bot_data.db.transaction() as session:
        stored = await session.execute(
            text("SELECT h.number, p.name FROM hands h JOIN players p ON p.id = h.dealer_id")
        )
        assert sorted(tuple(row) for row in stored) == [(1, "Bruno"), (2, "Carlo"), (3, "Elena")]


async def test_a_player_leaves_and_keeps_their_history(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 10 20 30")
    left = await table.reply("/esci bruno")
    assert left.startswith("Bruno lascia la partita con 20 punti")
    assert left.endswith("Classifica:\n1. Anna 10\n2. Carlo 30")
    assert "Manca il totale" not in await table.reply("/mano 10 50")
    (ended,) = await table.close()
    assert ended == (
        "Partita chiusa.\nClassifica finale:\n1. Anna 20\n2. Carlo 80\n"
        "Hanno lasciato: Bruno 20\n\n🏆 Vince Anna con 20 punti!\n\n"
        "Chiusa per sbaglio? /riapri la riapre, finché non ne inizia un'altra."
    )


async def test_the_last_two_cannot_leave(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    assert (await table.reply("/esci Anna")).startswith("Siete rimasti in due")
    assert (await table.reply("/esci Zoe")).startswith("Zoe non gioca in questa partita.")


async def test_a_wrong_hand_fixed_with_correggi(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 10 20 30")
    await table.send("/mano 3 12 7 t=Anna")
    fixed = await table.reply("/correggi 1 Anna 10 Bruno 2 Carlo 30")
    assert fixed.startswith("Mano 1 corretta:\nAnna 10\nBruno 0\nCarlo 30\n")
    assert fixed.endswith(
        "Classifica:\n1. Anna 10\n2. Bruno 12\n3. Carlo 37\n\nProssimo mazziere: Carlo."
    )
    assert await table.totals() == {"Anna": 10, "Bruno": 12, "Carlo": 37}

    # A hand typed wrong ends the game; the fix brings everyone back under 100: it reopens.
    ended = await table.reply("/mano 3 12 70 t=Anna")
    assert "🏁 Partita finita: Carlo ha raggiunto 107 punti" in ended
    reopened = await table.reply("/correggi 3 3 12 7 t=Anna")
    assert "Con questa correzione nessuno è alla soglia: la partita riprende." in reopened
    assert await table.totals() == {"Anna": 10, "Bruno": 24, "Carlo": 44}
    assert (await table.reply("/mano 1 2 3")).startswith("Mano 4:")

    # A fix that takes someone past the target ends the game, with the right winner.
    ended = await table.reply("/correggi 2 Anna 3 Bruno 90 Carlo 7 t=Anna")
    assert "🏁 Partita finita: Bruno ha raggiunto 102 punti" in ended
    assert ended.endswith("🏆 Vince Anna con 10 punti!")
    assert (await table.reply("/classifica")).startswith("Ultima partita, finita.")

    for typed, mistake in [
        ("/correggi", "Scrivi quale mano correggere"),
        ("/correggi 9 1 2 3", "Non c'è una mano 9: le mani giocate vanno da 1 a 4."),
        ("/correggi 1 1 2", "Hai scritto 2 totali, ma giocano in 3"),
    ]:
        before = await table.dump()
        assert (await table.reply(typed)).startswith(mistake), typed
        assert await table.dump() == before


async def test_correggi_follows_who_played_that_hand(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 10 20")
    await table.send("/entra Carlo")
    await table.send("/mano 1 1 1")
    assert (await table.reply("/correggi 1 10 30")).startswith("Mano 1 corretta:")
    assert await table.totals() == {"Anna": 10, "Bruno": 30, "Carlo": 30}


def tables_of(reply: str) -> list[list[str]]:
    found = re.findall(r"^Tavolo \d: (.+)$", reply, flags=re.MULTILINE)
    return [re.split(r", | ed? ", line) for line in found]


async def test_a_six_player_tournament_through_to_its_final(table: Table) -> None:
    assert (await table.reply("/torneo jokes Anna Bruno Carlo Dario Elena Franco")).startswith(
        "Nei tornei i Jolly sono vietati"
    )
    assert (await table.reply("/torneo Anna Bruno Carlo Dario Elena")).startswith(
        "Un torneo vuole almeno 6 giocatori"
    )
    started = await table.reply("/torneo Anna Bruno Carlo Dario Elena Franco")
    first, second = tables_of(started)
    assert sorted(first + second) == ["Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco"]
    assert len(first) == len(second) == 3

    assert (await table.reply("/mano 1 2 3")).startswith("Si gioca su più tavoli: scrivi i nomi")
    assert (await table.reply("/nuova Anna Bruno")).startswith("C'è un torneo in corso")
    a, b, c = first
    x, y, z = second
    one = await table.reply(f"/mano {a} 10 {b} 20 {c} 30 t={a}")
    assert one.startswith("Tavolo 1 · Mano 1:")
    two = await table.reply(f"/mano {z} 5 {x} 40 {y} 0")
    assert two.startswith("Tavolo 2 · Mano 1:")
    standings = await table.reply("/classifica")
    assert standings.startswith("Tavolo 1 · Classifica dopo 1 mano (si chiude a 100):")
    assert (
        f"Tavolo 2 · Classifica dopo 1 mano (si chiude a 100):\n1. {y} 0\n2. {z} 5\n" in standings
    )

    over = await table.reply(f"/mano {a} 10 {b} 90 {c} 30")  # b 110
    assert f"In finale: {names((a, c))}. Aspettiamo la fine dell'altro tavolo." in over
    # The other table keeps playing; its hands need no names now that it plays alone.
    assert (await table.reply("/mano 1 2 3")).startswith("Tavolo 2 · Mano 2:")
    final = await table.reply(f"/mano {x} 70 {y} 0 {z} 5")  # x 111
    assert "🏆 Entrambi i tavoli hanno finito: comincia la finale!" in final
    assert f"Giocano, in ordine: {names((a, c, y, z))}." in final

    hand = await table.reply(f"/mano {a} 3 {c} 40 {y} 60 {z} 8 t={a}")
    assert hand.startswith("Finale · Mano 1:")
    won = await table.record(f"/mano {a} 3 {c} 40 {y} 60 {z} 8 t={a}")  # y 120
    assert won.endswith(f"🏆 Vince {a} con 0 punti!\n\n🥇 {a} vince il torneo!")
    assert (await table.reply("/nuova Anna Bruno")).startswith("🃏 Nuova partita classica")


async def test_undoing_the_hand_that_ended_a_table_cancels_a_final_not_begun(table: Table) -> None:
    first, second = tables_of(await table.reply("/torneo Anna Bruno Carlo Dario Elena Franco"))
    a, b, c = first
    x, y, z = second
    await table.send(f"/mano {x} 110 {y} 0 {z} 5")
    final = await table.reply(f"/mano {a} 10 {b} 100 {c} 30")
    assert "comincia la finale" in final
    undone = await table.reply("/annulla")
    assert undone.startswith("Tavolo 1 · Ho annullato la mano 1. La partita riprende.")
    standings = await table.reply("/classifica")
    assert standings.startswith("Tavolo 1 · Classifica dopo 0 mani")
    final = await table.reply(f"/mano {a} 10 {b} 5 {c} 100")
    assert f"Giocano, in ordine: {names((b, a, y, z))}." in final  # best first


async def test_a_table_is_fixed_after_the_final_started_and_the_final_waits(table: Table) -> None:
    first, second = tables_of(await table.reply("/torneo Anna Bruno Carlo Dario Elena Franco"))
    a, b, c = first
    x, y, z = second
    await table.send(f"/mano {a} 10 {b} 100 {c} 30")
    assert "comincia la finale" in await table.reply(f"/mano {x} 10 {y} 100 {z} 30")
    fixed = await table.reply(f"/correggi 1 {a} 10 {b} 20 {c} 30")
    assert fixed.startswith("Tavolo 1 · Mano 1 corretta:")
    assert "nessuno è alla soglia: la partita riprende" in fixed
    standings = await table.reply("/classifica")
    assert "Tavolo 1 · Classifica dopo 1 mano" in standings
    assert "Tavolo 2 · Partita finita." in standings
    assert "Finale" not in standings
    final = await table.reply(f"/mano {a} 0 {b} 90 {c} 0")
    assert f"Giocano, in ordine: {names((a, c, x, z))}." in final


async def test_undo_takes_back_the_chats_last_hand_across_tables(table: Table) -> None:
    first, second = tables_of(await table.reply("/torneo Anna Bruno Carlo Dario Elena Franco"))
    a, b, c = first
    x, y, z = second
    await table.send(f"/mano {x} 10 {y} 20 {z} 30")
    ended = await table.reply(f"/mano {a} 10 {b} 100 {c} 30")  # mistyped: ends table 1
    assert "Aspettiamo la fine dell'altro tavolo" in ended
    undone = await table.reply("/annulla")
    assert undone.startswith("Tavolo 1 · Ho annullato la mano 1. La partita riprende.")
    assert (await table.reply("/annulla")).startswith("Tavolo 2 · Ho annullato la mano 1.")


async def test_closing_a_final_before_its_first_hand_crowns_nobody(table: Table) -> None:
    first, second = tables_of(await table.reply("/torneo Anna Bruno Carlo Dario Elena Franco"))
    await table.send(f"/mano {first[0]} 100 {first[1]} 1 {first[2]} 2")
    await table.send(f"/mano {second[0]} 100 {second[1]} 1 {second[2]} 2")
    closed = await table.reply("/fine")
    assert closed.startswith("Finale · Partita chiusa.")
    assert closed.endswith("La finale si chiude senza mani giocate: il torneo non ha un vincitore.")
    assert (await table.reply("/nuova Anna Bruno")).startswith("🃏 Nuova partita")


async def test_a_leaver_is_told_apart_and_an_undone_hand_is_retyped_with_them(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 10 20 30")
    await table.record("/mano 10 20 30")
    await table.send("/esci Bruno")
    assert await table.reply("/mano Anna 1 Bruno 2 Carlo 3") == (
        "Bruno non giocava in questa mano: scrivi solo Anna e Carlo."
    )
    assert await table.reply("/entra Bruno") == (
        "Bruno ha lasciato questa partita e non può rientrare: giocherà la prossima."
    )
    undone = await table.reply("/annulla")
    assert "Bruno giocava ancora nella mano 2: riscrivila con il suo totale." in undone
    assert (await table.reply("/mano Anna 1 Bruno 2 Carlo 3")).startswith("Mano 2:")
    assert (await table.reply("/mano Anna 1 Carlo 3")).startswith("Mano 3:")
    assert await table.totals() == {"Anna": 10, "Bruno": 20, "Carlo": 30}


async def test_a_joiner_keeps_the_entry_total_announced_when_someone_leaves(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 40 72 55")
    assert (await table.reply("/entra Dario")).startswith("Dario entra in partita con 72 punti")
    await table.send("/esci Bruno")
    await table.send("/mano Anna 0 Carlo 0 Dario 0")
    assert await table.totals() == {"Anna": 40, "Bruno": 72, "Carlo": 55, "Dario": 72}


async def test_undoing_a_hand_of_a_game_that_stays_over_does_not_reopen_it(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano 50 10")
    await table.send("/mano 10 10")
    await table.send("/mano 50 10")  # Anna 110: over
    await table.send("/correggi 2 Anna 60 Bruno 10")  # Anna 160: still over
    undone = await table.reply("/annulla")  # hand 3 goes, Anna is still at 110
    assert undone.startswith("Ho annullato la mano 3.\n\nUltima partita, finita.")
    assert "riprende" not in undone
    assert (await table.reply("/mano 1 2")).startswith("Nessuna partita in corso.")


async def test_where_nobody_joins_no_reply_suggests_entra(table: Table) -> None:
    await table.send("/nuova quadri Anna Bruno Carlo Dario")
    before = await table.dump()
    refused = await table.reply("/mano Anna 3 Bruno 4 Carlo 5 Zed 6")
    assert refused == (
        "Zed non gioca in questa partita, e in questa partita non si entra a gioco iniziato. "
        "Giocano: Anna, Bruno, Carlo e Dario."
    )
    close = await table.reply("/mano Anna 3 Bruno 4 Carlo 5 Darios 6")
    assert close == (
        "Darios non gioca in questa partita: intendevi Dario? Giocano: Anna, Bruno, Carlo e Dario."
    )
    assert await table.dump() == before


async def test_a_finalist_named_at_the_other_table_is_told_she_waits_for_the_final(
    table: Table,
) -> None:
    first, second = tables_of(await table.reply("/torneo Anna Bruno Carlo Dario Elena Franco"))
    a, b, c = first
    x, y, z = second
    assert "Aspettiamo la fine dell'altro tavolo." in await table.reply(
        f"/mano {a} 5 {b} 100 {c} 30"
    )
    await table.send(f"/mano {x} 1 {y} 2 {z} 3")
    before = await table.dump()
    here = names((x, y, z))

    waiting = await table.reply(f"/mano {a} 5 {y} 30 {z} 3")
    assert waiting == (
        f"{a} ha già finito al suo tavolo ed è in finale: aspetta che finisca l'altro tavolo. "
        f"Qui giocano: {here}."
    )
    out = await table.reply(f"/mano {x} 5 {b} 30 {z} 3")
    assert out == f"{b} ha già finito al suo tavolo e non è in finale. Qui giocano: {here}."
    assert "/entra" not in await table.reply(f"/mano {x} 5 {y} 30 Zed 3")
    assert await table.dump() == before


async def test_joining_a_tournament_is_refused_whatever_the_tables(table: Table) -> None:
    await table.send("/torneo Anna Bruno Carlo Dario Elena Franco")
    before = await table.dump()
    assert await table.reply("/entra Zed") == (
        "In un torneo i tavoli sono fatti: non si entra a partita iniziata."
    )
    assert await table.dump() == before
