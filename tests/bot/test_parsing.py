"""Command text to values, without Telegram."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.parsing import (
    UserError,
    parse_hand,
    parse_join,
    parse_new_game,
    parse_tournament,
    pick_table,
    tokens,
)
from scoring import Hand, Mode, Report, Rules

SEATS = ("Anna", "Bruno", "Carlo")


def hand(caller: str | None = None, **totals: int) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in totals.items()), caller)


@pytest.mark.parametrize(
    "text",
    [
        "Anna 3 Bruno 12 Carlo 7 tamalo=Anna",
        "Carlo 7 t=anna Anna 3 bruno 12",
        "3 12 7 t=Anna",
        "  3   12 7   T = Anna ",
        "Anna 1,2 Bruno 10,2 Carlo 7",
        "Anna A, 2 Bruno Q Carlo 7",
        "Anna 3, Bruno 12, Carlo 7",
        "Anna 3,Bruno 12,Carlo 7,",
    ],
)
def test_the_same_hand_written_many_ways(text: str) -> None:
    caller = None if "t" not in text.casefold() else "Anna"
    assert parse_hand(text, SEATS, Rules()) == hand(caller, Anna=3, Bruno=12, Carlo=7)


def test_card_lists_and_numbers_mix() -> None:
    assert parse_hand("A,7,KN KR 0", SEATS, Rules()) == hand(Anna=21, Bruno=0, Carlo=0)


def test_jokers_count_15_in_jokes_mode() -> None:
    assert parse_hand("JK 1 2", SEATS, Rules(jokers=True)).total_of("Anna") == 15


def test_a_hand_names_players_as_seated() -> None:
    assert parse_hand("anna 1 BRUNO 2 carlo 3", SEATS, Rules()).players == SEATS


def test_tokens_keep_card_lists_and_options_together() -> None:
    assert tokens(" Anna  A , 7 ,KN  t = Anna ") == ["Anna", "A,7,KN", "t=Anna"]


def test_new_game_keeps_seat_order() -> None:
    assert parse_new_game("Carlo Anna Bruno").players == ("Carlo", "Anna", "Bruno")
    assert parse_new_game("Gian-Luca D'Amico Zoë").players == ("Gian-Luca", "D'Amico", "Zoë")


def test_join_refuses_someone_already_seated_whatever_the_case() -> None:
    assert parse_join("Dario", SEATS) == "Dario"
    with pytest.raises(UserError, match="Bruno gioca già"):
        parse_join("BRUNO", SEATS)


@given(st.text(max_size=60))
def test_any_text_gives_a_hand_or_a_message(text: str) -> None:
    try:
        parsed = parse_hand(text, SEATS, Rules())
    except UserError as error:
        message = error.message
        assert message
    else:
        assert parsed.players == SEATS


def test_a_card_list_is_capped_like_a_number() -> None:
    with pytest.raises(UserError, match="troppo per una mano"):
        parse_hand(",".join(["KN"] * 41) + " 1 1", SEATS, Rules())


def test_names_longer_than_32_once_case_folded_are_refused() -> None:
    with pytest.raises(UserError, match="32 caratteri"):
        parse_new_game("Anna " + "ß" * 20)


def test_at_most_twelve_players() -> None:
    players = [f"P{chr(ord('a') + n)}" for n in range(13)]
    assert len(parse_new_game(" ".join(players[:12])).players) == 12
    with pytest.raises(UserError, match="Al massimo 12 giocatori"):
        parse_new_game(" ".join(players))


def test_new_game_options_in_any_order() -> None:
    new = parse_new_game("contro Anna soglia=30 Bruno pari_perde mazziere=bruno Carlo")
    assert new.players == ("Anna", "Bruno", "Carlo")
    assert new.rules == Rules(mode=Mode.CONTRO, target=30, tie_beats_caller=True)
    assert new.first_dealer == 1
    assert new.target_given
    quadri = parse_new_game("Anna Bruno Carlo Dario QUADRI spareggio")
    assert quadri.rules == Rules(quadri=True, dealer_tiebreak=True)
    assert not quadri.target_given


def test_a_tournament_refuses_jokers_and_needs_six() -> None:
    assert len(parse_tournament("Anna Bruno Carlo Dario Elena Franco contro").players) == 6
    for text in ("jokes Anna Bruno Carlo Dario Elena Franco", "Anna Bruno Carlo Dario Elena",
                 "quadri Anna Bruno Carlo Dario Elena Franco"):  # fmt: skip
        with pytest.raises(UserError):
            parse_tournament(text)


CONTRO = Rules(mode=Mode.CONTRO)


@pytest.mark.parametrize(
    "text",
    [
        "Anna 3 Bruno 2 Carlo 0 t=Anna ct=Bruno f=Carlo",
        "3 2 0 tamalo=anna contro=BRUNO fuori=Carlo",
        "3 2 t=Anna ct=Bruno f=Carlo",
        "Anna 3, Bruno 2, t=Anna, ct=Bruno, f=Carlo",
        "Anna 3 Bruno 2 t = Anna ct = Bruno f = Carlo",
    ],
)
def test_markers_written_many_ways(text: str) -> None:
    expected = Hand(
        (Report("Anna", 3), Report("Bruno", 2), Report("Carlo", 0)), "Anna", "Bruno",
        frozenset({"Carlo"}),
    )  # fmt: skip
    assert parse_hand(text, SEATS, CONTRO) == expected


def test_several_players_finished_their_cards() -> None:
    for text in ("Carlo 9 f=Anna,Bruno", "Carlo 9 f=Anna f=Bruno", "9 f=Anna f=Bruno"):
        assert parse_hand(text, SEATS, Rules()).out == {"Anna", "Bruno"}


def test_pick_table_by_the_names_typed() -> None:
    tables = [("Anna", "Bruno", "Carlo"), ("Dario", "Elena", "Franco")]
    assert pick_table(tables, "Elena 3 Dario 4 Franco 5") == 1
    assert pick_table(tables, "3 4 5 t=anna") == 0
    assert pick_table(tables[:1], "3 4 5") == 0
    with pytest.raises(UserError, match="scrivi i nomi"):
        pick_table(tables, "3 4 5")
    with pytest.raises(UserError, match="tavoli diversi"):
        pick_table(tables, "Anna 3 Elena 4")


def test_a_lone_jack_typed_f_is_a_card_not_a_marker() -> None:
    assert parse_hand("3 F 7", SEATS, Rules()) == hand(Anna=3, Bruno=11, Carlo=7)
    assert parse_hand("Anna F Bruno 3 Carlo 7", SEATS, Rules()).total_of("Anna") == 11
