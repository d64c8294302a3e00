"""The docs a newcomer reads stay true: the README is short and stands alone in a clone, every
link of the README and docs/ leads somewhere, every command they name is one the bot answers,
and the rules page's worked examples are what the engine scores."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.commands.registry import COMMANDS
from scoring.tamalo import Hand, Report, Rules, score_classic, score_contro

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
RULES = DOCS / "rules.md"
#: Every page a newcomer may read: the README and docs/*.md.
PAGES = [README, *sorted(DOCS.glob("*.md"))]
#: ``[text](target)`` and ``![alt](target)`` in Markdown.
LINK = re.compile(r"\]\(([^)\s]+)\)")
#: A Markdown heading, outside the fenced code blocks.
HEADING = re.compile(r"^#{1,6} +(.+?) *#*$", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
#: ``/mano``, ``(/hand)``, `` `/aiuto tutto` ``: a slash at the start of a word, then a name;
#: not a path (``bot/commands``), a URL or a fraction (``3/4``).
COMMAND = re.compile(r"(?<![^\s(>`\"“|])/([^\W\d]\w*)")
#: Slash words in the docs that are not the bot's commands.
NOT_OURS = {
    "newbot": "BotFather's command that makes a bot",
    "health": "the webhook's health check, GET /health",
    "newapp": "BotFather's command that registers a Mini App",
}
README_LIMIT = 15 * 1024  # bytes
#: ``Anna* 3``, ``Bruno† 2``, ``Dario ∅ 0`` or a bare ``31``: one player's reported total.
REPORT = re.compile(r"(?:([^\W\d]\w*)([*†]?)\s*(∅?)\s*)?(\d+)")
POINTS = re.compile(r"(?:([^\W\d]\w*) )?([+−-]?\d+)")


def links(page: Path) -> list[str]:
    """The relative links of ``page``: nothing on another site."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return [t for t in LINK.findall(text) if "://" not in t and not t.startswith("mailto:")]


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: its text without Markdown, lower case, punctuation
    dropped, spaces as hyphens."""
    text = re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = re.sub(r"[^\w\- ]", "", text.replace("`", "").strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, a repeated one numbered as GitHub numbers it."""
    found: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        anchor, number = slug(heading), 0
        while (anchor if number == 0 else f"{anchor}-{number}") in found:
            number += 1
        found.add(anchor if number == 0 else f"{anchor}-{number}")
    return found


def test_github_anchors_are_made_as_github_makes_them() -> None:
    assert slug("Game options at `/nuova`") == "game-options-at-nuova"
    assert slug("Chi vince? The forecast") == "chi-vince-the-forecast"
    assert slug("Reliability: the inbox, the outbox, the leases") == (
        "reliability-the-inbox-the-outbox-the-leases"
    )
    assert slug("4 Quadri") == "4-quadri"


def test_the_readme_fits_in_15_kb() -> None:
    assert len(README.read_bytes()) <= README_LIMIT


def test_every_link_of_the_readme_is_a_file_of_the_repository() -> None:
    readme = README.read_text(encoding="utf-8")
    targets = [target.partition("#")[0] for target in links(README)]

    assert "docs/rules.md" in targets
    for target in targets:
        assert (ROOT / target).resolve().is_relative_to(ROOT), target
        assert (ROOT / target).is_file(), target
    assert "../" not in readme  # nothing beside the repository


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_leads_to_a_file_and_its_heading(page: Path) -> None:
    for link in links(page):
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page

        assert target.is_relative_to(ROOT), link  # nothing beside the repository
        assert target.is_file(), link
        if anchor:
            assert target.suffix == ".md", link
            assert anchor in anchors(target), link


def test_every_page_and_image_of_the_docs_is_reachable_from_the_readme() -> None:
    reached = reachable_from(README)

    for found in [*DOCS.glob("*.md"), *DOCS.glob("*.png")]:
        assert found in reached, f"{found.relative_to(ROOT)}: no page a reader can reach links it"


def reachable_from(start: Path) -> set[Path]:
    """Every file a reader reaches from ``start`` following its links, page after page."""
    reached, waiting = {start}, [start]
    while waiting:
        page = waiting.pop()
        for link in links(page):
            path = link.partition("#")[0]
            target = (page.parent / path).resolve() if path else page
            if target not in reached and target.is_file():
                reached.add(target)
                if target.suffix == ".md":
                    waiting.append(target)
    return reached


def test_every_command_the_docs_name_is_one_the_bot_answers() -> None:
    answered = {name for command in COMMANDS for name in command.names}
    named = {
        (page.name, name)
        for page in PAGES
        for name in COMMAND.findall(page.read_text(encoding="utf-8"))
    }

    assert len({name for _, name in named}) >= 20  # the pattern still finds them
    for page, name in sorted(named):
        assert name in answered or name in NOT_OURS, f"{page} names /{name}"


def test_every_command_the_bot_answers_is_in_the_docs() -> None:
    named = {name for page in PAGES for name in COMMAND.findall(page.read_text(encoding="utf-8"))}

    for command in COMMANDS:
        for name in command.names:
            assert name in named, f"/{name} is in no page of the docs"


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
