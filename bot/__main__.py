"""``python -m bot``: run TamaloBot with long polling."""

from __future__ import annotations

import logging
import sys

from telegram.error import InvalidToken

from bot.app import ALLOWED_UPDATES, build_application
from bot.logs import configure_logging
from bot.settings import Settings, SettingsError

log = logging.getLogger("bot")


def main() -> int:
    try:
        settings = Settings.load()
    except SettingsError as error:
        configure_logging("INFO", [])
        log.error("%s", error)
        return 2
    configure_logging(settings.log_level, [settings.token.get()] if settings.token else [])
    try:
        app = build_application(settings)
        app.run_polling(allowed_updates=ALLOWED_UPDATES)
    except SettingsError as error:
        log.error("%s", error)
        return 2
    except InvalidToken:
        # Its message quotes the token: never let Python print it.
        log.error("Telegram rejected TELEGRAM_BOT_TOKEN: copy it again from @BotFather.")
        return 2
    except Exception:
        log.exception("TamaloBot stopped on an error")  # through the redacting formatter
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
