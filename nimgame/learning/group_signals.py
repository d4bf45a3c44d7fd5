"""The signals a terminal sends a whole process group, which only the parent answers: a
child process (the training worker, a tournament's policy) is born with them held back,
then ignores them, so a Ctrl-C or a closed terminal is answered once, by the parent, and
prints nothing from the child."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

#: What a terminal sends its whole process group (Ctrl-C, closing it), and the parent alone
#: answers: processes it starts are born with them held back (see `group_signals_held`).
GROUP_SIGNALS = frozenset(getattr(signal, name) for name in ("SIGINT", "SIGHUP")
                          if hasattr(signal, name))


@contextmanager
def group_signals_held() -> Iterator[None]:
    """GROUP_SIGNALS held back (blocked, not lost) while processes are started: they are
    born with them blocked. The child then ignores them before it unblocks them; the
    process that tracks the shared locks (multiprocessing's resource tracker, started with
    the first queue) never unblocks a hang-up, so closing the terminal does not kill it."""
    held = hasattr(signal, "pthread_sigmask")
    if held:
        signal.pthread_sigmask(signal.SIG_BLOCK, GROUP_SIGNALS)
    try:
        yield
    finally:
        if held:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, GROUP_SIGNALS)
