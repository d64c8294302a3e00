"""Tres sex non expedit: three 6s discarded in a row, and ``/tresei`` opens a vote of the
players to annul the running game (at a tournament, all of it). The vote itself, its message
and its buttons are shared (``bot.vote``, ``bot.commands.vote``); what is voted on is
Tamalo's (``play.tamalo.vote``), in its words."""

from __future__ import annotations

from bot import vote
from bot.games.tamalo.parsing import parse_table
from bot.i18n import _
from bot.table import Poll, Reply, Turn, VoteWords
from play.tamalo import game as play_game
from play.tamalo.vote import VOTING


def question(whole: bool) -> str:
    if whole:
        return _("🎲 Tres sex non expedit! Tre 6 di fila: annulliamo il torneo (tutti i tavoli)?")
    return _("🎲 Tres sex non expedit! Tre 6 di fila: annulliamo la partita?")


def annulled(whole: bool) -> str:
    if whole:
        return _("🎲 Il torneo è annullato, tavoli e finale: non conta in nessuna classifica.")
    return _("🎲 La partita è annullata: non conta in nessuna classifica.")


POLL = Poll(VOTING, VoteWords(question, annulled))


async def open_vote(turn: Turn) -> Reply:
    """``/tresei`` (at a tournament ``/tresei Anna``: the vote is about all of it, asked at
    Anna's table): the table asked whether to annul the running game."""
    tables = play_game.running_in(turn.front)
    table = parse_table([r.game.players for r in tables], turn.text, "tresei")
    return await vote.opened(turn, POLL, tables[table].stored)
