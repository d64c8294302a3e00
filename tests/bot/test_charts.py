"""The charts: decoded PNGs of the right size, with each player's colour where it belongs."""

import io
import itertools
import math
import subprocess
import sys
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import matplotlib
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.collections import PathCollection
from matplotlib.colors import to_hex, to_rgb
from matplotlib.figure import Figure
from matplotlib.image import imread
from matplotlib.text import Annotation, Text

from bot.charts import drawing as chart_drawing
from bot.charts.drawing import INK, PALETTE, player_colours, px
from bot.charts.grid import ROW_LEAST, ROW_MOST, Room, night_grid
from bot.charts.labels import spread as _spread
from bot.charts.layout import DISTINCT, Box, Segments, apart, place, set_apart
from bot.games.tamalo.charts import game as chart_game
from bot.games.tamalo.charts import night as chart_night
from bot.games.tamalo.charts.game import game_chart
from bot.games.tamalo.charts.night import night_chart
from bot.games.tamalo.charts.plan import Label, Mark, Place, Spot, plan_game, points_panels
from scoring.tamalo import Game, Hand, Mode, NightFigures, Report, Rules, night_figures

COLOURS = {"Anna": 0, "Bruno": 1, "Carla": 2, "Dario": 3, "Elena": 4, "Francesco": 5}
GREY = "#555555"  # the target line and the quadri separators


def hand(caller: str | None = None, **totals: int) -> Hand:
    return Hand(tuple(Report(p, s) for p, s in totals.items()), caller)


def countered(caller: str, counter: str, **totals: int) -> Hand:
    """A ControTamalo hand: ``counter`` declared ControTamalo on ``caller``'s Tamalo."""
    return Hand(tuple(Report(p, s) for p, s in totals.items()), caller, counter)


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


def texts_drawn(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The texts of every chart drawn from now on, one list per chart: titles, keys, labels."""
    charts_drawn: list[list[str]] = []
    png = chart_drawing.png

    def collect(figure: Any, **options: Any) -> bytes:
        texts = (t.get_text() for t in figure.findobj(lambda a: hasattr(a, "get_text")))
        charts_drawn.append([text for text in texts if text.strip()])
        return png(figure, **options)

    monkeypatch.setattr(chart_game, "png", collect)
    monkeypatch.setattr(chart_night, "png", collect)
    return charts_drawn


def figures_drawn(monkeypatch: pytest.MonkeyPatch) -> list[Figure]:
    """Every chart's figure drawn from now on, as it was turned into a PNG."""
    figures: list[Figure] = []
    png = chart_drawing.png

    def keep(figure: Figure, **options: Any) -> bytes:
        figures.append(figure)
        return png(figure, **options)

    monkeypatch.setattr(chart_game, "png", keep)
    monkeypatch.setattr(chart_night, "png", keep)
    return figures


def labels_inside(figure: Figure) -> dict[str, Box]:
    """The texts drawn inside the axes (a leaver's, a late joiner's), by text: where they
    are, in pixels from the bottom left corner."""
    (ax,) = figure.axes
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    boxes = {}
    for text in ax.texts:
        if isinstance(text, Annotation):
            extent = text.get_window_extent(renderer)
            boxes[text.get_text()] = Box(extent.x0, extent.y0, extent.x1, extent.y1)
    return boxes


def lines_drawn(figure: Figure) -> dict[str, Segments]:
    """The players' lines as drawn, in pixels, by colour."""
    (ax,) = figure.axes
    lines: dict[str, Segments] = {}
    for line in ax.get_lines():
        xy = ax.transData.transform(line.get_xydata())
        segments = [(*a, *b) for a, b in itertools.pairwise(xy.tolist())]
        lines[to_hex(line.get_color())] = Segments(segments)
    return lines


def marks_drawn(figure: Figure) -> list[tuple[float, float]]:
    """The centres of the markers on the lines (calls, late joiners' rings), in pixels."""
    (ax,) = figure.axes
    return [
        (float(x), float(y))
        for collection in ax.collections
        if isinstance(collection, PathCollection)
        for x, y in ax.transData.transform(collection.get_offsets())
    ]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    return texts_drawn(monkeypatch)


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
    classic = chart(a_game(*players, hands=16, rules=Rules(target=300)))  # totals near 180

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


def test_a_late_joiner_starts_where_they_joined_and_who_left_stops(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = a_game("Anna", "Bruno", "Carla", hands=6).with_player("Dario")
    game = play(game, *(hand(Anna=n, Bruno=n + 3, Carla=n + 6, Dario=n) for n in range(6)))
    game = game.without_player("Bruno")
    game = play(game, *(hand(Anna=n, Carla=n + 6, Dario=n) for n in range(6)))
    figures = figures_drawn(monkeypatch)

    image = chart(game)
    height = image.shape[0]
    for box in labels_inside(figures[0]).values():  # in the players' colours too
        rows = slice(height - math.ceil(box.top), height - int(box.bottom))
        image[rows, int(box.left) : math.ceil(box.right)] = 255

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
    modules = "bot.charts.drawing, bot.games.tamalo.charts.game, bot.games.tamalo.charts.night"
    script = f"import sys, {modules}; assert 'matplotlib.pyplot' not in sys.modules"
    subprocess.run([sys.executable, "-c", script], check=True)


# --- what the game chart shows, as data ---


def contro_game() -> Game:
    """Three ControTamalo hands (RULES.md table 3.1) that take Bruno to −7."""
    game = Game(("Anna", "Bruno", "Carla"), Rules(mode=Mode.CONTRO))
    return play(
        game,
        hand("Anna", Anna=1, Bruno=4, Carla=30),  # Tamalo won: −2, −1, 4
        countered("Anna", "Bruno", Anna=4, Bruno=2, Carla=9),  # ControTamalo won: +2, −3, 1
        countered("Carla", "Anna", Anna=3, Bruno=1, Carla=2),  # both lost: +3, −3 (beats it), +2
    )


def test_controtamalo_totals_below_zero_are_inside_the_axis_with_a_margin() -> None:
    game = contro_game()
    assert game.totals() == {"Anna": 3, "Bruno": -7, "Carla": 7}

    plan = plan_game(game, finished=False)

    assert min(y for line in plan.lines for y in line.ys) == -7
    assert plan.low < -7.5
    assert plan.high > 7.5
    # Bruno's line, all below zero, is drawn whole: as long as Carla's, all above.
    image = chart(game)
    assert count(image, colour_of("Bruno")) > 0.85 * count(image, colour_of("Carla"))


SEATS = ("Anna", "Bruno", "Carla")
contro_hands = st.lists(
    st.tuples(
        st.lists(st.integers(0, 45), min_size=3, max_size=3),
        st.sampled_from([None, *SEATS]),
        st.sampled_from([None, *SEATS]),
    ),
    min_size=1,
    max_size=25,
)


@given(contro_hands, st.sampled_from([Mode.CLASSIC, Mode.CONTRO]), st.integers(5, 300))
def test_every_total_drawn_is_inside_the_axis_with_a_margin(
    hands: list[tuple[list[int], str | None, str | None]], mode: Mode, target: int
) -> None:
    game = Game(SEATS, Rules(mode=mode, target=target))
    for totals, caller, counter in hands:
        reports = tuple(Report(p, t) for p, t in zip(SEATS, totals, strict=True))
        counter = counter if caller is not None and counter != caller else None
        game = game.with_hand(Hand(reports, caller, counter))

    plan = plan_game(game, finished=False)

    drawn = [y for line in plan.lines for y in line.ys] + [s.y for s in plan.spots]
    room = 0.06 * (plan.high - plan.low)
    assert plan.low + room <= min(drawn)
    assert max(drawn) <= plan.high - room
    if plan.target_line is not None:
        assert plan.target_line <= plan.high - room


def test_a_few_points_are_not_drawn_as_a_cliff() -> None:
    game = Game(("Anna", "Bruno"), Rules(mode=Mode.CONTRO, target=5))
    game = game.with_hand(hand("Anna", Anna=1, Bruno=4))  # −2, −2

    plan = plan_game(game, finished=False)

    assert plan.target_line == 5  # 2 points are near a target of 5
    assert plan.low < -2
    assert plan.high - plan.low >= 10  # the axis spans 10 points at least
    assert plan.high - plan.low < 10 * 1.2


def test_controtamalo_calls_are_marked_won_or_lost_on_the_callers_line() -> None:
    plan = plan_game(contro_game(), finished=False)

    assert plan.spots == (
        Spot(Mark.TAMALO_WON, "Anna", 1, -2),
        Spot(Mark.TAMALO_LOST, "Anna", 2, 0),
        Spot(Mark.CONTRO_WON, "Bruno", 2, -4),
        Spot(Mark.TAMALO_LOST, "Carla", 3, 7),
        Spot(Mark.CONTRO_LOST, "Anna", 3, 3),
    )


def test_the_key_names_the_controtamalo_marks_drawn(drawn: list[list[str]]) -> None:
    game_chart(contro_game(), title="ControTamalo", colours=COLOURS)
    only_won = play(Game(("Anna", "Bruno", "Carla"), Rules(mode=Mode.CONTRO)))
    only_won = only_won.with_hand(countered("Anna", "Bruno", Anna=4, Bruno=2, Carla=9))
    game_chart(only_won, title="ControTamalo", colours=COLOURS)

    both, won = drawn
    assert {"ControTamalo riuscito", "ControTamalo sbagliato", "Tamalo sbagliato"} <= set(both)
    assert "ControTamalo riuscito" in won
    assert "ControTamalo sbagliato" not in won


def early(*totals: int, target: int = 100) -> Game:
    """Anna's totals hand by hand, Bruno at 0: a game far from (or near) its target."""
    game = Game(("Anna", "Bruno"), Rules(target=target))
    previous = 0
    for total in totals:
        game = game.with_hand(hand(Anna=total - previous, Bruno=0))
        previous = total
    return game


def test_a_game_far_from_its_target_is_drawn_to_its_own_scale() -> None:
    plan = plan_game(early(20, 32), finished=True)

    assert plan.target_line is None
    assert plan.target_above == 100  # named above the axes instead
    assert 32 < plan.high < 40


@pytest.mark.parametrize(("highest", "line"), [(49, False), (50, True), (100, True)])
def test_the_target_is_a_line_once_the_lines_fill_half_the_way_to_it(
    highest: int, line: bool
) -> None:
    plan = plan_game(early(highest // 2, highest), finished=False)

    assert (plan.target_line == 100) is line
    assert (plan.target_above == 100) is not line
    assert (plan.high > 100) is line


def test_a_game_without_hands_shows_its_target() -> None:
    plan = plan_game(Game(("Anna", "Bruno"), Rules(target=30)), finished=False)
    assert plan.target_line == 30
    assert plan.high > 30


def test_the_target_off_the_scale_is_written_above_the_chart(drawn: list[list[str]]) -> None:
    game_chart(early(20, 32), title="Chiusa presto", colours=COLOURS, finished=True)
    game_chart(early(40, 60), title="Vicina", colours=COLOURS)

    far, near = drawn
    assert "soglia 100, fuori scala ↑" in far
    assert "soglia 100" not in far
    assert "soglia 100" in near
    assert "100" not in far  # no tick reaches it


def leaver_and_joiner() -> Game:
    """Bruno leaves after hand 3; Dario sits down after hand 2, at the highest total, 40."""
    game = Game(("Anna", "Bruno", "Carla"), Rules(target=200))
    game = play(game, hand(Anna=10, Bruno=20, Carla=5), hand(Anna=9, Bruno=20, Carla=7))
    game = game.with_player("Dario")
    game = play(game, hand(Anna=5, Bruno=6, Carla=9, Dario=12)).without_player("Bruno")
    return play(game, hand(Anna=4, Carla=12, Dario=5), hand(Anna=14, Carla=3, Dario=8))


def test_a_leavers_label_is_where_their_line_stops() -> None:
    plan = plan_game(leaver_and_joiner(), finished=False)

    bruno = next(line for line in plan.lines if line.player == "Bruno")
    assert bruno.xs == (0, 1, 2, 3)
    assert bruno.ys == (0, 20, 40, 46)
    assert Label("Bruno", "Bruno 46 (esce)", 3, 46, Place.STOP) in plan.labels
    margin = [label.player for label in plan.labels if label.place is Place.MARGIN]
    assert sorted(margin) == ["Anna", "Carla", "Dario"]


def test_a_late_joiner_starts_at_their_entry_total_with_a_marker_and_a_label() -> None:
    plan = plan_game(leaver_and_joiner(), finished=False)

    dario = next(line for line in plan.lines if line.player == "Dario")
    assert dario.xs[0] == 2
    assert dario.ys[0] == 40  # Bruno's total then: Dario's line starts on Bruno's
    assert Spot(Mark.JOINED, "Dario", 2, 40) in plan.spots
    assert Label("Dario", "Dario entra con 40", 2, 40, Place.START) in plan.labels
    # The first seats start at 0 with no marker.
    assert [s.player for s in plan.spots if s.kind is Mark.JOINED] == ["Dario"]


def test_leaver_and_joiner_labels_are_drawn_inside_the_chart(drawn: list[list[str]]) -> None:
    image = chart(leaver_and_joiner())

    (texts,) = drawn
    assert "Bruno 46 (esce)" in texts
    assert "Dario entra con 40" in texts
    # The ring where Dario sits down: white inside, ringed with his colour, over the lines.
    assert count(image, colour_of("Dario")) > 1500


def joined_and_left_before_a_hand() -> Game:
    """Elena sits down after two hands and leaves before playing one."""
    game = Game(("Anna", "Bruno", "Carla", "Dario"))
    game = play(
        game, hand(Anna=3, Bruno=4, Carla=5, Dario=6), hand(Anna=2, Bruno=4, Carla=5, Dario=1)
    )
    return game.with_player("Elena").without_player("Elena")


def test_a_player_who_played_no_hand_is_left_out_of_the_plan() -> None:
    plan = plan_game(joined_and_left_before_a_hand(), finished=True)

    assert plan.players == ("Anna", "Bruno", "Carla", "Dario")
    assert [line.player for line in plan.lines] == list(plan.players)
    assert all(label.player != "Elena" for label in plan.labels)
    assert all(spot.player != "Elena" for spot in plan.spots)


def test_a_player_who_played_no_hand_is_not_in_the_key(drawn: list[list[str]]) -> None:
    image = chart(joined_and_left_before_a_hand())

    (texts,) = drawn
    assert not [text for text in texts if "Elena" in text]
    assert "Dario" in texts
    assert count(image, colour_of("Elena")) == 0


def joined_after_the_last_hand() -> Game:
    """Bruno leaves after the one hand played and Elena sits down at the highest total left,
    Carlo's 55: she has played no hand yet, but she is in the game and in the standings."""
    game = play(Game(("Anna", "Bruno", "Carlo")), hand(Anna=40, Bruno=72, Carlo=55))
    return game.without_player("Bruno").with_player("Elena")


def test_a_joiner_who_has_not_played_yet_is_a_ring_at_their_entry_total() -> None:
    game = joined_after_the_last_hand()
    assert ("Elena", 55) in [(s.player, s.total) for s in game.standings()]

    for finished in (False, True):
        plan = plan_game(game, finished=finished)

        assert plan.players == ("Anna", "Bruno", "Carlo", "Elena")
        elena = next(line for line in plan.lines if line.player == "Elena")
        assert (elena.xs, elena.ys) == ((1,), (55,))
        assert Spot(Mark.JOINED, "Elena", 1, 55) in plan.spots
        assert [label for label in plan.labels if label.player == "Elena"] == [
            Label("Elena", "Elena 55 (entra)", 1, 55, Place.MARGIN)
        ]


def test_a_joiner_who_has_not_played_yet_is_in_the_key_and_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    figures = figures_drawn(monkeypatch)
    image = chart(joined_after_the_last_hand())

    (figure,) = figures
    texts = {t.get_text() for t in figure.findobj(Text) if isinstance(t, Text)}
    assert {"Elena", "Elena 55 (entra)", "entra in partita"} <= texts
    (ax,) = figure.axes
    (ring,) = (c for c in ax.collections if np.asarray(c.get_offsets()).shape == (1, 2))
    assert tuple(np.asarray(ring.get_offsets())[0]) == (1, 55)
    elena = to_hex(tuple(np.asarray(ring.get_edgecolor())[0]))
    assert count(image, elena) > 150  # her ring, over Carlo's line's end, and her name


def test_a_joiner_waiting_for_an_undone_hand_stands_level_with_the_last() -> None:
    game = play(Game(("Anna", "Bruno", "Carlo")), hand(Anna=40, Bruno=72, Carlo=55))
    game = play(game, hand(Anna=1, Bruno=2, Carlo=3)).with_player("Elena")
    game = game.without_last_hand()  # Elena sits down after hand 2, once it is played again
    assert game.waiting() == ("Elena",)

    (elena,) = [line for line in plan_game(game, finished=False).lines if line.player == "Elena"]
    assert (elena.xs, elena.ys) == ((1,), (game.totals()["Elena"],))


def test_before_the_first_hand_the_key_names_everyone_seated() -> None:
    assert plan_game(Game(("Anna", "Bruno")), finished=False).players == ("Anna", "Bruno")


def quadri_game(hands: int) -> Game:
    """4 Quadri: Anna lowest in quadro 1, Bruno and Carla level in quadro 2."""
    game = Game(("Anna", "Bruno", "Carla", "Dario"), Rules(quadri=True))
    for number in range(hands):
        if number < 4:
            game = game.with_hand(hand(Anna=0, Bruno=5, Carla=6, Dario=7))
        else:
            game = game.with_hand(hand(Anna=9, Bruno=5, Carla=5, Dario=7))
    return game


def test_4_quadri_marks_each_closed_quadros_winners() -> None:
    assert plan_game(quadri_game(3), finished=False).quadro_winners == ()
    assert plan_game(quadri_game(4), finished=False).quadro_winners == (("Anna",),)
    plan = plan_game(quadri_game(8), finished=False)
    assert plan.quadro_winners == (("Anna",), ("Bruno", "Carla"))
    assert plan.target_line is None
    assert plan.target_above is None


def test_4_quadri_end_labels_show_quadri_won(drawn: list[list[str]]) -> None:
    plan = plan_game(quadri_game(8), finished=False)
    assert [label.text for label in plan.labels] == [
        "Anna 36 · 1 quadro",
        "Bruno 40 · 1 quadro",
        "Carla 44 · 1 quadro",
        "Dario 56 · 0 quadri",
    ]

    chart(quadri_game(8), title="4 Quadri")

    (texts,) = drawn
    assert {"♛ Anna", "♛ Bruno", "♛ Carla"} <= set(texts)
    assert "♛ Dario" not in texts
    assert "Anna 36 · 1 quadro" in texts


def test_a_quadro_won_by_everyone_is_headed_with_crowns_that_fit(drawn: list[list[str]]) -> None:
    game = Game(("Anna", "Bruno", "Carla", "Dario"), Rules(quadri=True))
    game = play(game, *[hand(Anna=5, Bruno=5, Carla=5, Dario=5)] * 4)
    assert plan_game(game, finished=False).quadro_winners == (("Anna", "Bruno", "Carla", "Dario"),)

    chart(game, title="4 Quadri")

    (texts,) = drawn
    assert texts.count("♛") == 4  # four names would run into the next quadro
    assert not [text for text in texts if text.startswith("♛ ")]


def test_negative_totals_are_labelled_with_a_minus_sign() -> None:
    plan = plan_game(contro_game(), finished=False)
    assert "Bruno \N{MINUS SIGN}7" in [label.text for label in plan.labels]


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
    for player in ("Anna", "Bruno", "Carla"):
        assert count(image, colour_of(player)) > 300, player
    assert count(image, colour_of("Dario")) == 0


def a_big_night(names: Sequence[str], *, contro: bool = True) -> NightFigures:
    """Everyone won, called and scored something; with ``contro``, all but the last played
    ControTamalo too."""
    return NightFigures(
        wins={name: n % 3 for n, name in enumerate(names)},
        hand_points={name: [n, 2 * n, 20] for n, name in enumerate(names)},
        calls={name: (n % 4, n % 2) for n, name in enumerate(names)},
        contro_points={name: [-2, n % 5, 3] for n, name in enumerate(names[:-1])} if contro else {},
    )


@pytest.mark.parametrize("players", [1, 5, 12])
def test_the_night_chart_grows_with_the_players(players: int) -> None:
    names = [f"Giocatore {n}" for n in range(players)]
    colours = {name: n for n, name in enumerate(names)}
    image = pixels(night_chart(a_big_night(names), title="Serata", colours=colours))

    assert image.shape[1] == 1280
    assert 500 < image.shape[0] <= 1.5 * 1280
    for name in names:
        assert count(image, PALETTE[colours[name] % len(PALETTE)]) > 50, name


def texts_clear(figure: Figure, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn that is cut by the image's edge, covers another text, or runs into
    a panel not its own (a name into the wins' bars, a count into the next panel)."""
    shown: list[Text] = []
    draw = Text.draw

    def record(text: Text, renderer: Any) -> None:
        shown.append(text)  # a tick's label is drawn only if the tick is within the axis
        draw(text, renderer)

    with monkeypatch.context() as patched:
        patched.setattr(Text, "draw", record)
        figure.canvas.draw()
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    edge = figure.bbox
    drawn = [
        (text, text.get_window_extent(renderer))
        for text in shown
        if text.get_visible() and text.get_text().strip()
    ]
    panels = [(ax, ax.get_window_extent(renderer)) for ax in figure.axes]
    wrong = []
    for index, (text, box) in enumerate(drawn):
        name = text.get_text()
        if not (edge.x0 <= box.x0 and box.x1 <= edge.x1 and edge.y0 <= box.y0 <= box.y1 <= edge.y1):
            wrong.append(f"{name!r} cut by the edge")
        wrong += [f"{name!r} over {o.get_text()!r}" for o, b in drawn[:index] if box.overlaps(b)]
        wrong += [f"{name!r} in a panel not its own" for ax, b in panels
                  if ax is not text.axes and box.overlaps(b)]  # fmt: skip
    return wrong


#: Nine players in the order they are drawn: "Ilaria" has as many letters as "Franco" and is
#: a fifth narrower, and the names' room was measured on the longest in letters first met.
NINE = ("Ilaria", "Anna", "Bruno", "Carlo", "Dario", "Elena", "Franco", "Enrico", "Irene")


@pytest.mark.parametrize("players", [2, 3, 6, 9, 12, 16])
@pytest.mark.parametrize("contro", [False, True])
def test_a_night_fits_a_phone_screen_and_nothing_in_it_is_cut(
    monkeypatch: pytest.MonkeyPatch, players: int, contro: bool
) -> None:
    names = [*NINE, "Pierfrancesco", "Luca", "Marta", "Nicolò", "Ottavia", "Quirino", "Rita"]
    names = names[:players]
    figures = figures_drawn(monkeypatch)
    colours = {name: n for n, name in enumerate(names)}
    figure_data = a_big_night(names, contro=contro)
    figure_data = NightFigures(  # Ilaria first: most wins
        {**figure_data.wins, "Ilaria": 5},
        figure_data.hand_points,
        figure_data.calls,
        figure_data.contro_points,
    )

    image = pixels(night_chart(figure_data, title="Serata del 22/11/2026", colours=colours))

    height, width = image.shape[:2]
    assert width == 1280
    assert height <= 1.5 * width  # a phone shows it whole, as wide as its screen
    assert texts_clear(figures[0], monkeypatch) == []
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


def test_no_player_is_drawn_in_the_ink_of_medians_axes_and_text() -> None:
    ink = np.array(to_rgb(INK)) * 255
    for colour in PALETTE:
        assert np.linalg.norm(np.array(to_rgb(colour)) * 255 - ink) > 100, colour
    seventh = {"Anna": 6}  # the seventh colour of a chat was the ink itself
    assert player_colours(["Anna"], seventh)["Anna"] != INK


@given(st.integers(1, 40), st.integers(0, 2), st.floats(40, 300))
def test_the_nights_panels_fit_side_by_side_and_shrink_their_rows_to_fit_a_screen(
    players: int, points: int, names: float
) -> None:
    room = Room(title=70, key=60, heading=45, numbers=50, names=names)
    grid = night_grid(players, points, room, 1280)

    assert len(grid.panels) == 2 + points
    assert ROW_LEAST <= grid.row <= ROW_MOST
    assert grid.height <= 1.5 * 1280 or grid.row == ROW_LEAST  # only a very big night
    image = Box(0, 0, grid.width, grid.height)
    for index, panel in enumerate(grid.panels):
        assert panel.within(image)
        assert panel.top - panel.bottom == pytest.approx(grid.row * (players + 1))
        assert grid.lefts[index] + names == pytest.approx(panel.left)
        assert all(panel.overlap(other) == 0 for other in grid.panels[:index])
    wins, calls = grid.panels[:2]
    assert wins.top == calls.top  # side by side
    if points == 1:  # one mode's points across the width
        assert grid.panels[2].right == calls.right


def a_night() -> tuple[Game, Game]:
    """A classic game, and a ControTamalo one where Anna scores −2 and −3."""
    classic = play(Game(("Anna", "Bruno")), hand("Anna", Anna=3, Bruno=12), hand(Anna=20, Bruno=2))
    contro = play(
        Game(("Anna", "Bruno", "Carla"), Rules(mode=Mode.CONTRO)),
        hand("Anna", Anna=1, Bruno=4, Carla=30),
        countered("Bruno", "Anna", Anna=2, Bruno=4, Carla=9),
    )
    return classic, contro


def test_a_nights_controtamalo_points_are_kept_apart_from_classic_ones() -> None:
    classic, contro = a_night()

    figures = night_figures([(classic, True), (contro, False)])

    assert figures.hand_points == {"Anna": [0, 20], "Bruno": [12, 0]}
    assert figures.contro_points == {"Anna": [-2, -3], "Bruno": [-1, 2], "Carla": [4, 1]}
    assert figures.players == ("Anna", "Bruno", "Carla")


def test_classic_and_controtamalo_points_have_an_axis_each_that_shows_negatives() -> None:
    classic, contro = a_night()

    both = points_panels(night_figures([(classic, True), (contro, True)]))
    (only_classic,) = points_panels(night_figures([(classic, True)]))

    assert [panel.heading for panel in both] == [
        "Punti per mano · classica",
        "Punti per mano · ControTamalo",
    ]
    assert both[0] == only_classic
    assert only_classic.points["Anna"] == (0, 20)
    assert only_classic.low < 0
    assert 20 < only_classic.high < 25
    assert both[1].points == {"Anna": (-3, -2), "Bruno": (-1, 2), "Carla": (1, 4)}
    assert both[1].low < -3
    assert 4 < both[1].high < 10


def test_the_night_chart_draws_a_panel_for_each_mode(drawn: list[list[str]]) -> None:
    classic, contro = a_night()
    one_mode = night_chart(night_figures([(classic, True)]), title="Serata", colours=COLOURS)
    two_modes = night_chart(
        night_figures([(classic, True), (contro, True)]), title="Serata", colours=COLOURS
    )

    assert "Punti per mano · ControTamalo" in drawn[1]
    assert "Punti per mano · ControTamalo" not in drawn[0]
    assert count(pixels(two_modes), colour_of("Carla")) > 100

    def zero_lines(png: bytes) -> int:
        """Columns of the grey line at zero, drawn where some hand took points away."""
        return int((mask(pixels(png), GREY).sum(axis=0) > 150).sum())

    assert zero_lines(one_mode) == 0
    assert zero_lines(two_modes) >= 1


# --- where labels go, and a late joiner's colour ---


def test_the_length_of_line_inside_a_box() -> None:
    box = Box(2, -1, 5, 1)
    assert Segments([(0, 0, 10, 0)]).length_inside(box) == pytest.approx(3)
    assert Segments([(10, 0, 0, 0)]).length_inside(box) == pytest.approx(3)
    assert Segments([(0, 0, 10, 10)]).length_inside(Box(0, 0, 5, 5)) == pytest.approx(50**0.5)
    crossing = Segments([(3, -5, 3, 5), (0, 2, 10, 2), (6, -5, 6, 5)])  # one crosses the box
    assert crossing.length_inside(box) == pytest.approx(2)
    assert Segments([(0, 0, 1, 0)]).length_inside(box) == 0  # stops before the box
    assert Segments([]).length_inside(box) == 0


OFFSETS = [(0.0, 10.0), (0.0, -30.0), (-50.0, 10.0)]  # above, below, above on the left


def test_a_label_goes_to_the_first_place_that_covers_nothing() -> None:
    bounds = Box(-100, -100, 100, 100)
    nothing = Segments([])
    first = place((0, 0), (40, 20), OFFSETS, lines=nothing, marks=[], taken=[], bounds=bounds)
    assert first == Box(0, 10, 40, 30)
    # A line through the first place, a mark on the second: the third.
    line = Segments([(10, 0, 10, 50)])
    chosen = place((0, 0), (40, 20), OFFSETS, lines=line, marks=[(20, -20)], taken=[],
                   bounds=bounds)  # fmt: skip
    assert chosen == Box(-50, 10, -10, 30)
    # Another label there: the second.
    taken = [Box(5, 25, 60, 45)]
    assert place((0, 0), (40, 20), OFFSETS, lines=nothing, marks=[], taken=taken,
                 bounds=bounds) == Box(0, -30, 40, -10)  # fmt: skip
    # A place sticking out of the axes is moved within them, if it then covers nothing.
    edge = Box(-100, -100, 100, 29)
    assert place((0, 0), (40, 20), OFFSETS, lines=nothing, marks=[], taken=[],
                 bounds=edge) == Box(0, 9, 40, 29)  # fmt: skip
    assert place((0, 0), (40, 20), OFFSETS, lines=nothing, marks=[(20, 12)], taken=[],
                 bounds=edge) == Box(0, -30, 40, -10)  # fmt: skip
    assert place((0, 0), (40, 20), OFFSETS, lines=nothing, marks=[], taken=[],
                 bounds=Box(-100, -100, 30, 100)) == Box(-10, 10, 30, 30)  # fmt: skip
    # Where it fits nowhere, it still goes somewhere: the place covering least line.
    tiny = Box(0, 0, 30, 100)
    assert place((0, 0), (40, 20), OFFSETS, lines=Segments([(0, 25, 30, 25)]), marks=[],
                 taken=[], bounds=tiny) == Box(-10, 0, 30, 20)  # fmt: skip
    # A mark is a disc: one just beyond the box's corner touches it within its reach.
    near = [(45.0, 35.0)]
    assert place((0, 0), (40, 20), OFFSETS, lines=nothing, marks=near, taken=[], bounds=bounds,
                 reach=5) == Box(0, -30, 40, -10)  # fmt: skip
    assert place((0, 0), (40, 20), OFFSETS, lines=nothing, marks=near, taken=[], bounds=bounds,
                 reach=4) == Box(0, 10, 40, 30)  # fmt: skip


def test_where_every_place_covers_a_line_the_label_takes_the_least() -> None:
    lines = Segments([(0, 20, 40, 20), (-50, 20, -10, 20), (0, -20, 40, -20), (0, -15, 40, -15)])
    chosen = place((0, 0), (40, 20), OFFSETS, lines=lines, marks=[], taken=[],
                   bounds=Box(-100, -100, 100, 100))  # fmt: skip
    assert chosen == Box(0, 10, 40, 30)  # 40 pixels of line, not 80; the first of equals


ORANGE, VERMILLION = PALETTE[4], PALETTE[1]


def test_a_late_joiner_in_a_colour_like_another_lines_gets_one_far_from_all() -> None:
    palette = {"Anna": PALETTE[0], "Bruno": VERMILLION, "Carla": PALETTE[2],
               "Dario": PALETTE[3], "Elena": ORANGE}  # fmt: skip
    assert apart(ORANGE, [VERMILLION]) < DISTINCT
    moved = set_apart(palette, ["Elena"], PALETTE)
    others = [palette[p] for p in ("Anna", "Bruno", "Carla", "Dario")]
    assert moved == palette | {"Elena": max(PALETTE[4:], key=lambda c: apart(c, others))}
    assert apart(moved["Elena"], others) >= DISTINCT
    assert apart(moved["Elena"], others) == max(apart(c, others) for c in PALETTE)
    # Only late joiners change; one far enough from every line keeps the chat's colour.
    assert set_apart(palette, [], PALETTE) == palette
    assert set_apart(palette, ["Dario"], PALETTE) == palette
    # Exactly as far as the least distance allowed is far enough.
    two = {"Bruno": VERMILLION, "Elena": ORANGE}
    edge = apart(ORANGE, [VERMILLION])
    assert set_apart(two, ["Elena"], PALETTE, distinct=edge) == two
    assert set_apart(two, ["Elena"], PALETTE, distinct=edge + 1e-9)["Elena"] != ORANGE


def joiner_at_the_lasts_total() -> Game:
    """The issue's night: Elena joins at Bruno's 72, Carla leaves after hand 2."""
    game = play(Game(("Anna", "Bruno", "Carla", "Dario")), hand(Anna=40, Bruno=72, Carla=55,
                Dario=0)).with_player("Elena")  # fmt: skip
    game = play(game, hand(Anna=10, Bruno=12, Carla=14, Dario=16, Elena=18))
    game = game.without_player("Carla")
    return play(game, *(hand(Anna=a, Bruno=b, Dario=d, Elena=e)
                        for a, b, d, e in ((3, 2, 1, 4), (5, 1, 6, 2), (0, 3, 5, 1))))  # fmt: skip


def contro_joiner_and_leaver() -> Game:
    """ControTamalo: Elena joins at Bruno's 5 after hand 2, Carla leaves after hand 3."""
    game = Game(("Anna", "Bruno", "Carla", "Dario"), Rules(mode=Mode.CONTRO))
    game = play(game, hand(Anna=0, Bruno=30, Carla=12, Dario=5),
                hand("Anna", Anna=3, Bruno=7, Carla=12, Dario=0)).with_player("Elena")  # fmt: skip
    game = play(game, hand(Anna=0, Bruno=9, Carla=12, Dario=3, Elena=6)).without_player("Carla")
    return play(game, countered("Anna", "Bruno", Anna=4, Bruno=2, Dario=9, Elena=23),
                hand(Anna=0, Bruno=9, Dario=12, Elena=3),
                hand("Anna", Anna=1, Bruno=4, Dario=30, Elena=8))  # fmt: skip


def test_a_late_joiners_line_is_in_a_colour_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    figures = figures_drawn(monkeypatch)
    image = chart(joiner_at_the_lasts_total())

    assert count(image, colour_of("Elena")) == 0  # the chat's orange, next to Bruno's
    (ax,) = figures[0].axes
    colours = [to_hex(line.get_color()) for line in ax.get_lines()]
    colours.remove(GREY)  # the target
    elena = colours[-1]  # the lines are drawn in seating order
    assert apart(elena, colours[:-1]) >= DISTINCT
    assert count(image, elena) > 1500
    (ring,) = (c for c in ax.collections if np.asarray(c.get_offsets()).shape == (1, 2))
    assert to_hex(tuple(np.asarray(ring.get_edgecolor())[0])) == elena


@pytest.mark.parametrize("game", [joiner_at_the_lasts_total, contro_joiner_and_leaver])
def test_a_leavers_and_a_joiners_labels_cover_no_line_mark_or_label(
    monkeypatch: pytest.MonkeyPatch, game: Callable[[], Game]
) -> None:
    figures = figures_drawn(monkeypatch)
    chart(game())

    (figure,) = figures
    boxes = labels_inside(figure)
    assert len(boxes) == 2
    marks = marks_drawn(figure)
    assert marks
    lines = lines_drawn(figure)
    (leaver,) = (box for text, box in boxes.items() if text.endswith("(esce)"))
    (joiner,) = (box for text, box in boxes.items() if " entra con " in text)
    assert leaver.overlap(joiner) == 0
    for box in (leaver, joiner):
        assert not any(box.holds(x, y, reach=px(5)) for x, y in marks)
    for box in (leaver, joiner):
        assert all(segments.length_inside(box) == 0 for segments in lines.values())
        assert box.within(Box(*figure.axes[0].bbox.extents))
