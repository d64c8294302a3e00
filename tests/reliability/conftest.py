"""The reliability tests drive the same offline bot as the bot tests."""

from tests.bot.conftest import start_bot, table

__all__ = ["start_bot", "table"]
