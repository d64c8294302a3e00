"""Tagò's form on the table's screen: the PUNTO (with a pair, the first player's choice of its
value), then for each player who can pay the ante whether they played, went all in or
folded after betting, what they put in, on the number pad, and their three cards; sent as the
``/mano`` a player types. A player left empty is left out of it: folded with the ante, as
typed. Its preview is the hand's own reply, worked out on the night and recorded nowhere."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.forms import Cards, Choice, Form, Number, Row, cards_of, required
from bot.games.tago import form_texts as texts
from bot.games.tago.actions import ChoiceAsked, completed_hand
from bot.games.tago.night_texts import hand_reply
from bot.refusals import UserError
from play.tago import night as play
from scoring.tago import MAX_AMOUNT, VALUES, format_amount, format_halves, parse_card, punto_options
from storage import Front, UnitOfWork

#: Tagò's cards as the page shows them: ``0``…``8`` and the half, each typed as its label.
PALETTE = tuple((format_halves(card), format_halves(card)) for card in VALUES)
CENTS = 100
#: The most chips the pad takes: the most one amount may be at Tagò (more is refused typed).
MOST = MAX_AMOUNT // CENTS
PLAYS, ALL_IN, FOLDS = "gioca", "tutto", "lascia"
SUM, THIRD = "somma", "coppia"


async def form(work: UnitOfWork, front: Front) -> Form:
    """The form of the running night's next hand."""
    record = await play.running_night(work, front)
    night = record.night
    number = len(night.deals) + 1
    stacks = dict(night.ledger.stacks)
    ante = night.table.ante
    # Who has fewer chips than the ante sits the hand out: nothing to tap for them.
    players = tuple(p for p in night.ledger.seated if stacks[p] >= ante)
    # A half-chip ante (``ante=2.5``): every total has its cents, so the pad counts the bets.
    beyond = ante if ante % CENTS else 0
    put_in = texts.put_in_beyond(ante) if beyond else texts.put_in()
    punto = (
        Cards("punto", texts.punto(), PALETTE, 3),
        Choice("scelta", texts.choice(), ((SUM, texts.summed()), (THIRD, texts.pair_dropped()))),
    )
    rows = (
        Row(texts.hand(number, night.next_dealer), punto),
        *(
            Row(
                texts.seat(player, stacks[player]),
                (
                    Choice(f"g{seat}", texts.play(), _plays(stacks[player])),
                    Number(f"p{seat}", put_in, MOST),
                    Cards(f"c{seat}", texts.cards(), PALETTE, 3),
                ),
            )
            for seat, player in enumerate(players)
        ),
    )

    def command(values: Mapping[str, str]) -> str:
        return "/mano " + " ".join(_hand_words(values, players, stacks, beyond))

    # The stacks too: a re-buy or a curioso since changes what "all in" puts in.
    stamp = f"{record.id}:{number}:" + "|".join(f"{p}={stacks[p]}" for p in players)
    hint = texts.hint_beyond_ante(ante) if beyond else texts.hint()
    return Form(texts.title(number), rows, stamp, command, hint, preview)


def _plays(stack: int) -> tuple[tuple[str, str], ...]:
    return ((PLAYS, texts.plays()), (ALL_IN, texts.all_in(stack)), (FOLDS, texts.folds()))


def _hand_words(
    values: Mapping[str, str], players: Sequence[str], stacks: Mapping[str, int], beyond: int
) -> list[str]:
    """The hand as typed: ``punto=… [scelta=…]``, then each player tapped, with what they
    put in and their cards or ``lascia``."""
    words: list[str] = []
    still_in = 0
    for seat, player in enumerate(players):
        chosen, cards = values[f"g{seat}"], cards_of(values[f"c{seat}"])
        typed = values[f"p{seat}"]
        if not (chosen or typed or cards):
            continue  # folded before betting, with the ante: not written
        if chosen == ALL_IN:
            if typed and int(typed) * CENTS + beyond != stacks[player]:
                raise UserError(texts.all_in_and_amount(player, stacks[player]))
            paid = stacks[player]
        else:
            typed = required(Number(f"p{seat}", texts.put_in_by(player)), values)
            paid = int(typed) * CENTS + beyond
        if not chosen and not cards:  # in without showing, or out after betting?
            raise UserError(texts.in_or_out(player))
        words += [player, _amount(paid), *([",".join(cards)] if cards else [])]
        if chosen == FOLDS:
            words.append(FOLDS)
        else:
            still_in += 1
    return _punto_words(values, still_in) + words


def _punto_words(values: Mapping[str, str], still_in: int) -> list[str]:
    """``punto=6,6,2 scelta=2``: the choice asked for when the PUNTO has a pair and there is
    a showdown (the bot's own question would answer a message Telegram never saw: its
    buttons could not read the hand again)."""
    cards = cards_of(values["punto"])
    if not cards:
        return []
    words = ["punto=" + ",".join(cards)]
    options = punto_options(tuple(parse_card(card) for card in cards)) if len(cards) == 3 else ()
    if still_in > 1 and len(options) > 1:
        chosen = required(Choice("scelta", texts.choice_of_punto(), ()), values)
        words.append("scelta=" + format_halves(options[0 if chosen == SUM else 1]))
    return words


def _amount(cents: int) -> str:
    """Chips as typed, with a point: ``200``, ``7.5``, ``297.63``."""
    return format_amount(cents).replace(",", ".")


async def preview(work: UnitOfWork, front: Front, command: str) -> str:
    """What the hand would do: the reply ``/mano`` would give (the showdown, the pots and who
    wins them, every stack after), on the night as it stands, recording nothing; a hand
    the rules refuse raises as it would typed."""
    night = (await play.running_night(work, front)).night
    try:
        completed = completed_hand(night, command.partition(" ")[2])
    except ChoiceAsked as asked:  # the form asks it itself: never sent without
        raise UserError(asked.question) from None
    after = night.with_hand(completed.hand)
    return texts.preview(hand_reply(after, after.deals[-1], completed))
