"""``python -m bot``: run TamaloBot with long polling."""

from __future__ import annotations

import sys

from telegram import Update

from bot.app import build_application
from bot.logs import configure_logging
from bot.settings import Settings, SettingsError


def main() -> int:
    settings = Settings.load()
    configure_logging(settings.log_level, [settings.token.get()] if settings.token else [])
    try:
        app = build_application(settings)
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 2
    app.run_polling(allowed_updates=[Update.MESSAGE])
    return 0


if __name__ == "__main__":
    sys.exit(main())
