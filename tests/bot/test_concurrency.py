"""Two people typing at once, even into two bot processes, never lose or double a hand."""

import asyncio

from tests.bot.conftest import StartBot


async def test_two_instances_record_concurrent_hands_one_after_the_other(
    start_bot: StartBot,
) -> None:
    async with start_bot() as first, start_bot() as second:
        await first.send("/nuova Anna Bruno")
        tables = [first, second] * 5
        hands = [table.update(f"/mano Anna {n} Bruno 0") for n, table in enumerate(tables, 5)]
        await asyncio.gather(*(t.deliver(u) for t, u in zip(tables, hands, strict=True)))

        replies = first.request.sent_texts()[1:] + second.request.sent_texts()
        numbers = sorted(int(reply.split(":")[0].removeprefix("Mano ")) for reply in replies)
        assert numbers == list(range(1, 11))
        assert await second.totals() == {"Anna": sum(range(5, 15)), "Bruno": 0}
        assert (await first.reply("/classifica")).endswith("1. Bruno 0\n2. Anna 95")
