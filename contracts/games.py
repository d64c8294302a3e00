"""The import-linter contract of the table of games (``make lint``): each game is a folder of
its own in every layer, and nothing but the table knows one.

A game is a package under the table (``table``: ``bot.games``), ``bot/games/<game>/``; its
modules in every layer are ``<layer>.<game>`` (``play.tago``, ``storage.tago``,
``scoring.tago``), wherever the layer has one. The contract is broken by

- a game importing another game's modules, in any layer (``bot.games.tago`` →
  ``scoring.tamalo``), or the table itself (through which it would reach the others);
- a shared module (any module of the layers that is neither a game's nor the table)
  importing a game's (``bot.commands.stats`` → ``bot.games.tamalo.figures``).

Games are found, not listed: adding one is its folders and its line in the table, and this
contract holds it to the rules with no line of configuration."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from grimp import ImportGraph
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


class GamesContract(Contract):
    """``type = "games"``; ``table`` names the table's package, ``layers`` the packages a game
    has a folder in (the table's own layer included)."""

    type_name = "games"

    table = fields.StringField()
    layers = fields.ListField(subfield=fields.StringField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        table: str = self.table  # type: ignore[assignment]
        layers: list[str] = self.layers  # type: ignore[assignment]
        games = sorted(name.rpartition(".")[2] for name in graph.find_children(table))
        owner = _owners(graph, table, layers, games)
        broken = [
            {"importer": importer, "imported": imported, "lines": lines, "why": why}
            for importer, imported, lines, why in _breaches(graph, table, owner)
        ]
        return ContractCheck(kept=not broken, metadata={"games": games, "broken": broken})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for breach in check.metadata["broken"]:
            lines = ", ".join(f"l.{line}" for line in breach["lines"])
            output.print_error(
                f"-   {breach['importer']} -> {breach['imported']} ({lines}): {breach['why']}",
                bold=False,
            )
        output.new_line()


def _owners(graph: ImportGraph, table: str, layers: list[str], games: list[str]) -> dict[str, str]:
    """Each module of the layers by whose it is: a game's name, ``""`` for shared code, the
    table's own package left out (it may name every game)."""
    owner: dict[str, str] = {}
    for layer in layers:
        for module in graph.find_descendants(layer) | {layer}:
            if module != table:
                owner[module] = _game_of(module, table, layers, games)
    return owner


def _game_of(module: str, table: str, layers: list[str], games: list[str]) -> str:
    """The game ``module`` belongs to (``bot.games.tago.night`` → ``tago``,
    ``storage.tago.nights`` → ``tago``), or ``""``."""
    for root in (table, *layers):
        if module.startswith(root + "."):
            first = module.removeprefix(root + ".").partition(".")[0]
            if first in games and (root == table or root != table.partition(".")[0]):
                return first
    return ""


def _breaches(
    graph: ImportGraph, table: str, owner: dict[str, str]
) -> Iterator[tuple[str, str, list[int], str]]:
    for importer, whose in sorted(owner.items()):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            theirs = owner.get(imported)
            if imported == table and whose:
                why = "a game never reaches the table of games"
            elif theirs and theirs != whose:
                why = (
                    f"the game {whose} imports the game {theirs}"
                    if whose
                    else f"shared code imports the game {theirs}"
                )
            else:
                continue
            yield importer, imported, _lines(graph, importer, imported), why


def _lines(graph: ImportGraph, importer: str, imported: str) -> list[int]:
    details: list[dict[str, Any]] = graph.get_import_details(  # type: ignore[assignment]
        importer=importer, imported=imported
    )
    return sorted({detail["line_number"] for detail in details})
