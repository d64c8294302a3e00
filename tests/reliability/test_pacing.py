"""The 20 messages a minute in a group hold across a restart (issue 35): the real
``python -m bot --polling`` sends a group its 20 replies, is stopped and started again, and
the next process, which knows the group's last sends from the database, sends it nothing more
within the minute, while it answers another group at once. Main started the count afresh at
every start: 51 replies to one group in 39 s."""

from __future__ import annotations

import signal
import threading
from pathlib import Path

from tests.reliability.bot_api import BotApi
from tests.reliability.test_kill import TIMEOUT, bot_process, log_of

GROUP, OTHER = -100_401, -100_402
#: Replies the group waits for: more than a minute's 20.
MESSAGES = 25
#: Seconds the next process is watched, once it answered the other group.
WATCH = 2.0


def test_a_group_that_had_its_20_replies_gets_no_more_within_the_minute_after_a_restart(
    tmp_path: Path,
) -> None:
    api = BotApi()
    threading.Thread(target=api.serve_forever, daemon=True).start()
    try:
        api.type(GROUP, "/nuova soglia=1000 Anna Bruno")
        for n in range(1, MESSAGES):
            api.type(GROUP, f"/mano Anna {n} Bruno {20 + n}")

        def to(chat: int) -> int:
            return sum(r.chat_id == chat for r in api.replies)

        with bot_process(tmp_path, api, "first") as first:
            assert api.wait_until(lambda: to(GROUP) >= 20, TIMEOUT), log_of(tmp_path, "first")
            first.send_signal(signal.SIGTERM)  # a process manager restarting the bot
            assert first.wait(TIMEOUT) == 0, log_of(tmp_path, "first")
        before = to(GROUP)

        with bot_process(tmp_path, api, "second"):
            api.type(OTHER, "/aiuto")
            assert api.wait_until(lambda: to(OTHER) == 1, TIMEOUT), log_of(tmp_path, "second")
            api.wait_until(lambda: to(GROUP) > before, WATCH)
            after = to(GROUP)
    finally:
        api.shutdown()
        api.server_close()

    assert before == 20
    assert after == 20, f"{after - before} more within the minute after the restart"
