"""A fourth game, registered by the test alone (``tests.toy_game``: points per round to 21),
played through the real Application with every chat-wide command: the table of games takes
it as it takes the three, with no shared module edited, and a command it has no panel for
still answers truly (its games counted, its ladder, its rounds exported, its night)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.bot.conftest import Table
from tests.bot.test_lifecycle import SUPERGROUP, upgrade
from tests.toy_game import register


@pytest.fixture
async def toy(table: Table) -> AsyncIterator[Table]:
    with register():
        yield table


async def test_a_game_to_its_end_with_every_chat_wide_command(toy: Table) -> None:
    table = toy
    assert await table.reply("/nuova punti Anna Bruno") == "🎲 Punti a 21: Anna, Bruno."
    assert (await table.reply("/aiuto")).startswith("🎲 Punti a 21.\n")
    assert "Tamalo: /nuova" in await table.reply("/aiuto")
    assert (await table.reply("/mano Anna 4 Bruno 7")).startswith("Round 1.\nPunti:\nBruno 7")
    assert (await table.reply("/mano Anna 5 Bruno 1")).startswith("Round 2.")
    fixed = await table.reply("/correggi 2 Anna 15 Bruno 1")
    assert fixed == "Round 2 corretto.\nPunti:\nAnna 19\nBruno 8"
    assert await table.reply("/annulla") == "Round annullato.\nPunti:\nBruno 7\nAnna 4"
    assert await table.reply("/classifica") == "Punti:\nBruno 7\nAnna 4"
    # A chat-wide command it takes no turn at: said so, with those it takes.
    refused = await table.reply("/mazziere")
    assert refused.startswith("/mazziere non serve in una partita di Punti: lì servono /mano,")
    # /nuova of another game while it runs names it.
    running = await table.reply("/nuova Carlo Dario")
    assert running.startswith("C'è una partita di Punti in corso (Anna e Bruno)")
    # /fine asks first, the press closes it; /riapri takes it back.
    assert await table.reply("/fine") == "Chiudere la partita a punti?"
    (closed,) = await table.close()
    assert closed.startswith("Partita a punti chiusa.")
    assert await table.reply("/riapri") == "Partita a punti riaperta."
    ended = await table.reply("/mano Anna 30 Bruno 2")
    assert ended.endswith("🏁 Vince Anna!")

    # The chat-wide figures show it from what every game stores.
    stats = await table.reply("/stats")
    assert "Punti\n1 partita finita, 2 mani." in stats
    anna = await table.reply("/stats Anna")
    assert anna.startswith("📊 Punti · Anna\n1 partita finita, 1 vinta (100%)")
    board = await table.reply("/classifica generale")
    assert board.startswith("🏆 Classifica generale\n1. Anna · abilità")
    tonight = await table.reply("/serata")
    assert "1 partita" in tonight
    assert "\nPunti\n" in tonight
    assert "2 mani: finita" in tonight
    documents = await table.files("/esporta", "sendDocument")
    ((name, content),) = documents
    assert name.startswith("punti-")
    assert content.decode().splitlines()[0] == "game,date,state,deal,player,value"
    assert len(content.decode().splitlines()) == 1 + 4  # two rounds of two players


async def test_a_chat_upgraded_to_a_supergroup_keeps_it(toy: Table) -> None:
    """The supergroup already has a game of it running: the old chat's, closed by the move,
    has no places of its own to keep (no hook), and the move goes through."""
    supergroup = toy.in_chat(SUPERGROUP)
    await supergroup.send("/nuova punti Carlo Dario")
    await toy.send("/nuova punti Anna Bruno")
    await toy.send("/mano Anna 3 Bruno 4")
    moved = await upgrade(toy)
    assert await moved.reply("/classifica") == "Punti:\nCarlo 0\nDario 0"
    assert "2 partite" not in await moved.reply("/stats")
    assert "1 partita finita, 1 mano" in await moved.reply("/stats")


async def test_a_game_named_by_the_chat_is_started_again_by_its_name(toy: Table) -> None:
    refused = await toy.reply("/nuova punti nome=tago Anna Bruno")
    assert refused == "«tago» è già il nome di un gioco: scegline un altro."
    named = await toy.reply("/nuova punti nome=Briscola Anna Bruno")
    assert named == "🎲 Briscola a 21: Anna, Bruno."
    await toy.close()
    # The chat's word for it starts it; in another chat, Briscola is a Tamalo player.
    assert await toy.reply("/nuova briscola Carlo Dario") == "🎲 Briscola a 21: Carlo, Dario."
    other = toy.in_chat(-100_555)
    assert (await other.reply("/nuova briscola Carlo Dario")).startswith("🃏 Nuova partita")
