"""The game: esper world, Tiled maps, AI, pygame-ce front end and command line."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pytmx imports pygame: no banner on stdout
