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
