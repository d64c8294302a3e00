"""Command text to values, without Telegram."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.tamalo.keypad import MAX_ID, parse_callback
from bot.games.tamalo.parsing import (
    parse_hand,
    parse_join,
    parse_leave,
    parse_new_game,
    parse_table,
    parse_tournament,
    pick_table,
)
from bot.games.tamalo.texts.words import points
from bot.names import close, distance
from bot.parsing import Claim, parse_iam, parse_name, parse_nothing, tokens
from bot.refusals import UserError
from bot.texts.common import NAMES_LISTED, names, some_names
from scoring.tamalo import Hand, Mode, Report, Rules

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


def test_a_player_named_with_digits_is_not_a_name_glued_to_a_total() -> None:
    seats = ("Anna", "Anna3", "Carlo")
    parsed = parse_hand("Anna3 4 Anna 5 Carlo 6", seats, Rules())
    assert parsed == hand(Anna=5, Anna3=4, Carlo=6)
    with pytest.raises(UserError, match="«Carlo6»: tra il nome e il totale"):
        parse_hand("Anna3 4 Anna 5 Carlo6", seats, Rules())


def test_a_full_stop_ends_a_hand_but_not_a_name_that_has_one() -> None:
    assert parse_hand("3 12 7 t=anna.", SEATS, Rules()) == hand("Anna", Anna=3, Bruno=12, Carlo=7)
    assert parse_hand("3 12 7.", SEATS, Rules()) == hand(Anna=3, Bruno=12, Carlo=7)
    seats = ("Anna", "G.")
    assert parse_hand("3 12 t=G.", seats, Rules()).caller == "G."
    with pytest.raises(UserError, match="non è un totale"):
        parse_hand("3 12..", SEATS[:2], Rules())


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


# --- Forgiving and strict names ----------------------------------------------------------

ACCENTED = ("Nicolò", "Anna", "Zoë")


@pytest.mark.parametrize("typed", ["Nicolo", "NICOLO", "nicolò", "Nicolò"])
def test_a_name_matches_whatever_its_case_and_accents(typed: str) -> None:
    parsed = parse_hand(f"{typed} 3 anna 5 zoe 0 t={typed} f=ZOE", ACCENTED, Rules())
    assert parsed.caller == "Nicolò"
    assert parsed.total_of("Nicolò") == 3
    assert parsed.out == {"Zoë"}
    assert parse_leave(typed, ACCENTED) == "Nicolò"
    assert parse_join(typed, ("Dario",)) == typed


def test_two_names_told_apart_only_by_accents_are_matched_as_typed() -> None:
    assert parse_hand("Nicolo 3 Nicolò 5", ("Nicolò", "Nicolo"), Rules()) == Hand(
        (Report("Nicolò", 5), Report("Nicolo", 3))
    )
    # "NICOLÓ" is neither spelling exactly, and either one without accents: it is nobody.
    with pytest.raises(UserError, match="NICOLÓ non gioca"):
        parse_hand("NICOLÓ 3 Nicolò 5", ("Nicolò", "Nicolo"), Rules())


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Ana", "Anna"),  # a letter missing
        ("Anan", "Anna"),  # two letters swapped: one edit
        ("Bruon", "Bruno"),  # on the longest of the short names too
        ("Bruo", "Bruno"),
        ("Carl", "Carlo"),  # the start of the name
        ("Massimilano", "Massimiliano"),  # two letters off a long name
        ("Аnna", "Anna"),  # a Cyrillic А
    ],
)
def test_a_name_close_to_one_player_gets_did_you_mean(typed: str, meant: str) -> None:
    players = ("Anna", "Bruno", "Carlo", "Massimiliano")
    assert close(typed, players) == meant
    others = " ".join(f"{p} {n}" for n, p in enumerate(players[1:], start=4) if p != meant)
    with pytest.raises(UserError) as refused:
        parse_hand(f"{typed} 3 {others}", players, Rules())
    assert f"non gioca in questa partita: intendevi {meant}?" in refused.value.message
    assert f"/entra {typed}" in refused.value.message


@pytest.mark.parametrize(
    ("a", "b", "edits"),
    [
        ("anna", "anan", 1),  # a swap is one edit (Levenshtein: two)
        ("nicolo", "incolo", 1),
        ("nicolo", "inoclo", 2),  # two swaps
        ("ab", "ba", 1),
        ("abc", "ca", 3),  # a swapped pair is not edited again (optimal string alignment)
        ("bruno", "bruno", 0),
        ("bruno", "brno", 1),
        ("bruno", "brunoo", 1),
        ("carlo", "darko", 2),
        ("", "anna", 4),
    ],
)
def test_edit_distance_counts_a_swap_as_one_edit(a: str, b: str, edits: int) -> None:
    assert distance(a, b) == distance(b, a) == edits


def test_how_many_edits_a_name_of_each_length_forgives() -> None:
    assert close("Bruon", ("Bruno",)) == "Bruno"  # five letters: one swap...
    assert close("Buron", ("Bruno",)) is None  # ...not two
    assert close("Inoclo", ("Nicolò",)) == "Nicolò"  # six letters: two swaps...
    assert close("Inocol", ("Nicolò",)) is None  # ...not three
    assert close("Nicolòxy", ("Nicolò",)) == "Nicolò"  # the start of the name
    assert close("Anan", ("Anna", "Aman")) is None  # one edit from both: no guess


def test_did_you_mean_only_when_one_player_is_close() -> None:
    assert close("Ann", ("Anna", "Anne")) is None  # both start so: no guess
    assert close("Zoe", ("Anna", "Bruno")) is None
    assert close("Mar", ("Marco",)) == "Marco"
    assert close("Ma", ("Marco",)) is None  # two letters are the start of too many names
    assert close("Dario", ("Mario", "Carlo")) == "Mario"  # one edit on five letters...
    assert close("Darko", ("Carlo",)) is None  # ...two are too many
    assert close("Bernardino", ("Bernardetta",)) is None  # three on a long one too
    assert close("Bernardina", ("Bernardino",)) == "Bernardino"


def test_a_marker_naming_nobody_gets_did_you_mean_in_its_own_words() -> None:
    with pytest.raises(UserError, match=r"out=Ana: Ana non gioca .* Intendevi out=Anna\?"):
        parse_hand("Bruno 3 Carlo 4 out=Ana", SEATS, Rules())


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("Anna A 7 KN Bruno 12 Carlo 0", "Anna A,7,KN."),
        ("Bruno 3 Anna 2 KR Carlo 0", "Anna 2,KR."),
        ("Anna A, 7 KN Bruno 12 Carlo 0", "Anna A,7,KN."),
    ],
)
def test_cards_written_with_spaces_get_a_hint_to_use_commas(text: str, hint: str) -> None:
    with pytest.raises(UserError) as refused:
        parse_hand(text, SEATS, Rules())
    assert refused.value.message == (
        f"Le carte di Anna vanno unite da virgole, senza spazi: {hint}"
    )


def test_numbers_with_spaces_are_not_taken_for_cards() -> None:
    with pytest.raises(UserError, match="«12» non ha un nome davanti"):
        parse_hand("Anna 3 12 Bruno 7 Carlo 5", SEATS, Rules())


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Anna 5 Bruno 3 Carlo 7 out=Anna", "(out=Anna), quindi ha 0, ma hai scritto 5"),
        ("Anna 5 Bruno 3 Carlo 7 fuori=Anna", "(fuori=Anna), quindi ha 0"),
        ("Anna 5 Bruno 3 Carlo 7 t=Anna counter=Bruno", "togli counter= da questa mano"),
    ],
)
def test_a_marker_is_answered_in_the_word_typed(text: str, said: str) -> None:
    with pytest.raises(UserError) as refused:
        parse_hand(text, SEATS, Rules())
    assert said in refused.value.message
    assert " f=" not in refused.value.message
    assert " ct=" not in refused.value.message


def test_the_counter_caller_is_answered_in_the_word_typed() -> None:
    with pytest.raises(UserError, match="contro= è un altro giocatore"):
        parse_hand("3 2 0 t=Anna contro=anna", SEATS, CONTRO)


@pytest.mark.parametrize(
    "name", ["\u3164", "Anna\u200b", "\u200dBruno", "Ca\u2060rlo", "\u115f\u1160", "\u2800"]
)
def test_invisible_characters_make_no_name(name: str) -> None:
    with pytest.raises(UserError, match="caratteri invisibili"):
        parse_name(name)
    with pytest.raises(UserError, match="caratteri invisibili"):
        parse_new_game(f"Dario {name}")


def test_names_are_kept_in_their_usual_unicode_form() -> None:
    assert parse_new_game("Ａｎｎａ Bruno").players == ("Anna", "Bruno")
    assert parse_name("Nicolo\u0300") == "Nicolò"  # a combining accent, composed
    assert parse_hand("３ 4 ５", SEATS, Rules()) == hand(Anna=3, Bruno=4, Carlo=5)


@pytest.mark.parametrize(
    ("typed", "seated"),
    [("Аnna", "Anna"), ("ΒRUNO", "Bruno"), ("Cаrlo", "Carlo"), ("Nicolo", "Nicolò")],
)
def test_a_name_that_looks_like_a_seated_one_is_refused(typed: str, seated: str) -> None:
    players = ("Anna", "Bruno", "Carlo", "Nicolò")
    with pytest.raises(UserError) as refused:
        parse_new_game(f"{seated} Dario {typed}")
    assert refused.value.message in {
        f"Hai scritto {typed} due volte: ogni giocatore va scritto una volta sola.",
        f"«{typed}» si confonde a vista con {seated} (lettere di un altro alfabeto o accenti "
        f"diversi): se è {seated}, scrivi {seated}; se no, scegli un nome che si distingua.",
    }
    with pytest.raises(UserError, match=f"{seated} gioca già|si confonde a vista con {seated}"):
        parse_join(typed, players)


def test_a_name_in_another_alphabet_that_looks_like_nobody_is_a_name() -> None:
    assert parse_new_game("Анна Anna").players == ("Анна", "Anna")
    assert parse_join("Дарья", SEATS) == "Дарья"


@pytest.mark.parametrize("command", ["annulla", "mazziere", "grafico"])
@pytest.mark.parametrize("typed", ["1", "tutto", "  x  y ", "#" * 3000])
def test_a_command_without_arguments_refuses_any(command: str, typed: str) -> None:
    with pytest.raises(UserError) as refused:
        parse_nothing(typed, command)
    assert refused.value.message.startswith(f"/{command} si scrive da solo, senza altro: «")
    assert len(refused.value.message) < 200
    parse_nothing(" \n\t", command)


def test_a_table_is_named_by_one_of_its_players_or_nothing() -> None:
    tables = [("Anna", "Bruno", "Carlo"), ("Dario", "Elena", "Franco")]
    assert parse_table(tables[:1], "", "fine") == 0
    assert parse_table(tables[:1], "anna", "fine") == 0
    assert parse_table(tables, "Elena", "fine") == 1
    for typed in ("Zed", "Anna Elena", "tutto", "Anna 3"):
        with pytest.raises(UserError, match="non gioca: non ho cambiato nulla"):
            parse_table(tables[:1], typed, "fine")
    with pytest.raises(UserError, match="Intendevi Elena"):
        parse_table(tables, "Elna", "fine")


@pytest.mark.parametrize(
    ("typed", "claim"),
    [
        ("", Claim(undo=False, player=None)),
        ("Anna", Claim(undo=False, player="Anna")),
        ("no", Claim(undo=True, player=None)),
        ("NO anna", Claim(undo=True, player="anna")),
    ],
)
def test_what_iam_asks(typed: str, claim: Claim) -> None:
    assert parse_iam(typed) == claim


def test_iam_takes_one_name() -> None:
    for typed in ("Anna Bruno", "no Anna Bruno"):
        with pytest.raises(UserError, match="Scrivi un nome solo"):
            parse_iam(typed)


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (("Anna",), "Anna"),
        (("Anna", "Bruno"), "Anna e Bruno"),
        (("Bruno", "Elena"), "Bruno ed Elena"),
        (("Anna", "Bruno", "Èrica"), "Anna, Bruno ed Èrica"),
        (("Elena", "Anna"), "Elena e Anna"),
    ],
)
def test_names_are_joined_as_italian_writes_them(players: tuple[str, ...], said: str) -> None:
    assert names(players) == said


def test_long_lists_of_names_are_cut() -> None:
    players = [f"Giocatore{n}" for n in range(NAMES_LISTED + 1)]
    assert some_names(players[:NAMES_LISTED]).endswith(f"Giocatore{NAMES_LISTED - 2} e "
                                                        f"Giocatore{NAMES_LISTED - 1}")  # fmt: skip
    assert some_names(players).endswith(f"Giocatore{NAMES_LISTED - 1} e un altro")
    assert some_names([*players, "Zeno"]).endswith(" e altri 2")


@pytest.mark.parametrize(("count", "said"), [(0, "0 punti"), (1, "1 punto"), (2, "2 punti")])
def test_points_are_counted_in_words(count: int, said: str) -> None:
    assert points(count) == said


def test_button_data_naming_an_id_no_row_can_have_is_stale() -> None:
    assert parse_callback(f"mano:{MAX_ID}:{MAX_ID}:ok") == (MAX_ID, MAX_ID, "ok")
    assert parse_callback(f"mano:{MAX_ID + 1}:1:ok") is None
    assert parse_callback(f"mano:1:{MAX_ID + 1}:ok") is None
