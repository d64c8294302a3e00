"""Forgiving and strict input, in the chat: names whatever their accents, a hint for a near
miss, and every command refusing what it does not take, changing nothing."""

from __future__ import annotations

import pytest
from telegram import Update
from telegram.constants import MessageLimit

from bot import i18n, texts
from bot.app import HANDLERS
from bot.games.tamalo import texts as tamalo_texts
from bot.games.tamalo.texts import entry as keypad_texts
from bot.texts import mistakes as shared_mistakes
from tests.bot.conftest import Table

#: Commands that take nothing after them (``/fine`` and ``/tresei`` take a table's player).
NO_ARGUMENTS = {"annulla", "undo", "mazziere", "dealer", "grafico", "chart", "serata", "tonight",
                "esporta", "export", "regole", "rules", "mosse", "moves",
                "dicono", "rumours", "riapri", "reopen", "rivincita", "rematch"}  # fmt: skip
TABLE_ONLY = {"fine", "end", "tresei", "tressex"}
#: ``/leaderboard`` takes a period (``week``, ``month``, ``year``) or nothing.
PERIOD_ONLY = {"leaderboard"}
#: ``/aiuto tutto`` shows every command.
HELP = {"aiuto", "help"}
JUNK = ["1", "tutto ?", "Zed " + "#?" * 1500]


async def three_hands(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    for hand in ("3 12 7", "4 5 6", "9 0 2"):
        await table.send(f"/mano {hand}")


@pytest.mark.parametrize("junk", JUNK)
async def test_every_command_refuses_junk_with_one_message_and_changes_nothing(
    table: Table, junk: str
) -> None:
    await three_hands(table)
    for command in sorted(c for commands, _handler in HANDLERS for c in commands):
        before = await table.dump()
        replies = await table.send(f"/{command} {junk}")
        assert len(replies) == 1, (command, replies)
        assert len(replies[0]) <= MessageLimit.MAX_TEXT_LENGTH, command
        assert await table.dump() == before, command
        if command in NO_ARGUMENTS:
            assert " si scrive da solo, senza altro: «" in replies[0], (command, replies)
        if command in TABLE_ONLY:
            assert " si scrive da solo, o in un torneo " in replies[0], (command, replies)
        if command in PERIOD_ONLY:
            assert "» non è un periodo. Scrivi " in replies[0], (command, replies)
        if command in HELP:
            assert " da solo mostra i comandi per giocare, " in replies[0], (command, replies)
    assert (await table.totals()) == {"Anna": 9, "Bruno": 17, "Carlo": 13}


async def test_undo_and_end_do_only_what_they_say(table: Table) -> None:
    await three_hands(table)
    before = await table.dump()
    for typed in ("/annulla 1", "/annulla tutto", "/fine Zed", "/fine " + "x" * 3000):
        assert "non ho cambiato nulla" in (await table.reply(typed)).casefold()
    assert await table.dump() == before
    assert (await table.reply("/annulla")).startswith("Ho annullato la mano 3.")
    assert (await table.close())[0].startswith("Partita chiusa.")


async def test_start_takes_what_a_link_to_the_bot_adds(table: Table) -> None:
    assert await table.send("/start gruppo-tavolo") == [await table.reply("/aiuto")]
    assert (await table.reply("/aiuto mano")).startswith("/aiuto da solo mostra i comandi")


async def test_names_match_whatever_their_accents_everywhere(table: Table) -> None:
    await table.send("/nuova Nicolò Anna Bruno")
    assert (await table.reply("/mano nicolo 30 ANNA 5 bruno 7 t=NICOLO")).startswith("Mano 1:")
    assert await table.totals() == {"Nicolò": 45, "Anna": 5, "Bruno": 7}
    assert (await table.reply("/stats Nicolo")).startswith("📊 Nicolò\n")
    assert (await table.reply("/mossa coppiona nicolo")).startswith("🎭 Coppiona di Nicolò")
    assert await table.send("/sonoio NICOLO") == [texts.people.iam_linked("Nicolò", "Utente42")]
    assert (await table.reply("/esci Nicolo")).startswith("Nicolò lascia la partita con 45 punti")


async def test_a_near_miss_gets_did_you_mean_and_changes_nothing(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    before = await table.dump()
    assert await table.reply("/mano Ana 3 Bruno 5 Carlo 7") == (
        "Ana non gioca in questa partita: intendevi Anna? Giocano: Anna, Bruno e Carlo. "
        "Se è un'altra persona arrivata a partita iniziata, entra con /entra Ana."
    )
    assert await table.reply("/mano Anna A 7 KN Bruno 12 Carlo 0") == (
        "Le carte di Anna vanno unite da virgole, senza spazi: Anna A,7,KN."
    )
    assert (await table.reply("/stats Brno")).endswith(" Intendevi Bruno?")
    assert await table.dump() == before


async def test_two_swapped_letters_get_did_you_mean(table: Table) -> None:
    await table.send("/nuova Anna Bruno Nicolò")
    before = await table.dump()
    assert await table.reply("/mano Anan 3 Bruno 7 Nicolò 9") == (
        "Anan non gioca in questa partita: intendevi Anna? Giocano: Anna, Bruno e Nicolò. "
        "Se è un'altra persona arrivata a partita iniziata, entra con /entra Anan."
    )
    assert (await table.reply("/mano Anna 3 Bruno 7 Nicolò 9 t=Anan")).endswith(
        " Intendevi t=Anna?"
    )
    assert (await table.reply("/mano Anna 3 Bruno 7 Nicolò 9 t=Bruon")).endswith(
        " Intendevi t=Bruno?"
    )
    assert (await table.reply("/mano Anna 3 Bruno 7 Incolo 9")).startswith(
        "Incolo non gioca in questa partita: intendevi Nicolò?"
    )
    assert await table.dump() == before


async def test_look_alike_and_invisible_names_are_refused(table: Table) -> None:
    before = await table.dump()
    assert "si confonde a vista con Anna" in await table.reply("/nuova Anna Bruno Аnna")
    assert "caratteri invisibili" in await table.reply("/nuova Anna \u3164")
    await table.send("/nuova Anna Bruno")
    started = await table.dump()
    assert "si confonde a vista con Anna" in await table.reply("/entra Аnna")
    assert "caratteri invisibili" in await table.reply("/entra Dario\u200b")
    assert await table.dump() == started != before


async def test_a_count_of_one_reads_in_the_singular(table: Table) -> None:
    await table.send("/nuova contro Anna Bruno")
    await table.send("/mano 5 0")  # Anna 1, Bruno -1
    assert (await table.reply("/entra Carlo")).startswith(
        "Carlo entra in partita con 1 punto (come l'ultimo in classifica)."
    )
    await table.send("/lingua en")
    assert (await table.reply("/leave Carlo")).startswith("Carlo leaves the game with 1 point:")
    assert "You wrote 1 total, but 2 are playing" in await table.reply("/hand 3")


@pytest.mark.parametrize(
    ("count", "italian", "english"),
    [(-2, "-2 punti", "-2 points"), (-1, "-1 punto", "-1 point"), (0, "0 punti", "0 points"),
     (1, "1 punto", "1 point"), (2, "2 punti", "2 points")],
)  # fmt: skip
def test_a_count_of_points_takes_the_form_of_its_number_without_the_sign(
    count: int, italian: str, english: str
) -> None:
    assert tamalo_texts.words.points(count) == italian
    with i18n.speaking("en"):
        assert tamalo_texts.words.points(count) == english


async def test_minus_one_point_reads_in_the_singular(table: Table) -> None:
    await table.send("/nuova contro Anna Bruno Carlo")
    await table.send("/mano 0 30 12")  # Anna -1, Bruno 4, Carlo 2
    assert (await table.reply("/entra Dario")).startswith(
        "Dario entra in partita con 4 punti (come l'ultimo in classifica)."
    )
    assert (await table.reply("/esci Anna")).startswith("Anna lascia la partita con -1 punto:")
    await table.send("/lingua en")
    await table.send("/mano 0 9 12")  # Bruno -1 more: 3, Carlo 1, Dario 2
    assert (await table.reply("/leave Carlo")).startswith("Carlo leaves the game with 3 points:")


async def test_a_quadro_and_a_game_won_with_minus_one_point(table: Table) -> None:
    await table.send("/nuova quadri contro Anna Bruno Carlo Dario")
    for hand in ("0 1 30 31", "1 0 31 30", "2 3 30 32"):  # Anna and Bruno -1 each hand
        await table.send(f"/mano {hand}")
    reply = await table.reply("/mano 12 12 30 30")  # and 2: -1 in the quadro
    assert "Quadro 1 chiuso: lo vincono a pari merito Anna e Bruno con -1 punto." in reply
    await table.close()
    await table.send("/nuova contro Anna Bruno Carlo")
    await table.send("/mano 0 0 30")
    assert "🏆 Vincono a pari merito Anna e Bruno con -1 punto!" in (await table.close())[-1]


async def test_join_and_leave_say_one_at_a_time_with_the_tables_names(table: Table) -> None:
    await table.send("/nuova Anna Bruno Dario Elena")
    await table.send("/mano 3 12 7 9")
    before = await table.dump()
    assert await table.send("/esci Anna Bruno") == [
        "Esce un giocatore alla volta: /esci Anna, poi /esci Bruno."
    ]
    assert await table.send("/esci anna Zed Elena") == [
        "Esce un giocatore alla volta: /esci Anna, poi /esci Elena."
    ]
    assert await table.send("/esci Zed Ugo") == ["Esce un giocatore alla volta: /esci Elena."]
    assert await table.send("/esci") == ["Scrivi chi lascia la partita, per esempio /esci Elena."]
    # Dario and Elena play: the example of /entra names neither.
    assert await table.send("/entra") == ["Scrivi chi entra, per esempio /entra Franco."]
    assert await table.send("/entra Franco Giulia Luca") == [
        "Entra un giocatore alla volta: /entra Franco, poi /entra Giulia."
    ]
    assert await table.send("/entra Dario Luca") == ["Entra un giocatore alla volta: /entra Luca."]
    assert await table.send("/entra elena 3") == ["Entra un giocatore alla volta: /entra Franco."]
    assert await table.send("/correggi") == [
        "Scrivi quale mano correggere e come è andata davvero: /correggi 1 Anna 5 Bruno 12 t=Anna."
    ]
    assert await table.dump() == before
    await table.send("/lingua en")
    assert await table.send("/leave Anna Bruno") == [
        "One player leaves at a time: /leave Anna, then /leave Bruno."
    ]
    assert await table.send("/join") == ["Write who's joining, for example /join Franco."]


def test_an_example_newcomer_is_nobody_at_the_table() -> None:
    assert tamalo_texts.setup.newcomer(["Anna", "Bruno"]) == "Dario"
    assert tamalo_texts.setup.newcomer(["dário", "Elena"]) == "Franco"
    assert tamalo_texts.setup.newcomer(tamalo_texts.setup.NEWCOMERS) == "Dario2"


@pytest.mark.parametrize("vote", ["99999999999", "99999999999999999999"])
async def test_forged_buttons_with_huge_ids_are_stale_buttons(table: Table, vote: str) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano")
    assert await table.press(f"tresei:{vote}:1") == (texts.vote.vote_closed(), None)
    assert await table.press(f"mano:{vote}:0:c-") == (keypad_texts.entry_closed(), None)


def without_sender(table: Table, text: str, *, anonymous_admin: bool) -> Update:
    """``text`` sent with no user (a channel), or by an admin writing as the group."""
    message = table.update(text).to_dict()["message"]
    if anonymous_admin:
        message["from"] = {"id": 1087968824, "is_bot": True, "first_name": "Group",
                           "username": "GroupAnonymousBot"}  # fmt: skip
        message["sender_chat"] = table.chat
    else:
        del message["from"]
    return Update.de_json({"update_id": table.last_update_id, "message": message}, table.app.bot)


@pytest.mark.parametrize("anonymous_admin", [False, True])
async def test_no_button_entry_that_nobody_could_press(table: Table, anonymous_admin: bool) -> None:
    await table.send("/nuova Anna Bruno")
    replies = await table.deliver(without_sender(table, "/mano", anonymous_admin=anonymous_admin))
    assert replies == [keypad_texts.entry_needs_sender()]
    assert (await table.reply("/mano")).startswith("✍️ Mano 1 · inserisce: Utente42")


ANNA, BRUNO, ADMIN = 42, 43, 44


async def test_a_claim_is_announced_and_can_be_taken_back(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    table.request.admins = {ADMIN}
    linked = await table.send("/sonoio Anna", user=BRUNO)
    assert linked == [
        "🙋 Utente43 dice di essere Anna in questo gruppo: da ora vede le statistiche di Anna "
        "scrivendomi /stats in privato. Se non è così, Anna o un amministratore lo toglie con "
        "/sonoio no Anna."
    ]
    # The real Anna cannot take it back herself: only Bruno's account or an admin can.
    assert await table.send("/sonoio Anna", user=ANNA) == [texts.people.iam_taken("Anna")]
    assert await table.send("/sonoio no Anna", user=ANNA) == [texts.people.iam_not_yours("Anna")]
    assert await table.send("/sonoio no Anna", user=ADMIN) == [
        texts.people.iam_unlinked("Anna", mine=False)
    ]
    assert await table.send("/sonoio no Anna", user=ADMIN) == [texts.people.iam_nobody("Anna")]
    assert await table.send("/sonoio Anna", user=ANNA) == [
        texts.people.iam_linked("Anna", "Utente42")
    ]
    assert await table.send("/sonoio no", user=ANNA) == [
        texts.people.iam_unlinked("Anna", mine=True)
    ]
    assert await table.send("/sonoio", user=ANNA) == [texts.people.iam_shown(None)]
    assert await table.send("/sonoio no", user=ANNA) == [texts.people.iam_shown(None)]
    assert await table.send("/sonoio no Zeno", user=ANNA) == [
        shared_mistakes.never_played("Zeno", ["Anna", "Bruno"])
    ]


async def test_lists_of_the_groups_players_are_bounded(table: Table) -> None:
    for game in range(4):
        await table.send("/nuova " + " ".join(f"Giocatore{game}x{seat}" for seat in range(12)))
        await table.send("/fine")
    for typed in ("/sonoio Nessuno", "/mossa coppiona Nessuno", "/stats Nessuno"):
        reply = await table.reply(typed)
        assert reply.endswith(" e altri 8."), reply
        assert reply.count("Giocatore") == texts.common.NAMES_LISTED


async def test_a_new_game_seats_the_groups_player_whatever_the_accents(table: Table) -> None:
    await table.send("/nuova Nicolò Anna")
    await table.send("/mano 30 5")
    await table.close()
    assert "Giocano, in ordine: Nicolò e Bruno." in await table.reply("/nuova NICOLO Bruno")
    assert (await table.totals()).keys() == {"Nicolò", "Bruno"}
    known = await table.reply("/stats Zed")
    assert known.endswith("Giocatori: Nicolò, Anna e Bruno."), known


async def test_nobody_can_claim_a_player_anonymously(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    for anonymous_admin in (False, True):
        update = without_sender(table, "/sonoio Anna", anonymous_admin=anonymous_admin)
        assert await table.deliver(update) == [texts.people.iam_needs_person()]
    assert await table.send("/sonoio Anna") == [texts.people.iam_linked("Anna", "Utente42")]
