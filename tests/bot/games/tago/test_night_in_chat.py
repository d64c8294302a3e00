"""A night of Tagò in a group chat, typed command by command through the real Application:
the worked examples of RULES-tago.md ("Pots and side pots", "Settle-up") with their stacks
and payments, refusals that change nothing, /annulla and /correggi, a restart, the jackpot
carried into the next night, and the same in English."""

import pytest
from telegram import Update

from play.tago import night as play_night
from storage import UnitOfWork
from tests.bot.conftest import StartBot, Table, buttons_of
from tests.bot.fakes import BOT_USER

#: RULES-tago.md, "Pots and side pots": the worked example's hand (no jackpot share, so that
#: the pots are the example's figures).
OPEN = "/nuova tago light 5/300 ante=5 jackpot=0% Anna Bruno Carlo Dario"
SIDE_POT = "/mano punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Carlo 200 5,6,½ Dario 40 lascia"


async def test_the_side_pot_example_pays_bruno_the_main_pot_and_anna_the_side_pot(
    table: Table,
) -> None:
    opened = await table.reply(OPEN)
    assert opened == (
        "🃏 Serata di Tagò: light 5/300 · ante 5 · 0% al jackpot\n"
        "Al tavolo: Anna 300, Bruno 300, Carlo 300, Dario 300\n"
        "Primo mazziere: Anna\n"
        "🎰 Jackpot: 0"
    )
    hand = await table.reply(SIDE_POT)
    assert hand == (
        "🃏 Mano 1 · mazziere Anna, primo di mano Bruno\n"
        "PUNTO 4,½,0 → 4½\n"
        "Anna 4,4,2 → 2, coppia di 4 tolta, a 2½\n"
        "Bruno 3,1,½ → 4½, VALORE\n"
        "Carlo 5,6,½ → 11½, a 7\n"
        "Lasciano la mano: Dario\n"
        "💰 Piatto principale 490 · Anna, Bruno, Carlo → Bruno\n"
        "💰 Piatto laterale 100 · Anna, Carlo → Anna\n"
        "Fiches dopo la mano:\n"
        "Anna 200 (−100)\nBruno 640 (+340)\nCarlo 100 (−200)\nDario 260 (−40)\n"
        "🎰 Jackpot: 0"
    )
    assert (await table.reply("/classifica")) == (
        "🃏 Classifica della serata, per risultato (light 5/300 · ante 5 · 0% al jackpot)\n"
        "1. Bruno +340 (fiches 640, comprate 300)\n"
        "2. Dario −40 (fiches 260, comprate 300)\n"
        "3. Anna −100 (fiches 200, comprate 300)\n"
        "4. Carlo −200 (fiches 100, comprate 300)\n"
        "🎰 Jackpot: 0"
    )


async def play_the_settle_up_example(table: Table, opening: str = OPEN) -> None:
    """RULES-tago.md, "Settle-up": Anna buys 300, re-buys 300 and ends with 900; Bruno 300 → 0;
    Carlo 300 → 250; Dario 300 → 330; the jackpot grows by 20 (four curiosi at 5)."""
    await table.send(opening)
    assert (await table.reply("/ricarica Anna 300")).startswith("💶 Anna ricarica 300: ora ha 600")
    await table.send(
        "/mano punto=1,7,3 Anna 300 1,7,3 Bruno 300 5,6,0 Carlo 5 lascia Dario 5 lascia"
    )
    await table.send("/mano Anna 15 lascia Carlo 30 lascia Dario 45 2,2,2")
    curious = await table.reply("/curioso Anna Carlo")
    assert curious == (
        "👀 Anna e Carlo pagano 5 a testa per vedere la carta coperta: va al jackpot.\n"
        "🎰 Jackpot: 10"
    )
    await table.send("/mano Anna 5 3,3,3 Carlo 5 lascia Dario 5 lascia")
    await table.send("/curioso Carlo Dario")


async def test_the_settle_up_example_closes_the_night_with_the_fewest_payments(
    table: Table,
) -> None:
    await play_the_settle_up_example(table)
    assert (await table.reply("/jackpot")) == "🎰 Jackpot: 20 (stasera +20)"
    closed = await table.reply("/saldo")
    assert closed == (
        "🏁 Fine della serata di Tagò. Risultati:\n"
        "1. Anna +300 (fiches 900, comprate 600)\n"
        "2. Dario +30 (fiches 330, comprate 300)\n"
        "3. Carlo −50 (fiches 250, comprate 300)\n"
        "4. Bruno −300 (fiches 0, comprate 300)\n"
        "🎰 Jackpot: 20 (stasera +20)\n"
        "Pagamenti:\n"
        "Bruno → Anna 300\n"
        "Carlo → Dario 30\n"
        "Carlo → Cassa del jackpot 20"
    )
    # Closed: no more hands; the results stay visible.
    assert (await table.reply("/mano Anna 5 lascia Dario 5 1,1,1")).startswith(
        "Nessuna serata di Tagò in corso."
    )
    assert (await table.reply("/classifica")) == closed
    # The jackpot carries over into the chat's next night.
    assert (await table.reply("/jackpot")) == "🎰 Jackpot: 20"
    again = await table.reply("/nuova tago heavy 5/300 Anna Bruno=400")
    assert again.endswith("Al tavolo: Anna 300, Bruno 400\nPrimo mazziere: Anna\n🎰 Jackpot: 20")


async def test_fine_asks_then_closes_the_night_as_saldo_does(table: Table) -> None:
    """Issue 33: one reflex /fine closed the night for good; now it asks first, and /riapri
    takes the night back with its stacks until another game starts."""
    await play_the_settle_up_example(table)
    before = await table.dump()
    asked = await table.reply("/fine")
    assert asked.startswith("Chiudere la serata di Tagò adesso?")
    assert list(table.buttons()) == ["🏁 Sì, chiudi la serata", "▶️ No, continuiamo"]
    assert await table.dump() == before  # asked, nothing changed
    (closed,) = await table.close()
    assert closed.startswith("🏁 Fine della serata di Tagò. Risultati:\n1. Anna +300")
    assert closed.endswith("Carlo → Cassa del jackpot 20")
    reopened = await table.reply("/riapri")
    assert reopened.startswith("🔓 Serata di Tagò riaperta: si continua con le fiches di prima.")
    assert "🎰 Jackpot:" in reopened
    assert await table.reply("/riapri") == "La partita è già in corso."
    # The jackpot is the night's again, and the settle-up once more settles it.
    assert (await table.reply("/saldo")).endswith("Carlo → Cassa del jackpot 20")


async def test_a_zero_takes_the_pot_and_the_whole_jackpot(table: Table) -> None:
    await table.send("/nuova tago light 5/300 ante=5 jackpot=10% Anna Bruno")
    first = await table.reply("/mano punto=4,½,0 Anna 5 4,4,2 Bruno 5 3,1,½")
    assert "🎰 Al jackpot dalle ante: 1 (2 × 0,50)" in first
    assert "💰 Piatto principale 9 · Anna, Bruno → Bruno" in first
    assert first.endswith("Anna 295 (−5)\nBruno 304 (+4)\n🎰 Jackpot: 1")
    zero = await table.reply("/mano punto=6,6,2 scelta=2 Anna 20 1,1,2 Bruno 20 0,0,0")
    assert "Bruno 0,0,0 → ZERO" in zero
    assert "🎉 ZERO di Bruno: vince il jackpot, 2!" in zero
    assert zero.endswith("Anna 275 (−20)\nBruno 325 (+21)\n🎰 Jackpot: 0")


async def test_a_punto_with_a_pair_asks_first_and_records_nothing(table: Table) -> None:
    await table.send("/nuova tago light 5/300 Anna Bruno")
    asked = await table.refusals(
        [("/mano punto=6,6,2 Anna 20 1,1,2 Bruno 20 0,0,1", "Quale sceglie il primo di mano?")]
    )
    assert asked == []


async def test_refusals_change_nothing(table: Table) -> None:
    await table.send("/nuova tago light 5/300 ante=5 Anna Bruno Carlo")
    await table.send("/mano Anna 5 lascia Bruno 50 lascia Carlo 50 1,1,1")
    over_chips = "/mano punto=1,2,3 Anna 400 1,1,2 Bruno 5 lascia Carlo 5 lascia"
    assert (
        await table.refusals(
            [(over_chips, "Anna ha messo 400 ma ha solo 295 fiches: controlla, o prima /ricarica.")]
        )
        == []
    )
    await table.send("/ricarica Carlo 1000")  # the chips for a bet over the Light maximum
    assert (
        await table.refusals(
            [
                (
                    "/mano punto=1,2,3 Carlo 1000 1,1,2 Anna 5 lascia",
                    "Carlo ha messo 1000: al tavolo light si arriva al massimo a 905",
                ),
                ("/mano punto=1,2,9 Anna 5 1,1,2 Bruno 5 3,3,3", "9"),
                ("/mano punto=1,1,1 Anna 5 1,1,2 Bruno 5 3,3,3", "Il 1 compare 5 volte"),
                ("/mano Anna 5 lascia Bruno 5 lascia", "Hanno lasciato tutti"),
                ("/mano Anna 5 1,1,2 Elena 5 3,3,3", "Elena"),
                ("/mano Anna 2 lascia Bruno 5 1,1,1", "meno dell'ante"),
                ("/curioso Carlo", "Carlo non ha lasciato nell'ultima mano"),
                ("/ricarica Anna", "Anna"),
                ("/correggi 7 Anna 5 lascia Bruno 5 1,1,1", "Non c'è la mano 7"),
                ("/correggi Anna", "Scrivi il numero della mano"),
                ("/nuova Anna Bruno", "Anna, Bruno e Carlo"),
            ]
        )
        == []
    )


async def test_night_commands_without_a_night_say_how_to_open_one(table: Table) -> None:
    assert (
        await table.refusals(
            [
                ("/ricarica Anna 300", "Nessuna serata di Tagò in corso."),
                ("/curioso Anna", "Nessuna serata di Tagò in corso."),
                ("/saldo", "Nessuna serata di Tagò in corso."),
                ("/nuova tago 5/300 Anna", "Al Tagò si gioca da 2 a 8"),
                ("/nuova tago light Anna Bruno", "5/300"),
            ]
        )
        == []
    )
    assert await table.reply("/jackpot") == "🎰 Jackpot: 0"


async def test_undo_takes_back_the_last_event_and_fix_reports_a_hand_again(table: Table) -> None:
    await table.send(OPEN)
    await table.send(SIDE_POT)
    await table.send("/ricarica Carlo 200")
    await table.send("/mano Anna 5 lascia Bruno 5 lascia Carlo 5 1,1,1 Dario 5 lascia")
    await table.send("/curioso Dario")
    assert (await table.reply("/annulla")).startswith("↩️ Annullato il curioso di Dario.\n")
    assert (await table.reply("/annulla")).startswith("↩️ Annullata la mano 2.\n")
    undone = await table.reply("/annulla")
    assert undone.startswith("↩️ Annullata la ricarica di Carlo (200).\n")
    assert undone.endswith("4. Carlo −200 (fiches 100, comprate 300)\n🎰 Jackpot: 0")
    # Dario put in 5, not 40: the main pot is 35 smaller, and Bruno wins it.
    fixed = await table.reply(SIDE_POT.replace("/mano", "/correggi 1").replace("40", "5"))
    assert fixed.startswith("✏️ Mano 1 corretta.\n🃏 Mano 1 · mazziere Anna")
    assert "💰 Piatto principale 455 · Anna, Bruno, Carlo → Bruno" in fixed
    assert fixed.endswith(
        "1. Bruno +305 (fiches 605, comprate 300)\n2. Dario −5 (fiches 295, comprate 300)\n"
        "3. Anna −100 (fiches 200, comprate 300)\n4. Carlo −200 (fiches 100, comprate 300)\n"
        "🎰 Jackpot: 0"
    )
    assert (await table.reply("/annulla")).startswith("↩️ Annullata la mano 1.\n")
    assert (await table.reply("/annulla")) == "Nella serata non c'è ancora niente da annullare."


async def test_a_restart_loses_nothing(start_bot: StartBot) -> None:
    async with start_bot() as table:
        await table.send(OPEN)
        await table.send(SIDE_POT)
        await table.send("/ricarica Carlo 200")
    play_night._NIGHTS.clear()  # a new process: the night is replayed from the database
    async with start_bot() as table:
        assert (await table.reply("/classifica")).endswith(
            "1. Bruno +340 (fiches 640, comprate 300)\n2. Dario −40 (fiches 260, comprate 300)\n"
            "3. Anna −100 (fiches 200, comprate 300)\n4. Carlo −200 (fiches 300, comprate 500)\n"
            "🎰 Jackpot: 0"
        )
        hand = await table.reply("/mano Anna 5 lascia Bruno 5 lascia Carlo 5 1,1,1 Dario 5 lascia")
        assert hand.startswith("🃏 Mano 2 · mazziere Bruno, primo di mano Carlo")


async def test_tamalo_plays_on_after_a_night(table: Table) -> None:
    await table.send(OPEN)
    await table.send("/saldo")
    started = await table.reply("/nuova Anna Bruno")
    assert "Giocano, in ordine: Anna e Bruno." in started
    assert (await table.reply("/mano Anna 3 Bruno 12")).startswith("Mano 1:")


async def test_a_night_in_english(table: Table) -> None:
    await table.send("/language en")
    opened = await table.reply("/new tago light 5/300 ante=5 jackpot=0% Anna Bruno Carlo Dario")
    assert opened.startswith("🃏 A night of Tagò: light 5/300 · ante 5 · 0% to the jackpot")
    hand = await table.reply(
        "/hand point=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Carlo 200 5,6,½ Dario 40 fold"
    )
    assert "Bruno 3,1,½ → 4½, VALORE" in hand
    assert "Anna 200 (−100)\nBruno 640 (+340)\nCarlo 100 (−200)\nDario 260 (−40)" in hand
    assert (await table.reply("/rebuy Anna 300")).startswith("💶 Anna re-buys 300: now has 500")
    assert (await table.reply("/curious Dario")).startswith("👀 Dario pays 5")
    assert (await table.reply("/undo")).startswith("↩️")
    settled = await table.reply("/settle")
    assert "Payments:" in settled


@pytest.mark.parametrize(
    "typed", ["/nuova TAGO light 5/300 Anna Bruno", "/nuova Tagò light 5/300 Anna Bruno"]
)
async def test_tago_is_named_however_it_is_spelled(table: Table, typed: str) -> None:
    assert (await table.reply(typed)).startswith("🃏 Serata di Tagò")


async def press_choice(table: Table, command: Update, data: str) -> tuple[str | None, str | None]:
    """``command`` was answered with the pair question; a player presses the button ``data``
    of it: (the toast, the question's new text)."""
    number = next(table._ids)
    query = {
        "id": str(number),
        "from": {"id": 42, "is_bot": False, "first_name": "Utente42"},
        "chat_instance": "tavolo",
        "data": data,
        "message": {
            "message_id": number,
            "date": 1_700_000_000,
            "chat": table.chat,
            "from": BOT_USER,
            "text": "…",
            "reply_to_message": command.to_dict()["message"],
        },
    }
    before = len(table.request.calls)
    await table.app.process_update(
        Update.de_json({"update_id": number, "callback_query": query}, table.app.bot)
    )
    if table.errors:
        raise table.errors.pop()
    calls = table.request.calls[before:]
    toast = next((p.get("text") for n, p in calls if n == "answerCallbackQuery"), None)
    edited = next((p["text"] for n, p in calls if n == "editMessageText"), None)
    return toast, edited


async def test_a_punto_with_a_pair_is_asked_about_with_two_buttons(table: Table) -> None:
    await table.send("/nuova tago light 5/300 ante=5 jackpot=0% Anna Bruno")
    command = table.update("/mano punto=6,6,2 Anna 20 1,1,2 Bruno 20 3,3,1")
    before = len(table.request.calls)
    await table.deliver(command)
    calls = table.request.calls[before:]
    (question,) = [p for name, p in calls if name == "sendMessage"]
    assert question["text"] == (
        "Il PUNTO 6,6,2 ha una coppia: vale 14 (la somma) o 2 (coppia tolta). "
        "Quale sceglie il primo di mano?"
    )
    assert buttons_of(calls) == {"14 (somma)": "tg:c:m:28", "2 (coppia tolta)": "tg:c:m:4"}
    assert await table.reply("/classifica") == (
        "🃏 Classifica della serata, per risultato (light 5/300 · ante 5 · 0% al jackpot)\n"
        "1. Anna 0 (fiches 300, comprate 300)\n1. Bruno 0 (fiches 300, comprate 300)\n"
        "🎰 Jackpot: 0"
    )
    # 2 chosen: Anna's pair of 1s off leaves 2, VALORE; Bruno's 3,3,1 counts 1.
    toast, recorded = await press_choice(table, command, "tg:c:m:4")
    assert recorded is not None
    assert "Anna 1,1,2 → 2, coppia di 1 tolta, VALORE" in recorded
    assert recorded.endswith("Anna 320 (+20)\nBruno 280 (−20)\n🎰 Jackpot: 0")
    # A second press records nothing more.
    toast, again = await press_choice(table, command, "tg:c:m:28")
    assert (toast, again) == ("Questa mano è già registrata.", None)
    assert (await table.reply("/classifica")).endswith(
        "1. Anna +20 (fiches 320, comprate 300)\n2. Bruno −20 (fiches 280, comprate 300)\n"
        "🎰 Jackpot: 0"
    )


async def test_tamalo_s_own_commands_say_what_a_night_takes(table: Table) -> None:
    await table.send(OPEN)
    assert await table.reply("/mazziere") == "🃏 Prossima mano: distribuisce Anna."
    refused = await table.reply("/regole")
    assert refused.startswith("/regole non serve in una partita di Tagò: lì servono /mano,")
    assert await table.refusals([("/rivincita", "ancora in corso")]) == []
    await table.send("/saldo")
    rematch = await table.reply("/rivincita")
    assert rematch.startswith("🃏 Serata di Tagò: light 5/300")
    assert "Al tavolo: Anna 300, Bruno 300, Carlo 300, Dario 300\nPrimo mazziere: Bruno" in rematch


async def test_a_whole_night_of_ten_hands(table: Table) -> None:
    """Issue 26's night: 4 players, 10 hands with an all-in side pot, a ZERO with the jackpot,
    a re-buy, a curioso, a correction and the settle-up; no chip made or lost on the way."""
    await table.send("/nuova tago light 5/300 ante=5 jackpot=10% Anna Bruno Carlo Dario")
    said = [await table.reply(SIDE_POT)]
    for typed in [
        "/mano punto=1,2,5 Anna 5 lascia Bruno 20 2,2,1 Carlo 20 3,3,3 Dario 5 lascia",
        "/curioso Anna",
        "/ricarica Carlo 200",
        "/mano punto=7,½,0 Anna 30 4,3,½ Bruno 30 8,0,0 Carlo 10 lascia Dario 30 6,1,½",
        "/mano punto=2,3,4 Anna 50 0,0,0 Bruno 50 5,4,1 Carlo 5 lascia Dario 5 lascia",
        "/mano punto=1,5,3 Anna 10 2,2,2 Bruno 10 4,5,0 Carlo 10 lascia Dario 10 lascia",
        "/mano punto=8,8,1 scelta=1 Anna 20 1,1,3 Bruno 20 0,½,½ Carlo 5 lascia Dario 5 lascia",
        "/mano Anna 5 lascia Bruno 5 lascia Carlo 5 lascia Dario 5",
        "/mano punto=4,½,0 Anna 40 4,4,2 Bruno 40 3,1,½ Carlo 40 5,6,½ Dario 40 lascia",
        "/mano punto=2,½,5 Anna 15 4,4,4 Bruno 15 6,6,6 Carlo 15 7,½,0 Dario 5 lascia",
        "/mano punto=1,7,3 Anna 25 1,7,3 Bruno 25 5,6,0 Carlo 5 lascia Dario 25 lascia",
        "/correggi 2 punto=1,2,5 Anna 5 lascia Bruno 25 2,2,1 Carlo 25 3,3,3 Dario 5 lascia",
    ]:
        said.append(await table.reply(typed))
    assert "💰 Piatto laterale" in said[0]
    assert "Carlo 3,3,3 → TRIS" in said[1]
    assert "(diviso: Anna" in said[4]
    assert "🎉 ZERO di Anna: vince il jackpot" in said[5]
    assert "Gli altri hanno lasciato: Dario prende tutto senza mostrare." in said[8]
    assert said[12].startswith("✏️ Mano 2 corretta.")
    async with table.app.bot_data.db.transaction() as session:
        record = await play_night.latest_night(
            UnitOfWork(session), await UnitOfWork(session).games.front(table.chat_id)
        )
    assert record is not None
    night = record.night
    assert len(night.deals) == 10
    bought = sum(night.ledger.bought_in.values())
    assert sum(night.totals().values()) + night.jackpot == bought + night.jackpot_in
    closed = await table.reply("/saldo")
    payments = closed.split("Pagamenti:\n")[1].splitlines()
    assert 1 <= len(payments) <= 4  # at most one fewer than the parties, the cashier included
    assert sum(night.results().values()) == -night.jackpot_grown


async def test_a_night_s_events_are_not_tamalo_s_hands_in_the_group_s_figures(
    table: Table,
) -> None:
    await table.send(OPEN)
    await table.send(SIDE_POT)
    await table.send("/saldo")
    assert await table.reply("/stats") == (  # Tagò's figures, and no Tamalo in them
        "📊 Statistiche del gruppo\n\nTagò\n1 serata chiusa.\n🎰 Jackpot: 0\n\n"
        "Per un giocatore: /stats Nome · la classifica di sempre: /classifica generale"
    )


async def test_an_edited_hand_is_corrected_and_a_mistake_edited_is_recorded(table: Table) -> None:
    await table.send(OPEN)
    typed = table.update(SIDE_POT)
    await table.deliver(typed)
    fixed = await table.deliver(table.edit(typed, SIDE_POT.replace("Dario 40", "Dario 5")))
    assert fixed[0].startswith("✏️ Mano 1 corretta.\n🃏 Mano 1 · mazziere Anna")
    assert fixed[0].endswith(
        "Anna 200 (−100)\nBruno 605 (+305)\nCarlo 100 (−200)\nDario 295 (−5)\n🎰 Jackpot: 0"
    )
    wrong = table.update("/mano Anna 5 lascia Bruno 5 lascia Carlo 5 1,1,1 Elena 5 lascia")
    assert "Elena" in (await table.deliver(wrong))[0]
    right = await table.deliver(
        table.edit(wrong, "/mano Anna 5 lascia Bruno 5 lascia Carlo 5 1,1,1 Dario 5 lascia")
    )
    assert right[0].startswith("🃏 Mano 2 · mazziere Bruno")


async def test_a_hand_s_question_whose_command_is_gone_says_so(table: Table) -> None:
    await table.send("/nuova tago light 5/300 Anna Bruno")
    assert await table.press("tg:c:m:4") == (
        "Non trovo più il messaggio con le carte: scrivilo di nuovo con scelta=2.",
        None,
    )
