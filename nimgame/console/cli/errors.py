"""The command line's one error: a mistake by the person at the keyboard."""

from __future__ import annotations


class CliError(Exception):
    """A mistake by the person at the keyboard: shown as one line, exit status 2."""
