"""A database outage, as the log tells it: one line when the database stops answering and one
when it answers again, however many updates, messages and tries wait meanwhile (each try is
still tried again: ``bot.inbox``, ``bot.outbox``, ``bot.webhook``, ``bot.delivery``). Each
try that fails is a DEBUG line."""

from __future__ import annotations

import logging
import time

from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from bot.logs import one_line

log = logging.getLogger(__name__)

#: PostgreSQL's classes of errors that say the server cannot serve now: a connection
#: failed (08), too many clients or out of resources (53), shutting down or restarting (57).
_UNAVAILABLE = ("08", "53", "57")


def is_outage(error: BaseException) -> bool:
    """The database did not answer (down, unreachable, locked, no connection to be had):
    trying again later works."""
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    if isinstance(error, PoolTimeout):  # every connection busy for the pool's whole timeout
        return True
    code = getattr(getattr(error, "orig", None), "sqlstate", None)
    if isinstance(code, str) and code[:2] in _UNAVAILABLE:
        return True
    return isinstance(error, OperationalError | InterfaceError | OSError | TimeoutError)


class Outage:
    """Whether the database answers, as this process last found it."""

    def __init__(self) -> None:
        #: Since when it has not answered (``time.monotonic()``); ``None``: it answers.
        self.since: float | None = None
        self.failures = 0

    def failed(self, doing: str, error: BaseException) -> None:
        """Trying to ``doing`` (such as "keep an update") failed on ``error``, an outage."""
        self.failures += 1
        if self.since is not None:
            log.debug("The database still does not answer (%s: %s)", doing, one_line(error))
            return
        self.since = time.monotonic()
        log.warning("The database stopped answering (%s: %s); what comes meanwhile waits and "
                    "is tried again", doing, one_line(error))  # fmt: skip

    def answered(self) -> None:
        """A unit of work went through."""
        if self.since is None:
            return
        seconds, failures = time.monotonic() - self.since, self.failures
        self.since, self.failures = None, 0
        log.warning("The database answers again, after %.0f s (%d tries failed meanwhile)",
                    seconds, failures)  # fmt: skip


#: This process's view of its database.
DATABASE = Outage()
