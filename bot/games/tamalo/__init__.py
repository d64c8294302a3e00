"""Tamalo in the bot: its entry in the table of games (``bot.games``), and its modules:
``parsing`` (its options at /nuova, its hands' totals and markers ``t=``, ``ct=``, ``f=``),
``texts`` (its keypad's, its forecast's and its tournament's words), ``refusals`` (what its
rules' and its tournament's refusals are answered with), ``keypad`` (the hand entered with buttons:
caller, counter-caller, totals), ``charts`` (its chart's marks and drawings) and ``commands``
(/torneo, /previsione, the lower target's button).

Its replies to a hand and its standings are still in the shared ``bot.texts`` (``hands``,
``game``), which render its ``scoring.tamalo.Game``: they come here as the second game brings
its own (docs/architecture.md).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from telegram import InlineKeyboardMarkup

from bot import i18n
from bot.games.tamalo import charts, keypad
from bot.games.tamalo.charts.plan import Mark
from bot.games.tamalo.commands import forecast, target, tournament
from bot.games.tamalo.parsing import NewGame, parse_hand, parse_new_game
from bot.games.tamalo.refusals import RULE_TEXTS
from bot.handling import Command
from bot.i18n import N_
from bot.refusals import Mistake, Render
from bot.render import Renderer
from bot.texts import game as game_texts
from bot.texts import hands as hand_texts
from bot.texts import mistakes
from play.records import GameRecord
from play.tamalo import tournament as play_tournament
from play.tamalo.tournament import Progress
from scoring.tamalo import Game, Hand
from storage import UnitOfWork


@dataclass(frozen=True)
class Tamalo:
    """Tamalo's answers to what the shared commands ask of a game. (``bot.games.tamalo.texts``
    is its own texts; the shared ones are imported by module, as a package's submodule would
    hide a name ``texts`` here.)"""

    kind: str = "tamalo"
    names: tuple[str, ...] = ("tamalo",)
    marks: type[enum.Enum] = Mark
    keypad_prefix: str = keypad.PREFIX
    rule_texts: Mapping[type[Mistake], Render] = field(default_factory=lambda: RULE_TEXTS)
    commands: tuple[Command, ...] = field(
        default_factory=lambda: (
            Command(
                "torneo",
                "tournament",
                tournament.start_tournament,
                N_("Torneo a due tavoli e finale: /torneo e almeno 6 nomi"),
            ),
            Command(
                "previsione",
                "forecast",
                forecast.show_forecast,
                N_("Chi vince? Il grafico delle probabilità, mano per mano"),
            ),
        )
    )

    def parse_new_game(self, text: str) -> NewGame:
        return parse_new_game(text)

    def read_hand(
        self,
        text: str,
        game: Game,
        *,
        number: int | None = None,
        elsewhere: Mapping[str, str] | None = None,
        joinable: bool = True,
    ) -> Hand:
        seated = game.next_players if number is None else game.seated_for(number)
        return parse_hand(
            text,
            seated,
            game.rules,
            absent=[p for p in game.players if p not in seated],
            number=number,
            elsewhere=elsewhere,
            joinable=joinable,
        )

    def game_started(self, game: Game, *, propose_target: bool = False) -> str:
        return game_texts.game_started(game, propose_target=propose_target)

    def offer(self, record: GameRecord, *, target_given: bool) -> InlineKeyboardMarkup | None:
        return target.offer(record, target_given=target_given)

    def hand_recorded(self, game: Game, label: str = "") -> str:
        return hand_texts.hand_recorded(game, label)

    def hand_fixed(self, game: Game, number: int, label: str = "") -> str:
        return hand_texts.hand_fixed(game, number, label)

    def standings(self, game: Game, *, running: bool, label: str = "") -> str:
        return hand_texts.standings(game, running=running, label=label)

    async def chart(
        self,
        renderer: Renderer,
        game: Game,
        title: str,
        colours: Mapping[str, int],
        *,
        finished: bool,
    ) -> bytes:
        return await renderer.draw(
            charts.draw_game, game, title, dict(colours), finished, i18n.language()
        )

    async def elsewhere(self, work: UnitOfWork, record: GameRecord) -> dict[str, str]:
        """A player of a tournament's ended table named is told: a finalist waits for the
        final, anyone else is out."""
        here = record.game.players
        return {
            player: mistakes.waits_for_final(player, here)
            if waits
            else mistakes.out_of_tournament(player, here)
            for player, waits in (await play_tournament.elsewhere(work, record)).items()
        }

    def after(self, progress: Progress | None) -> str:
        return tournament.after(progress)


TAMALO = Tamalo()
