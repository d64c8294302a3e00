"""A points game's texts where a chat could make them long: ``/giochi`` with many names."""

from __future__ import annotations

from bot.games.punti import texts
from scoring.punti import Rules


def test_many_named_games_are_listed_within_a_message() -> None:
    many = [(f"Gioco{n:02}" + "x" * 24, Rules(target=1000, rounds=99), 999) for n in range(80)]
    listed = texts.named_games(many)
    assert len(listed) < 4096
    assert "Gioco29" in listed
    assert "Gioco30" not in listed
    assert "… e altri 50" in listed
    assert "… e" not in texts.named_games(many[: texts.GAMES_LISTED])
