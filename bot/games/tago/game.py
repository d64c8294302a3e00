"""Tagò's entry in the table of games (``bot.games``): its name after ``/nuova``, its own
commands, its refusals' texts, and its own handlers of the shared commands it takes whole.

A night is chips, not points: its play is ``play.tago``'s, not the shared ``play.game`` and
``play.hands`` the Tamalo-shaped members of ``GameBot`` serve. So every shared command a night
takes goes to ``own_handler`` (``bot.games.dispatching``), and those members are never asked
of it: they refuse, should a shared command ever ask.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from telegram import InlineKeyboardMarkup

from bot.games.tago import night
from bot.games.tago.actions import RULE_TEXTS
from bot.games.tago.choice import CHOICE_PREFIX
from bot.handling import EDITED_HAND, Command, Handler
from bot.i18n import N_
from bot.refusals import Mistake, Render
from bot.render import Renderer
from play.records import GameRecord
from storage import UnitOfWork


class Mark(enum.Enum):
    """A night draws no game chart: nothing to mark."""


#: The shared commands a night takes, by their Italian name: its own handler of each.
_OWN: Mapping[str, Handler] = {
    "nuova": night.new_night,
    "mano": night.record_hand,
    EDITED_HAND: night.edit_hand,
    "correggi": night.fix_hand,
    "annulla": night.undo,
    "classifica": night.standings,
    "fine": night.settle,
}


def _whole(member: str) -> NoReturn:
    raise NotImplementedError(f"a night takes its shared commands whole: no {member}")


@dataclass(frozen=True)
class Tago:
    """Tagò's answers to the table of games."""

    kind: str = "tago"
    names: tuple[str, ...] = ("tago", "tagò")  # casefolded: TAGO, Tagò
    marks: type[enum.Enum] = Mark
    keypad_prefix: str = CHOICE_PREFIX
    rule_texts: Mapping[type[Mistake], Render] = field(default_factory=lambda: RULE_TEXTS)
    commands: tuple[Command, ...] = field(
        default_factory=lambda: (
            Command("ricarica", "rebuy", night.rebuy, N_("Tagò, una ricarica: /ricarica Anna 300")),
            Command(
                "curioso",
                "curious",
                night.curious,
                N_("Tagò, vedere la carta coperta per un'ante: /curioso Dario"),
            ),
            Command("jackpot", "jackpot", night.jackpot, N_("Tagò, il jackpot del gruppo")),
            Command(
                "saldo",
                "settle",
                night.settle,
                N_("Tagò, chiude la serata: risultati e pagamenti"),
            ),
        )
    )

    def own_handler(self, command: str) -> Handler | None:
        """Every shared command: the night's own handler, or the one that says a night has
        no use for it (/mazziere, /grafico, /rivincita…)."""
        return _OWN.get(command, night.not_for_a_night)

    # --- the Tamalo-shaped members, never asked of a night (see the module's docstring) ---

    def parse_new_game(self, text: str) -> Any:
        _whole("parse_new_game")

    def read_hand(
        self,
        text: str,
        game: Any,
        *,
        number: int | None = None,
        elsewhere: Mapping[str, str] | None = None,
        joinable: bool = True,
    ) -> Any:
        _whole("read_hand")

    def game_started(self, game: Any, *, propose_target: bool = False) -> str:
        _whole("game_started")

    def offer(self, record: GameRecord, *, target_given: bool) -> InlineKeyboardMarkup | None:
        _whole("offer")

    def hand_recorded(self, game: Any, label: str = "") -> str:
        _whole("hand_recorded")

    def hand_fixed(self, game: Any, number: int, label: str = "") -> str:
        _whole("hand_fixed")

    def standings(self, game: Any, *, running: bool, label: str = "") -> str:
        _whole("standings")

    async def chart(
        self,
        renderer: Renderer,
        game: Any,
        title: str,
        colours: Mapping[str, int],
        *,
        finished: bool,
    ) -> bytes:
        _whole("chart")

    async def elsewhere(self, work: UnitOfWork, record: GameRecord) -> dict[str, str]:
        _whole("elsewhere")

    def after(self, progress: Any) -> str:
        _whole("after")


TAGO = Tago()
