"""YagsSFRuleset (engine/ruleset.py's ABC) and seeded duels to the end."""

import re
from pathlib import Path

import pytest

from engine.dice import ScriptedDice, seeded
from engine.outcome import Impossible
from engine.ruleset import AttackRequest, Participant, Ruleset, Situation
from engine.yags_sf.character import Condition
from engine.yags_sf.duel import duel
from engine.yags_sf.equipment import KitError
from engine.yags_sf.plan import AttackResult
from engine.yags_sf.ruleset import YagsSFRuleset

ROOT = Path(__file__).resolve().parents[2]
R = YagsSFRuleset()


def map_units():
    for tmx in sorted((ROOT / "maps").glob("*.tmx")):
        for obj in re.findall(r"<object [^>]*>.*?</object>", tmx.read_text(), re.S):
            props = dict(re.findall(r'name="([a-z_]+)" value="([^"]*)"', obj))
            if "role" in props:
                yield tmx.name, props


def test_is_a_ruleset_named_yags_sf():
    assert isinstance(R, Ruleset) and R.name == "yags-sf"


def test_every_shipped_unit_is_built_from_its_role():
    units = list(map_units())
    assert len(units) > 50
    for where, props in units:
        spec = {"name": "u", "role": props["role"], "template": props["template"], "weapon": props["weapon"],
                "armour": props["armour"].split(","), "grenades": props["grenades"],
                "attributes": {"strength": 3}, "skills": {"Rifles": 5}}
        f = R.make_combatant(spec)
        t = R.catalogue.template(props["role"])
        assert f.attributes == t.attributes and f.skills == t.skills, where  # Yags numbers ignored
        assert f.weapon.id == R.catalogue.map_kit(props["weapon"])
        assert f.encumbrance == 0, (where, props["role"], f.load)
        facts = R.weapon_facts(f)
        assert facts.name == f.weapon.name and facts.capacity == f.weapon.shots


def test_make_combatant_defaults_and_errors():
    f = R.make_combatant({"name": "x"})
    assert f.role == "rifleman" and f.weapon.id == "assault_rifle" and f.magazines == 4
    g = R.make_combatant({"name": "g", "role": "no_such_role", "template": "gunner"})
    assert g.weapon.id == "light_machine_gun"
    assert R.make_combatant({"name": "s", "role": "swordsman", "weapon": "axe"}).second_weapon.id == "small_shield"
    assert R.make_combatant({"name": "s", "role": "swordsman", "weapon": "glock_17"}).second_weapon is None
    assert R.make_combatant({"name": "n", "grenades": "none"}).grenades == ()
    with pytest.raises(KitError, match="yags-sf.*'m61_vulcan'"):
        R.make_combatant({"name": "v", "weapon": "m61_vulcan"})


def test_weapon_facts_modes():
    rifle = R.weapon_facts(R.make_combatant({"name": "r", "role": "rifleman"}))
    assert rifle.modes == ("shot", "burst", "triple") and rifle.burst == 10 and rifle.long_m == 1000
    pistol = R.weapon_facts(R.make_combatant({"name": "p", "role": "pistol"}))
    assert pistol.modes == ("shot",) and pistol.capacity == 15
    mp = R.weapon_facts(R.make_combatant({"name": "m", "role": "machine_pistol"}))
    assert mp.modes == ("shot", "triple")
    sword = R.weapon_facts(R.make_combatant({"name": "s", "role": "swordsman"}))
    assert sword.melee and sword.modes == ("melee",) and sword.reach_tiles == 1 and sword.capacity == 0


def _request(att, tgt, mode="shot", options=None, distance=30.0, decl=None):
    a = R.make_combatant({"name": "A", "role": att})
    t = R.make_combatant({"name": "T", "role": tgt})
    d = R.declare(a, Condition(), **(decl or {}))
    return AttackRequest(Participant("A", a, Condition(), d), Participant("T", t, Condition(), R.declare(t, Condition())),
                         mode, options or {}, Situation(distance_m=distance))


@pytest.mark.parametrize("mode, options, decl", [
    ("shot", {}, {}), ("shot", {"shots": 3}, {}), ("burst", {"bursts": 2}, {}), ("triple", {}, {}),
    ("burst", {"bursts": 3, "ammo": 25}, {}), ("shot", {}, {"special": "single_shot"}),
])
def test_ammo_use_matches_what_resolve_fires(mode, options, decl):
    req = _request("rifleman", "rifleman", mode, options, decl=decl)
    results = R.resolve(seeded(4), req)
    assert sum(r.rounds for r in results) == R.ammo_use(req.attacker.combatant, mode, options)


def test_the_mode_decides_automatic_fire():
    req = _request("rifleman", "rifleman", "shot", decl={"special": "full_auto"})
    [result] = R.resolve(seeded(2), req)
    assert result.rounds == 1 == R.ammo_use(req.attacker.combatant, "shot", {})
    req = _request("rifleman", "rifleman", "burst", decl={"special": "full_auto", "bursts": 2})
    assert sum(r.rounds for r in R.resolve(seeded(2), req)) == 20


def test_preview_of_each_mode():
    for mode, options in (("shot", {}), ("shot", {"shots": 3}), ("burst", {"bursts": 3}), ("triple", {})):
        p = R.preview(_request("rifleman", "gunner", mode, options))
        assert 0 < p.p_hit <= 1 and sum(p.p_outcome.values()) == 1
    assert isinstance(R.preview(_request("rifleman", "gunner", "shot", distance=2000)), Impossible)
    assert isinstance(R.preview(_request("rifleman", "gunner", "melee")), Impossible)
    p = R.preview(_request("swordsman", "rifleman", "melee", distance=1))
    assert p.kind == "wounds" and 0 < p.p_hit < 1


def test_action_speed_and_order():
    assert R.action_speed(_request("swordsman", "rifleman", "melee", decl={"special": "killing_blow"})) == "lost"
    assert R.action_speed(_request("swordsman", "rifleman", "melee")) == "normal"
    assert R.action_speed(_request("swordsman", "rifleman", "kill", decl={"action": "kill"})) == "last"
    f = R.make_combatant({"name": "f"})
    order = R.action_order([("a", f, "lost", 90), ("b", f, "normal", 10), ("c", f, "last", 99), ("d", f, "normal", 50)])
    assert order == ["d", "b", "a", "c"]
    assert R.declaration_order([("x", f, 5), ("y", f, 50)]) == ["x", "y"]


def test_automatic_death_through_the_ruleset():
    req = _request("swordsman", "rifleman", "kill", decl={"action": "kill"})
    assert isinstance(R.resolve(seeded(1), req)[0], Impossible)
    t = req.target
    helpless = Participant(t.name, t.combatant, Condition(wounds=5, status="unconscious"), t.declaration)
    req = AttackRequest(req.attacker, helpless, "kill")
    [result] = R.resolve(seeded(1), req)
    assert R.apply(seeded(1), t.combatant, helpless.state, result).state.status == "dead"


def test_throw_and_blast():
    a = R.make_combatant({"name": "A", "role": "grenadier"})
    assert R.throw_range_m(a, "frag_grenade") == 30  # strength 10 x 3 m
    p = Participant("A", a, Condition())
    # Dex 11 x Throwing 4 = 44 + 2d10! against range 20 m: 20, the throw's medium range (10-20 m): +5
    roll, off = R.throw(ScriptedDice([1, 1]), p, "frag_grenade", 20)
    assert roll.fumble and off != (0.0, 0.0)
    roll, off = R.throw(ScriptedDice([5, 5]), p, "frag_grenade", 20)
    assert roll.success and off == (0.0, 0.0)
    assert isinstance(R.preview_throw(p, "frag_grenade", 31), Impossible)
    t = R.make_combatant({"name": "T", "role": "rifleman"})
    victims = [(Participant("T", t, Condition()), 2.0, False), (Participant("U", t, Condition()), 40.0, False),
               (Participant("V", t, Condition()), 8.0, True)]
    results = R.blast(ScriptedDice([5, 5]), p, "frag_grenade", victims)
    # one roll for all: 20 + 10 - 14 = 16 (serious) at 2 m; out of reach at 40 m; behind hard
    # cover at 8 m: medium one further out, long: -10: 6 (light)
    assert [r.damage.levels if r else None for r in results] == [4, None, 2]
    prev = R.preview_blast("frag_grenade", victims[0][0], 2.0)
    assert sum(prev.p_outcome.values()) == 1
    assert isinstance(R.preview_blast("frag_grenade", victims[0][0], 40.0), Impossible)


def test_first_aid_and_end_of_round_through_the_ruleset():
    h = R.make_combatant({"name": "H", "role": "leader"})  # Int 11 x First aid 2 = 22
    patient = Participant("P", h, Condition(wounds=6, status="unconscious"))
    out = R.first_aid(ScriptedDice([1, 4]), Participant("H", h, Condition()), patient)
    assert out.state.tended and R.first_aid_rounds() == 12
    aimed = R.end_of_round(ScriptedDice([]), h, Condition(), declaration=R.declare(h, Condition(), action="aim"))
    assert aimed.state.aimed and aimed.state.rounds == 1


def test_status_and_health_facts():
    s = Condition(wounds=3, fatigue=2, prone=True)
    assert R.status(s) == "wounds 3 (medium), fatigue 2, -6, down"
    facts = R.health_facts(Condition(status="dead"))
    assert facts.out is True and facts.dead is True
    assert R.movement(R.make_combatant({"name": "x"}), s) == {"free": 0, "run": 0, "sprint": 0}


def test_apply_a_miss_changes_nothing():
    miss = AttackResult("A", "T", None, None, False)
    t = R.make_combatant({"name": "T"})
    assert R.apply(seeded(1), t, Condition(), miss).state == Condition()


PAIRS = [("swordsman", "axeman", 1, {}), ("rifleman", "gunner", 50, {}),
         ("rifleman", "gunner", 50, {"Ann": "full_auto", "Bob": "full_auto"}), ("pistol", "shotgun", 20, {}),
         ("marksman", "rifleman", 300, {"Ann": "single_shot", "Bob": "multiple_shots"}),
         ("swordsman", "rifleman", 1, {"Ann": "aggressive"})]


@pytest.mark.parametrize("a, b, distance, specials", PAIRS)
def test_seeded_duel_to_the_end(a, b, distance, specials):
    for seed in range(5):
        ann, bob = R.make_combatant({"name": "Ann", "role": a}), R.make_combatant({"name": "Bob", "role": b})
        result = duel(R, ann, bob, seeded(seed), distance_m=distance, specials=specials)
        assert result.rounds < 100
        down = [n for n, s in result.states.items() if s.out_of_fight]
        assert down  # somebody is out
        if result.winner is not None:
            assert result.winner not in down and len(down) == 1
        again = duel(R, ann, bob, seeded(seed), distance_m=distance, specials=specials)
        assert again.log == result.log  # same seed, same fight


def test_a_duel_log_reads_the_rules():
    ann, bob = R.make_combatant({"name": "Ann", "role": "swordsman"}), R.make_combatant({"name": "Bob", "role": "axeman"})
    result = duel(R, ann, bob, seeded(3))
    text = "\n".join(result.log)
    assert "initiative: Agi 11 x Swords 4 + weapon +9 + 2d10!" in text
    assert "vs defence" in text and "damage: Str 14 + weapon +12" in text
    assert result.winner in ("Ann", "Bob")


class FakeTable:
    """A RoundTable (engine/turn.py) of four units: one automatic kill, one lost initiative."""

    def __init__(self):
        f = R.make_combatant({"name": "f"})
        self.units = {1: (f, "normal", 30), 2: (f, "last", 90), 3: (f, "lost", 80), 4: (f, "normal", 50), 5: (f, None, 70)}
        self.over = False

    def living(self):
        return sorted(self.units)

    def combatant(self, uid):
        return self.units[uid][0]

    def state(self, uid):
        return Condition()

    def initiative(self, uid):
        return self.units[uid][2]

    def speed(self, uid):
        return self.units[uid][1]

    def fumbled(self, uid):
        return uid in self.fumbles

    def later(self):
        return list(self.parts)

    fumbles: tuple[int, ...] = ()
    parts: tuple[tuple[int, int, int], ...] = ()


def test_the_round_declares_then_rolls_initiative_then_resolves():
    from engine.turn import Declare, Initiative, Phase, Resolve

    steps = list(R.round(FakeTable()))
    assert steps[:4] == [Phase("start"), Declare((1, 2, 3, 4, 5)), Phase("declared"), Initiative()]
    assert steps[4:8] == [Resolve(4, "normal"), Resolve(1, "normal"), Resolve(3, "lost"), Resolve(2, "last")]
    assert steps[8:] == [Phase("move"), Phase("end")]


def test_a_fumbled_initiative_resolves_among_the_lost():
    """The Combat Round, Fumbling: a fumbled initiative roll is lost like a disarm's
    (rules-notes): unit 4 (50, fumbled) comes after unit 1 (30), who kept it, and among the
    lost by initiative, after unit 3 (80); the automatic kill is still last."""
    from engine.turn import Resolve

    table = FakeTable()
    table.fumbles = (4,)
    steps = [s for s in R.round(table) if isinstance(s, Resolve)]
    assert steps == [Resolve(1, "normal"), Resolve(3, "lost"), Resolve(4, "lost"), Resolve(2, "last")]


def test_further_shots_resolve_when_their_initiative_count_comes():
    """Special Firearm Attacks, Multiple Shots: "each further attack occurs 10 initiative
    steps later". Unit 4 (initiative 50) fires three shots: its second at 40 comes before
    unit 1 (30); its third at 30 after unit 1, whose own turn it is at that count; both
    before those who lost initiative and the automatic kill."""
    from engine.turn import Resolve

    table = FakeTable()
    round_ = R.round(table)
    got = []
    for step in round_:
        if isinstance(step, Resolve):
            got.append(step)
            if step == Resolve(4, "normal"):  # the world schedules the further shots
                table.parts = ((40, 4, 1), (30, 4, 2))
            elif step.part is not None:
                table.parts = tuple(p for p in table.parts if p[2] != step.part)
    assert got == [Resolve(4, "normal"), Resolve(4, "normal", 1), Resolve(1, "normal"), Resolve(4, "normal", 2),
                   Resolve(3, "lost"), Resolve(2, "last")]


def test_later_parts_of_multiple_shots_are_ten_steps_apart_and_none_below_zero():
    """Multiple Shots: the first "as normal" (now), each further one 10 initiative steps
    later, "No shots can be fired after initiative 0": four shots at initiative 25 are
    shots at 25 (now), 15 and 5; the fourth (at -5) is not scheduled. Each later shot
    keeps its place in the series for its recoil."""
    f = R.make_combatant({"name": "f", "role": "rifleman"})
    now, later = R.later_parts(f, "shot", {"shots": 4}, 25)
    assert now["shots"] == 1 and now["series"] == 0
    assert [(c, o["series"]) for c, o in later] == [(15, 1), (5, 2)]
    assert R.later_parts(f, "shot", {}, 25) == ({}, ())
    assert R.later_parts(f, "burst", {"bursts": 2}, 25)[1] == ()


def test_roll_initiative_takes_the_declaration():
    f = R.make_combatant({"name": "f", "role": "swordsman"})
    plain, _ = R.roll_initiative(ScriptedDice([5, 5]), f)
    wounded, _ = R.roll_initiative(ScriptedDice([5, 5]), f, Condition(wounds=2), R.declare(f, Condition(), special="aggressive"))
    assert wounded == plain - 2 + 5


def test_movement_by_posture():
    f = R.make_combatant({"name": "x"})
    assert R.movement(f, Condition()) == {"free": 5, "run": 10, "sprint": 20}
    assert R.movement(f, Condition(), "crouched") == {"free": 5, "run": 5, "sprint": 5}
    assert R.movement(f, Condition(), "prone") == {"free": 2, "run": 2, "sprint": 2}
    assert R.movement(f, Condition(prone=True), "normal") == {"free": 0, "run": 0, "sprint": 0}
