"""Fog of war, the rules (issue 17): yags-combat.md, Hidden Actions and Unknown Targets;
yags-core.md, Awareness; docs/rules-notes.md, Fog of war."""

import random

import pytest
from gridfactory import make_grid
from worldplay import FOG_RIFLEMAN as RIFLEMAN
from worldplay import ROOMS

from engine.dice import Dice
from engine.notice import yags_spot_difficulty
from engine.ruleset import Participant
from engine.rulesets import make_ruleset
from game.flow import driver
from game.world.actions import Attack, Hold, Move

OPEN = ["." * 20 for _ in range(6)]
HEDGE = ["." * 8 + "S" + "." * 11 for _ in range(6)]  # a thick hedge (soft90) to hide behind


def unit(name, x, y):
    return {**RIFLEMAN, "name": name, "x": x, "y": y}


@pytest.mark.parametrize(("distance", "size", "cover", "want"), [
    (10, 5, None, 20),       # "Spot a standing person ... +0" at Moderate 20
    (60, 5, None, 25),       # "Distance 50m - 100m ... +5"
    (100, 5, None, 30),      # "Distance over 100m ... +10"
    (200, 5, None, 40),      # "Each doubling (200m, 400m) adds a further +10"
    (400, 5, None, 50),
    (10, 6, None, 15),       # "Size above 5 ... reduce the difficulty by 5"
    (10, 4, None, 25),       # "If they are smaller, then increase the difficulty by 5 per point"
    (10, 5, "soft50", 30),   # "Half cover ... +10"
    (10, 5, "hard90", 40),   # "90% cover ... +20"
    (10, 5, "prone", 40),
])
def test_yags_awareness_table(distance, size, cover, want):
    """yags-core.md, Awareness: perception x Awareness against the table's difficulty."""
    assert yags_spot_difficulty(distance, size, cover)[0] == want


def test_the_awareness_check_is_rolled_from_the_dice_and_can_fail_or_succeed():
    rules = make_ruleset("yags")
    c = rules.make_combatant({**RIFLEMAN, "name": "A"})
    p = Participant("A", c, rules.fresh_state(c))
    results = {rules.notice(Dice(random.Random(s)), p, p, 10, None)[0] for s in range(40)}
    assert results == {True, False}  # 3 x 3 + d20 against 20
    never = {rules.notice(Dice(random.Random(s)), p, p, 500, "hard90")[0] for s in range(40)}
    assert never == {False}  # 9 + d20 cannot reach 20 + 30 + 20


def test_other_rulesets_notice_by_their_own_rules():
    """Mythras: a Perception roll (graded by cover); Yags SF and Step Dice: sight alone (they
    have no hiding capability: `hiding_rules` is None, and the world lets sight decide)."""
    for name, both in (("mythras", True), ("yags-sf", False), ("step", False)):
        rules = make_ruleset(name)
        from game.squads import template_spec

        hiding = rules.hiding_rules
        if not both:
            assert hiding is None
            continue
        assert hiding is not None
        c = rules.make_combatant(template_spec("rifleman", "A"))
        p = Participant("A", c, rules.fresh_state(c))
        got = {hiding.notice(Dice(random.Random(s)), p, p, 10, "soft90")[0] for s in range(60)}
        assert got == {True, False}


def test_declarations_open_unknown_and_hidden(new_match):
    """Hidden Actions: "An action is considered to be hidden if the other side are both
    unaware of it, and have no way of reacting to it before it happens" -- an unseen unit
    that holds is hidden; Unknown Targets: "one that has declared openly, but hasn't been
    seen" -- an unseen unit whose move comes into sight declares openly, without its place."""
    m = new_match(make_grid(ROOMS), {"blue": [unit("A", 2, 2), unit("C", 2, 5)],
                                     "red": [unit("B", 18, 2), unit("D", 14, 1)]}, fog=True)
    a, c = (v.uid for v in m.units("blue"))
    b, d = (v.uid for v in m.units("red"))
    for uid in driver(m).start_round():
        if uid == b:
            m.declare(b, Move(((18, 2), (18, 3), (18, 4), (18, 5))))  # into the door's row
        else:
            m.declare(uid, Hold())
    v = m.vision
    assert v.declaration_shown("blue", a) == "open"  # its own
    assert v.declaration_shown("blue", d) == "hidden"
    assert v.declaration_shown("blue", b) == "unknown"
    assert not m.sees("blue", b)


def test_no_direct_attack_on_an_unnoticed_enemy_and_its_attack_is_from_an_unknown_target(new_match, monkeypatch):
    """Unknown Targets 1 (no direct attack against an unknown target) and 2 (no defence
    against one): an enemy in cover that the side failed to notice cannot be attacked,
    though it is in line of sight; its attack finds the target unaware."""
    m = new_match(make_grid(HEDGE), {"blue": [unit("A", 9, 2)], "red": [unit("B", 2, 2)]}, fog=True)
    monkeypatch.setattr(m.rules, "notice", lambda *a, **k: (False, "failed"))
    a, b = m.units("blue")[0].uid, m.units("red")[0].uid
    driver(m).start_round()
    assert m.topology.line_of_sight(m.view(b).pos, m.view(a).pos)  # the hedge hides, it does not block
    assert b in m.vision.unnoticed["blue"] or a in m.vision.unnoticed["red"]
    hider, seeker = (a, b) if a in m.vision.unnoticed["red"] else (b, a)
    assert not m.sees(m.view(seeker).team, hider)
    out = m.check(seeker, Attack(hider))
    assert "unknown target" in out.reason
    seen: list = []
    resolve = m.rules.resolve
    monkeypatch.setattr(m.rules, "resolve", lambda dice, req: seen.append(req.options.get("unaware")) or resolve(dice, req))
    assert not hasattr(m.declare(m.declaring(), Attack(seeker) if m.declaring() == hider else Hold()), "reason")
    while m.declaring() is not None:
        u = m.declaring()
        assert not hasattr(m.declare(u, Attack(seeker) if u == hider else Hold()), "reason")
    driver(m).resolve_round()
    assert seen and seen[0] is True  # no defence against an unknown target
    assert m.sees(m.view(seeker).team, hider)  # the attack gave it away


def test_mythras_surprise_leaves_no_reaction():
    """mythras-imperative-combat.md, Surprise: "Until their Initiative arrives, they are
    considered flat-footed and cannot defend themselves" -- an attack by a unit the target's
    side did not know of (fog of war's `surprise`) asks for no parry or evade."""
    from engine.ruleset import AttackRequest
    from game.squads import template_spec

    rules = make_ruleset("mythras")
    c = rules.make_combatant(template_spec("rifleman", "A"))
    p = Participant("A", c, rules.fresh_state(c), rules.declare(c, rules.fresh_state(c), reaction="parry"))
    assert rules._policy(p, AttackRequest(p, p, "shot", {})) == "parry"
    assert rules._policy(p, AttackRequest(p, p, "shot", {"surprise": True, "unaware": True})) == "none"
