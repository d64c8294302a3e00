"""The README stands alone in a clone, and the rules page's worked examples are what the
engine scores."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from scoring.tamalo import Hand, Report, Rules, score_classic, score_contro

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
#: ``[text](target)`` and ``![alt](target)`` in Markdown.
LINK = re.compile(r"\]\(([^)\s]+)\)")
#: ``Anna* 3``, ``Bruno† 2``, ``Dario ∅ 0`` or a bare ``31``: one player's reported total.
REPORT = re.compile(r"(?:([^\W\d]\w*)([*†]?)\s*(∅?)\s*)?(\d+)")
POINTS = re.compile(r"(?:([^\W\d]\w*) )?([+−-]?\d+)")


def test_every_link_of_the_readme_is_a_file_of_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = [t for t in LINK.findall(readme) if "://" not in t]

    assert "docs/rules.md" in targets
    for target in targets:
        assert (ROOT / target).resolve().is_relative_to(ROOT), target
        assert (ROOT / target).is_file(), target
    assert "../" not in readme  # nothing beside the repository


def examples(heading: str) -> list[tuple[str, str]]:
    """The rows (hand, points) of the worked examples under ``heading`` in docs/rules.md."""
    section = RULES.read_text(encoding="utf-8").split(f"\n## {heading}\n")[1].split("\n## ")[0]
    table = section.split("| the hand (card totals) | points |\n|---|---|\n")[1].split("\n\n")[0]
    return [tuple(row.strip("| ").split(" | ")) for row in table.splitlines()]  # type: ignore[misc]


def read_hand(text: str) -> Hand:
    """``Anna* 4, Bruno† 2, Carlo 9``; ``nobody called: 4, 5, 10`` names the players P1, P2…"""
    text = text.removeprefix("nobody called:")
    reports, caller, counter, out = [], None, None, set()
    for number, (name, mark, gone, total) in enumerate(REPORT.findall(text), 1):
        player = name or f"P{number}"
        reports.append(Report(player, int(total)))
        caller = player if mark == "*" else caller
        counter = player if mark == "†" else counter
        if gone:
            out.add(player)
    return Hand(tuple(reports), caller, counter, frozenset(out))


def read_points(text: str, hand: Hand) -> dict[str, int]:
    """``Anna 15 (Bruno is lower), Bruno 0``: the remarks in brackets are for the reader."""
    found = POINTS.findall(re.sub(r"\s*\([^)]*\)", "", text))
    players = [r.player for r in hand.reports]
    return {name or players[n]: int(p.replace("−", "-")) for n, (name, p) in enumerate(found)}


Scorer = Callable[[Hand, Rules], dict[str, int]]


@pytest.mark.parametrize(
    ("heading", "score"), [("A classic hand", score_classic), ("ControTamalo", score_contro)]
)
def test_the_worked_examples_of_the_rules_page_are_what_the_bot_scores(
    heading: str, score: Scorer
) -> None:
    rows = examples(heading)

    assert len(rows) >= 5
    for played, points in rows:
        hand = read_hand(played)
        assert score(hand, Rules()) == read_points(points, hand), played


def test_the_tie_example_holds_with_pari_perde_too() -> None:
    played, points = examples("A classic hand")[5]
    assert points.endswith("(with `pari_perde`: Anna 15)")
    assert score_classic(read_hand(played), Rules(tie_beats_caller=True))["Anna"] == 15
