"""TamaloBot's Telegram layer."""
