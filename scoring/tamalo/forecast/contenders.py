"""Who can still end a running game among its best, by the rules alone: the forecast says 0%
and 100% of these certainties only.

To a target nobody is ever out of it: a hand's totals have no ceiling, so a player far behind
can score nothing hand after hand while the others pass them (a caller beaten pays 15 and
their cards; ControTamalo's brackets grow with the total). In 4 Quadri the quadri won come
first: a player can win every quadro still open (the others scoring more in each) and no
more, and the others none; only then do the totals count, where the others can always score
more. So a player can still end among the best ``places`` when the quadri won they can reach
are at least the others' ``places``-th most.
"""

from __future__ import annotations

from scoring.tamalo.game import Game
from scoring.tamalo.model import HANDS_PER_QUADRO


def contenders(game: Game, places: int = 1) -> tuple[str, ...]:
    """The ranked players of a running ``game`` who can still end in its best ``places``
    (1: win it, alone or level)."""
    ranked = game.ranked
    limit = game.rules.hands_in_game
    if not game.rules.quadri or limit is None:
        return ranked
    won = game.quadri_won()
    still_open = limit // HANDS_PER_QUADRO - game.closed_quadri()
    reachable = []
    for player in ranked:
        others = sorted((won[p] for p in ranked if p != player), reverse=True)
        bar = others[places - 1] if len(others) >= places else 0
        if won[player] + still_open >= bar:
            reachable.append(player)
    return tuple(reachable)
