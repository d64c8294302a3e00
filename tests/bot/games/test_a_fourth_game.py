"""The fourth game, the points game (``bot.games.punti``: a folder in each layer and one line
in the table), played through the real Application with every chat-wide command: the table of
games takes it as it takes the three, and a command it has no panel for still answers truly
(its games counted, its ladder, its rounds exported, its night)."""

from __future__ import annotations

from tests.bot.conftest import Table
from tests.bot.test_lifecycle import SUPERGROUP, upgrade

STARTED = (
    "🎲 Punti: Anna contro Bruno, a 21 punti, vince chi ne fa di più.\n"
    "I punti di ogni smazzata: /mano Anna 4 Bruno 7"
)


async def test_a_game_to_its_end_with_every_chat_wide_command(table: Table) -> None:
    assert await table.reply("/nuova punti soglia=21 Anna Bruno") == STARTED
    assert (await table.reply("/aiuto")).startswith("🎲 Punti: ogni altro gioco")
    assert "Tamalo: /nuova" in await table.reply("/aiuto")
    assert (await table.reply("/mano Anna 4 Bruno 7")).startswith(
        "🏆 Punti · 1 smazzata\n1. Bruno 7\n2. Anna 4"
    )
    assert (await table.reply("/mano Anna 5 Bruno 1")).startswith("🏆 Punti · 2 smazzate")
    fixed = await table.reply("/correggi 2 Anna 15 Bruno 1")
    assert fixed == "✏️ Smazzata 2 corretta.\n🏆 Punti · 2 smazzate\n1. Anna 19\n2. Bruno 8"
    undone = await table.reply("/annulla")
    assert undone == "↩️ Smazzata 2 annullata.\n🏆 Punti · 1 smazzata\n1. Bruno 7\n2. Anna 4"
    assert await table.reply("/classifica") == "🏆 Punti · 1 smazzata\n1. Bruno 7\n2. Anna 4"
    # A chat-wide command it takes no turn at: said so, with those it takes.
    refused = await table.reply("/mazziere")
    assert refused.startswith("/mazziere non serve in una partita di Punti: lì servono /mano,")
    # /nuova of another game while it runs names it.
    running = await table.reply("/nuova Carlo Dario")
    assert running.startswith("C'è una partita di Punti in corso (Anna e Bruno)")
    # /fine asks first, the press closes it; /riapri takes it back.
    assert (
        await table.reply("/fine") == "Chiudere adesso la partita di Punti? Vince chi è in testa."
    )
    (closed,) = await table.close()
    assert closed == (
        "🏁 Partita di Punti chiusa.\n🏆 Punti · 1 smazzata\n1. Bruno 7\n2. Anna 4\n🏁 Vince Bruno!"
    )
    assert (await table.reply("/riapri")).startswith("🔓 Partita di Punti riaperta.")
    ended = await table.reply("/mano Anna 30 Bruno 2")
    assert ended.endswith("1. Anna 34\n2. Bruno 9\n🏁 Vince Anna!")
    assert (
        await table.reply("/mano Anna 1 Bruno 1") == "La partita è finita: /rivincita per un'altra."
    )

    # The chat-wide figures show it from what every game stores.
    stats = await table.reply("/stats")
    assert "Punti\n1 partita finita, 2 smazzate." in stats  # its rounds, as rounds
    anna = await table.reply("/stats Anna")
    assert anna.startswith("📊 Punti · Anna\n1 partita finita, 1 vinta (100%)")
    board = await table.reply("/classifica generale")
    assert board.startswith("🏆 Classifica generale\n1. Anna · abilità")
    tonight = await table.reply("/serata")
    assert "1 partita" in tonight
    assert "\nPunti\n" in tonight
    assert " · Punti, 2 smazzate: finita" in tonight  # its own words: rounds, not hands
    assert tonight.endswith("👑 Re della serata: Anna con 1 vittoria.")
    documents = await table.files("/esporta", "sendDocument")
    ((name, content),) = documents
    assert name.startswith("punti-")
    assert content.decode().splitlines()[0] == "game,date,state,deal,player,value"
    assert len(content.decode().splitlines()) == 1 + 4  # two rounds of two players
    # /rivincita: the same rules and players again.
    again = await table.reply("/rivincita")
    assert again == STARTED


async def test_a_chat_upgraded_to_a_supergroup_keeps_it_and_its_names(table: Table) -> None:
    """The supergroup already has a game of it running: the old chat's, closed by the move,
    keeps its places as it stood; the old chat's named game moves with it."""
    supergroup = table.in_chat(SUPERGROUP)
    await supergroup.send("/nuova punti Carlo Dario")
    await table.send("/nuova punti nome=Scopa soglia=11 Anna Bruno")
    await table.send("/mano Anna 3 Bruno 4")
    moved = await upgrade(table)
    assert await moved.reply("/classifica") == "🏆 Punti · 0 smazzate\n1. Carlo 0\n1. Dario 0"
    assert "1 partita finita, 1 smazzata" in await moved.reply("/stats")
    assert (await moved.reply("/giochi")).startswith("🎲 I giochi di questa chat:\nScopa — a 11")
