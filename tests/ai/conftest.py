"""AI tests: grids from ASCII pictures (tests/world/gridfactory.py); `new_match` comes from
tests/conftest.py."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "world"))
