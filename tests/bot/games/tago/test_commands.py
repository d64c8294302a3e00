"""``/giudica`` and ``/quote`` in a chat, through the real Application: the verdict as a reply
to the command, every refusal in one message that changes nothing, the pair question's two
buttons pressed as Telegram delivers a press (with the message as it is now), and the odds."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from typing import Any

import pytest
from telegram import Update

from bot.games.tago import answers
from bot.games.tago.answers import odds_of
from bot.games.tago.parsing import OddsRequest
from scoring.tago.odds import Odds
from tests.bot.conftest import StartBot, Table
from tests.bot.fakes import BOT_USER, MESSAGE_IDS

EXAMPLE = "/giudica punto=4,½,0 Anna 4,4,2 Bruno 3,1,½ Carlo 5,6,½"
VERDICT = """\
PUNTO 4,½,0 → 4½
Anna 4,4,2 → 2, coppia di 4 tolta, a 2½
Bruno 3,1,½ → 4½, VALORE
Carlo 5,6,½ → 11½, a 7
🏆 Vince Bruno con VALORE."""
PAIR = "/giudica punto=6,6,2 Anna 1,1,2 Bruno 0,0,0"
QUESTION = (
    "Il PUNTO 6,6,2 ha una coppia: vale 14 (la somma) o 2 (coppia tolta). "
    "Quale sceglie il primo di mano?"
)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


@dataclass
class Sent:
    """A message the bot sent, as Telegram keeps it: edits change its text and buttons."""

    message_id: int
    chat: dict[str, object]
    text: str
    markup: dict[str, Any] | None
    #: The message it replies to, as Telegram gives it with the message.
    reply_to: dict[str, Any] | None

    def as_telegram_has_it(self) -> dict[str, Any]:
        message: dict[str, Any] = {
            "message_id": self.message_id,
            "date": 1_700_000_000,
            "chat": self.chat,
            "from": BOT_USER,
            "text": self.text,
        }
        if self.markup is not None:
            message["reply_markup"] = self.markup
        if self.reply_to is not None:
            message["reply_to_message"] = self.reply_to
        return message


async def ask(table: Table, typed: str = PAIR) -> Sent:
    """``typed`` sent; the bot's one reply, which answers it (quoting it)."""
    update = table.update(typed)
    before = len(table.request.calls)
    await table.deliver(update)
    (sent,) = [
        (parameters, answer)
        for (name, parameters), answer in zip(
            table.request.calls[before:], table.request.answers[before:], strict=True
        )
        if name == "sendMessage"
    ]
    parameters, answer = sent
    assert isinstance(answer, dict)
    command = update.message
    assert command is not None
    assert _json(parameters["reply_parameters"])["message_id"] == command.message_id
    markup = _json(parameters.get("reply_markup"))
    return Sent(answer["message_id"], table.chat, parameters["text"], markup, command.to_dict())


def buttons(sent: Sent) -> dict[str, str]:
    """The buttons of ``sent`` as the chat sees them now: label → callback data."""
    rows = sent.markup["inline_keyboard"] if sent.markup is not None else []
    return {button["text"]: button["callback_data"] for row in rows for button in row}


async def press(table: Table, sent: Sent, data: str) -> tuple[str | None, bool]:
    """Someone presses a button of ``sent`` whose data is ``data`` (as they saw it, maybe
    before an edit): (the toast, whether an alert); ``sent`` follows the bot's edits."""
    number = next(MESSAGE_IDS)
    query = {
        "id": str(number),
        "from": {"id": 7, "is_bot": False, "first_name": "Utente7"},
        "chat_instance": "tavolo",
        "data": data,
        "message": sent.as_telegram_has_it(),
    }
    before = len(table.request.calls)
    await table.app.process_update(
        Update.de_json({"update_id": number, "callback_query": query}, table.app.bot)
    )
    if table.errors:
        raise table.errors.pop()
    toast, alert = None, False
    for name, parameters in table.request.calls[before:]:
        if name == "answerCallbackQuery":
            toast, alert = parameters.get("text"), bool(parameters.get("show_alert"))
        if name == "editMessageText":
            assert int(parameters["message_id"]) == sent.message_id
            sent.text, sent.markup = parameters["text"], _json(parameters.get("reply_markup"))
    return toast, alert


SUM, PAIR_OFF = "tg:c:g:28", "tg:c:g:4"  # 14 (the sum) and 2 (the pair taken off)


async def asked(table: Table, typed: str = PAIR) -> Sent:
    """The pair question asked."""
    sent = await ask(table, typed)
    assert sent.text == QUESTION
    return sent


# --- the judge ---


async def test_the_issue_s_example_is_judged_in_a_reply_to_the_command(table: Table) -> None:
    sent = await ask(table, EXAMPLE)

    assert sent.text == VERDICT
    assert sent.markup is None


async def test_judge_in_an_english_chat(table: Table) -> None:
    await table.send("/lingua en")

    assert await table.reply("/judge point=4,½,0 Anna 4,4,2 Bruno 3,1,½ Carlo 5,6,½") == (
        "PUNTO 4,½,0 → 4½\n"
        "Anna 4,4,2 → 2, pair of 4 dropped, 2½ away\n"
        "Bruno 3,1,½ → 4½, VALORE\n"
        "Carlo 5,6,½ → 11½, 7 away\n"
        "🏆 Bruno wins with VALORE."
    )


async def test_judge_answers_in_a_private_chat_too(table: Table) -> None:
    sent = await ask(table.in_chat(42), EXAMPLE)  # quoted: a button reads the command back

    assert sent.text == VERDICT


REFUSALS = [
    (
        "/giudica punto=4,½,0 Anna 4,4,4 Bruno 4,1,½",
        "Il 4 compare 5 volte, ma nel mazzo ce ne sono solo tre: controlla le carte.",
    ),
    ("/giudica punto=4,½,0 Anna 4,4 Bruno 3,1,½", "Anna ha 2 carte, ne servono 3."),
    ("/giudica punto=4,½,0 Anna 4,4,2,1 Bruno 3,1,½", "Anna ha 4 carte, ne servono 3."),
    ("/giudica punto=4,½,0 Anna 4,4,9 Bruno 3,1,½", "«9» non è una carta del Tagò."),
    ("/giudica punto=4,½,0 Anna 4,4,2 Bruno 3,1,½ pippo=2", "Non conosco «pippo=2»."),
    ("/giudica punto=4,½,0 Anna 4,4,2", "Al Tagò si gioca da 2 a 8: qui ce ne sono 1."),
    (
        "/giudica punto=½,½,½ "
        + " ".join(f"{name} {v},{v},{v}" for name, v in zip("ABCDEFGHI", "012345678", strict=True)),
        "Al Tagò si gioca da 2 a 8: qui ce ne sono 9.",
    ),
    ("/giudica", "Mancano le carte. Scrivi per esempio: /giudica punto=4,½,0 Anna 4,4,2"),
    ("/giudica Anna 1,2,3 Bruno 1,2,4", "Manca il PUNTO, le tre carte del mazziere"),
    ("/giudica punto=6,6,2 scelta=5 Anna 1,1,2 Bruno 0,0,0", "Il PUNTO non può valere 5"),
]


async def test_every_refusal_is_one_message_and_changes_nothing(table: Table) -> None:
    assert await table.refusals(REFUSALS) == []


async def test_a_refusal_replies_to_the_command(table: Table) -> None:
    calls = await table.calls("/giudica punto=4,½,0 Anna 4,4 Bruno 3,1,½")

    assert [name for name, _ in calls] == ["sendMessage"]
    assert "reply_markup" not in calls[0][1]
    assert "reply_parameters" in calls[0][1]  # in a group, it quotes the command


async def test_refusals_in_an_english_chat(table: Table) -> None:
    await table.send("/language en")

    assert (
        await table.refusals(
            [
                ("/judge point=4,½,0 Anna 4,4,4 Bruno 4,1,½", "The 4 shows up 5 times"),
                ("/judge point=4,½,0 Anna 4,4 Bruno 3,1,½", "Anna has 2 cards, it takes 3."),
                ("/judge point=4,½,0 Anna 4,4,x Bruno 3,1,½", "“x” is not a Tagò card."),
                ("/judge point=4,½,0 Anna 4,4,2", "Tagò is played by 2 to 8"),
                ("/judge", "Write for example: /judge point=4,½,0 Anna 4,4,2 Bruno 3,1,½"),
            ]
        )
        == []
    )


#: RULES-tago.md, "Who wins": each worked example typed as the chat types it, and what the
#: reply says of the winner and of the scores the table's column explains.
WORKED_EXAMPLES = [
    (
        "/giudica punto=4,½,0 Anna 4,4,2 Bruno 3,1,½ Carlo 5,6,½",
        ["PUNTO 4,½,0 → 4½", "Anna 4,4,2 → 2, coppia di 4 tolta, a 2½", "Carlo 5,6,½ → 11½, a 7"],
        "🏆 Vince Bruno con VALORE.",
    ),
    (
        "/giudica punto=1,7,3 Anna 1,7,3 Bruno 5,6,0",
        ["PUNTO 1,7,3 → 11", "Anna 1,7,3 → 11, COPIA", "Bruno 5,6,0 → 11, VALORE"],
        "🏆 Vince Anna con COPIA.",
    ),
    (
        "/giudica punto=2,½,0 Anna 6,6,2 Bruno 1,1,½",
        ["PUNTO 2,½,0 → 2½", "Anna 6,6,2 → 2, coppia di 6 tolta, a ½", "Bruno 1,1,½ → 2½, VALORE"],
        "🏆 Vince Bruno con VALORE.",
    ),
    (
        "/giudica punto=6,6,2 scelta=2 Anna 1,1,2 Bruno 0,0,0",
        ["PUNTO 6,6,2 → 2 (coppia di 6 tolta, scelta del primo di mano)", "Bruno 0,0,0 → ZERO"],
        "🏆 Vince Bruno con ZERO. Lo ZERO vince anche il jackpot!",
    ),
    (
        "/giudica punto=2,½,5 Anna 4,4,4 Bruno 6,6,6 Carlo 7,½,0",
        ["PUNTO 2,½,5 → 7½", "Anna 4,4,4 → TRIS", "Carlo 7,½,0 → 7½, VALORE"],
        "🤝 Pari Anna e Bruno con TRIS: il piatto si divide.",
    ),
    (
        "/giudica punto=4,½,0 Anna 1,3,0 Bruno 2,3,0",
        ["Anna 1,3,0 → 4, a ½", "Bruno 2,3,0 → 5, a ½"],
        "🤝 Pari Anna e Bruno con PUNTEGGIO: il piatto si divide.",
    ),
]


@pytest.mark.parametrize(("typed", "lines", "verdict"), WORKED_EXAMPLES, ids=range(1, 7))
async def test_every_worked_example_of_the_rules_through_the_command(
    table: Table, typed: str, lines: list[str], verdict: str
) -> None:
    reply = (await ask(table, typed)).text.splitlines()

    assert reply[-1] == verdict
    assert set(lines) <= set(reply)


# --- the pair question ---


async def test_a_pair_in_the_punto_without_a_choice_asks_with_two_buttons(table: Table) -> None:
    sent = await asked(table)

    assert sent.markup is not None
    assert [
        [(b["text"], b["callback_data"]) for b in row] for row in sent.markup["inline_keyboard"]
    ] == [
        [("14 (somma)", SUM)],
        [("2 (coppia tolta)", PAIR_OFF)],
    ]
    assert sent.reply_to is not None


async def test_the_pair_removed_makes_bruno_s_zero_win(table: Table) -> None:
    sent = await asked(table)

    assert await press(table, sent, PAIR_OFF) == (None, False)
    assert sent.text == (
        "PUNTO 6,6,2 → 2 (coppia di 6 tolta, scelta del primo di mano)\n"
        "Anna 1,1,2 → 2, coppia di 1 tolta, VALORE\n"
        "Bruno 0,0,0 → ZERO\n"
        "🏆 Vince Bruno con ZERO. Lo ZERO vince anche il jackpot!"
    )
    assert sent.markup is None


async def test_the_sum_chosen_is_judged_with_the_sum(table: Table) -> None:
    sent = await asked(table)

    assert await press(table, sent, SUM) == (None, False)
    assert sent.text.splitlines()[0] == "PUNTO 6,6,2 → 14 (la somma, scelta del primo di mano)"
    assert sent.text.endswith("🏆 Vince Bruno con ZERO. Lo ZERO vince anche il jackpot!")


async def test_the_choice_typed_up_front_asks_nothing(table: Table) -> None:
    by_button = await asked(table)
    await press(table, by_button, PAIR_OFF)

    typed = await ask(table, "/giudica punto=6,6,2 scelta=2 Anna 1,1,2 Bruno 0,0,0")

    assert typed.text == by_button.text
    assert typed.markup is None


async def test_a_second_press_says_it_is_judged_and_changes_nothing(table: Table) -> None:
    sent = await asked(table)
    await press(table, sent, PAIR_OFF)
    verdict = sent.text
    before = len(table.request.calls)

    assert await press(table, sent, SUM) == (
        "Già giudicata: il verdetto è nel messaggio.",
        False,
    )
    assert sent.text == verdict
    assert [name for name, _ in table.request.calls[before:]] == ["answerCallbackQuery"]


async def test_two_quick_presses_of_one_button_edit_it_once(table: Table) -> None:
    sent = await asked(table)
    seen_before_the_edit = Sent(**vars(sent))
    await press(table, sent, PAIR_OFF)
    table.request.refusing["editMessageText"] = (
        "Bad Request: message is not modified: specified new message content and reply "
        "markup are exactly the same as a current content and reply markup of the message"
    )

    assert await press(table, seen_before_the_edit, PAIR_OFF) == (None, False)


async def test_the_button_works_after_a_restart(start_bot: StartBot) -> None:
    async with start_bot() as table:
        sent = await asked(table)
    async with start_bot() as table:
        assert await press(table, sent, PAIR_OFF) == (None, False)
        assert sent.text.endswith("🏆 Vince Bruno con ZERO. Lo ZERO vince anche il jackpot!")


async def test_a_press_after_the_command_was_deleted_says_so(table: Table) -> None:
    sent = await asked(table)
    sent.reply_to = None  # Telegram gives no message replied to once it is deleted

    assert await press(table, sent, PAIR_OFF) == (
        "Non trovo più il messaggio con le carte: scrivilo di nuovo con scelta=2.",
        True,
    )
    assert sent.text == QUESTION


async def test_a_press_after_the_command_was_edited_wrong_says_what_is_wrong(
    table: Table,
) -> None:
    sent = await asked(table)
    assert sent.reply_to is not None
    sent.reply_to["text"] = "/giudica punto=6,6,2 Anna 1,1,2"

    toast, alert = await press(table, sent, SUM)

    assert (toast, alert) == ("Al Tagò si gioca da 2 a 8: qui ce ne sono 1.", True)
    assert sent.text == QUESTION


async def test_the_question_and_its_answer_in_english(table: Table) -> None:
    await table.send("/language en")
    sent = await ask(table, "/judge point=6,6,2 Anna 1,1,2 Bruno 0,0,0")
    assert sent.text.startswith("The PUNTO 6,6,2 has a pair")
    assert list(buttons(sent)) == ["14 (sum)", "2 (pair dropped)"]

    await press(table, sent, PAIR_OFF)

    assert sent.text.endswith("🏆 Bruno wins with ZERO. The ZERO wins the jackpot too!")
    assert await press(table, sent, SUM) == (
        "Already judged: the verdict is in the message.",
        False,
    )


@pytest.mark.parametrize("data", ["tg:c:g:999", "tg:x"])  # tg:c:m: is a night's /mano
async def test_a_button_the_bot_does_not_know_is_told_so(table: Table, data: str) -> None:
    assert await table.press(data) == (
        "Questo pulsante non vale più: scrivi di nuovo il comando.",
        None,
    )


# --- the odds ---


async def test_quote_gives_each_player_s_chance_in_a_reply(table: Table) -> None:
    sent = await ask(table, "/quote punto=4,½ Anna 4,4 Bruno 3,1 Carlo 5,6")

    assert sent.text == (
        "📊 Quote con PUNTO 4,½,?\n"
        "Anna 4,4,? → 50,6%\n"
        "Bruno 3,1,? → 28,0%\n"
        "Carlo 5,6,? → 21,4%\n"
        "Conto esatto su 6392 casi.\n"
        "Con una coppia nel PUNTO, Anna sceglie il valore più conveniente.\n"
        "Un pari conta come parte del piatto diviso."
    )
    assert sent.markup is None


async def test_quote_with_a_pair_in_the_punto_asks_nothing(table: Table) -> None:
    sent = await ask(table, "/quote punto=6,6,2 Anna 1,1 Bruno 0,0")

    assert sent.markup is None
    assert sent.text.startswith("📊 Quote con PUNTO 6,6,2")


async def test_odds_in_an_english_chat_and_its_refusals(table: Table) -> None:
    await table.send("/language en")

    reply = await table.reply("/odds point=4,½ Anna 4,4 Bruno 3,1 Carlo 5,6")
    assert reply.splitlines()[:2] == ["📊 Odds with PUNTO 4,½,?", "Anna 4,4,? → 50.6%"]
    assert (
        await table.refusals(
            [
                ("/odds point=4,½ Anna 4,4,4 Bruno 3,1", "Anna has 3 cards, it takes 2."),
                ("/odds Anna 4,4 Bruno 3,1", "The PUNTO is missing"),
            ]
        )
        == []
    )


async def test_quote_is_worked_out_off_the_event_loop(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[threading.Thread] = []

    def recorded(request: OddsRequest) -> Odds:
        threads.append(threading.current_thread())
        return odds_of(request)

    monkeypatch.setattr(answers, "odds_of", recorded)

    assert (await table.reply("/quote punto=4,½ Anna 4,4 Bruno 3,1")).startswith("📊")
    assert len(threads) == 1
    assert threads[0] is not threading.main_thread()
