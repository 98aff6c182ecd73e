"""What each side of a fogged match sees, and what it remembers (issue 17).

    views = SideViews(match)           # made by Match(fog=True): match.vision
    views.seen_now("blue")             # bool array [x, y]: the tiles blue's units see now
    views.sees("blue", uid)            # does blue see that unit now?
    views.remembered["blue"]           # bool array: every tile blue has ever seen
    views.last_seen["blue"]            # enemy uid -> (tile, round) where blue last saw it

What a side sees now is geometry: the union of its standing units' fields of view (the
terrain), and an enemy is seen when one of those units and the enemy see each other by the
match's one sight function (`FogGrid.line_of_sight`), so whatever a side may shoot at it sees.
It is worked out again whenever a unit moves or falls. The memory (tiles seen, where each enemy
was last seen and when) is written only by `note`, which the turn driver calls after every
step of the round: the same seed and declarations give the same memory, whoever looks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from game.world.match import Match

Tile = tuple[int, int]


class SideViews:
    """Each side's sight now and its memory."""

    def __init__(self, match: Match) -> None:
        self.m = match
        g = match.grid
        self.remembered: dict[str, np.ndarray] = {t: np.zeros((g.width, g.height), dtype=bool) for t in match.teams}
        self.last_seen: dict[str, dict[int, tuple[Tile, int]]] = {t: {} for t in match.teams}
        self._cache: dict[str, tuple[tuple, np.ndarray, frozenset[int]]] = {}

    def _signature(self) -> tuple:
        return tuple((v.pos, v.out) for v in self.m.units())

    def _work_out(self, team: str) -> tuple[np.ndarray, frozenset[int]]:
        sig = self._signature()
        hit = self._cache.get(team)
        if hit is not None and hit[0] == sig:
            return hit[1], hit[2]
        m = self.m
        fov = m.topology.fov  # type: ignore[attr-defined]
        own = m.units(team, living=True)
        seen = np.zeros((m.grid.width, m.grid.height), dtype=bool)
        for v in own:
            seen |= fov.mask(v.pos)
        enemies = set()
        for e in m.units():
            if e.team == team:
                continue
            if e.out:
                if seen[e.pos]:
                    enemies.add(e.uid)
                continue
            if seen[e.pos] and any(fov.sees(v.pos, e.pos) for v in own):
                enemies.add(e.uid)
        found = frozenset(enemies)
        self._cache[team] = (sig, seen, found)
        return seen, found

    def seen_now(self, team: str) -> np.ndarray:
        """The tiles `team`'s standing units see now (bool array indexed [x, y])."""
        return self._work_out(team)[0]

    def seen_enemies(self, team: str) -> frozenset[int]:
        """The enemies `team` sees now (standing: seen by one of its units; fallen: lying
        on a tile it sees)."""
        return self._work_out(team)[1]

    def sees(self, team: str, uid: int) -> bool:
        """Does `team` see unit `uid` now? (its own units always)"""
        if self.m.view(uid).team == team:
            return True
        return uid in self._work_out(team)[1]

    def sees_tile(self, team: str, tile: Tile) -> bool:
        return bool(self.seen_now(team)[tile])

    def note(self) -> None:
        """Remember what each side sees now: the tiles, and where and when each enemy was."""
        m = self.m
        for team in m.teams:
            seen, enemies = self._work_out(team)
            self.remembered[team] |= seen
            last = self.last_seen[team]
            for uid in sorted(enemies):
                last[uid] = (m.view(uid).pos, m.round)
