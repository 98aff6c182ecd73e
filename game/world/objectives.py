"""How a battle with objectives ends: the map's objectives judged at the end of each round.

A service of the match (the turn driver's victory test calls `judge` when a round is over):
- exit: a unit of the side standing in its exit zone at the round's end leaves the map safe
  (it is neither down nor standing: `Match.leave`); met when `count` have left (and the
  named `unit`, an escort's charge, among them);
- hold: the side has a unit standing in the zone and the enemy none at the end of `rounds`
  consecutive rounds;
- reach: `count` of the side's units stand in the zone at the end of a round;
- protect: the named unit falls -> the side loses.
A side wins when any one of its objectives is met (all of them with the map's
``objectives = "all"``); a side whose protected unit fell loses; if both sides win in the
same round it is a draw. Everything is judged from the truth; what a side knows of an enemy
zone under fog is `status`'s business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.maps.objectives import Objective

if TYPE_CHECKING:
    from game.world.match import Match


@dataclass(frozen=True)
class Verdict:
    """The end of a round's judgement: who won ("blue", "red" or "draw") and by which
    objectives (their names, in map order)."""

    winner: str
    objectives: tuple[str, ...]


@dataclass(frozen=True)
class Status:
    """One objective's state as a side knows it, for the panel and the AI."""

    objective: Objective
    text: str
    """E.g. "hold: 1 of 2 rounds", "held: unknown", "reach: 1 of 2 in the zone"."""
    met: bool
    failed: bool = False


class Objectives:
    """The match's objectives and their progress."""

    def __init__(self, match: Match) -> None:
        self.m = match
        self.all = tuple(match.grid.objectives)
        self.streak = [0] * len(self.all)  # consecutive rounds held (hold)
        self.left: list[list[int]] = [[] for _ in self.all]  # units that left by each exit
        self.zones = [frozenset(o.tiles) for o in self.all]
        by_name = {(match.view(uid).team, match.names[uid]): uid for uid in match.uids()} if self.all else {}
        self.named: list[int | None] = [by_name.get((o.team, o.unit)) if o.unit else None for o in self.all]

    def __bool__(self) -> bool:
        return bool(self.all)

    def standing_in(self, i: int, team: str) -> list[int]:
        """The side's standing units in objective `i`'s zone, now (the truth)."""
        zone = self.zones[i]
        return [v.uid for v in self.m.units(team, living=True) if v.pos in zone]

    def enemy_of(self, team: str) -> str:
        return next((t for t in self.m.teams if t != team), team)

    def judge(self) -> Verdict | None:
        """The end of a round: units in their exits leave, holds count, and the verdict if a
        side won (or both: a draw)."""
        m = self.m
        for i, o in enumerate(self.all):
            if o.kind == "exit":
                for uid in self.standing_in(i, o.team):
                    m.leave(uid, o.name)
                    self.left[i].append(uid)
        for i, o in enumerate(self.all):
            if o.kind == "hold":
                held = bool(self.standing_in(i, o.team)) and not self.standing_in(i, self.enemy_of(o.team))
                self.streak[i] = self.streak[i] + 1 if held else 0
        won: dict[str, list[str]] = {}
        for team in m.teams:
            mine = [(i, o) for i, o in enumerate(self.all) if o.team == team and o.kind != "protect"]
            met = [o.name for i, o in mine if self.met(i)]
            if mine and (len(met) == len(mine) if m.grid.objectives_all else met):
                won.setdefault(team, []).extend(met)
        for i, o in enumerate(self.all):
            if o.kind == "protect" and self.failed(i):
                won.setdefault(self.enemy_of(o.team), []).append(o.name)
        if not won:
            return None
        names = tuple(o.name for o in self.all if any(o.name in n for n in won.values()))
        return Verdict(next(iter(won)) if len(won) == 1 else "draw", names)

    def met(self, i: int) -> bool:
        """Is objective `i` met now (the truth)?"""
        o = self.all[i]
        if o.kind == "hold":
            return self.streak[i] >= o.rounds
        if o.kind == "reach":
            return len(self.standing_in(i, o.team)) >= o.count
        if o.kind == "exit":
            named = self.named[i]
            return len(self.left[i]) >= o.count and (o.unit is None or named in self.left[i])
        return False

    def failed(self, i: int) -> bool:
        """Has a protect objective failed: its unit fell (one that left the map is safe)?"""
        uid = self.named[i]
        return (self.all[i].kind == "protect" and uid is not None and self.m.view(uid).out
                and not self.m.has_left(uid))

    def status(self, i: int, team: str | None) -> Status:
        """Objective `i` as `team` knows it (None: the truth). Under fog a side knows every
        zone (it is on the map) but who stands in an enemy zone only as far as it sees."""
        o, m = self.all[i], self.m
        knows = team is None or m.vision is None or o.team == team
        if o.kind == "protect":
            uid = self.named[i]
            fallen = self.failed(i)
            seen = knows or uid is None or m.sees(team or o.team, uid)
            text = f"protect {o.unit}: " + ("fallen" if fallen and seen else
                                            "standing" if seen else "unknown")
            return Status(o, text, False, fallen)
        if o.kind == "exit":
            text = f"exit: {len(self.left[i])} of {o.count} left"
            return Status(o, text, self.met(i))
        if not knows and not self._zone_seen(i, team or o.team):
            return Status(o, "held: unknown" if o.kind == "hold" else "reached: unknown", False)
        if o.kind == "hold":
            return Status(o, f"hold: {min(self.streak[i], o.rounds)} of {o.rounds} round{'s' if o.rounds != 1 else ''}",
                          self.met(i))
        return Status(o, f"reach: {len(self.standing_in(i, o.team))} of {o.count} in the zone", self.met(i))

    def _zone_seen(self, i: int, team: str) -> bool:
        """Does `team` know who stands in zone `i`: does it see every tile of it now, and
        every unit standing there?"""
        m, vision = self.m, self.m.vision
        if vision is None:
            return True
        inside = self.standing_in(i, "blue") + self.standing_in(i, "red")
        return (all(vision.sees_tile(team, t) for t in self.all[i].tiles)
                and all(m.sees(team, uid) for uid in inside))
