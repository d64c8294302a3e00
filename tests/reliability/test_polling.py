"""The real ``python -m bot --polling`` restarted after a batch it kept and handled but never
confirmed to Telegram: the first poll moves the offset past what the inbox has, so the batch
is neither asked for in a loop (it once was, some 1,400 times in 5 s) nor handled again. And
an update python-telegram-bot cannot read is skipped, said once, instead of failing every
poll after it (issue 22)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from tests.reliability.bot_api import HOLD, BotApi
from tests.reliability.test_kill import TIMEOUT, bot_process, log_of

CHAT = -100_301
#: Seconds the restarted bot is watched, with nothing new to fetch: a few polls held open
#: (HOLD), where the loop it once was asked hundreds.
WATCH = 1.0


def test_a_restart_after_a_kept_but_unconfirmed_batch_polls_a_bounded_number_of_times(
    tmp_path: Path,
) -> None:
    api = BotApi()
    threading.Thread(target=api.serve_forever, daemon=True).start()
    try:
        # Every poll that would confirm the batch fails (502): the bot keeps the batch,
        # handles it, and is stopped with Telegram still holding it.
        api.polls_fail = True
        typed = [api.type(CHAT, "/nuova Anna Bruno"), api.type(CHAT, "/mano Anna 3 Bruno 12")]

        def answered() -> bool:
            return set(typed) <= {r.to for r in api.replies}

        with bot_process(tmp_path, api, "first"):
            assert api.wait_until(answered, TIMEOUT), log_of(tmp_path, "first")
        newest = api.updates[-1]["update_id"]
        assert api.confirmed < newest
        replies = len(api.replies)

        api.polls_fail = False
        with bot_process(tmp_path, api, "restarted"):
            assert api.wait_until(lambda: api.confirmed == newest, TIMEOUT), log_of(
                tmp_path, "restarted"
            )
            polls = api.polls
            time.sleep(WATCH)
            polls = api.polls - polls
    finally:
        api.shutdown()
        api.server_close()

    # Each poll is held open while there is nothing to hand out (Telegram holds it for 10 s).
    assert polls <= WATCH / HOLD + 2, polls
    assert len(api.replies) == replies  # the batch was not handled again


def test_an_update_that_cannot_be_read_is_skipped_once_and_polling_goes_on(tmp_path: Path) -> None:
    api = BotApi()
    threading.Thread(target=api.serve_forever, daemon=True).start()
    try:
        unreadable = api.typed(CHAT, "/aiuto")
        del unreadable["message"]["date"]  # python-telegram-bot cannot read a message without
        with api.changed:
            api.updates.append(unreadable)
        after = api.type(CHAT, "/aiuto")
        with bot_process(tmp_path, api, "bot"):
            answered = api.wait_until(lambda: after in {r.to for r in api.replies}, TIMEOUT)
            confirmed = api.wait_until(
                lambda: api.confirmed >= api.updates[-1]["update_id"], TIMEOUT
            )
        output = log_of(tmp_path, "bot")
    finally:
        api.shutdown()
        api.server_close()

    assert answered, output
    assert confirmed  # Telegram is told it arrived: it is not handed out again
    assert [r.to for r in api.replies] == [after]  # the unreadable one is answered nothing
    number = unreadable["update_id"]
    assert output.count(f"Update {number} cannot be read") == 1, output
    assert "Polling failed" not in output
