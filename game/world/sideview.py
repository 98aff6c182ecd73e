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

Noticing (yags-combat.md, Hidden Actions; yags-core.md, Awareness): an enemy that comes into
sight standing still in cover from every unit of the side that sees it is spotted only by the
ruleset's check (`Ruleset.notice`, rolled from the match's dice by each of those units in
turn until one succeeds); unnoticed, it stays unseen for the round, and each new round the
side checks again. It is noticed at once when it moves or attacks.
"""

from __future__ import annotations

import bisect
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from engine.turn import Question

if TYPE_CHECKING:
    from game.world.match import Match

Tile = tuple[int, int]


class Glimpse(NamedTuple):
    """What a side saw and remembered at one moment of the round (the playback shows each
    side the round as it saw it, step by step)."""

    seen: np.ndarray  # the tiles it saw then
    remembered: np.ndarray  # every tile it had seen by then
    enemies: frozenset[int]  # the enemies it saw then
    last_seen: dict[int, tuple[Tile, int]]  # where and when it had last seen each enemy


class SideViews:
    """Each side's sight now and its memory."""

    def __init__(self, match: Match) -> None:
        self.m = match
        g = match.grid
        self.remembered: dict[str, np.ndarray] = {t: np.zeros((g.width, g.height), dtype=bool) for t in match.teams}
        self.last_seen: dict[str, dict[int, tuple[Tile, int]]] = {t: {} for t in match.teams}
        self._cache: dict[str, tuple[tuple, np.ndarray, frozenset[int]]] = {}
        self.unnoticed: dict[str, set[int]] = {t: set() for t in match.teams}
        self._checked: dict[str, set[int]] = {t: set() for t in match.teams}  # checked this round
        self._was_seen: dict[str, frozenset[int]] = {t: frozenset() for t in match.teams}
        self.known_at_start: dict[str, frozenset[int]] = {t: frozenset() for t in match.teams}
        self._version = 0
        self._roster: list | None = None  # the match's roster when `_places` was read
        self._places: tuple = ()
        # this round's glimpses, (log length, {team: Glimpse}) after every `note`: the UI's
        # playback of the round from a side's view (nothing in the rules reads them)
        self.glimpses: list[tuple[int, dict[str, Glimpse]]] = []
        # every `note` of the match: the log's length and the enemies each side saw then (the
        # log of earlier rounds names a unit as the side saw it then, not as it sees it now)
        self.history: list[tuple[int, dict[str, frozenset[int]]]] = []

    def _signature(self) -> tuple:
        """What the cached sight depends on: the version (noticing) and where every unit stands
        and whether it is out. The places are read again only when the match's roster is a new
        one (any unit's view changed): the roster kept here is alive, so a new one is never it."""
        m = self.m
        roster = m.roster()
        if roster is not self._roster:
            self._places = tuple((v.pos, v.out) for v in roster)
            self._roster = roster
        return (self._version, self._places)

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
            if e.uid not in self.unnoticed[team] and seen[e.pos] and any(fov.sees(v.pos, e.pos) for v in own):
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

    def known_options(self, team: str, question: Question) -> Question:
        """`question` as `team` is asked it: the options naming a unit (`about["names"]`: a
        Mythras Select Target's bystander, an Overpenetration's victim) only for units it
        sees now (rules-notes, Fog of war)."""
        names = question.about.get("names") or {}
        if not names:
            return question
        uids = {self.m.name(u): u for u in self.m.uids()}
        keep = tuple(o for o in question.options
                     if o.key not in names or (names[o.key] in uids and self.sees(team, uids[names[o.key]])))
        return replace(question, options=keep)

    def sees_tile(self, team: str, tile: Tile) -> bool:
        return bool(self.seen_now(team)[tile])

    # --- noticing ----------------------------------------------------------------------------

    def _hiding_from(self, team: str, uid: int) -> list[tuple[int, str]]:
        """The units of `team` that see enemy `uid` with the cover it has from each; empty
        when one of them sees it in the open, or when it moved this round."""
        m = self.m
        e = m.view(uid)
        if e.out or m.movement.moved(uid).mode != "none":
            return []
        from game.world.systems.sight import best_cover

        out = []
        for v in m.units(team, living=True):
            if not m.topology.line_of_sight(v.pos, e.pos):
                continue
            cover = m.topology.cover_between(v.pos, e.pos)
            if e.stance in ("prone", "crouched"):
                cover = best_cover(cover, e.stance)
            if cover is None:
                return []
            out.append((v.uid, cover))
        return out

    def _check(self, team: str, uid: int) -> bool:
        """The side's units that see `uid` in cover try to notice it, in turn (True: one did)."""
        m = self.m
        self._checked[team].add(uid)
        hiding = m.rules.hiding_rules
        for watcher, cover in self._hiding_from(team, uid):
            if hiding is None:
                return True  # sight alone decides (the ruleset has no noticing)
            dist = m.topology.distance_m(m.view(watcher).pos, m.view(uid).pos)
            ok, text = hiding.notice(m.dice, m.participant(watcher), m.participant(uid), dist, cover)
            if ok:
                return True
        return False

    def _spot(self, team: str) -> None:
        """Enemies newly in sight: hidden in cover unless noticed; the unnoticed who left
        cover or moved are seen."""
        m = self.m
        changed = False
        for uid in sorted(self.unnoticed[team]):
            if not self._hiding_from(team, uid):
                self.unnoticed[team].discard(uid)
                changed = True
        _, seen = self._work_out(team)
        for uid in sorted(seen - self._was_seen[team]):
            if uid in self._checked[team] or m.view(uid).out or not self._hiding_from(team, uid):
                continue
            if not self._check(team, uid):
                self.unnoticed[team].add(uid)
                changed = True
        if changed:
            self._version += 1

    def begin_round(self) -> None:
        """A new round: each side checks again for the enemies it has not noticed; what it
        sees now is what it knows at the start of the round (Unknown Targets)."""
        self.glimpses = []
        for team in self.m.teams:
            self._checked[team].clear()
            for uid in sorted(self.unnoticed[team]):
                if self._check(team, uid):
                    self.unnoticed[team].discard(uid)
                    self._version += 1
        self.note()
        for team in self.m.teams:
            self.known_at_start[team] = self._work_out(team)[1]

    def reveal(self, uid: int) -> None:
        """`uid` attacked: every side that has it in sight notices it."""
        for team in self.m.teams:
            if uid in self.unnoticed[team]:
                self.unnoticed[team].discard(uid)
                self._version += 1

    def bump(self, team: str, uid: int) -> bool:
        """A unit of `team` ran into enemy `uid` on its way (a tile its side planned to cross
        as free): `team` notices it, sees it from then on this round wherever a unit of its
        sees it, and remembers where it stands. True: the side did not see it before."""
        was = self.sees(team, uid)
        if uid in self.unnoticed[team]:
            self.unnoticed[team].discard(uid)
            self._version += 1
        self._checked[team].add(uid)
        self.last_seen[team][uid] = (self.m.view(uid).pos, self.m.round)
        return not was

    def knew(self, team: str, uid: int) -> bool:
        """Did `team` know of enemy `uid` when the round began (else it is an unknown target:
        no defence against it)?"""
        return uid in self.known_at_start[team]

    def note(self) -> None:
        """Remember what each side sees now: the tiles, and where and when each enemy was
        (after working out who is noticed)."""
        m = self.m
        for team in m.teams:
            self._spot(team)
        glimpses, saw = {}, {}
        for team in m.teams:
            seen, enemies = self._work_out(team)
            saw[team] = enemies
            self._was_seen[team] = enemies
            self.remembered[team] |= seen
            last = self.last_seen[team]
            for uid in sorted(enemies):
                last[uid] = (m.view(uid).pos, m.round)
            glimpses[team] = Glimpse(seen, self.remembered[team].copy(), enemies, dict(last))
        self.glimpses.append((len(m.log), glimpses))
        self.history.append((len(m.log), saw))

    def saw_around(self, team: str, index: int, end: int) -> frozenset[int] | None:
        """The enemies `team` saw as event `index` of the log happened: in the note taken
        before it or in the first one after it (an attack reveals its attacker; a unit felled
        by it was seen as it fell), the one after only if taken by the time the log was `end`
        events long. None when no note was taken before it."""
        h = self.history
        after = bisect.bisect_right(h, index, key=lambda note: note[0])
        if after == 0:
            return None
        saw = h[after - 1][1][team]
        if after < len(h) and h[after][0] <= end:
            saw = saw | h[after][1][team]
        return saw

    def glimpse(self, team: str, log_end: int) -> Glimpse:
        """What `team` saw when the log was `log_end` events long (the last glimpse noted by
        then this round; the round's first before any; now when none was noted)."""
        best = None
        for n, views in self.glimpses:
            if n > log_end and best is not None:
                break
            best = views[team]
        if best is None:
            seen, enemies = self._work_out(team)
            return Glimpse(seen, self.remembered[team], enemies, self.last_seen[team])
        return best

    # --- declarations as a side sees them ----------------------------------------------------

    def declaration_shown(self, team: str, uid: int) -> str:
        """How `uid`'s declaration reaches `team` (yags-combat.md, Hidden Actions; Unknown
        Targets): "open" (its own, or a unit it sees: shown in full), "unknown" (an unseen
        unit that declared openly, since its move comes into the side's sight: shown without
        where it is) or "hidden" (unseen, and nothing of its action comes into the side's sight
        before it happens: not shown at all)."""
        m = self.m
        if m.view(uid).team == team or self.sees(team, uid):
            return "open"
        seen = self.seen_now(team)
        path = m.movement.moved(uid).path
        if any(seen[tuple(t)] for t in path):
            return "unknown"
        return "hidden"
