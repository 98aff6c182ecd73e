"""What a Mythras fighter may declare, asked of the ruleset before anything is spent
(`Ruleset.may_declare`, engine/mythras/legality.py): the same answer greys the UI's button,
keeps the AI from it, and refuses a player's declaration with the Turn's Action Point kept.
Sections and numbers are the SRD's (shared/rules/mythras-srd)."""

from __future__ import annotations

from dataclasses import replace

from gridfactory import make_grid
from worldplay import unit

from engine.mythras.ruleset import MythrasRuleset
from engine.outcome import Impossible
from game.duel import run_duel
from game.flow import driver
from game.world.actions import Attack, Hold, Move, Reload, Stand
from game.world.components import Ammo

RIFLE = {"role": "rifleman", "weapon": "m16_a1", "magazines": 2}
SWORD = {"role": "swordsman"}
OPEN = ["." * 20 for _ in range(8)]


def mythras_match(new_match, squads, seed=1):
    return new_match(make_grid(OPEN, metres_per_tile=2), squads, seed=seed, ruleset=MythrasRuleset())


def hurt(m, uid, **changes):
    m.health.set_state(uid, replace(m.view(uid).state, **changes))


def refused(result, *words):
    assert isinstance(result, Impossible), result
    for w in words:
        assert w in result.reason, result.reason
    return result.reason


def test_a_useless_leg_drops_the_victim_prone_and_it_cannot_stand_or_run(new_match):
    """0004 Serious Wound: "Failure results in the limb being rendered useless, until the
    location is restored to positive Hit Points. If a leg, the victim drops prone." It stays
    down while the leg is useless: no Regain Footing, and 0005 Crawl: "two metres per Turn in
    place of a normal Move" (a crawl, never a run)."""
    m = mythras_match(new_match, {"blue": [unit(RIFLE, "B", 1, 1)], "red": [unit(RIFLE, "R", 18, 6)]})
    hurt(m, 0, useless=frozenset({"left_leg"}), prone=True)
    assert m.view(0).stance == "prone"
    refused(m.check(0, Stand()), "left leg useless", "Serious Wound")
    refused(m.check(0, Move(((1, 1), (2, 1)), "run")), "Crawl")
    assert not isinstance(m.check(0, Move(((1, 1), (2, 1)), "free")), Impossible)  # a 2 m crawl
    hurt(m, 0, useless=frozenset())  # the leg back above zero: it may get up again
    assert not isinstance(m.check(0, Stand()), Impossible)


def test_the_duel_where_a_useless_leg_stood_up_and_ran():
    """The audit's duel (m16_a1 against ak_47 at 40 m, seed 3): Ann's left leg is useless
    from round 3 ("falls prone"); from then on she neither stands up nor runs."""
    log, _ = run_duel("m16_a1", "ak_47", distance_m=40, seed=3, ruleset="mythras")
    start = log.index("Ann's left leg is useless: falls prone")
    later = log[start:]
    assert not any(line.startswith("Ann stands up") or line.startswith("Ann declares run") for line in later)


def test_attacks_the_rules_forbid_are_refused_before_the_action_point_is_spent(new_match):
    """0004 Serious Wound: "cannot attack ... (but can still Parry or Evade) for the next 1d3
    Turns"; 0005 Pin Down: "cannot return fire on their next Turn"; a useless arm: "whatever
    is being held drops". Each is refused by the ruleset when declared, so the Action Point
    stays for a parry."""
    m = mythras_match(new_match, {"blue": [unit(SWORD, "A", 5, 3), unit(RIFLE, "G", 1, 1)],
                                  "red": [unit(SWORD, "T", 6, 3)]})
    blow = Attack(2, "melee")
    assert not isinstance(m.check(0, blow), Impossible)
    hurt(m, 0, no_attack_turns=2)
    refused(m.check(0, blow), "reeling", "Serious Wound")
    hurt(m, 0, no_attack_turns=0, useless=frozenset({"right_arm"}), weapon_state="dropped")
    refused(m.check(0, blow), "lies on the ground")
    hurt(m, 0, weapon_state="ready")
    refused(m.check(0, blow), "right arm useless")
    shot = Attack(2, "shot")
    assert not isinstance(m.check(1, shot), Impossible)
    hurt(m, 1, pinned=True)
    refused(m.check(1, shot), "Pin Down")
    # a player's refused Turn keeps its Action Points (the Turn holds, to parry)
    hurt(m, 0, no_attack_turns=2, useless=frozenset())
    driver(m).start_round()
    while driver(m).pending is not None and driver(m).pending.uid != 0:
        driver(m).answer((Hold(), {}))
    driver(m).answer((blow, {}))
    assert m.view(0).state.ap == 2
    assert not any("cannot attack now" in e.text for e in m.log)


def test_a_dropped_gun_is_not_reloaded_with_a_useless_arm(new_match):
    """0004 Serious Wound: a useless arm drops what it held; the gun on the ground is not
    reloaded, nor is a firearm with an arm out of use (a magazine change takes both hands:
    rules-notes)."""
    m = mythras_match(new_match, {"blue": [unit(RIFLE, "B", 1, 1)], "red": [unit(RIFLE, "R", 18, 6)]})
    m.component(0, Ammo).loaded = 3
    assert not isinstance(m.check(0, Reload()), Impossible)
    hurt(m, 0, useless=frozenset({"left_arm"}))
    refused(m.check(0, Reload()), "left arm useless")
    hurt(m, 0, weapon_state="dropped")
    refused(m.check(0, Reload()), "lies on the ground")


def test_the_duel_where_a_reeling_fighter_spent_its_point_on_a_refused_blow():
    """The audit's duel (broad_sword against mace, seed 1), round 4: Ann, reeling from a
    Serious Wound to the head, no longer declares a blow that fails for want of the right
    to attack; she keeps the point and parries Bob's next blow."""
    log, _ = run_duel("broad_sword", "mace", seed=1, ruleset="mythras")
    r4 = log[log.index("-- round 4"): log.index("-- round 5")]
    assert not any("cannot attack now" in line for line in r4)
    assert any(line.startswith("Ann: parry") for line in r4[r4.index("Ann cannot attack for 3 Turns"):])


SCOUT = {"role": "scout", "weapon": "ak_47", "magazines": 2}


def _run_first(m, uid, path):
    """Play Turns until `uid` has run along `path` in its first Turn; its next Turn waits."""
    driver(m).start_round()
    ran = False
    while driver(m).pending is not None:
        if driver(m).pending.uid != uid:
            driver(m).answer((Hold(), {}))
        elif not ran:
            ran = True
            driver(m).answer((Move(path, "run"), {}))
        else:
            return


def test_a_shot_after_a_run_is_hard_and_needs_skirmishing(new_match):
    """0002 Gaits (Community Errata): "While at a Run or Sprint Gait, characters cannot
    attempt most proactive actions like attacking ... Some exceptions include ... Firing
    ranged weapons with the Skirmishing trait", "one Grade harder to pull off at a Run"
    (0005 Traits, Skirmishing: "launching ranged attacks whilst walking or running"). A Move
    at a Run (Move x3: 18 m) in an earlier Turn of the round keeps the fighter at a Run: the
    world sends the gait it walked."""
    path = tuple((1 + i, 1) for i in range(10))  # 9 tiles of 2 m: 18 m, a Run
    m = mythras_match(new_match, {"blue": [unit(RIFLE, "B", 1, 1)], "red": [unit(RIFLE, "R", 18, 6)]})
    assert not isinstance(m.check(0, Attack(1, "shot")), Impossible)
    _run_first(m, 0, path)
    assert m.view(0).pos == (10, 1) and m.movement.moved(0).walked == "run"
    assert driver(m).pending.uid == 0 and m.view(0).state.ap == 1
    refused(m.check(0, Attack(1, "shot")), "Run", "Skirmishing", "Gaits")
    s = mythras_match(new_match, {"blue": [unit(SCOUT, "S", 1, 1)], "red": [unit(RIFLE, "R", 18, 6)]})
    _run_first(s, 0, path)
    assert not isinstance(s.check(0, Attack(1, "shot")), Impossible)
    plan = s.rules.plan(s.range.request(0, 1, "shot", {}))
    assert ("firing at a run", "hard") in plan.reasons


def test_rapid_reload_shortens_the_next_reload_and_is_offered_only_where_it_can(new_match):
    """0005 Rapid Reload: "the attacker reduces the reload time for the next shot by one.
    This effect can be stacked ... could be used instead to quickly change weapon
    magazines"; 0005 Load: "The time in Turns taken to load or reload". A rifle (Load 2)
    reloads in one Turn after one Rapid Reload; a reload never takes less than the Turn
    that does it, so a Load 1 weapon (the bow) is not offered it (rules-notes)."""
    from engine.mythras.effects import EffectSituation, available_effects

    m = mythras_match(new_match, {"blue": [unit(RIFLE, "B", 1, 1)], "red": [unit(RIFLE, "R", 18, 6)]})
    rifle = m.view(0).combatant.weapon
    assert rifle.load == 2 and m.rules.reload_rounds(m.view(0).combatant, m.view(0).state) == 2
    from engine.mythras.outcome import _changes

    assert _changes(m.view(0).state, (("rapid_reload", 1),)).rapid_reload == 1  # the pick, kept by the state
    hurt(m, 0, rapid_reload=1)
    assert m.rules.reload_rounds(m.view(0).combatant, m.view(0).state) == 1
    m.component(0, Ammo).loaded = 0
    driver(m).start_round()
    while driver(m).pending is not None and driver(m).pending.uid != 0:
        driver(m).answer((Hold(), {}))
    driver(m).answer((Reload(), {}))
    assert m.component(0, Ammo).loaded == m.component(0, Ammo).capacity  # one Turn
    assert m.view(0).state.rapid_reload == 0  # spent on that reload

    def offered(weapon):
        s = EffectSituation("attacker", weapon, "success", "failure", "none", None, True, False)
        return "rapid_reload" in [r.key for r in available_effects(s)]

    bow = m.rules.catalogue.weapon("bow")
    assert bow.load == 1 and not offered(bow) and offered(rifle)


def test_disarm_opponent_is_not_only_for_a_parry():
    """0005 Disarm Opponent (Offensive and Defensive in the Special Effects Table, no weapon
    or roll condition): "The character knocks, yanks, or twists the opponent's weapon out of
    his hand. The opponent must make an Opposed Roll of his Combat Style against the
    character's original roll." Open to the attacker whatever the defender's reaction, when
    the defender holds a weapon; to a defender who won with a roll (a parry or an evade)."""
    from engine.mythras.catalogue import default_catalogue
    from engine.mythras.effects import EffectSituation, available_effects

    cat = default_catalogue()
    sword, mace = cat.weapon("broadsword"), cat.weapon("mace")

    def keys(**kw):
        return [r.key for r in available_effects(EffectSituation(**kw))]

    won = dict(winner="attacker", attacker_weapon=sword, attacker_level="success", hit=True, parried=False)
    assert "disarm_opponent" in keys(**won, defender_level="failure", reaction="evade", parry_weapon=None,
                                     defender_weapon=mace)
    assert "disarm_opponent" in keys(**won, defender_level=None, reaction="none", parry_weapon=None,
                                     defender_weapon=mace)
    assert "disarm_opponent" not in keys(**won, defender_level=None, reaction="none", parry_weapon=None,
                                         defender_weapon=None)  # nothing in its hands
    lost = dict(winner="defender", attacker_weapon=sword, attacker_level="failure", hit=False, parried=False,
                parry_weapon=None, defender_weapon=mace)
    assert "disarm_opponent" in keys(**lost, defender_level="success", reaction="evade")
    assert "disarm_opponent" not in keys(**lost, defender_level=None, reaction="none")  # no roll to oppose


def test_switching_fire_mode_costs_an_action_point(new_match):
    """0005 Switch Fire Mode: "modern weapons require an Action Point on the character's
    Turn to switch modes". The M16's selector starts on its first mode (single); a burst
    then costs the switch's point and the attack's (2), and needs both; once switched, a
    burst costs 1 and a single shot the switch back."""
    from engine.ruleset import Intent

    m = mythras_match(new_match, {"blue": [unit(RIFLE, "B", 1, 1)], "red": [unit(RIFLE, "R", 18, 6)]})
    c, st = m.view(0).combatant, m.view(0).state
    assert c.weapon.modes[0] == "single" and st.fire_mode is None
    burst, shot = Intent("attack", "burst"), Intent("attack", "shot")
    assert m.rules.acted(c, st, "attack", shot).ap == 1  # no switch
    after = m.rules.acted(c, st, "attack", burst)
    assert after.ap == 0 and after.fire_mode == "burst"
    assert m.rules.acted(c, replace(after, ap=2), "attack", burst).ap == 1
    assert m.rules.acted(c, replace(after, ap=2), "attack", shot).fire_mode == "single"
    assert not isinstance(m.check(0, Attack(1, "burst")), Impossible)
    hurt(m, 0, ap=1)
    refused(m.check(0, Attack(1, "burst")), "Switch Fire Mode")
    assert not isinstance(m.check(0, Attack(1, "shot")), Impossible)


def test_a_shot_carries_no_walk_but_with_skirmishing(new_match):
    """0005 Movement: "Movement is performed by either the Move or Charge Action" (one
    Combat Action a Turn); 0005 Traits, Skirmishing: "permits launching ranged attacks whilst
    walking or running". A shot with a walk in its Turn (the world's free move with a fire
    action, 4 m here) is refused without Skirmishing (the walk is a Move of its own Turn);
    the shot from where the fighter stands, and a Skirmisher's shot with the walk, are not.
    It used to carry a free 6 m walk for everyone."""
    walk = ((2, 1), (3, 1))
    m = mythras_match(new_match, {"blue": [unit(RIFLE, "B", 1, 1)], "red": [unit(RIFLE, "R", 18, 6)]})
    assert not isinstance(m.check(0, Attack(1, "shot")), Impossible)
    refused(m.check(0, Attack(1, "shot", {}, walk)), "Move", "Skirmishing")
    s = mythras_match(new_match, {"blue": [unit(SCOUT, "S", 1, 1)], "red": [unit(RIFLE, "R", 18, 6)]})
    assert not isinstance(s.check(0, Attack(1, "shot", {}, walk)), Impossible)


def test_an_engaged_fighter_cannot_move_away(new_match):
    """0005 Movement: "Movement can only be performed by unengaged characters ... Once
    Engaged, characters cannot move away from an opponent unless first Withdrawing from close
    combat"; 0005 Engaged: "they can no longer freely depart that fight". B, next to a
    swordsman, may not walk off (it used to, giving only a free strike); away from him it
    may; it still attacks him."""
    m = mythras_match(new_match, {"blue": [unit(SWORD, "B", 5, 3)], "red": [unit(SWORD, "R", 6, 3)]})
    refused(m.check(0, Move(((5, 3), (4, 3)), "free")), "engaged", "Withdrawing")
    assert not isinstance(m.check(0, Attack(1, "melee")), Impossible)
    far = mythras_match(new_match, {"blue": [unit(SWORD, "B", 1, 3)], "red": [unit(SWORD, "R", 9, 3)]})
    assert not isinstance(far.check(0, Move(((1, 3), (2, 3)), "free")), Impossible)
