"""A points game's refusals in words: its rules' (``scoring.punti``), its names'
(``play.punti.named``), and the shared ones it says its own way."""

from __future__ import annotations

from bot.games.punti import texts
from bot.refusals import Mistake, Render, says
from play.errors import NoRunningGame
from play.punti.named import NameOfAGame, NameTaken, rules_of
from scoring.punti import GameOver, MissingSides, NoSuchRound, NotPlaying, PlayerTwice, TooFewSides

RULE_TEXTS: dict[type[Mistake], Render] = dict(
    [
        says(PlayerTwice, lambda e: texts.player_twice(e.player)),
        says(TooFewSides, lambda _: texts.too_few_sides()),
        says(MissingSides, lambda e: texts.missing_sides(e.sides)),
        says(NotPlaying, lambda e: texts.side_not_playing(e.side)),
        says(GameOver, lambda _: texts.game_over()),
        says(NoSuchRound, lambda e: texts.no_such_round(e.number, e.played)),
        says(NameOfAGame, lambda e: texts.name_of_a_game(e.name)),
        says(NameTaken, lambda e: texts.name_taken(e.named.name, rules_of(e.named))),
        says(NoRunningGame, lambda _: texts.no_running_game()),
    ]
)
