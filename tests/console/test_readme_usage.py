"""The README's summary of the command line names what the parser accepts: every game,
every option of each command, and the arena's players."""

import re
from pathlib import Path

import pytest

from nimgame.console.cli import build_parser
from nimgame.console.cli.options import GAME_NAMES
from nimgame.players import PLAYERS

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
USAGE = re.search(r"## Command line\n.*?```\n(.*?)```", README, re.S)[1]


def summary(command: str, part: int = 0) -> str:
    """The README's lines for `command`, continuation lines included: what is typed
    (`part` 0) or the comments (1)."""
    lines, taking = [], False
    for line in USAGE.splitlines():
        if not line.startswith(" "):
            taking = line.split(" ")[0] == command
        if taking:
            lines.append((line + "#").split("#", 1)[part])
    return " ".join(lines)


@pytest.mark.parametrize("command", ["train", "play"])
def test_every_game_is_named(command):
    assert "{" + ",".join(GAME_NAMES) + "}" in summary(command)


@pytest.mark.parametrize("command", ["train", "play", "arena", "lab"])
def test_every_option_is_named(command):
    sub = build_parser()._subparsers._group_actions[0].choices[command]
    options = {o for action in sub._actions for o in action.option_strings
               if o.startswith("--") and o != "--help"}
    if command != "train":   # the rules "as for train"
        assert "[rules as for train]" in summary(command)
        options -= {"--piles", "--normal", "--max-take", "--sticks"}
    named = set(re.findall(r"--[a-z0-9-]+", summary(command)))
    assert options - named == set()


def test_the_arenas_players_are_named():
    words = set(re.findall(r"[a-z-]+", summary("arena", part=1)))
    assert set(PLAYERS) - words == set()
