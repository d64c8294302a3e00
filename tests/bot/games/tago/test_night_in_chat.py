"""A night of Tagò in a group chat, typed command by command through the real Application."""

from tests.bot.conftest import Table


async def test_smoke(table: Table) -> None:
    for typed in [
        "/nuova tago light 5/300 ante=5 jackpot=0% Anna Bruno Carlo Dario",
        "/mano punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Carlo 200 5,6,½ Dario 40 lascia",
        "/classifica",
        "/jackpot",
        "/ricarica Anna 300",
        "/curioso Dario",
        "/annulla",
        "/annulla",
        "/correggi 1 punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Carlo 200 5,6,½ Dario 5 lascia",
        "/mano Anna 400 lascia Bruno 5 1,1,1",
        "/saldo",
        "/jackpot",
        "/classifica",
    ]:
        print(">>>", typed)
        for r in await table.send(typed):
            print(r)
