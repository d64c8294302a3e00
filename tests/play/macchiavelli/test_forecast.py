"""What a Macchiavelli deal's forecast reads: the chat's other games with the same jokers
setting, counted by the database as ``DealHistory.from_deals`` counts the same deals; the
game being forecast left out (its deals are in its match), annulled games too; kept until a
game ends or a finished game's deal is fixed."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from play import macchiavelli
from play.macchiavelli.forecast import _KEPT, history_of, outlook
from scoring.macchiavelli import Deal, HomeRules
from scoring.macchiavelli.forecast import DealHistory
from storage import GameState
from tests.play.conftest import CHAT, Acting

PLAYERS = ("Anna", "Bruno", "Carlo")


@pytest.fixture(autouse=True)
def histories_forgotten() -> Iterator[None]:
    _KEPT.clear()
    yield
    _KEPT.clear()


def deal(*points: int, players: tuple[str, ...] = PLAYERS) -> Deal:
    return Deal.of(dict(zip(players, points, strict=True)))


async def played(
    acting: Acting, rules: HomeRules, deals: list[Deal], players: tuple[str, ...] = PLAYERS
) -> int:
    """A game played with these deals (to its end if its rules end it): its id."""
    async with acting() as work:
        record = await macchiavelli.start(work, CHAT, players, rules)
        for each in deals:
            outcome = await macchiavelli.record_deal(work, record, each)
            record = outcome.record
            if outcome.ended:
                break
            record = await macchiavelli.running(work, CHAT) or record
        if (running := await macchiavelli.running(work, CHAT)) is not None:
            await macchiavelli.end(work, running)
        return record.id


def same(read: DealHistory, expected: DealHistory) -> None:
    assert read.deals == expected.deals
    assert read.closed == expected.closed
    assert set(read.players) == set(expected.players)
    for name, deals in expected.players.items():
        assert dict(read.of(name).points) == dict(deals.points), name
        assert read.of(name).share == pytest.approx(deals.share), name


async def test_only_the_other_games_with_the_same_jokers_setting_count(acting: Acting) -> None:
    with_jokers = [deal(0, 28, 12), deal(30, 0, 5)]
    four = ("Anna", "Bruno", "Carlo", "Dario")
    also_with_jokers = [deal(0, 10, 20, 30, players=four)]
    await played(acting, HomeRules(deals=2, jokers=True), with_jokers)
    await played(acting, HomeRules(deals=1), [deal(0, 99, 98)])  # no jokers: not counted
    await played(acting, HomeRules(jokers=True), also_with_jokers, players=four)  # by /fine
    async with acting() as work:
        record = await macchiavelli.start(work, CHAT, PLAYERS, HomeRules(deals=3, jokers=True))
        outcome = await macchiavelli.record_deal(work, record, deal(7, 0, 9))
        history = await history_of(work, outcome.record)
    same(history, DealHistory.from_deals([*with_jokers, *also_with_jokers]))
    assert history.deals == 3
    assert history.of("Dario").share == pytest.approx(1 / 4)


async def test_annulled_games_do_not_count_and_a_game_without_jokers_reads_its_own(
    acting: Acting,
) -> None:
    plain = [deal(0, 40, 35), deal(12, 0, 3)]
    await played(acting, HomeRules(deals=2), plain)
    annulled = await played(acting, HomeRules(deals=1), [deal(0, 1, 2)])
    async with acting() as work:
        stored = await work.games.get(annulled)
        assert stored is not None
        await work.games.set_state(stored, GameState.ANNULLED, datetime.now(UTC))
        record = await macchiavelli.start(work, CHAT, PLAYERS, HomeRules(target=100))
        history = await history_of(work, record)
    same(history, DealHistory.from_deals(plain))


async def test_a_fixed_deal_of_a_finished_game_is_read_again(acting: Acting) -> None:
    first = await played(acting, HomeRules(deals=1), [deal(0, 40, 35)])
    await played(acting, HomeRules(deals=1), [deal(0, 20, 25)])
    async with acting() as work:
        stored = await work.games.get(first)
        assert stored is not None
        other = macchiavelli.record_of(stored)  # its history: the second game's deal
        assert dict((await history_of(work, other)).of("Bruno").points) == {20: 1}
        last = await macchiavelli.correctable(work, CHAT)
        assert last is not None
        await macchiavelli.fix_deal(work, last, 1, deal(0, 21, 25))  # it stays finished
        assert dict((await history_of(work, other)).of("Bruno").points) == {21: 1}


async def test_no_outlook_without_an_end_or_once_over(acting: Acting) -> None:
    async with acting() as work:
        record = await macchiavelli.start(work, CHAT, PLAYERS, HomeRules())
        outcome = await macchiavelli.record_deal(work, record, deal(0, 1, 2))
        assert await outlook(work, outcome.record, outcome.match) is None
        await macchiavelli.end(work, outcome.record)
        record = await macchiavelli.start(work, CHAT, PLAYERS, HomeRules(deals=1))
        outcome = await macchiavelli.record_deal(work, record, deal(0, 1, 2))
        assert outcome.ended
        assert await outlook(work, outcome.record, outcome.match) is None
        record = await macchiavelli.start(work, CHAT, PLAYERS, HomeRules(deals=2))
        outcome = await macchiavelli.record_deal(work, record, deal(0, 1, 2))
        found = await outlook(work, outcome.record, outcome.match)
    assert found is not None
    assert sum(found.chances().values()) == pytest.approx(1.0)
    assert found.chances() == found.chances()  # seeded from the game as it stands
