"""``python -m bot``: run TamaloBot (``bot.launch``), heeding Ctrl-C and SIGTERM from the
process's first instant: a stop signal that comes while it is still importing its modules
(a second or more) ends it at once and cleanly, exit status 0, with no traceback.

The garbage collector is off while the modules are imported: they make hundreds of
thousands of objects that live as long as the process, none of them garbage, and the
collector went through them some 260 times for nothing, a tenth of the start (issue 35).
Once imported they are set apart (``gc.freeze``), never to be gone through again."""

import gc
import signal
import sys
from types import FrameType


def stop_at_once(signum: int, frame: FrameType | None) -> None:
    """Until the bot's own handlers take over (``bot.inbox.stop_signal``): nothing is
    open yet that a stop would have to close."""
    raise SystemExit(0)


def main() -> int:
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, stop_at_once)
    gc.disable()
    try:
        from bot.launch import main as launch  # only now: its imports take a second or more
    finally:
        gc.freeze()
        gc.enable()
    return launch()


if __name__ == "__main__":
    sys.exit(main())
