"""A points game's share of storage: its kind, its line of a round (a side's points on each
of its players' lines) and the names a chat gave its points games, read from the games
themselves (each named game keeps its name and rules with it, so they move with the chat)."""

from storage.punti.named import KIND, NamedGame, NamedGames, RoundLine

__all__ = ["KIND", "NamedGame", "NamedGames", "RoundLine"]
