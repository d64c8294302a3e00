"""Tamalo's form on the table's screen: who called Tamalo (and ControTamalo), then each
player's card total on the number pad, or "no cards" (``f=``); sent as the ``/mano`` the
keypad's entry would type, with names."""

from __future__ import annotations

from collections.abc import Mapping

from bot.forms import Choice, Form, Number, Row, required
from bot.games.tamalo.texts import entry as entry_texts
from bot.games.tamalo.texts import form as texts
from bot.refusals import UserError
from play.tamalo import game as play
from scoring.tamalo import Mode
from storage import Front, UnitOfWork

#: The highest total the pad takes: more cards than anyone holds at the end of a hand.
MOST = 200
NOBODY = "-"
OUT = "fuori"


async def form(work: UnitOfWork, front: Front) -> Form:
    """The form of the running game's next hand (one table: a tournament's are typed)."""
    records = play.running_in(front)
    if len(records) > 1:
        raise UserError(entry_texts.entry_tournament())
    record = records[0]
    game = record.game
    players = tuple(game.next_players)
    number = len(game.hands) + 1
    contro = game.rules.mode is Mode.CONTRO
    anyone = ((NOBODY, texts.nobody()), *((p, p) for p in players))
    calls: tuple[Choice, ...] = (Choice("t", texts.caller(), anyone, NOBODY),)
    if contro:
        calls += (Choice("ct", texts.counter_caller(), anyone, NOBODY),)
    rows = (
        Row(texts.hand(number), calls),
        *(
            Row(
                player,
                (
                    Number(f"p{seat}", texts.total(), MOST),
                    Choice(f"o{seat}", texts.cards_left(), _cards_left(), ""),
                ),
            )
            for seat, player in enumerate(players)
        ),
    )

    def command(values: Mapping[str, str]) -> str:
        words: list[str] = []
        out: list[str] = []
        for seat, player in enumerate(players):
            if values[f"o{seat}"] == OUT:
                out.append(player)
            else:
                total = required(Number(f"p{seat}", texts.total_of(player)), values)
                words.append(f"{player} {int(total)}")
        for name in ("t", "ct"):
            if values.get(name, NOBODY) not in ("", NOBODY):
                words.append(f"{name}={values[name]}")
        words += [f"f={player}" for player in out]
        return "/mano " + " ".join(words)

    stamp = f"{record.id}:{number}:{'|'.join(players)}"
    return Form(texts.title(number), rows, stamp, command, texts.hint())


def _cards_left() -> tuple[tuple[str, str], ...]:
    return (("", texts.has_cards()), (OUT, texts.no_cards()))
