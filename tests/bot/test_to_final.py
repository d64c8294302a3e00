"""Chi va in finale? A tournament table's line: what its figures add up to, and where it stands
in the reply of the hand that ends the table (issue 23)."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.texts.forecast_lines import each_chance_line
from tests.bot.conftest import Table
from tests.bot.test_modes import tables_of


@pytest.fixture
def forecast_lines() -> bool:
    return True


def shown_percentages(line: str) -> dict[str, int]:
    """Each player's whole percentage ("<1%" as 0, ">99%" as 100)."""
    found = re.findall(r"(\w+) ([<>]?)(\d+)%", line)
    return {name: {"<": 0, ">": 100}.get(sign, int(n)) for name, sign, n in found}


@given(st.lists(st.floats(0, 1), min_size=3, max_size=6).filter(lambda c: 1.9 <= sum(c) <= 2.3))
def test_a_tables_chances_show_their_sum_rounded_each_within_a_point(chances: list[float]) -> None:
    players = {f"P{seat}": chance for seat, chance in enumerate(chances)}

    shown = shown_percentages(each_chance_line("Chi va in finale?", players))

    # Two go to the final, three when tied for second: the figures add up to that, 200% and a
    # little more, never to what rounding each alone adds (3 × 66.5% shown as 3 × 67%).
    assert sum(shown.values()) == round(100 * sum(chances))
    for player, chance in players.items():
        assert abs(shown[player] - 100 * chance) < 1, (player, chance)


def test_three_chances_of_two_thirds_show_two_hundred() -> None:
    line = each_chance_line("Chi va in finale?", {"Anna": 0.665, "Bruno": 0.665, "Carlo": 0.67})
    assert sum(shown_percentages(line).values()) == 200


async def test_the_closing_hand_of_a_table_says_who_goes_before_what_comes_next(
    table: Table,
) -> None:
    first, second = tables_of(await table.reply("/torneo Anna Bruno Carlo Dario Elena Franco"))
    a, b, c = first
    x, y, z = second

    waits = await table.reply(f"/mano {a} 10 {b} 100 {c} 30")  # b 100: table 1 is over
    final = await table.reply(f"/mano {x} 10 {y} 100 {z} 30")  # and table 2: the final

    for reply, news in ((waits, "In finale:"), (final, "🏆 Entrambi i tavoli hanno finito")):
        line = reply.index("Chi va in finale?")
        assert line < reply.index(news), reply
        assert reply[:line].endswith("\n\n")
