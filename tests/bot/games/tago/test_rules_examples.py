"""Every worked example of RULES-tago.md with an outcome to tell, typed as the chat types it,
through the engine, to the reply the chat reads."""

from __future__ import annotations

from bot.games.tago import night_texts
from bot.games.tago.answers import judge_answer
from bot.games.tago.choice import HAND_CHOICE
from bot.games.tago.parsing import (
    NewNight,
    parse_curious,
    parse_hand,
    parse_judge,
    parse_new_night,
    parse_rebuy,
)
from scoring.tago import Night


def verdict_of(typed: str) -> str:
    return judge_answer(parse_judge(typed)).text


def open_night(typed: str, jackpot: int = 0) -> Night:
    new: NewNight = parse_new_night(typed)
    return Night.open(new.table, new.buy_ins, jackpot=jackpot, first_dealer=new.first_dealer)


def play(night: Night, typed: str) -> tuple[Night, str]:
    night = night.with_hand(parse_hand(typed, night.players))
    return night, night_texts.hand_reply(night, night.deals[-1])


# --- "Who wins": the table of worked examples ---


def test_valore_with_the_pair_rule_taking_a_pair_off() -> None:
    reply = verdict_of("punto=4,½,0 Anna 4,4,2 Bruno 3,1,½ Carlo 5,6,½")

    assert reply.splitlines() == [
        "PUNTO 4,½,0 → 4½",
        "Anna 4,4,2 → 2, coppia di 4 tolta, a 2½",
        "Bruno 3,1,½ → 4½, VALORE",
        "Carlo 5,6,½ → 11½, a 7",
        "🏆 Vince Bruno con VALORE.",
    ]


def test_copia_beats_the_same_value_seed_figure_9() -> None:
    reply = verdict_of("punto=1,7,3 Anna 1,7,3 Bruno 5,6,0")

    assert "Anna 1,7,3 → 11, COPIA" in reply
    assert "Bruno 5,6,0 → 11, VALORE" in reply
    assert reply.endswith("🏆 Vince Anna con COPIA.")


def test_the_pair_rule_against_a_pair_kept_seed_figure_3() -> None:
    reply = verdict_of("punto=2,½,0 Anna 6,6,2 Bruno 1,1,½")

    assert "PUNTO 2,½,0 → 2½" in reply
    assert "Anna 6,6,2 → 2, coppia di 6 tolta, a ½" in reply
    assert "Bruno 1,1,½ → 2½, VALORE" in reply
    assert reply.endswith("🏆 Vince Bruno con VALORE.")


def test_a_zero_against_the_punto_s_pair_chosen_off_wins_the_jackpot_too() -> None:
    reply = verdict_of("punto=6,6,2 scelta=2 Anna 1,1,2 Bruno 0,0,0")

    assert "PUNTO 6,6,2 → 2 (coppia di 6 tolta, scelta del primo di mano)" in reply
    assert "Anna 1,1,2 → 2, coppia di 1 tolta, VALORE" in reply
    assert "Bruno 0,0,0 → ZERO" in reply
    assert reply.endswith("🏆 Vince Bruno con ZERO. Lo ZERO vince anche il jackpot!")


def test_the_same_example_without_the_choice_asks_the_first_player() -> None:
    answer = judge_answer(parse_judge("punto=6,6,2 Anna 1,1,2 Bruno 0,0,0"))

    assert answer.text == (
        "Il PUNTO 6,6,2 ha una coppia: vale 14 (la somma) o 2 (coppia tolta). "
        "Quale sceglie il primo di mano?"
    )
    assert answer.buttons == (("14 (somma)", "tg:c:g:28"), ("2 (coppia tolta)", "tg:c:g:4"))


def test_tris_against_tris_is_a_tie_and_the_pot_is_split() -> None:
    reply = verdict_of("punto=2,½,5 Anna 4,4,4 Bruno 6,6,6 Carlo 7,½,0")

    assert "Anna 4,4,4 → TRIS" in reply
    assert "Bruno 6,6,6 → TRIS" in reply
    assert "Carlo 7,½,0 → 7½, VALORE" in reply
    assert reply.endswith("🤝 Pari Anna e Bruno con TRIS: il piatto si divide.")


def test_a_half_above_and_a_half_below_are_a_tie() -> None:
    reply = verdict_of("punto=4,½,0 Anna 1,3,0 Bruno 2,3,0")

    assert "Anna 1,3,0 → 4, a ½" in reply
    assert "Bruno 2,3,0 → 5, a ½" in reply
    assert reply.endswith("🤝 Pari Anna e Bruno con PUNTEGGIO: il piatto si divide.")


# --- "Pots and side pots": the worked example ---

NIGHT = "tago light 5/300 ante=2.5 jackpot=0% Anna Bruno Carlo Dario"


def test_the_side_pot_example_with_bruno_best() -> None:
    night, reply = play(
        open_night(NIGHT),
        "punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Carlo 200 5,6,½ Dario 40 lascia",
    )

    assert "💰 Piatto principale 490 · Anna, Bruno, Carlo → Bruno" in reply
    assert "💰 Piatto laterale 100 · Anna, Carlo → Anna" in reply
    assert "Lasciano la mano: Dario" in reply
    assert reply.split("Fiches dopo la mano:\n")[1].splitlines() == [
        "Anna 200 (−100)",
        "Bruno 640 (+340)",
        "Carlo 100 (−200)",
        "Dario 260 (−40)",
        "🎰 Jackpot: 0",
    ]
    assert night.totals() == {"Anna": 20000, "Bruno": 64000, "Carlo": 10000, "Dario": 26000}


def test_the_side_pot_example_with_bruno_all_in_and_beaten() -> None:
    _night, reply = play(
        open_night(NIGHT),
        "punto=4,½,0 Anna 200 3,1,½ Bruno 150 4,4,2 Carlo 200 5,6,½ Dario 40 lascia",
    )

    assert "💰 Piatto principale 490 · Anna, Bruno, Carlo → Anna" in reply
    assert "💰 Piatto laterale 100 · Anna, Carlo → Anna" in reply
    assert "Anna 690 (+390)" in reply


def test_the_antes_share_goes_to_the_jackpot_before_the_pots() -> None:
    night = open_night("tago light 5/300 ante=2.5 jackpot=10% Anna Bruno Carlo Dario", 1000)
    _night, reply = play(
        night, "punto=4,½,0 Anna 200 4,4,2 Bruno 150 3,1,½ Carlo 200 5,6,½ Dario 40 lascia"
    )

    assert "🎰 Al jackpot dalle ante: 1 (4 × 0,25)" in reply
    assert "💰 Piatto principale 489 · Anna, Bruno, Carlo → Bruno" in reply
    assert reply.endswith("🎰 Jackpot: 11")


def test_odd_cents_go_to_the_tied_winners_from_the_dealer_s_left() -> None:
    night = open_night("tago light 5/300 ante=2.5 jackpot=10% Anna Bruno Carlo")
    _night, reply = play(night, "punto=4,½,0 Anna 5 1,3,0 Bruno 5 2,3,0 Carlo 5.02 lascia")

    # Anna deals the first hand: Bruno is on her left, and takes the odd cent.
    assert "🃏 Mano 1 · mazziere Anna, primo di mano Bruno" in reply
    assert (
        "💰 Piatto principale 14,27 · Anna, Bruno → Anna e Bruno "
        "(diviso: Anna 7,13, Bruno 7,14; 1 centesimo in più: Bruno)"
    ) in reply


def test_a_zero_at_the_table_takes_its_pot_and_the_whole_jackpot() -> None:
    night = open_night("tago heavy 5/300 ante=5 jackpot=10% Anna Bruno", jackpot=12000)
    hand = parse_hand("punto=6,6,2 Anna 10 1,1,2 Bruno 10 0,0,0", night.players)

    assert hand.choice is None  # the wiring asks; the button adds scelta=2
    night, reply = play(night, "punto=6,6,2 scelta=2 Anna 10 1,1,2 Bruno 10 0,0,0")

    assert "💰 Piatto principale 19 · Anna, Bruno → Bruno" in reply
    assert "🎉 ZERO di Bruno: vince il jackpot, 121!" in reply
    assert "Bruno 430 (+130)" in reply
    assert reply.endswith("🎰 Jackpot: 0")
    assert HAND_CHOICE == "m"


def test_a_curioso_pays_one_ante_to_the_jackpot() -> None:
    night, _reply = play(
        open_night(NIGHT), "punto=4,½,0 Anna 10 4,4,2 Bruno 10 3,1,½ Carlo 2.5 lascia"
    )
    for player in parse_curious("carlo", night.players):
        night = night.with_curioso(player)

    reply = night_texts.curious_reply(night, ["Carlo"])
    assert reply == (
        "👀 Carlo paga 2,50 per vedere la carta coperta: va al jackpot.\n🎰 Jackpot: 2,50"
    )


# --- "Settle-up": the worked example ---


def test_the_settle_up_example_with_the_jackpot_s_cashier() -> None:
    night = open_night("tago light 5/300 ante=5 jackpot=50% Anna Bruno Carlo Dario")
    player, amount = parse_rebuy("Anna 300", night.players)
    night = night.with_rebuy(player, amount)
    assert night_texts.rebuy_reply(night, player, amount) == (
        "💶 Anna ricarica 300: ora ha 600 (fiches comprate in tutto: 600)."
    )
    night, _ = play(night, "punto=4,½,0 Anna 5 lascia Bruno 5 lascia Carlo 45 4,4,2 Dario 45 3,1,½")
    night, _ = play(
        night, "punto=1,2,3 Anna 295 1,2,3 Bruno 295 5,5,5 Carlo 5 lascia Dario 15 lascia"
    )
    assert night.totals() == {"Anna": 90000, "Bruno": 0, "Carlo": 25000, "Dario": 33000}

    reply = night_texts.night_end(night.settled())

    assert reply.splitlines() == [
        "🏁 Fine della serata di Tagò. Risultati:",
        "1. Anna +300 (fiches 900, comprate 600)",
        "2. Dario +30 (fiches 330, comprate 300)",
        "3. Carlo −50 (fiches 250, comprate 300)",
        "4. Bruno −300 (fiches 0, comprate 300)",
        "🎰 Jackpot: 20 (stasera +20)",
        "Pagamenti:",
        "Bruno → Anna 300",
        "Carlo → Dario 30",
        "Carlo → Cassa del jackpot 20",
    ]


# --- "Reading — ties": a play-off decides the pot the tied players share ---


def test_a_tie_played_off_decides_the_pot() -> None:
    night = open_night("tago heavy 5/300 ante=5 jackpot=0% Anna Bruno Carlo")
    night, reply = play(
        night,
        "punto=4,½,0 Anna 60 1,3,0 Bruno 60 2,3,0 Carlo 5 lascia spareggio Anna 1,3,½ Bruno 2,3,2",
    )

    assert "🤝" not in reply
    assert "⚔️ Spareggio: Anna e Bruno" in reply
    assert "Anna 1,3,½ → 4½, VALORE" in reply
    assert "Bruno 2,3,2 → 3, coppia di 2 tolta, a 1½" in reply
    assert "💰 Piatto principale 125 · Anna, Bruno → Anna" in reply
    assert night.totals()["Anna"] == 30000 - 6000 + 12500


def test_a_play_off_left_by_one_of_the_tied() -> None:
    night = open_night("tago heavy 5/300 ante=5 jackpot=0% Anna Bruno")
    _night, reply = play(
        night, "punto=4,½,0 Anna 30 1,3,0 Bruno 20 2,3,0 spareggio Anna 1,3,½ Bruno lascia"
    )

    assert "Lasciano lo spareggio: Bruno" in reply
    assert "💰 Piatto principale 40 · Anna, Bruno → Anna" in reply
