"""Draw the sample images the docs show: ``make samples``.

A made-up game night of six players, classic and ControTamalo, drawn by the same functions as
the bot's charts.
"""

from __future__ import annotations

import random
from pathlib import Path

from bot.games.tamalo.charts.game import game_chart
from bot.games.tamalo.charts.night import night_chart
from scoring.tamalo import Game, Hand, Mode, Report, Rules, night_figures

PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Francesco")
HERE = Path(__file__).parent


def a_game(rng: random.Random, hands: int, target: int) -> Game:
    """Hands with plausible totals; now and then someone calls Tamalo with a low hand."""
    game = Game(PLAYERS, Rules(target=target))
    for _ in range(hands):
        totals = {p: rng.choice([0, 1, 2, 3, 4, 5, 7, 9, 11, 14, 18, 23]) for p in PLAYERS}
        caller = rng.choice([None, None, *PLAYERS])
        if caller is not None:
            totals[caller] = rng.choice([0, 1, 2, 3, 4, 6])
        game = game.with_hand(Hand(tuple(Report(p, t) for p, t in totals.items()), caller))
        if game.is_over():
            break
    return game


def a_contro_game(rng: random.Random, target: int) -> Game:
    """ControTamalo to ``target`` (the lower target the bot proposes): Tamalo called in most
    hands, now and then answered with a ControTamalo."""
    game = Game(PLAYERS[:5], Rules(mode=Mode.CONTRO, target=target))
    while not game.is_over():
        players = game.players
        totals = {p: rng.choice([0, 2, 3, 4, 5, 7, 9, 11, 14, 18, 23, 31]) for p in players}
        caller = rng.choice([None, *players, *players])
        counter = None
        if caller is not None:
            totals[caller] = rng.choice([0, 1, 2, 3, 4, 5])
            if rng.random() < 0.3:
                counter = rng.choice([p for p in players if p != caller])
                totals[counter] = rng.choice([0, 1, 2, 3, 4])
        out = {p for p, t in totals.items() if t == 0 and p not in (caller, counter)}
        reports = tuple(Report(p, t) for p, t in totals.items())
        game = game.with_hand(Hand(reports, caller, counter, frozenset(out)))
    return game


def ending_at(game: Game, hands: int) -> Game:
    """The same hands with the target set so that the game ends with hand ``hands``: the
    lowest multiple of 10 that the highest total reaches only then."""
    totals = game.running_totals()
    before, after = max(totals[hands - 2].values()), max(totals[hands - 1].values())
    target = next(t for t in range(after, before, -1) if t % 10 == 0 or t == before + 1)
    ended = Game(game.players, Rules(target=target))
    for scored in game.hands[:hands]:
        ended = ended.with_hand(scored.hand)
    return ended


def main() -> None:
    rng = random.Random(2026)
    colours = {p: i for i, p in enumerate(PLAYERS)}
    long_game = ending_at(a_game(rng, hands=40, target=1000), 40)
    (HERE / "sample-chart.png").write_bytes(
        game_chart(long_game, title="Partita del 22/11/2026 · classica", colours=colours)
    )
    contro = a_contro_game(rng, target=30)
    (HERE / "sample-contro.png").write_bytes(
        game_chart(contro, title="Partita del 22/11/2026 · ControTamalo", colours=colours)
    )
    night = [(a_game(rng, hands=60, target=100), True) for _ in range(5)]
    figures = night_figures([(long_game, True), *night, (contro, True)])
    (HERE / "sample-night.png").write_bytes(
        night_chart(figures, title="Serata del 22/11/2026 · 7 partite", colours=colours)
    )


if __name__ == "__main__":
    main()
