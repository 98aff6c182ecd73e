"""Helpers of the hostile-map tests (test_hostile*.py): expect a map to be refused with one
line, and the default ground layer to swap pieces of."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from tmxfactory import grid, layer

from game.maps import MapError, load_map


def refused(path: Path | str, *fragments: str, file: Path | str | None = None) -> str:
    """Load ``path``, expect a MapError, and check its one line. (How fast refusals are is
    measured by bench/run.py, not asserted here: the test machines are noisy.)"""
    with pytest.raises(MapError) as caught:
        load_map(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{os.fspath(file or path)}: "), message
    for fragment in fragments:
        assert fragment in message, message
    return message


def ground(rows=None, **kwargs):
    return layer("ground", rows if rows is not None else grid(4, 3), **kwargs)
