"""The lore: /regole, /mosse, /dicono, and named moves counted in /stats."""

from __future__ import annotations

import pytest

from bot.games.tamalo import texts as tamalo_texts
from bot.games.tamalo.lore import MOVES, RUMOURS
from bot.games.tamalo.parsing import parse_move
from bot.refusals import UserError
from bot.texts import mistakes as shared_mistakes
from tests.bot.conftest import Table


@pytest.mark.parametrize(
    ("typed", "move", "who"),
    [
        ("coppiona Anna", "coppiona", "Anna"),
        ("O' Babbà servito bruno", "o-babba-servito", "bruno"),
        ("o’babba Carla", "o-babba", "Carla"),
        ("Il Ratto delle Sabine Dario", "ratto-delle-sabine", "Dario"),
        ("ratto delle sabine Dario", "ratto-delle-sabine", "Dario"),
        ("two towers Elena", "twin-towers", "Elena"),
        ("TAMALO SWITCH Anna", "tamalo-switch", "Anna"),
    ],
)
def test_a_move_is_read_however_it_is_typed(typed: str, move: str, who: str) -> None:
    found, name = parse_move(typed)

    assert (found.key, name) == (move, who)


@pytest.mark.parametrize(
    ("typed", "reply"),
    [
        ("", tamalo_texts.lore.move_empty()),
        ("coppiona", tamalo_texts.lore.move_who(MOVES[0])),
        ("coppiona Anna Bruno", tamalo_texts.lore.move_who(MOVES[0])),
        ("capriola Anna", tamalo_texts.lore.unknown_move("capriola")),
    ],
)
def test_a_move_typed_wrong_is_told_how_to_type_it(typed: str, reply: str) -> None:
    with pytest.raises(UserError) as raised:
        parse_move(typed)

    assert raised.value.message == reply


def test_the_collections_are_big_enough_and_our_own() -> None:
    assert len(RUMOURS) >= 20
    assert len(set(RUMOURS)) == len(RUMOURS)
    assert all(r.startswith("Dicono che ") for r in RUMOURS)
    assert len({m.key for m in MOVES}) == len(MOVES)
    assert all(len(f"/mossa {m.key} Anna") < 64 for m in MOVES)


async def test_rules_tell_the_mode_of_the_game_being_played(table: Table) -> None:
    idle = await table.reply("/regole")
    await table.send("/nuova contro soglia=30 jokes Anna Bruno")
    playing = await table.reply("/rules")

    assert idle.startswith(tamalo_texts.lore.rules_summary_text())
    assert "Nessuna partita in corso" in idle
    assert "La partita in corso è ControTamalo, si chiude a 30 punti.\nOpzioni: con i Jolly" in (
        playing
    )
    assert "Punti del ControTamalo" not in idle


async def test_rules_with_no_game_name_the_players_every_other_reply_names(table: Table) -> None:
    idle = await table.reply("/regole")
    assert "Nessuna partita in corso: /nuova Anna Bruno Carlo parte con la classica a 100." in idle
    assert "/nuova Anna Bruno Carlo." in await table.reply("/mano 3 4 5")
    await table.send("/lingua en")
    assert "No game in progress: /new Anna Bruno Carlo starts a classic" in (
        await table.reply("/rules")
    )


async def test_rules_in_a_controtamalo_game_show_its_points_table(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    assert "Punti del ControTamalo" not in await table.reply("/regole")
    await table.send("/fine")
    await table.send("/nuova contro Anna Bruno")
    assert (await table.reply("/regole")).endswith(
        "📋 Punti del ControTamalo (ogni mano):\n"
        "Tamalo riuscito −2, sbagliato +2\n"
        "ControTamalo riuscito −3, sbagliato +3\n"
        "chi batte il ControTamalo −3, altrimenti chi batte il Tamalo −2\n"
        "finite le carte −2\n"
        "totale 0–4: −1 · 5–9: 1 · 10–19: 2 · 20–29: 3 · poi uno in più ogni 10\n\n"
        "Le mosse con un nome: /mosse · una curiosità: /dicono"
    )


async def test_moves_and_rumours(table: Table) -> None:
    glossary = await table.reply("/mosse")
    rumour = await table.reply("/dicono")

    assert all(move.name in glossary for move in MOVES)
    assert glossary.index("La Sveltina") > glossary.index("🚫 Mosse proibite")
    assert rumour in RUMOURS


async def test_named_moves_make_a_hall_of_fame_in_stats(table: Table) -> None:
    assert await table.reply("/mossa coppiona Anna") == shared_mistakes.nobody_played()
    await table.send("/nuova Anna Bruno")

    first = await table.reply("/mossa coppiona anna")
    second = await table.reply("/mossa Coppiona Anna")
    await table.reply("/mossa sveltina Bruno")
    await table.reply("/mossa O' Babbà Bruno")
    await table.reply("/mossa o babba Bruno")
    unknown = await table.reply("/mossa coppiona Zeno")

    assert first == "🎭 Coppiona di Anna: segnata, la prima volta."
    assert second == "🎭 Coppiona di Anna: segnata, 2 volte in tutto."
    assert unknown == shared_mistakes.never_played("Zeno", ["Anna", "Bruno"])
    anna = await table.reply("/stats Anna")
    bruno = await table.reply("/stats bruno")
    chat = await table.reply("/stats")
    assert anna.endswith("\nAlbo delle mosse: Coppiona ×2")
    assert bruno.endswith("\nAlbo delle mosse: O' Babbà ×2 · La Sveltina ×1")
    assert (
        "\nAlbo d'oro delle mosse: Coppiona: Anna ×2 · O' Babbà: Bruno ×2 · La Sveltina: Bruno ×1"
    ) in chat


async def test_a_redelivered_move_is_counted_once(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    update = table.update("/mossa coppiona Anna")
    first = await table.deliver(update)

    assert await table.deliver(update) == first  # the same answer, and nothing counted again
    assert (await table.reply("/stats Anna")).endswith("Albo delle mosse: Coppiona ×1")
