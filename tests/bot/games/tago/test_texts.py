"""Tagò's replies as the chat reads them, in Italian and in English: chips written the
language's way, pots and side pots, the night's opening, standings, jackpot and odds."""

from __future__ import annotations

from bot import i18n
from bot.games.tago import night_texts, texts
from bot.games.tago.amounts import chips, percent, signed_chips
from bot.games.tago.answers import judge_answer
from bot.games.tago.parsing import parse_hand, parse_judge, parse_new_night, parse_odds
from scoring.tago import Night
from scoring.tago.odds import odds


def night_of(typed: str, jackpot: int = 0) -> Night:
    new = parse_new_night(typed)
    return Night.open(new.table, new.buy_ins, jackpot=jackpot, first_dealer=new.first_dealer)


def test_chips_are_written_the_language_s_way() -> None:
    assert [chips(250), chips(30000), chips(1234), chips(5)] == ["2,50", "300", "12,34", "0,05"]
    assert [signed_chips(5000), signed_chips(-250), signed_chips(0)] == ["+50", "−2,50", "0"]
    assert percent(0.375) == "37,5%"
    assert percent(0.123, 0.002) == "12,3% ±0,2"
    with i18n.speaking("en"):
        assert [chips(250), chips(30000), signed_chips(-1234)] == ["2.50", "300", "−12.34"]
        assert percent(0.123, 0.002) == "12.3% ±0.2"


def test_the_judge_in_english() -> None:
    with i18n.speaking("en"):
        reply = judge_answer(parse_judge("point=4,½,0 Anna 4,4,2 Bruno 3,1,½ Carlo 5,6,½")).text

    assert reply.splitlines() == [
        "PUNTO 4,½,0 → 4½",
        "Anna 4,4,2 → 2, pair of 4 dropped, 2½ away",
        "Bruno 3,1,½ → 4½, VALORE",
        "Carlo 5,6,½ → 11½, 7 away",
        "🏆 Bruno wins with VALORE.",
    ]


def test_the_pair_question_in_english_keeps_its_callback_data() -> None:
    with i18n.speaking("en"):
        answer = judge_answer(parse_judge("point=6,6,2 Anna 1,1,2 Bruno 0,0,0"))

    assert answer.text.startswith("The PUNTO 6,6,2 has a pair: it is worth 14 (the sum) or 2")
    assert answer.buttons == (("14 (sum)", "tg:c:g:28"), ("2 (pair dropped)", "tg:c:g:4"))


def test_the_punto_s_sum_chosen_is_said() -> None:
    reply = judge_answer(parse_judge("punto=6,6,2 scelta=14 Anna 4,4,6 Bruno 0,0,0")).text

    assert reply.startswith("PUNTO 6,6,2 → 14 (la somma, scelta del primo di mano)")
    assert "Anna 4,4,6 → 14, VALORE" in reply


def test_a_night_opened() -> None:
    night = night_of("tago heavy 5/300 ante=2.5 Anna Bruno=500 Carlo mazziere=Carlo", 1250)

    assert night_texts.night_opened(night).splitlines() == [
        "🃏 Serata di Tagò: heavy 5/300 · ante 2,50 · 10% al jackpot",
        "Al tavolo: Anna 300, Bruno 500, Carlo 300",
        "Primo mazziere: Carlo",
        "🎰 Jackpot: 12,50",
    ]


def test_three_pots_are_numbered_and_a_hand_nobody_contests_is_said() -> None:
    night = night_of("tago heavy 5/300 ante=5 jackpot=0% Anna Bruno Carlo Dario")
    night = night.with_hand(
        parse_hand(
            "punto=4,½,0 Anna 50 3,1,½ Bruno 100 4,4,2 Carlo 200 5,6,½ Dario 200 1,2,3",
            night.players,
        )
    )
    reply = night_texts.hand_reply(night, night.deals[-1])

    assert "💰 Piatto principale 200 · Anna, Bruno, Carlo, Dario → Anna" in reply
    assert "💰 Piatto laterale 1 150 · Bruno, Carlo, Dario → Dario" in reply
    assert "💰 Piatto laterale 2 200 · Carlo, Dario → Dario" in reply

    night = night.with_hand(parse_hand("Anna 5 lascia Bruno 20", night.players))
    reply = night_texts.hand_reply(night, night.deals[-1])
    # Carlo and Dario sit this hand out: Anna is the first to act after Bruno.
    assert "🃏 Mano 2 · mazziere Bruno, primo di mano Anna" in reply
    assert "Gli altri hanno lasciato: Bruno prende tutto senza mostrare." in reply
    assert "💰 Piatto principale 25 → Bruno" in reply
    assert "Carlo 100\nDario 450\n" in reply  # no change for who sat out


def test_an_in_hand_rebuy_is_shown_beside_the_stack() -> None:
    night = night_of("tago heavy 5/300 ante=5 jackpot=0% Anna Bruno")
    night = night.with_hand(parse_hand("Anna 350 ricarica=50 lascia Bruno 300", night.players))
    reply = night_texts.hand_reply(night, night.deals[-1])

    assert "Anna 0 (−350) ricarica 50" in reply


def test_stacks_as_standings_with_the_jackpot_grown_tonight() -> None:
    night = night_of("tago light 5/300 ante=5 jackpot=10% Anna Bruno Carlo", 1000)
    night = night.with_hand(
        parse_hand("punto=4,½,0 Anna 30 3,1,½ Bruno 30 4,4,2 Carlo 5 lascia", night.players)
    )

    assert night_texts.stacks_reply(night).splitlines() == [
        "🃏 Classifica della serata, per risultato (light 5/300 · ante 5 · 10% al jackpot)",
        "1. Anna +33,50 (fiches 333,50, comprate 300)",
        "2. Carlo −5 (fiches 295, comprate 300)",
        "3. Bruno −30 (fiches 270, comprate 300)",
        "🎰 Jackpot: 11,50 (stasera +1,50)",
    ]
    with i18n.speaking("en"):
        assert night_texts.stacks_reply(night).splitlines()[1] == (
            "1. Anna +33.50 (chips 333.50, bought in 300)"
        )


def test_the_jackpot_alone_and_a_settle_up_with_no_payments() -> None:
    assert night_texts.jackpot_reply(1250) == "🎰 Jackpot: 12,50"
    with i18n.speaking("en"):
        assert night_texts.jackpot_reply(1250, -300) == "🎰 Jackpot: 12.50 (tonight −3)"
    night = night_of("tago light 5/300 jackpot=0% Anna Bruno").settled()

    assert night_texts.night_end(night).splitlines()[-1] == "Nessun pagamento: tutti pari."


def test_the_settle_up_in_english_names_the_jackpot_s_cashier() -> None:
    night = night_of("tago light 5/300 ante=5 jackpot=50% Anna Bruno")
    night = night.with_hand(
        parse_hand("punto=4,½,0 Anna 20 3,1,½ Bruno 20 4,4,2", night.players)
    ).settled()

    with i18n.speaking("en"):
        lines = night_texts.night_end(night).splitlines()

    assert lines[0] == "🏁 The night of Tagò is over. Results:"
    assert lines[1] == "1. Anna +15 (chips 315, bought in 300)"
    assert lines[-2:] == ["Bruno → Anna 15", "Bruno → Jackpot's cashier 5"]


def test_the_odds_exact_best_first() -> None:
    request = parse_odds("punto=4,½,0 Anna 4,4 Bruno 3,1")
    reply = texts.odds_reply(request.punto, request.shown, odds(request.punto, request.shown))

    lines = reply.splitlines()
    assert lines[0] == "📊 Quote con PUNTO 4,½,0"
    chances = [float(line.rpartition(" ")[2].rstrip("%").replace(",", ".")) for line in lines[1:3]]
    assert [line.split()[0] for line in lines[1:3]] == ["Anna", "Bruno"]
    assert chances[0] > chances[1]
    assert lines[3].startswith("Conto esatto su ")


def test_the_odds_sampled_show_their_error() -> None:
    request = parse_odds("punto=4,½ A 4,4 B 3,1 C 5,6 D 0,0 E 2,2 F 7,8 G 1,½ H 6,7")
    result = odds(request.punto, request.shown)
    reply = texts.odds_reply(request.punto, request.shown, result)

    assert not result.exact
    assert "±" in reply
    assert "Stima su 40000 estrazioni a caso (± un errore standard)." in reply
    assert "Con una coppia nel PUNTO, A sceglie il valore più conveniente." in reply
