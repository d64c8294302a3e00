"""Final places and the skill rating the all-time leaderboard is built on."""

from openskill.models import PlackettLuce

from scoring import tamalo
from scoring.ratings import NEWCOMER, Skill
from scoring.tamalo import Game, Hand, NightFigures, Report, Rules, night_figures


def hand(caller: str | None = None, **totals: int) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in totals.items()), caller)


def test_placings_rank_who_left_after_everyone_who_stayed() -> None:
    game = Game(("Anna", "Bruno", "Carlo"), Rules(target=50))
    game = game.with_hand(hand(Anna=10, Bruno=3, Carlo=7)).without_player("Bruno")
    game = game.with_hand(hand(Anna=45, Carlo=2))
    assert tamalo.placings(game) == (
        tamalo.Placing("Carlo", 1, 7, won=True),
        tamalo.Placing("Anna", 2, 55, won=False),
        tamalo.Placing("Bruno", 3, 0, won=False),
    )


def test_a_player_who_played_no_hand_has_no_place() -> None:
    game = Game(("Anna", "Bruno", "Carlo"), Rules(target=50))
    game = game.with_hand(hand(Anna=10, Bruno=3, Carlo=7)).with_player("Elena")
    assert [p.player for p in tamalo.placings(game)] == ["Bruno", "Carlo", "Anna"]
    left_at_once = Game(("Anna", "Bruno", "Carlo")).without_player("Carlo")
    left_at_once = left_at_once.with_hand(hand(Anna=1, Bruno=2))
    assert [p.player for p in tamalo.placings(left_at_once)] == ["Anna", "Bruno"]


def test_a_rating_moves_towards_the_places() -> None:
    after = tamalo.rate({}, [("Anna", 1), ("Bruno", 2), ("Carlo", 2)])
    assert after["Anna"].mu > tamalo.NEWCOMER.mu > after["Bruno"].mu
    assert after["Bruno"] == after["Carlo"]  # a draw moves both alike
    assert all(s.sigma < tamalo.NEWCOMER.sigma for s in after.values())
    assert tamalo.NEWCOMER.ordinal == 0
    assert tamalo.rate({"Anna": after["Anna"]}, [("Anna", 1)]) == {"Anna": after["Anna"]}


def test_a_nights_figures_count_wins_of_finished_games_hands_and_calls() -> None:
    first = Game(("Anna", "Bruno"), Rules(target=20))
    first = first.with_hand(hand("Anna", Anna=3, Bruno=12))  # won: 0, 12
    first = first.with_hand(hand("Anna", Anna=4, Bruno=2))  # lost: 15, 0 → Anna 15, Bruno 12
    second = Game(("Bruno", "Carla")).with_hand(hand(Bruno=30, Carla=1))

    figures = night_figures([(first, True), (second, False)])

    assert figures == NightFigures(
        wins={"Anna": 0, "Bruno": 1, "Carla": 0},
        hand_points={"Anna": [0, 15], "Bruno": [12, 0, 30], "Carla": [0]},
        calls={"Anna": (2, 1)},
    )
    assert figures.players == ("Anna", "Bruno", "Carla")
    assert not figures.is_empty()
    assert night_figures([(Game(("Anna", "Bruno")), True)]).is_empty()


def test_who_joined_and_left_before_any_hand_is_not_in_the_night() -> None:
    game = Game(("Anna", "Bruno", "Carlo")).with_hand(hand(Anna=3, Bruno=9, Carlo=12))
    game = game.with_player("Dario").without_player("Dario").with_player("Elena")
    figures = night_figures([(game, False)])
    # Elena sits and has no hand yet: she is in the game. Dario never played one.
    assert figures.players == ("Anna", "Bruno", "Carlo", "Elena")
    played_one = game.with_player("Franco").with_hand(
        hand(Anna=1, Bruno=2, Carlo=3, Elena=4, Franco=5)
    )
    played_one = played_one.without_player("Franco")
    assert "Franco" in night_figures([(played_one, False)]).players


def test_a_newcomer_starts_from_openskills_own_skill() -> None:
    # The rating model is imported at the first game rated, not at the bot's start: the
    # newcomer's skill is written out, and must stay the model's.
    model = PlackettLuce()
    assert Skill(model.mu, model.sigma) == NEWCOMER
