"""Start nimgame: with no command the window opens; `python main.py COMMAND` runs the
command line (train, list, inspect, play --text, arena)."""

import sys

from nimgame.console.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
