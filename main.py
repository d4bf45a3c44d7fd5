"""Start nimgame: `python main.py COMMAND` runs the command line; with no command the window
opens (the window arrives with the app issue; until then the command line's help shows)."""

import sys

from nimgame.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
