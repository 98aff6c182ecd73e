"""`python -m game` is the same as the `skirmish` command."""

import sys

from game.cli import main

sys.exit(main())
