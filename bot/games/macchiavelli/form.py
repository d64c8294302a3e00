"""Macchiavelli's form on the table's screen: who closed (or nobody, the stock run out), then
the cards each other player was left holding, tapped on the card pad's cards; sent as the
``/mano Anna 0 Bruno K,A,7 Carlo JK,2`` the card pad (``pad``) stands for, with names, so the
typed command's rules, reply and refusals apply (a ninth king, a jolly without jokers)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.forms import Cards, Choice, Form, Row, cards_of, required
from bot.games.macchiavelli import form_texts as texts
from bot.games.macchiavelli import tournament_replies
from bot.games.macchiavelli.pad import RANKS
from bot.games.macchiavelli.pad_texts import card_label
from bot.refusals import UserError
from play import macchiavelli as play
from scoring.macchiavelli import Rank
from storage import Front, UnitOfWork

NOBODY = "-"


async def form(work: UnitOfWork, front: Front) -> Form:
    """The form of the running home game's next deal (a tournament's deals are typed: their
    names tell the table)."""
    record = play.running_in(front)
    if record is None:  # the game in front runs (the board checked): a tournament's
        raise UserError(tournament_replies.texts_needed())
    match = record.match
    players = tuple(match.players)
    number = len(match.deals) + 1
    ranks = tuple(rank for rank in RANKS if match.rules.jokers or rank is not Rank.JOLLY)
    palette = tuple((rank.value, card_label(rank)) for rank in ranks)
    # Nothing but the two decks bounds a hand: who draws from the stock may hold many.
    most = sum(rank.copies for rank in ranks)
    closer = Choice("c", texts.closer(), ((NOBODY, texts.nobody()), *((p, p) for p in players)))
    rows = (
        Row(texts.deal(number), (closer,)),
        *(
            Row(player, (Cards(f"p{seat}", texts.cards(), palette, most),))
            for seat, player in enumerate(players)
        ),
    )

    def command(values: Mapping[str, str]) -> str:
        closed = required(Choice("c", texts.who_closed(), closer.options), values)
        words = []
        for seat, player in enumerate(players):
            cards = cards_of(values[f"p{seat}"])
            if player == closed:
                if cards:
                    raise UserError(texts.closed_with_cards(player))
                words.append(f"{player} 0")
            else:
                field = Cards(f"p{seat}", texts.cards_of(player), palette, most)
                words.append(f"{player} {','.join(cards_of(required(field, values)))}")
        return "/mano " + " ".join(words)

    stamp = f"{record.id}:{number}:{'|'.join(players)}"
    return Form(texts.title(number), rows, stamp, command, texts.hint())
