"""Grids the geometry tests share: an open square and small random grids (hypothesis
strategies) drawn from gridfactory's legend."""

from __future__ import annotations

from gridfactory import make_grid
from hypothesis import strategies as st


def open_grid(size: int) -> list[str]:
    return ["." * size] * size


@st.composite
def small_grids(draw):
    w = draw(st.integers(2, 9))
    h = draw(st.integers(2, 9))
    cells = draw(st.lists(st.sampled_from("...##H~hsS+B"), min_size=w * h, max_size=w * h))
    rows = ["".join(cells[y * w : (y + 1) * w]) for y in range(h)]
    return make_grid(rows)


@st.composite
def grid_and_tiles(draw, n=2):
    grid = draw(small_grids())
    tiles = [
        (draw(st.integers(0, grid.width - 1)), draw(st.integers(0, grid.height - 1)))
        for _ in range(n)
    ]
    return grid, tiles
