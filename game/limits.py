"""The limits on what a user may ask for, in one place (the README lists them).

Each is far past any real use and low enough that asking for it is refused at once instead
of hanging the machine or exhausting its memory: a value past one is one line on stderr and
exit code 2, whether it comes from the command line, a scenario file or a save.
"""

from __future__ import annotations

MAX_RUNS = 100_000
"""Most matches one `simulate` may play: about six hours at the measured 5 matches a second
(10**9 would be over six years)."""
MAX_SIZE = 1000
"""Most units a side (`--size`, a scenario's `size`); a map must also have a walkable tile
for every unit of both sides."""
MAX_SCORE = 100
"""Highest attribute or skill a unit may have (Yags people have 1 to 6, masters about 10)."""
MAX_SEED = 10**18 - 1
"""Seeds are whole numbers from 0 to MAX_SEED (18 digits). Negative seeds are refused
everywhere: Python seeds its random source with the absolute value, so seed -3 would replay
seed 3, and `simulate --seed -5 --runs 10` would play seeds 1 to 4 twice."""
MAX_JOBS = 256
"""Most worker processes for `simulate --jobs`."""
MAX_WINDOW = 4096
"""Widest or tallest game window in pixels (`play --size W H`; a window resized or a UI scale
past it is held to it): a 4096 x 4096 window on a 1000 x 1000 map peaks at about 520 MB, within
the window's 600 MB budget (tests/ui/test_render_memory.py); a 16384 x 16384 window surface
alone would be 1 GiB."""
MIN_WINDOW = (800, 600)
"""The smallest window `play --size W H` opens: every screen is laid out for it (issue 32)."""
MAX_INT = 2**63 - 1
"""No whole number read from a save or scenario may be larger than this (or below -MAX_INT):
Python reads a 4000-digit integer without complaint, the rules cannot use one."""
MAX_NESTING = 32
"""Deepest nesting of arrays and tables in a save or scenario (the game writes 8 at most);
checked before parsing, since both Python's JSON and TOML readers recurse."""
MAX_CONTAINERS = 1_000_000
"""Most arrays and tables in a save or scenario (a save has about one per 40 bytes, so a save
at MAX_SAVE_BYTES has 800,000): `[[],[],...]` would otherwise turn 32 MB into 700 MB of lists."""
MAX_SAVE_BYTES = 32 * 1024 * 1024
"""Largest save read: a save takes about 430 bytes a declaration, so a 1000-round match of 16
units writes about 7 MB."""
MAX_SCENARIO_BYTES = 1024 * 1024
"""Largest scenario read (a scenario is a dozen lines)."""
MAX_PATH_CHARS = 4096
MAX_TACTIC_CHARS = 256 * 1024  # a tactic file (docs/tactics.md), as read and as kept in a save
"""Longest file path accepted inside a save or scenario (Linux's PATH_MAX)."""
MAX_LINE_CHARS = 400
"""Longest error line printed; a longer one is cut in the middle with an ellipsis."""
MAX_VARIANTS = 10_000
"""Most variants one sweep plan may have (every combination of its settings counted before
any is played): 10,000 variants of 100 matches is already two days on one core."""
MAX_SWEEP_MATCHES = 10_000_000
"""Most matches one sweep may play (variants x runs): about 23 days on one core at 5 matches
a second, or an afternoon on a cluster of a hundred cores."""
MAX_FRAMES = 1_000_000
"""Most frames `play --screenshot` draws before saving the window (--frames)."""
MAX_DUEL_METRES = 2000.0
"""Farthest apart two duellists may stand (`duel --distance`): a strip of 1,000 tiles at the
duel's 2 m a tile; two rifles 2 km apart take seconds for 200 rounds, and a huge distance was
an OverflowError or a strip that filled the memory."""
MAX_ROUNDS_LIMIT = 1000
"""Most rounds a map may ask for: 1000 Yags rounds are over 80 minutes of fighting, and a
match between two sides that never meet would otherwise run (and `simulate` hang) for ever."""
MAX_SIDE = 2000
"""Most tiles along either side of a map."""
MAX_TILES = 1_000_000
"""Most tiles in a map (width * height)."""
MIN_SIDE = 8
"""Fewest tiles a side of a fresh map (`new-map --tiles`): room for a spawn zone each side and
ground between."""
