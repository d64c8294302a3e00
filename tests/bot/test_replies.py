"""What the replies show: standings edited only while they are the bot's last message, and
hand replies that say who moved and how near the target the leaders of the chase are."""

from tests.bot.conftest import Table


async def standings_calls(table: Table) -> list[str]:
    """How the bot answers ``/classifica``: the Bot API methods it calls."""
    return [name for name, _ in await table.calls("/classifica")]


async def test_standings_are_edited_only_while_they_are_the_bots_last_message(
    table: Table,
) -> None:
    await table.send("/nuova Anna Bruno")
    await table.send("/mano Anna 3 Bruno 12")
    assert await standings_calls(table) == ["sendMessage"]
    shown = table.request.answers[-1]
    assert isinstance(shown, dict)

    again = await table.calls("/classifica")  # nothing said since: the same message, updated
    assert [name for name, _ in again] == ["editMessageText"]
    assert again[0][1]["message_id"] == shown["message_id"]
    assert [name for name, _ in await table.calls("/classifica")] == ["editMessageText"]

    await table.send("/mano Anna 20 Bruno 5")  # a hand reply below the standings
    after_hand = await table.calls("/classifica")
    assert [name for name, _ in after_hand] == ["sendMessage"]
    assert after_hand[0][1]["text"].startswith("Classifica dopo 2 mani")


async def test_any_answer_after_the_standings_makes_the_next_ones_new(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    for between in ("/dicono", "/mano Anna 3", "/classifica generale", "/mazziere"):
        await table.send("/classifica")
        await table.send(between)  # a read, a mistake, another list: each is an answer
        assert await standings_calls(table) == ["sendMessage"], between


async def test_an_edited_command_or_a_button_answered_also_come_after(table: Table) -> None:
    await table.send("/nuova Anna Bruno")
    hand = table.update("/mano Anna 3 Bruno 12")
    await table.deliver(hand)
    await table.send("/classifica")
    await table.deliver(table.edit(hand, "/mano Anna 5 Bruno 12"))  # "Mano 1 corretta"
    assert await standings_calls(table) == ["sendMessage"]


async def test_hand_replies_show_who_moved_and_how_far_the_target_is(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    first = await table.reply("/mano 10 20 30")  # no previous hand: nobody moved
    assert first.endswith(
        "Classifica:\n1. Anna 10\n2. Bruno 20\n3. Carlo 30\n"
        "🎯 Alla soglia di 100 mancano: Carlo 70, Bruno 80\n\nProssimo mazziere: Bruno."
    )
    second = await table.reply("/mano 40 0 0")  # Anna 50, Bruno 20, Carlo 30
    assert "Classifica:\n1. Bruno 20 ▲1\n2. Carlo 30 ▲1\n3. Anna 50 ▼2\n" in second
    assert "🎯 Alla soglia di 100 mancano: Anna 50, Carlo 70\n" in second
    third = await table.reply("/mano 49 0 0")  # nobody changes place; Anna 1 from the end
    assert "Classifica:\n1. Bruno 20\n2. Carlo 30\n3. Anna 99\n" in third
    assert "🎯 Alla soglia di 100 mancano: Anna 1, Carlo 70\n" in third
    last = await table.reply("/mano 5 0 0")  # Anna passes 100: no target left to show
    assert "🎯" not in last
    assert "▲" not in last


async def test_places_shared_by_equal_totals_count_as_places(table: Table) -> None:
    await table.send("/nuova Anna Bruno Carlo")
    await table.send("/mano 10 10 30")  # Anna and Bruno share the first place
    tied = await table.reply("/mano 0 20 0")  # Bruno and Carlo share the second
    assert "Classifica:\n1. Anna 10\n2. Bruno 30 ▼1\n2. Carlo 30 ▲1\n" in tied
