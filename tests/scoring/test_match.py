"""Every game's engine offers what shared code reads (``scoring.match``): players, deals, the
end, standings and totals; winners where the game has them, and places for the ladder."""

from scoring import macchiavelli, tago, tamalo
from scoring.match import Match, Place, Ranked, places

TAMALO = tamalo.Game(("Anna", "Bruno", "Carlo"), tamalo.Rules(target=50))
MACCHIAVELLI = macchiavelli.Match(("Anna", "Bruno", "Carlo"), macchiavelli.HomeRules(deals=3))
TABLE = tago.Table(tago.Stakes.HEAVY, min_bet=500, stack=30000, ante=500, jackpot_percent=40)
TAGO = tago.Night.open(TABLE, dict.fromkeys(("Anna", "Bruno", "Carlo"), None), jackpot=0)


def test_every_game_is_a_match() -> None:
    for game in (TAMALO, MACCHIAVELLI, TAGO):
        assert isinstance(game, Match)
        assert game.players == ("Anna", "Bruno", "Carlo")
        assert len(game.deals) == 0
        assert not game.is_over()
        assert sorted(s.player for s in game.standings()) == sorted(game.players)


def test_winners_belong_to_the_games_that_have_them() -> None:
    assert isinstance(TAMALO, Ranked)
    assert isinstance(MACCHIAVELLI, Ranked)
    assert not isinstance(TAGO, Ranked)  # a night ends with chips to settle, not winners


def test_places_follow_the_standings_with_the_winners() -> None:
    game = TAMALO.with_hand(
        tamalo.Hand(
            (tamalo.Report("Anna", 3), tamalo.Report("Bruno", 20), tamalo.Report("Carlo", 60))
        )
    )
    assert game.is_over()
    assert places(game) == (
        Place("Anna", 1, 0, True),  # the lowest hand scores 0
        Place("Bruno", 2, 20, False),
        Place("Carlo", 3, 60, False),
    )
    assert [(p.player, p.rank, p.total, p.won) for p in tamalo.placings(game)] == [
        (p.player, p.rank, p.total, p.won) for p in places(game)
    ]


def test_a_night_places_by_its_standings_with_no_winner() -> None:
    assert {p.won for p in places(TAGO)} == {False}
    assert [p.rank for p in places(TAGO)] == [1, 1, 1]
