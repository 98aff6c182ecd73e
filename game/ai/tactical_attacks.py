"""The tactical AI's attacks (game/ai/tactical.py): shots in each fire mode, area fire,
grenades thrown clear of friends, melee, a step to cover before shooting, and what an
attack's ammunition costs in time."""

from __future__ import annotations

from typing import Any

from engine.capabilities import blast_radius_m
from engine.outcome import Impossible
from game.ai.tactical_base import COVER_RANK, FIRE_MODES, TacticalBase, Tile, expected_harm
from game.world import geometry as geo
from game.world.actions import AreaFire, Attack, Throw, kind_of
from game.world.match import Match, UnitView


class TacticalAttacks(TacticalBase):
    """The attacks a unit weighs."""

    def _pile_on(self, match: Match, me: UnitView, t: UnitView) -> float:
        """What another attack on `t` is worth when friends declared attacks on it already
        this round: `pile_on` to the power of their number (1: as much; less spreads the
        fire, so that five rifles do not all wait on a man the first two will down)."""
        if not self.level.read_declarations:
            return 1.0
        n = 0
        declared = match.all_declared()
        for v in self.facts(match).living(team=me.team):
            d = declared.get(v.uid) if v.uid != me.uid else None
            if d is not None:
                kind = kind_of(d.action)
                n += kind.hostile and kind.target(d.action) == t.uid
        return self.w["pile_on"] ** n

    def _target_bonus(self, match: Match, t: UnitView) -> float:
        bonus = self.w["finish"] * match.rules.health_facts(t.state).wounds
        if self.level.read_declarations:
            d = match.declared(t.uid)
            if d is not None and not kind_of(d.action).advances(d.action):
                bonus += self.w["moving_target"]
        return bonus

    def _shots(self, match: Match, me: UnitView, visible: list[UnitView], facts: Any,
               requests: dict | None = None) -> list[tuple[float, Any]]:
        """Exact previews of the few nearest (then most wounded) targets in the first modes."""
        g = match.grid
        apart = {e.uid: geo.distance_m(g, me.pos, e.pos) for e in visible}
        in_range = [e for e in visible if apart[e.uid] <= facts.long_m]
        in_range.sort(key=lambda e: (apart[e.uid] - 4 * self.wounds(match, e), e.uid))
        modes = [m for m in FIRE_MODES if m in facts.modes][: self.level.modes]
        out = []
        several: dict[str, list[tuple[float, UnitView, float, dict]]] = {}  # split modes' n-shot harms
        single: dict[tuple[str, int], float] = {}  # and their single shot's or burst's, by target
        for e in in_range[: self.level.targets]:
            asks = [(mode, opts) for mode in modes
                    for opts in match.rules.attack_options(me.combatant, mode)[: self.level.attack_options]  # Yags: one
                    if not (me.ammo is not None and match.rules.ammo_use(me.combatant, mode, opts) > me.ammo.loaded
                            and mode != "burst")]
            # Every mode's preview at once: they share the attack's situation (the same answers).
            previews = match.range.previews(me.uid, e.uid, [(mode, dict(opts)) for mode, opts in asks],
                                            sees_all=self.sees_all, requests=requests)
            pile = bonus = None  # the target's, worked out once for all its modes
            for (mode, opts), preview in zip(asks, previews, strict=True):
                harm = expected_harm(match, preview)
                if harm <= 0:
                    continue
                if pile is None:
                    pile = self._pile_on(match, me, e)
                harm *= pile * _ammo_time(match, me, facts, mode, self.w["reload_time"], opts)
                if mode == "shot" and facts.spread_m:
                    harm -= self._cone_friends(match, me, e, facts)
                    if harm <= 0:
                        continue
                if bonus is None:
                    bonus = self._target_bonus(match, e)
                out.append((self.w["harm"] * harm + bonus, Attack(e.uid, mode, dict(opts))))
                if mode in facts.split_modes:
                    if match.rules.fire_count(mode, opts) > 1:
                        several.setdefault(mode, []).append((harm, e, bonus, dict(opts)))
                    elif not opts:
                        single[mode, e.uid] = harm
        out.extend(self._split(match, several, single))
        return out

    def _split(self, match: Match, several: dict[str, list[tuple[float, UnitView, float, dict]]],
               single: dict[tuple[str, int], float]) -> list[tuple[float, Any]]:
        """Shots or bursts split over several targets where the rules let the mode split
        (Yags SF, Multiple Shots: "at either the same or multiple targets"; Full Auto: "Each
        burst can be fired at separate targets"): the first at the best target, one further
        at each of the next best. The first counts as the target's single shot or burst (the
        first is "made as normal"), a further one as its share of the n at its target alone
        (that harm / n: the series' recoil in it), and those left over at the first target
        as their share of what the n there add to the first. So splitting wins where the n
        at one target would be spent on a man the first has likely downed."""
        out: list[tuple[float, Any]] = []
        for mode, rows in several.items():
            for opts in sorted({tuple(sorted(r[3].items())) for r in rows}):
                same = sorted((r for r in rows if tuple(sorted(r[3].items())) == opts),
                              key=lambda r: (-(self.w["harm"] * r[0] + r[2]), r[1].uid))
                n = match.rules.fire_count(mode, dict(opts))
                one = single.get((mode, same[0][1].uid))
                if len(same) < 2 or one is None:
                    continue
                (all_n, first, bonus, _), rest = same[0], same[1:n]
                left = n - 1 - len(rest)
                harm = one + sum(r[0] / n for r in rest) + max(0.0, all_n - one) * left / (n - 1)
                options = dict(opts) | {"further": ",".join(str(r[1].uid) for r in rest)}  # a save keeps plain values
                out.append((self.w["harm"] * harm + bonus, Attack(first.uid, mode, options)))
        return out

    def _cone_friends(self, match: Match, me: UnitView, target: UnitView, facts: Any) -> float:
        """The expected harm a shotgun's cone does to friends in it (the world's own cone,
        `Match.in_cone`), counted against the shot."""
        return sum(max(0.0, expected_harm(match, match.preview(me.uid, w.uid, "shot", sees_all=self.sees_all)))
                   for w in match.range.in_cone(me.uid, target.uid, facts) if w.team == me.team)

    def _area(self, match: Match, me: UnitView, visible: list[UnitView], facts: Any,
              requests: dict | None = None) -> tuple[float, Any] | None:
        """Area fire at the aim point that sweeps most enemies and no friend (previewed)."""
        if "area" not in facts.modes or len(visible) < self.level.area_cluster:
            return None
        if me.ammo is not None and me.ammo.loaded < facts.burst:
            return None
        g = match.grid
        f = self.facts(match)
        friends = [v.pos for v in f.living(team=me.team) if v.uid != me.uid]
        reach = int(facts.long_m / g.metres_per_tile)
        best = None
        aims = visible[: max(self.level.targets, 3)]
        friend_tiles = set(friends)
        sweeps = geo.targets_in_arcs(me.pos, [e.pos for e in aims], [v.pos for v in visible] + friends, 30, reach)
        for e, swept in zip(aims, sweeps, strict=True):
            if any(p in friend_tiles for p in swept):
                continue
            n = len(swept)
            if n >= self.level.area_cluster and (best is None or n > best[0]):
                best = (n, e, swept)
        if best is None:
            return None
        by_pos = {v.pos: v for v in visible}
        harm = 0.0
        shares = len(best[2])  # a ruleset that shares the rounds out (Mythras) previews each one's share
        for p in best[2][:3]:
            preview = match.range.previews(me.uid, by_pos[p].uid, [("area", {"targets": shares})], self.sees_all, requests)[0]
            harm += max(0.0, expected_harm(match, preview))
        return self.w["harm"] * harm * _ammo_time(match, me, facts, "area", self.w["reload_time"]), AreaFire(best[1].pos)

    def _grenade(self, match: Match, me: UnitView, visible: list[UnitView], enemies: list[UnitView]) -> tuple[float, Any] | None:
        """A throw at the visible enemy whose tile does the most harm, by the exact previews:
        the chance the throw lands on the spot times the expected harm of the blast to every
        enemy; at least `grenade_cluster` enemies must take a level or more. Never where a
        friend (or the thrower) would be hurt, allowing for a scatter (`grenade_safe`)."""
        g = match.grid
        gid = me.grenades[0]
        blasts = match.rules.blast_rules
        if blasts is None:
            return None
        reach = blasts.throw_range_m(me.combatant, gid)
        friends = self.facts(match).living(team=me.team)
        best = None
        for e in visible:
            dist = geo.distance_m(g, me.pos, e.pos)
            if dist > reach:
                continue
            harms = [blast_harm(match, gid, e.pos, o) for o in enemies]
            if sum(1 for h in harms if h >= 1.0) < self.level.grenade_cluster:
                continue
            if not grenade_safe(match, gid, e.pos, friends, scatter_m=dist / 4):
                continue
            land = blasts.preview_throw(match.participant(me.uid), gid, dist)
            p_land = 1.0 if land is None or isinstance(land, Impossible) else float(land.p_hit)
            score = self.w["grenade"] * p_land * sum(harms)
            if best is None or score > best[0]:
                best = (score, e.pos)
        if best is None:
            return None
        return best[0], Throw(gid, best[1])

    def _melee(self, match: Match, me: UnitView, enemies: list[UnitView], defences: int):
        """Strike the best enemy in reach; else the nearest one it can reach this round."""
        g = match.grid
        reach = match.rules.weapon_facts(me.combatant).reach_tiles
        close = [e for e in enemies if geo.chebyshev(me.pos, e.pos) <= reach]
        scored = []
        for e in close[: self.level.targets]:
            for i, opts in enumerate(match.rules.attack_options(me.combatant, "melee")[: self.level.attack_options]):
                harm = expected_harm(match, match.preview(me.uid, e.uid, "melee", dict(opts), sees_all=self.sees_all))
                harm *= self._pile_on(match, me, e)
                scored.append((self.w["melee_eagerness"] * harm + self._target_bonus(match, e), -i, e.uid, opts))
        for _, _, tid, opts in sorted(scored, key=lambda s: s[:3], reverse=True):
            yield Attack(tid, "melee", dict(opts)), {"defences": defences}
        far = sorted((e for e in enemies if e not in close), key=lambda e: geo.distance_m(g, me.pos, e.pos))
        for e in far[:2]:
            if geo.distance_m(g, me.pos, e.pos) <= (match.movement_allowance(me.uid)["run"] + 3 * g.metres_per_tile):
                yield Attack(e.uid, "melee"), {"defences": defences}

    # --- movement -------------------------------------------------------------------------

    def _cover_step(self, match: Match, me: UnitView, target: UnitView, visible: list[UnitView]) -> tuple:
        """A free move to a tile with better cover that still sees the target (or ())."""
        g = match.grid
        blasts, arcs, claimed = self.danger_tiles(match, me)
        threats = visible[:4]
        threat_tiles = [t.pos for t in threats]
        rank, n = COVER_RANK.get, max(1, len(threats))

        def cover_of(covers: list[str | None]) -> float:
            """The mean rank of a tile's cover from each threat."""
            return sum(rank(c, 0) for c in covers) / n

        w_cover, w_danger = self.w["cover"], self.w["danger"]
        scale = max(w_cover, 1e-9)
        here = cover_of(geo.covers_from(g, threat_tiles, me.pos)) - w_danger * self._danger(match, me.pos, blasts, arcs)
        best: tuple[float, Tile | None] = (here + 0.25, None)
        taken = match.movement.taken(me.uid, self.sees_all) | claimed
        tiles = [t for t in sorted(match.movement.reachable(me.uid, "free", sees_all=self.sees_all), key=self._side_key(match))
                 if t not in taken and t != me.pos]
        danger = blasts or arcs
        # Each tile's cover from the threats, the memo fetched once for them all.
        for tile, covers in zip(tiles, geo.covers_each(g, threat_tiles, tiles), strict=True):
            r = w_cover * cover_of(covers) - w_danger * (self._danger(match, tile, blasts, arcs) if danger else 0)
            if r > best[0] * scale and match.topology.line_of_sight(tile, target.pos):
                best = (r / scale, tile)
        if best[1] is None:
            return ()
        path = match.movement.path(me.uid, best[1], self.sees_all)
        return tuple(path) if path else ()


def _ammo_time(match: Match, me: UnitView, facts: Any, mode: str, weight: float,
               options: Any = None) -> float:
    """An attack's harm per round of the unit's time: the rounds it fires cost their share of
    a reload (a Thompson's 10-round burst is half its 20-round magazine, and a reload takes
    2 rounds: a round of reloading for each burst), counted at `weight` (level data)."""
    if me.ammo is None or not facts.capacity or not weight:
        return 1.0
    used = match.rules.ammo_use(me.combatant, mode, dict(options or {}))
    return 1.0 / (1.0 + weight * facts.reload_rounds * used / facts.capacity)


def blast_harm(match: Match, weapon: str, blast: Tile, victim: UnitView, nearer_m: float = 0.0) -> float:
    """Expected harm of `weapon` exploding on `blast` to `victim` (`nearer_m` closer than it
    stands), from the exact preview: its band by distance, one band out behind hard cover or
    out of the blast's sight (as the world has it). A ruleset with no preview: one level
    within the radius."""
    g = match.grid
    d = max(0.0, geo.distance_m(g, blast, victim.pos) - nearer_m)
    covered = not match.topology.line_of_sight(blast, victim.pos) or geo.cover_between(g, blast, victim.pos) in ("hard50", "hard90")
    blasts = match.rules.blast_rules
    p = blasts.preview_blast(weapon, match.participant(victim.uid), d, covered) if blasts is not None else None
    if blasts is None or p is None:
        return 1.0 if d <= blast_radius_m(match.rules, weapon) else 0.0
    if isinstance(p, Impossible):
        return 0.0
    return blasts.blast_harm(p, match.rules.health_facts(victim.state))


SAFE_HARM = 0.1  # expected levels a throw may risk on a friend: next to none


def grenade_safe(match: Match, weapon: str, blast: Tile, friends: list[UnitView], scatter_m: float = 0.0) -> bool:
    """No friend (the thrower among them) would take harm from `weapon` exploding on
    `blast`, nor `scatter_m` nearer to him (a missed throw lands off the spot)."""
    return all(blast_harm(match, weapon, blast, f, scatter_m) <= SAFE_HARM for f in friends)
