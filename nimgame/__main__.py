"""`python -m nimgame COMMAND`: the command line (see nimgame.cli)."""

import sys

from .cli import main

sys.exit(main())
