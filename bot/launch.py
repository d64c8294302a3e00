"""What ``python -m bot`` runs (``bot.__main__``): TamaloBot as a webhook or with long polling,
or the console.

Without ``--webhook`` or ``--polling``, it runs as a webhook when WEBHOOK_URL is set.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit

from telegram.error import InvalidToken

from bot.app import ALLOWED_UPDATES, build_application
from bot.config import Settings, SettingsError, read_values, secrets_in
from bot.inbox import run_polling
from bot.logs import configure_logging

log = logging.getLogger("bot")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="TamaloBot. Without an option it runs as a webhook if WEBHOOK_URL is set, "
        "else with long polling. Settings come from the environment and .env (see .env.example).",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--webhook",
        dest="mode",
        action="store_const",
        const="webhook",
        help="serve updates Telegram posts to WEBHOOK_URL (needs WEBHOOK_SECRET; listens on "
        "WEBHOOK_LISTEN:PORT)",
    )
    mode.add_argument(
        "--polling",
        dest="mode",
        action="store_const",
        const="polling",
        help="fetch updates from Telegram with long polling (no public URL needed)",
    )
    mode.add_argument(
        "--console",
        dest="mode",
        action="store_const",
        const="console",
        help="play in this terminal instead of Telegram: each line typed is a message in a "
        "group chat (no token needed; same database settings)",
    )
    parser.add_argument(
        "--files",
        type=Path,
        default=Path("tamalo-console"),
        help="with --console: where the charts and exports sent are saved (default: %(default)s)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    values = read_values()
    secrets = secrets_in(values)  # as written: a message about a bad setting may quote them
    try:
        settings = Settings.from_values(values)
    except SettingsError as error:
        configure_logging("INFO", secrets)
        log.error("%s", error)
        return 2
    if args.mode == "console":
        # Ctrl-C as Python has it: the console's own way to end (``bot.console``).
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        configure_logging("WARNING", secrets)  # the terminal is for the game
        from bot import console  # only here: the bot itself starts faster without it

        asyncio.run(console.run(settings, sys.stdin, sys.stdout, args.files, settings.port))
        return 0
    configure_logging(settings.log_level, secrets)
    webhook = args.mode == "webhook" or (args.mode is None and settings.webhook_url is not None)
    try:
        if webhook:
            url, secret = settings.require_webhook()
            app = build_application(settings)
            log.info(
                "Webhook mode: listening on %s:%d for %s",
                settings.webhook_listen,
                settings.port,
                url,
            )
            from bot.webhook import run_webhook  # only here: polling needs no web server

            asyncio.run(
                run_webhook(
                    app,
                    settings,
                    url,
                    path=urlsplit(url).path,
                    secret=secret,
                    allowed_updates=ALLOWED_UPDATES,
                    drop_pending_updates=False,
                )
            )
        elif settings.web_server:
            app = build_application(settings)
            log.info("Polling, and serving on %s:%d", settings.webhook_listen, settings.port)
            from bot.webhook import run_polling_served

            asyncio.run(run_polling_served(app, settings, ALLOWED_UPDATES))
        else:
            app = build_application(settings)
            asyncio.run(run_polling(app, ALLOWED_UPDATES))
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
