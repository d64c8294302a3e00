"""The charts: decoded PNGs of the right size, with each player's colour where it belongs."""

import io
import subprocess
import sys
import warnings
from concurrent.futures import ThreadPoolExecutor

import matplotlib
import numpy as np
import pytest
from matplotlib.colors import to_rgb
from matplotlib.image import imread

from bot.charts import (
    PALETTE,
    _spread,
    game_chart,
    night_chart,
    player_colours,
)
from scoring import Game, Hand, NightFigures, Report, Rules

COLOURS = {"Anna": 0, "Bruno": 1, "Carla": 2, "Dario": 3, "Elena": 4, "Francesco": 5}
GREY = "#555555"  # the target line and the quadri separators


def hand(caller: str | None = None, **totals: int) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in totals.items()), caller)


def play(game: Game, *hands: Hand) -> Game:
    for h in hands:
        game = game.with_hand(h)
    return game


def pixels(png: bytes) -> np.ndarray:
    """The decoded image as rows of 0–255 RGB."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = imread(io.BytesIO(png), format="png")
    decoded: np.ndarray = np.rint(image[:, :, :3] * 255).astype(np.uint8)
    return decoded


def mask(image: np.ndarray, colour: str) -> np.ndarray:
    """Where ``image`` is exactly ``colour`` (the inside of a line, a marker, a bar)."""
    rgb = np.rint(np.array(to_rgb(colour)) * 255).astype(np.uint8)
    found: np.ndarray = np.all(image == rgb, axis=-1)
    return found


def colours_in(image: np.ndarray) -> int:
    """How many different colours ``image`` has: a blank image has one."""
    packed = image.astype(np.uint32) @ np.array([1 << 16, 1 << 8, 1], dtype=np.uint32)
    return len(np.unique(packed))


def count(image: np.ndarray, colour: str) -> int:
    return int(mask(image, colour).sum())


def colour_of(player: str) -> str:
    return PALETTE[COLOURS[player] % len(PALETTE)]


def chart(game: Game, title: str = "Partita del 22/11/2026 · classica") -> np.ndarray:
    return pixels(game_chart(game, title=title, colours=COLOURS))


def a_game(*players: str, hands: int = 6, rules: Rules | None = None) -> Game:
    game = Game(players, rules or Rules(target=500))
    for number in range(hands):
        totals = {p: (7 * number + 5 * seat) % 23 for seat, p in enumerate(players)}
        game = game.with_hand(hand(players[number % len(players)], **totals))
    return game


# --- the game chart ---


def test_a_game_chart_is_phone_sized_and_draws_every_player() -> None:
    image = chart(a_game("Anna", "Bruno", "Carla"))

    assert image.shape == (960, 1280, 3)
    assert colours_in(image) > 100  # not blank: lines, text, grid
    for player in ("Anna", "Bruno", "Carla"):
        assert count(image, colour_of(player)) > 1500, player


def test_a_player_keeps_their_colour_whoever_else_plays() -> None:
    first = chart(a_game("Anna", "Bruno"))
    second = chart(a_game("Dario", "Carla", "Anna"))

    anna = colour_of("Anna")
    assert count(first, anna) > 1500
    assert count(second, anna) > 1500
    assert count(second, colour_of("Bruno")) == 0  # Anna did not inherit the first seat's
    assert count(first, colour_of("Dario")) == 0


def test_chat_indices_wrap_around_the_palette_and_strangers_get_a_free_colour() -> None:
    assert len(set(PALETTE)) == len(PALETTE) >= 12
    colours = player_colours(["Anna", "Zoe", "Ugo"], {"Anna": 0, "Zoe": len(PALETTE) + 1})
    assert colours["Anna"] == PALETTE[0]
    assert colours["Zoe"] == PALETTE[1]
    assert colours["Ugo"] not in {PALETTE[0], PALETTE[1]}
    assert player_colours(["Anna", "Zoe", "Ugo"], {"Anna": 0, "Zoe": 13}) == colours


def test_the_winner_of_a_finished_game_is_drawn_thicker() -> None:
    # A 4 Quadri game always spans hands 0–16, so adding a last hand where nobody scores
    # ends the game without moving anything else: only the winner's highlight changes.
    players = ("Anna", "Bruno", "Carla", "Dario")
    almost = a_game(*players, hands=15, rules=Rules(quadri=True))
    over = almost.with_hand(hand(Anna=0, Bruno=1, Carla=2, Dario=3))
    assert not almost.is_over()
    assert over.is_over()
    assert over.running_totals()[-1] == almost.running_totals()[-1]
    (winner,) = over.winners()

    before, after = chart(almost), chart(over)

    assert count(after, colour_of(winner)) > 1.5 * count(before, colour_of(winner))
    for loser in set(players) - {winner}:
        assert count(after, colour_of(loser)) < 1.15 * count(before, colour_of(loser)), loser


def test_a_game_closed_early_highlights_its_leader_when_told_it_is_finished() -> None:
    game = a_game("Anna", "Bruno", "Carla", hands=4)  # far from the target of 500
    (leader,) = game.winners()

    running = pixels(game_chart(game, title="Partita", colours=COLOURS))
    closed = pixels(game_chart(game, title="Partita", colours=COLOURS, finished=True))

    assert count(closed, colour_of(leader)) > 1.5 * count(running, colour_of(leader))


def test_a_game_without_hands_shows_the_players_and_no_lines() -> None:
    empty = chart(Game(("Anna", "Bruno")))
    one_hand = chart(play(Game(("Anna", "Bruno")), hand("Anna", Anna=3, Bruno=12)))

    assert empty.shape == one_hand.shape == (960, 1280, 3)
    for player in ("Anna", "Bruno"):
        assert 100 < count(empty, colour_of(player)) < 1000, player  # the key's line only
        assert count(one_hand, colour_of(player)) > 3 * count(empty, colour_of(player))
    assert count(empty, GREY) > 1000  # the target and "Nessuna mano ancora"


def test_one_hand_marks_won_and_lost_calls_differently() -> None:
    # Each call against the same hand without one that scores the same: only the marker
    # (and its line in the key) differ.
    no_call = chart(play(Game(("Anna", "Bruno")), hand(Anna=3, Bruno=12)))
    won = play(Game(("Anna", "Bruno")), hand("Anna", Anna=3, Bruno=12))
    no_call_15 = chart(play(Game(("Anna", "Bruno")), hand(Anna=15, Bruno=2)))
    lost = play(Game(("Anna", "Bruno")), hand("Anna", Anna=4, Bruno=2))
    assert won.hands[0].call_won
    assert not lost.hands[0].call_won
    assert lost.totals() == {"Anna": 15, "Bruno": 0}

    star, cross = chart(won), chart(lost)

    anna = colour_of("Anna")
    assert count(star, anna) - count(no_call, anna) > 80  # a star filled with her colour
    assert count(cross, anna) - count(no_call_15, anna) > 80  # a cross edged with it
    # The key explains only the markers drawn: a grey star for a won call.
    assert count(star, "#999999") > 4 * count(cross, "#999999") + 50


def test_the_target_is_a_horizontal_line_and_quadri_are_vertical_separators() -> None:
    players = ("Anna", "Bruno", "Carla", "Dario")
    quadri = chart(a_game(*players, hands=16, rules=Rules(quadri=True)), title="4 Quadri")
    classic = chart(a_game(*players, hands=16))

    def grey_rows(image: np.ndarray) -> int:
        return int((mask(image, GREY).sum(axis=1) > 300).sum())

    def grey_columns(image: np.ndarray) -> int:
        return int((mask(image, GREY).sum(axis=0) > 150).sum())

    assert grey_rows(classic) >= 1
    assert grey_columns(classic) == 0
    assert grey_rows(quadri) == 0
    assert grey_columns(quadri) >= 3  # between quadri 1–2, 2–3 and 3–4
    for player in players:
        assert count(quadri, colour_of(player)) > 1500, player


def test_a_late_joiner_starts_where_they_joined_and_who_left_stops() -> None:
    game = a_game("Anna", "Bruno", "Carla", hands=6).with_player("Dario")
    game = play(game, *(hand(Anna=n, Bruno=n + 3, Carla=n + 6, Dario=n) for n in range(6)))
    game = game.without_player("Bruno")
    game = play(game, *(hand(Anna=n, Carla=n + 6, Dario=n) for n in range(6)))

    image = chart(game)

    # Rows below the key and above the hand numbers, columns left of the end labels.
    plot = image[250:850, :960]
    anna, bruno, dario = (
        np.flatnonzero(mask(plot, colour_of(p)).any(axis=0)) for p in ("Anna", "Bruno", "Dario")
    )
    assert anna.size
    assert bruno.size
    assert dario.size
    # Dario starts a third of the way along (after hand 6 of 18), Bruno stops at two thirds.
    assert dario.min() > anna.min() + 200
    assert bruno.max() < anna.max() - 150


def test_many_players_and_hands_stay_small_and_render_without_missing_glyphs() -> None:
    names = [*COLOURS, "Giulia", "Hugo", "Irene", "Luca", "Marta", "Pierfrancesco"]
    game = Game(tuple(names), Rules(target=1000))
    for number in range(40):
        totals = {p: (number * 7 + seat * 11) % 19 for seat, p in enumerate(names)}
        game = game.with_hand(hand(names[number % 12], **totals))

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Glyph … missing from font" is a warning
        png = game_chart(game, title="Partita · 12 giocatori", colours=COLOURS)

    assert len(png) < 250_000
    image = pixels(png)
    assert image.shape == (960, 1280, 3)
    for player in COLOURS:
        assert count(image, colour_of(player)) > 500, player


def test_names_are_drawn_as_typed_not_as_mathtext() -> None:
    game = a_game("Anna", r"$\frac$", hands=2)  # as mathtext this would not even parse
    image = pixels(game_chart(game, title="$ e $", colours={"Anna": 0, r"$\frac$": 1}))
    assert count(image, PALETTE[0]) > 1500
    assert count(image, PALETTE[1]) > 1500


def test_end_labels_are_spread_apart_only_where_they_collide() -> None:
    assert _spread([10, 50, 100], gap=5, low=0, high=200) == [10, 50, 100]
    close = _spread([50, 51, 52], gap=5, low=0, high=200)
    assert close == pytest.approx([46, 51, 56])
    assert _spread([199, 200], gap=5, low=0, high=200) == pytest.approx([195, 200])
    assert _spread([52, 50], gap=5, low=0, high=200) == pytest.approx([53.5, 48.5])


def test_charts_render_the_same_in_parallel_threads() -> None:
    game = a_game("Anna", "Bruno", "Carla", hands=12)
    expected = game_chart(game, title="In parallelo", colours=COLOURS)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(
            pool.map(lambda _: game_chart(game, title="In parallelo", colours=COLOURS), range(8))
        )
    assert all(result == expected for result in results)
    assert count(pixels(expected), colour_of("Carla")) > 1500


def test_no_pyplot_and_no_global_style_changes() -> None:
    before = dict(matplotlib.rcParams)
    game_chart(a_game("Anna", "Bruno"), title="Stile", colours=COLOURS)
    assert dict(matplotlib.rcParams) == before
    script = "import sys, bot.charts; assert 'matplotlib.pyplot' not in sys.modules"
    subprocess.run([sys.executable, "-c", script], check=True)


# --- the night chart ---


def night() -> np.ndarray:
    figures = NightFigures(
        wins={"Anna": 2, "Bruno": 0, "Carla": 1},
        hand_points={"Anna": [0, 3, 12, 7, 0], "Bruno": [15, 22, 9], "Carla": [5, 5, 30]},
        calls={"Anna": (3, 2), "Bruno": (1, 0)},
    )
    return pixels(night_chart(figures, title="Serata del 22/11/2026", colours=COLOURS))


def test_the_night_chart_has_every_player_in_their_colour() -> None:
    image = night()

    assert image.shape[1] == 1280
    assert image.shape[0] > 960  # three panels, one above the other
    for player in ("Anna", "Bruno", "Carla"):
        assert count(image, colour_of(player)) > 300, player
    assert count(image, colour_of("Dario")) == 0


@pytest.mark.parametrize("players", [1, 5, 12])
def test_the_night_chart_grows_with_the_players(players: int) -> None:
    names = [f"Giocatore {n}" for n in range(players)]
    figures = NightFigures(
        wins={name: n % 3 for n, name in enumerate(names)},
        hand_points={name: [n, 2 * n, 20] for n, name in enumerate(names)},
        calls={name: (n % 4, n % 2) for n, name in enumerate(names)},
    )
    colours = {name: n for n, name in enumerate(names)}
    image = pixels(night_chart(figures, title="Serata", colours=colours))

    assert image.shape[1] == 1280
    assert 900 < image.shape[0] < 1280 + 160 * players
    for name in names:
        assert count(image, PALETTE[colours[name] % len(PALETTE)]) > 50, name


def test_a_night_with_no_wins_or_calls_for_someone_still_draws() -> None:
    figures = NightFigures(wins={"Anna": 0}, hand_points={"Anna": [4], "Bruno": []}, calls={})
    image = pixels(night_chart(figures, title="Serata", colours=COLOURS))

    assert image.shape[1] == 1280
    assert count(image, colour_of("Anna")) > 20  # one hand's dot


def test_an_empty_night_is_a_message() -> None:
    figures = NightFigures(wins={}, hand_points={}, calls={})
    image = pixels(night_chart(figures, title="Serata del 22/11/2026", colours=COLOURS))

    assert image.shape == (960, 1280, 3)
    assert count(image, GREY) > 300  # "Nessuna partita stasera"
    assert not any(count(image, colour) for colour in PALETTE[:6])
