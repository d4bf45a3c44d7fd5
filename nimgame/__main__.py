"""`python -m nimgame COMMAND`: the command line (see nimgame.console.cli)."""

import sys

from .console.cli import main

sys.exit(main())
