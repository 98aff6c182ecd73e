"""Exact previews of an attack for a given reaction of the defender: the chance of each
outcome of the differential (or opposed) roll, found by grouping the 100 x 100 pairs of
d100 faces by level (only equal levels need the faces compared), and the chance of each
hit location and wound level, by enumerating the damage dice and the d20.

What the winner's special effects would change is not counted (they are chosen after the
roll); `resolve_hit` with no effects chosen matches the preview exactly."""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb

from engine.mythras.attack import AttackPlan, defence_skill
from engine.mythras.dicexpr import add, distribution, parse, ways
from engine.mythras.outcome import toward
from engine.mythras.tables import (
    LEVEL_RANK,
    LOCATION_FACES,
    LOCATIONS,
    after_deflection,
    damage_modifier_for_step,
    differential,
    grade_allows_roll,
    grade_skill,
    halved,
    hit_location,
    opposed_skills,
    parry_deflects,
    success_level,
)

WOUNDS = ("none", "minor", "serious", "major")


@dataclass(frozen=True)
class Preview:
    """Exact chances: `p_exchange` (winner, levels) -> chance; `p_hit` that damage is rolled
    and not evaded; `p_location` where a landing round strikes; `p_wound` the worst wound
    the attack leaves ('none': no hit points lost)."""

    reaction: str
    attack_target: int
    defence_target: int | None
    p_attack: dict[str, Fraction]
    p_exchange: dict[tuple[str | None, int], Fraction]
    p_hit: Fraction
    p_parried: Fraction
    p_location: dict[str, Fraction]
    p_wound: dict[str, Fraction]
    hits_die: int = 1
    reasons: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def p_effects_attacker(self) -> Fraction:
        return sum((p for (w, n), p in self.p_exchange.items() if w == "attacker" and n), Fraction(0))

    @property
    def p_effects_defender(self) -> Fraction:
        return sum((p for (w, n), p in self.p_exchange.items() if w == "defender" and n), Fraction(0))

    @property
    def expected_wound(self) -> float:
        """A single figure for the AI: 0 none .. 3 major, weighted by chance."""
        return float(sum(WOUNDS.index(k) * p for k, p in self.p_wound.items()))


def _faces_by_level(skill: int) -> dict[str, list[int]]:
    out: dict[str, list[int]] = defaultdict(list)
    for face in range(1, 101):
        out[success_level(face, skill)].append(face)
    return out


@lru_cache(maxsize=8192)
def exchange_counts(a_skill: int | None, d_skill: int | None, evade: bool, bonus: bool,
                    firearm: bool = False) -> tuple[tuple[tuple, int], ...]:
    """((winner, levels, hit, parry_success, attack_level), cases) over the face pairs (cases
    of 100 x 100, or of 100 with no defence roll; `a_skill` None: an automatic success).
    Skills are after grades; the over-100 rule is applied here, as `exchange` does."""
    if a_skill is not None and d_skill is not None:
        a_skill, d_skill = opposed_skills(a_skill, d_skill)
    a_faces = {"success": [0]} if a_skill is None else _faces_by_level(a_skill)
    d_faces = {"failure": [0]} if d_skill is None else _faces_by_level(d_skill)
    out: dict[tuple, int] = defaultdict(int)
    for al, afs in a_faces.items():
        for dl, dfs in d_faces.items():
            n = len(afs) * len(dfs)
            hit = al in ("success", "critical")
            parry_ok = d_skill is not None and dl in ("success", "critical")
            if not evade or d_skill is None:
                winner, levels = differential(al, dl)
                w = {"protagonist": "attacker", "antagonist": "defender", None: None}[winner]
                cases = [((w, levels, hit), n)]
            else:
                ar, dr = LEVEL_RANK[al], LEVEL_RANK[dl]
                if not (hit or parry_ok):
                    cases = [((None, 0, False), n)]
                elif ar != dr:
                    cases = [(("attacker", ar - dr, True) if ar > dr else ("defender", dr - ar, False), n)]
                else:  # equal levels: the higher face wins; equal faces leave the attack standing
                    sd = sorted(dfs)
                    d_wins = sum(len(sd) - bisect_left(sd, a + 1) for a in afs)
                    cases = [(("defender", 0, False), d_wins), (("attacker", 0, True), n - d_wins)]
            for (w, levels, h), k in cases:
                if not k:
                    continue
                if firearm and al == "fumble" and not (w == "defender" and levels):
                    w, levels = "defender", 1  # 0005 Fumbling with Firearms
                if bonus and h and w != "defender":
                    w, levels = "attacker", levels + 1  # 0005 Surprise: a bonus effect
                out[(w, levels, h, parry_ok and not evade, al)] += k
    return tuple(sorted(out.items(), key=repr))


def _damage_counts(plan: AttackPlan) -> tuple[dict[int, int], int]:
    """The rolled damage (weapon + Damage Modifier, floored at 0, halved at long range)."""
    w = plan.weapon
    dist = distribution(w.damage)
    total_ways = ways(w.damage)
    if plan.dm_step is not None:
        dm = parse(damage_modifier_for_step(plan.dm_step))
        if not dm.is_zero:
            dist = add(dist, distribution(dm))
            total_ways *= ways(dm)
            floored: dict[int, int] = defaultdict(int)
            for k, v in dist.items():
                floored[max(0, k)] += v  # "no damage at all" below zero (0002 Damage Modifier)
            dist = dict(floored)
    if plan.halve_damage:
        halved_dist: dict[int, int] = defaultdict(int)
        for k, v in dist.items():
            halved_dist[halved(k)] += v
        dist = dict(halved_dist)
    return dist, total_ways


def _location_chances(plan: AttackPlan) -> dict[str, Fraction]:
    """Where a round lands: the d20 table, shifted by the Ranged Marksman trait as
    `resolve_hit` shifts it (toward the head)."""
    shift = plan.weapon.ranged and "ranged_marksman" in plan.ctx.attacker.traits
    out: dict[str, Fraction] = defaultdict(Fraction)
    if not shift:
        return {loc: Fraction(LOCATION_FACES[loc], 20) for loc in LOCATIONS}
    for face in range(1, 21):
        out[toward(hit_location(face), "head")] += Fraction(1, 20)
    return dict(out)


def _per_location_damage(plan: AttackPlan, parried: bool, deflects: float, dist: dict[int, int],
                         loc: str) -> dict[int, int]:
    """Damage reaching the hit points at `loc` for one landing round (counts of the damage
    dice's ways): an active parry's deflection, else a passive block on a warded location,
    then cover, then armour, as `resolve_hit` does."""
    cover = plan.ctx.cover
    d, st = plan.ctx.defender, plan.ctx.defender_state
    armour = st.armour_at(loc)
    ward = None
    ward_weapon = d.warding_weapon
    if not parried and loc in st.warded and ward_weapon is not None and ward_weapon.parry_size:
        ward = parry_deflects(plan.size or "S", ward_weapon.parry_size)
    out: dict[int, int] = defaultdict(int)
    for rolled, n in dist.items():
        after = rolled
        if parried:
            after = after_deflection(rolled, deflects)
        elif ward is not None:
            after = after_deflection(rolled, ward)
        cover_ap = 0
        if cover is not None and loc in cover.locations:
            cover_ap = after if cover.ap is None else cover.ap
        out[max(0, max(0, after - cover_ap) - armour)] += n
    return dict(out)


@lru_cache(maxsize=4096)
def _at_most_cached(per_hit: tuple[tuple[int, int], ...], max_n: int, limit: int) -> tuple[int, ...]:
    """`_at_most_counts`, remembered: previews of one blow for each reaction, and of the
    locations alike in hit points and armour, share it."""
    return tuple(_at_most_counts(dict(per_hit), max_n, limit))


def _at_most_counts(per_hit: dict[int, int], max_n: int, limit: int) -> list[int]:
    """For n = 0..max_n rounds at one location: the ways (of W^n) they leave it at most at
    a level, i.e. no damage at all or a total of 1..`limit`."""
    cap = max(limit, 0) + 1
    dist = {0: 1}
    out = [1]
    for _ in range(max_n):
        nxt: dict[int, int] = defaultdict(int)
        for s, c in dist.items():
            for d, q in per_hit.items():
                nxt[min(s + d, cap)] += c * q
        dist = nxt
        out.append(sum(c for s, c in dist.items() if s == 0 or s <= limit))
    return out


def _worst_wounds(plan: AttackPlan, parried: bool, deflects: float, max_hits: int) -> list[dict[str, Fraction]]:
    """For k = 1..max_hits landing rounds, the worst wound they leave: P(every location at
    most level L) is k! [x^k] of the product over locations of the exponential generating
    functions sum_n (p_loc x)^n / n! P(n rounds leave it at most L) (the multinomial split
    of the rounds between locations), in whole numbers until the last division."""
    dist, total = _damage_counts(plan)
    p_loc = _location_chances(plan)
    d, st = plan.ctx.defender, plan.ctx.defender_state
    per = {loc: _per_location_damage(plan, parried, deflects, dist, loc) for loc in p_loc}
    faces = {loc: p * 20 for loc, p in p_loc.items()}  # d20 faces (whole numbers)
    at_most: dict[str, list[Fraction]] = {}
    for level in WOUNDS:
        # whole numbers: ways = sum over splits of k!/prod(n!) * prod(faces^n * counts[n]);
        # the multinomial is built location by location as binomials C(k, n)
        poly = [1] + [0] * max_hits
        for loc in p_loc:
            hp, start = st.hp_at(loc), d.hit_points[loc]
            limit = {"none": 0, "minor": hp - 1, "serious": hp + start - 1, "major": 10 ** 6}[level]
            counts = _at_most_cached(tuple(sorted(per[loc].items())), max_hits, limit)
            f = int(faces[loc])
            terms = [f ** n * counts[n] for n in range(max_hits + 1)]
            poly = [sum(poly[k - n] * terms[n] * comb(k, n) for n in range(k + 1)) for k in range(max_hits + 1)]
        at_most[level] = [Fraction(poly[k], (20 * total) ** k) for k in range(max_hits + 1)]
    result = []
    for k in range(1, max_hits + 1):
        out, below = {}, Fraction(0)
        for level in WOUNDS:
            out[level] = at_most[level][k] - below
            below = at_most[level][k]
        result.append(out)
    return result


def preview(plan: AttackPlan, reaction: str = "none") -> Preview:
    """The exact chances of the attack if the defender answers with `reaction`."""
    if reaction not in plan.reactions:
        reaction = "none"
    a_skill = None if plan.grade == "automatic" else plan.target
    d_target = None
    if reaction in ("parry", "evade"):
        _, value, grade = defence_skill(plan, reaction)
        d_target = grade_skill(value, grade) if grade_allows_roll(grade) else 0
    counts = exchange_counts(a_skill, d_target, reaction == "evade", plan.ctx.surprise_bonus,
                             plan.weapon.firearm)
    whole = (1 if a_skill is None else 100) * (1 if d_target is None else 100)
    p_attack: dict[str, Fraction] = defaultdict(Fraction)
    p_exchange: dict[tuple[str | None, int], Fraction] = defaultdict(Fraction)
    p_hit = p_parried = Fraction(0)
    for (winner, levels, hit, parried, a_level), n in counts:
        p = Fraction(n, whole)
        p_attack[a_level] += p
        p_exchange[(winner, levels)] += p
        if hit:
            p_hit += p
            if parried:
                p_parried += p
    deflect = _deflects(plan)
    p_wound: dict[str, Fraction] = defaultdict(Fraction)
    p_wound["none"] += 1 - p_hit
    n_hits = plan.hits_die
    for part, parried, deflects in ((p_hit - p_parried, False, 0.0), (p_parried, True, deflect)):
        if not part:
            continue
        for by_k in _worst_wounds(plan, parried, deflects, n_hits):
            for level, q in by_k.items():
                p_wound[level] += part * q / n_hits
    p_loc = _location_chances(plan)
    return Preview(reaction, plan.target, d_target, dict(p_attack), {k: v for k, v in p_exchange.items() if v},
                   p_hit, p_parried, {k: v for k, v in p_loc.items()}, {k: p_wound.get(k, Fraction(0)) for k in WOUNDS},
                   n_hits, plan.reasons)


def _deflects(plan: AttackPlan) -> float:
    d = plan.ctx.defender
    parry_size = d.active_parry(bool(plan.ctx.defender_state.warded)).parry_size or "S"
    if "unarmed_prowess" in d.traits and parry_size == "S":
        parry_size = "M"
    return parry_deflects(plan.size or "S", parry_size)
