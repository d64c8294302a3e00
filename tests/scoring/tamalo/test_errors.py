"""Each rule the engine enforces is refused with an error of its own, carrying who was involved."""

import random

import pytest

from scoring.tamalo import (
    AlreadySeated,
    Game,
    Hand,
    HandNotSeated,
    LastTwoStay,
    LeftForGood,
    NoHandsLeft,
    NoJoinersInQuadri,
    NoJoinersInSixCards,
    NoLeavingQuadri,
    NoSuchHand,
    NotPlaying,
    QuadriNeedsFour,
    Report,
    RuleBroken,
    Rules,
    TournamentTooSmall,
    draw_tables,
)

THREE = ("Anna", "Bruno", "Carlo")
FOUR = (*THREE, "Dario")
QUADRI = Rules(quadri=True)


def hand(**totals: int) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in totals.items()))


def test_every_rule_broken_is_a_value_error() -> None:
    assert issubclass(RuleBroken, ValueError)


def test_four_quadri_is_four_players_from_start_to_end() -> None:
    with pytest.raises(QuadriNeedsFour) as refused:
        Game(THREE, QUADRI)
    assert refused.value.count == 3
    Game(FOUR, QUADRI)  # exactly four: a game
    with pytest.raises(NoJoinersInQuadri):
        Game(FOUR, QUADRI).with_player("Elena")
    with pytest.raises(NoJoinersInQuadri):
        Game(FOUR, QUADRI).check_joinable()
    with pytest.raises(NoLeavingQuadri):
        Game(FOUR, QUADRI).without_player("Anna")


def test_four_quadri_has_sixteen_hands_and_no_more() -> None:
    game = Game(FOUR, QUADRI)
    for _ in range(16):
        game = game.with_hand(hand(Anna=1, Bruno=2, Carlo=3, Dario=4))
    with pytest.raises(NoHandsLeft) as refused:
        game.with_hand(hand(Anna=1, Bruno=2, Carlo=3, Dario=4))
    assert refused.value.limit == 16


def test_six_cards_takes_no_joiners() -> None:
    game = Game(("Anna", "Bruno"), Rules(six_cards=True))
    with pytest.raises(NoJoinersInSixCards):
        game.check_joinable()
    with pytest.raises(NoJoinersInSixCards):
        game.with_player("Carlo")


def test_a_joiner_is_nobody_seated_and_nobody_who_left() -> None:
    game = Game(THREE)
    game.check_joinable()  # a classic game takes joiners
    assert game.with_player("Dario").players == FOUR
    with pytest.raises(AlreadySeated) as seated:
        game.with_player("Bruno")
    assert seated.value.player == "Bruno"
    gone = game.with_hand(hand(Anna=1, Bruno=2, Carlo=3)).without_player("Bruno")
    with pytest.raises(LeftForGood) as left:
        gone.with_player("Bruno")
    assert left.value.player == "Bruno"


def test_who_leaves_is_playing_and_the_last_two_stay() -> None:
    game = Game(THREE).without_player("Carlo")
    with pytest.raises(NotPlaying) as absent:
        Game(THREE).without_player("Dario")
    assert (absent.value.player, absent.value.players) == ("Dario", THREE)
    with pytest.raises(NotPlaying) as left:
        game.without_player("Carlo")  # left already: no longer in the game
    assert left.value.players == ("Anna", "Bruno")
    with pytest.raises(LastTwoStay):
        game.without_player("Anna")


def test_a_hand_reports_exactly_who_is_seated() -> None:
    game = Game(THREE)
    with pytest.raises(HandNotSeated) as missing:
        game.with_hand(hand(Anna=1, Bruno=2))
    assert (missing.value.number, missing.value.missing, missing.value.strangers) == (
        1,
        ("Carlo",),
        (),
    )
    game = game.with_hand(hand(Anna=1, Bruno=2, Carlo=3)).without_player("Carlo")
    with pytest.raises(HandNotSeated) as stranger:
        game.with_hand(hand(Anna=1, Bruno=2, Carlo=3))
    assert (stranger.value.number, stranger.value.seated) == (2, ("Anna", "Bruno"))
    assert (stranger.value.missing, stranger.value.strangers) == ((), ("Carlo",))
    with pytest.raises(HandNotSeated) as fixed:
        game.with_hand_replaced(1, hand(Anna=1, Bruno=2))
    assert (fixed.value.number, fixed.value.missing) == (1, ("Carlo",))


def test_only_a_hand_played_is_reported_again() -> None:
    game = Game(THREE).with_hand(hand(Anna=1, Bruno=2, Carlo=3))
    with pytest.raises(NoSuchHand) as refused:
        game.with_hand_replaced(2, hand(Anna=1, Bruno=2, Carlo=3))
    assert (refused.value.number, refused.value.played) == (2, 1)
    with pytest.raises(NoSuchHand):
        game.with_hand_replaced(0, hand(Anna=1, Bruno=2, Carlo=3))


def test_a_tournament_needs_six_players() -> None:
    with pytest.raises(TournamentTooSmall) as refused:
        draw_tables(("Anna", "Bruno", "Carlo", "Dario", "Elena"), random.Random(1))
    assert (refused.value.count, refused.value.minimum) == (5, 6)
