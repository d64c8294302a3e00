"""A finished game's places as kept (found by make mutate): a game ended by its last hand has
the places that hand made (no test saw the leaderboard after a hand ended a game), and a
4 Quadri game keeps the quadri each player won."""

from sqlalchemy import select

from play.tamalo import hands, records
from scoring import tamalo
from scoring.tamalo import Hand, Report, Rules
from storage import Database, Results, UnitOfWork, models
from storage.schema import upgrade_schema

TRIO = ("Anna", "Bruno", "Carlo")


def hand(**totals: int) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in totals.items()))


async def test_the_hand_that_ends_a_game_decides_its_places_on_the_leaderboard(
    db: Database,
) -> None:
    await upgrade_schema(db)
    first, last = hand(Anna=2, Bruno=9, Carlo=15), hand(Anna=25, Bruno=12, Carlo=1)
    final = tamalo.Game(TRIO, Rules(target=20)).with_hand(first).with_hand(last)
    assert final.is_over()
    assert final.winners() == ("Carlo",)  # Anna led after the first hand, Carlo last
    async with db.transaction() as session:
        work = UnitOfWork(session)
        record = await records.start(work, 1, TRIO, Rules(target=20))
        for number, played in enumerate((first, last), start=1):
            await hands.record_hand(work, record, played, message_id=number, user_id=None)
            record = await records.get(work, record.id) or record
        lines = await Results(session).leaderboard(1, "tamalo")

    places = {p.player: p.rank for p in tamalo.placings(final)}
    assert {x.player: (x.wins, x.rank_sum) for x in lines} == {
        p: (int(p == "Carlo"), places[p]) for p in TRIO
    }
    await db.close()


async def test_a_4_quadri_game_keeps_the_quadri_each_won(db: Database) -> None:
    await upgrade_schema(db)
    four = ("Anna", "Bruno", "Carlo", "Dario")
    async with db.transaction() as session:
        work = UnitOfWork(session)
        record = await records.start(work, 1, four, Rules(quadri=True))
        for number in range(1, 17):
            played = hand(Anna=10, Bruno=20, Carlo=30, Dario=40)
            await hands.record_hand(work, record, played, message_id=number, user_id=None)
            record = await records.get(work, record.id) or record
        assert not record.running  # the sixteenth hand ended it
        rows = await session.execute(select(models.GameResult.quadri))
        kept = [quadri for (quadri,) in rows]

    assert sorted(kept, key=lambda won: -1 if won is None else won) == [0, 0, 0, 4]
    await db.close()
