"""Yags SF 0.30a (rules/yags-sf-combat-0.30a.md) on the grid: the round as its ruleset runs
it in the world (declarations, then initiative, then the actions, the loser of initiative
striking back), and what the world does with its results. Each test names the section of
the text it pins; the readings are in docs/rules-notes.md (Yags SF, On the grid)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from gridfactory import make_grid
from worldplay import declare_all, refused, unit

from engine.rolls import Roll
from engine.yags_sf.plan import AttackResult, DamageRoll
from engine.yags_sf.ruleset import YagsSFRuleset
from engine.yags_sf.world import knocked
from game.ai import make_controller
from game.flow import driver
from game.world.actions import Attack, Hold, Move, PickUp, Stand
from game.world.events import EventKind

MAPS = Path(__file__).resolve().parents[2] / "maps"
OPEN = ["." * 30 for _ in range(12)]
RIFLEMAN = {"role": "rifleman", "weapon": "m16_a1", "armour": ["kevlar_vest"]}
SWORDSMAN = {"role": "swordsman", "weapon": "broad_sword"}
BOXER = {"role": "swordsman", "weapon": "fist"}


class FixedInitiative(YagsSFRuleset):
    """Yags SF with each named unit's initiative set (the roll is still made and shown)."""

    def __init__(self, values: dict[str, int], fumbles: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.values, self.fumbles = values, fumbles

    def roll_initiative(self, dice, combatant, state=None, declaration=None):
        value, roll = super().roll_initiative(dice, combatant, state, declaration)
        fumble = combatant.name in self.fumbles
        return self.values.get(combatant.name, value), replace(roll, fumble=fumble)


def events(m, kind=None, since=0):
    return [e for e in m.log.since(since) if kind is None or e.kind == kind]


def sf_match(new_match, squads, rules=None, rows=OPEN, seed=1, mpt=1.0):
    return new_match(make_grid(rows, metres_per_tile=mpt), squads, seed=seed, ruleset=rules or YagsSFRuleset())


# --- The Combat Round: declarations, then initiative ------------------------------------------


def test_initiative_is_rolled_each_round_after_the_declarations(new_match):
    """The Combat Round: "At the beginning of each round, the players declare"; Initiative:
    "Characters who are involved in fighting each other then roll for initiative". No roll
    is made when the match is set up; each round every unit rolls once, after every
    declaration, and the declaration changes it (Single Shot: -10 to initiative)."""
    m = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 1, 1)], "red": [unit(RIFLEMAN, "Bob", 20, 1)]})
    assert events(m, EventKind.INITIATIVE) == []
    for _ in (1, 2):
        start = len(m.log)
        declare_all(m, {0: Attack(1, "shot", {"shot": "careful"}), 1: Hold()})
        driver(m).resolve_round()
        kinds = [e.kind for e in m.log.since(start)]
        rolls = [e for e in m.log.since(start) if e.kind == EventKind.INITIATIVE]
        assert len(rolls) == 2 and kinds.index(EventKind.INITIATIVE) > max(
            i for i, k in enumerate(kinds) if k == EventKind.DECLARE)
        assert "single shot -10" in rolls[0].text and "single shot" not in rolls[1].text
        if m.over:
            break


def test_the_loser_of_initiative_strikes_back_inside_the_winners_turn(new_match):
    """Initiative: "If the defender is still standing after the first character has made
    their attack, then the loser of initiative attacks back, and the first character
    defends." Ann (90) punches Bob, who declared a blow at her: Bob (10) answers at once,
    before Cid (50) shoots him; Bob's own turn is then spent (one attack each)."""
    rules = FixedInitiative({"Ann": 90, "Cid": 50, "Bob": 10})
    m = sf_match(new_match, {"blue": [unit(BOXER, "Ann", 5, 5), unit(RIFLEMAN, "Cid", 5, 1)],
                             "red": [unit(BOXER, "Bob", 6, 5)]}, rules)
    declare_all(m, {0: Attack(2, "melee"), 1: Attack(2, "shot"), 2: Attack(0, "melee")})
    start = len(m.log)
    driver(m).resolve_round()
    attacks = [(e.actor, e.target) for e in m.log.since(start) if e.kind == EventKind.ATTACK and "->" in e.text]
    back = [e for e in m.log.since(start) if "strikes back" in e.text]
    assert len(back) == 1 and back[0].actor == 2 and back[0].target == 0
    assert attacks == [(0, 2), (2, 0), (1, 2)]  # Bob answers before Cid's turn comes, once


def test_no_strike_back_at_one_who_is_not_attacked(new_match):
    """Only the one attacked answers at once: Bob's blow at Cid waits for his own turn."""
    rules = FixedInitiative({"Ann": 90, "Cid": 50, "Bob": 10})
    m = sf_match(new_match, {"blue": [unit(BOXER, "Ann", 5, 5), unit(BOXER, "Cid", 7, 5)],
                             "red": [unit(BOXER, "Bob", 6, 5)]}, rules)
    declare_all(m, {0: Attack(2, "melee"), 1: Hold(), 2: Attack(1, "melee")})
    start = len(m.log)
    driver(m).resolve_round()
    assert not [e for e in m.log.since(start) if "strikes back" in e.text]


def test_a_fumbled_initiative_acts_after_those_who_kept_it(new_match):
    """Fumbling; rules-notes (A fumbled initiative is lost): Ann's 90, fumbled, comes after
    Bob's 10."""
    rules = FixedInitiative({"Ann": 90, "Bob": 10}, fumbles=("Ann",))
    m = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 1, 1)], "red": [unit(RIFLEMAN, "Bob", 20, 8)]}, rules)
    declare_all(m, {0: Attack(1, "shot"), 1: Attack(0, "shot")})
    start = len(m.log)
    driver(m).resolve_round()
    shooters = [e.actor for e in m.log.since(start) if e.kind == EventKind.ATTACK and "->" in e.text]
    assert shooters[0] == 1


# --- Melee Combat: one defence, against melee only ------------------------------------------


def test_a_shot_does_not_take_the_defence_a_melee_attacker_meets(new_match):
    """Ranged Combat (no defence roll against firearms) and Melee Combat (the defence): Bob,
    shot first, still has his one defence for the swordsman who comes after."""
    rules = FixedInitiative({"Ann": 90, "Dan": 80, "Bob": 10})
    m = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 5, 1), unit(SWORDSMAN, "Dan", 5, 5)],
                             "red": [unit(SWORDSMAN, "Bob", 6, 5)]}, rules)
    declare_all(m, {0: Attack(2, "shot"), 1: Attack(2, "melee"), 2: Hold()})
    start = len(m.log)
    driver(m).resolve_round()
    lines = [e.text for e in m.log.since(start) if e.kind == EventKind.ATTACK]
    assert lines[0].startswith("shot:") and "Ann -> Bob" in lines[1]
    assert "Dan -> Bob" in lines[-1] and any(t.startswith("defence:") for t in lines)  # Bob parries Dan
    assert m.declared(2).ruleset_decl.defend_against == "Dan"


def test_an_attack_after_a_run_is_refused(new_match):
    """rules-notes (Movement): the free move (half the agility in metres) allows an attack,
    a run none. A swordsman of agility 11 runs 11 m, strikes after 6 m at most."""
    m = sf_match(new_match, {"blue": [unit(SWORDSMAN, "Ann", 1, 5)], "red": [unit(SWORDSMAN, "Bob", 10, 5),
                                                                              unit(SWORDSMAN, "Cid", 7, 5)]})
    driver(m).start_round()
    refused(m.check(0, Attack(1, "melee")), "run allows no attack")
    assert not hasattr(m.check(0, Attack(2, "melee")), "reason")


# --- Knockdown, disarm ------------------------------------------------------------------------


def _knockdown(target: str) -> AttackResult:
    roll = Roll("damage", (), None, 40)
    return knocked(AttackResult("Ann", target, None, None, True, DamageRoll(roll, 40, 0, 0, True, False, False)))


def test_a_knocked_down_unit_is_prone_and_stands_with_its_action(new_match):
    """Knockdown: "the target is knocked down and stunned ... considered to be prone until
    they regain their feet, which takes an attack action". The AI stands up first."""
    m = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 1, 1)], "red": [unit(RIFLEMAN, "Bob", 8, 1)]})
    m.health.apply(1, _knockdown("Bob"), 0)
    v = m.view(1)
    assert v.stance == "prone" and v.state.prone and v.state.fatigue == 1
    assert m.rules.health_facts(v.state).prone
    driver(m).start_round()
    m.declare(0, Hold())
    refused(m.check(1, Attack(0, "shot")), "regaining his feet takes the attack action")
    ai = make_controller("normal", 1, "red")
    action, choices = ai.decide(m, 1)
    assert isinstance(action, Stand)
    m.declare(1, action, **choices)
    driver(m).resolve_round()
    v = m.view(1)
    assert v.stance == "normal" and not v.state.prone


def test_a_unit_knocked_down_before_its_attack_spends_it_regaining_its_feet(new_match):
    """Knockdown: "A knocked down character is considered to be prone until they regain their
    feet, which takes an attack action": knocked down before his declared attack came, he
    spends it on his feet the same round (as engine.yags_sf.duel does) instead of losing it
    and lying till the next round; his foe is not attacked. One whose attack came first
    stays down."""
    m = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 1, 1)], "red": [unit(RIFLEMAN, "Bob", 8, 1)]})
    declare_all(m, {1: Attack(0, "shot")})
    m.health.apply(1, _knockdown("Bob"), 0)  # knocked down as the round's actions begin
    assert m.view(1).stance == "prone" and m.view(1).state.prone
    start = len(m.log)
    driver(m).resolve_round()
    v = m.view(1)
    assert v.stance == "normal" and not v.state.prone
    lines = [e.text for e in m.log.since(start)]
    assert "Bob regains his feet: his attack action is spent" in lines
    assert not any(e.kind == EventKind.ATTACK for e in m.log.since(start))
    assert m.view(0).state.wounds == 0
    # knocked down after his action: down until he stands
    after = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 1, 1)], "red": [unit(RIFLEMAN, "Bob", 8, 1)]})
    declare_all(after, {})
    driver(after).resolve_round()
    after.health.apply(1, _knockdown("Bob"), 0)
    assert after.view(1).state.prone and after.view(1).stance == "prone"


def test_the_reference_duel_stands_up_the_same_round():
    """Knockdown, in the duel the issue names (`duel --ruleset yags-sf --a broad_sword --b
    broad_sword --seed 3`): Ann's first blow (40 damage, over 2 x strength + agility) knocks
    Bob down; his strike back regains his feet, and next round he declares an attack, not a
    stand."""
    from game.duel import run_duel

    log, _ = run_duel("broad_sword", "broad_sword", seed=3, ruleset="yags-sf")
    r1 = log[log.index("-- round 1"):log.index("-- round 2")]
    assert any("knocked down" in line for line in r1)
    assert r1[-2:] == ["Bob strikes back at Ann", "Bob regains his feet: his attack action is spent"]
    assert "Bob declares melee attack on Ann" in log[log.index("-- round 2"):]


def test_a_disarmed_unit_fights_with_its_fists_until_it_picks_the_weapon_up(new_match):
    """Disarm: "the defender is disarmed"; Weapon Smash: "the defender looses their
    weapon" (a brute force disarm): the weapon lies on the tile; the unit fights with its
    fists (the ruleset's `disarmed_spec`), and picks it up with an action."""
    m = sf_match(new_match, {"blue": [unit(SWORDSMAN, "Ann", 1, 1)], "red": [unit(SWORDSMAN, "Bob", 2, 1)]})
    m.health.apply(1, AttackResult("Ann", "Bob", None, None, True, effect="disarm", effects=("disarmed",)), 0)
    assert m.rules.weapon_facts(m.view(1).combatant).name == "Fist/kick"
    assert m.combat.dropped_weapon(1) == ("Sword", (2, 1))
    declare_all(m, {0: Hold(), 1: PickUp()})
    driver(m).resolve_round()
    assert m.rules.weapon_facts(m.view(1).combatant).name == "Sword"


# --- Multiple Shots ---------------------------------------------------------------------------


def test_multiple_shots_stop_at_initiative_zero(new_match):
    """Multiple Shots: "each further attack occurs 10 initiative steps later ... No shots can
    be fired after initiative 0": at initiative 15 two of three shots are fired, and two
    rounds spent."""
    rules = FixedInitiative({"Ann": 15, "Bob": 5})
    pistol = {"role": "pistol", "weapon": "glock_17"}
    m = sf_match(new_match, {"blue": [unit(pistol, "Ann", 1, 1)], "red": [unit(RIFLEMAN, "Bob", 4, 1)]}, rules)
    declare_all(m, {0: Attack(1, "shot", {"shots": 3}), 1: Hold()})
    start = len(m.log)
    driver(m).resolve_round()
    shots = [e.text for e in m.log.since(start) if e.kind == EventKind.ATTACK and e.text.startswith("shot ")]
    assert [s.split(":")[0] for s in shots] == ["shot 1", "shot 2"]
    assert m.view(0).ammo.loaded == m.view(0).ammo.capacity - 2


# --- Whole matches ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["crossroads", "open_field", "street", "compound", "wood"])
def test_a_whole_match_on_each_shipped_map(name):
    """Every shipped map plays to a decision under yags-sf (normal AI on both sides), and
    the same seed replays the same event log."""
    from game.maps import load_map
    from game.sim import MatchSpec, play_match

    path = str(MAPS / f"{name}.tmx")
    grid = load_map(path)
    logs: list[list[str]] = [[], []]
    for i in range(2):
        r = play_match(grid, MatchSpec(path, 2, ruleset="yags-sf"),
                       on_round=lambda m, i=i: logs.__setitem__(i, m.log.lines()))
    assert r["winner"] in ("blue", "red") and r["rounds"] < grid.max_rounds
    assert logs[0] == logs[1]
    text = "\n".join(logs[0])
    assert "initiative: Agi" in text and "2d10!" in text


def test_moves_are_allowed_by_the_free_run_and_sprint_readings(new_match):
    """rules-notes (Movement): free half the agility, run the agility, sprint twice it (10,
    20 m for agility 10); a rifleman sprints 20 one-metre tiles in a round."""
    m = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 1, 1)], "red": [unit(RIFLEMAN, "Bob", 28, 10)]})
    assert m.movement_allowance(0) == {"free": 5, "run": 10, "sprint": 20}
    driver(m).start_round()
    path = tuple((x, 1) for x in range(2, 22))
    assert not hasattr(m.check(0, Move(path, "sprint")), "reason")
    refused(m.check(0, Move(path, "run")), "run allows 10 m")


# --- choosing it: the command line, saves ----------------------------------------------------


def test_the_command_line_lists_its_catalogue_and_duels_under_it(capsys):
    """`skirmish rules weapons --ruleset yags-sf`: the text's melee and firearms tables and
    the grenades; `skirmish duel --ruleset yags-sf` fights with its rolls."""
    from game.cli import main

    assert main(["rules", "weapons", "--ruleset", "yags-sf"]) == 0
    out = capsys.readouterr().out
    assert "firearms:" in out and "assault_rifle" in out and "quarterstaff" in out and "frag_grenade" in out
    assert main(["duel", "--ruleset", "yags-sf", "--a", "broad_sword", "--b", "spear", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "initiative: Agi" in out and "2d10!" in out and "wins" in out


def test_a_saved_yags_sf_game_replays_to_the_same_log(tmp_path):
    """A save names its ruleset and replays its declarations to the same event log."""
    from game.saves import load_game, save_game
    from game.session import SessionConfig
    from game.ui.app import new_session

    cfg = SessionConfig(str(MAPS / "street.tmx"), mode="hotseat", ai="normal", seed=3, ruleset="yags-sf")
    session = new_session(cfg)
    players = {t: make_controller("normal", 103, t) for t in session.humans}
    while not session.match.over and session.match.round <= 3:
        if session.needs_round:
            session.begin_round()
        elif session.handover:
            session.take_seat()
        else:
            uid = session.current()
            action, choices = players[session.team_of(uid)].decide(session.match, uid)
            if hasattr(session.declare(uid, action, **choices), "reason"):
                session.declare(uid, Hold())
    lines = session.match.log.lines()
    path = save_game(session, tmp_path / "sf.json")
    session.match.close()
    loaded = load_game(path)
    try:
        assert loaded.match.rules.name == "yags-sf" and loaded.match.log.lines() == lines
    finally:
        loaded.match.close()


# --- Multiple Shots at their own initiative counts ----------------------------------------------


class Recorded(FixedInitiative):
    """Each attack's rolls recorded in the order made (shooter, first line), none applied:
    the order of the shots is what is checked, not what they do."""

    def __init__(self, values: dict[str, int]) -> None:
        super().__init__(values)
        self.made: list[tuple[str, str]] = []
        self.at = []

    def resolve(self, dice, request):
        results = super().resolve(dice, request)
        from engine.outcome import Impossible
        for r in results:
            self.made.append((request.attacker.name, r.describe().splitlines()[0]))
            self.at.append(getattr(r, "target", None))
        return [Impossible("recorded")]

    at: list = []


def test_further_shots_come_ten_initiative_steps_later(new_match):
    """Special Firearm Attacks, Multiple Shots: "The first attack is made as normal, and each
    further attack occurs 10 initiative steps later, with a cumulative recoil penalty". Ann
    (initiative 50) fires three shots at Bob, who (45) shoots back: her first at 50, Bob's at
    45, her second at 40 and her third at 30, each rolled when its count comes (the second
    with the M16's recoil, -2, once, the third twice). They used to land all three before Bob's
    (crossroads seed 1 round 1). A round is spent as each shot is fired."""
    rules = Recorded({"Ann": 50, "Bob": 45})
    m = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 1, 1)], "red": [unit(RIFLEMAN, "Bob", 25, 1)]},
                 rules=rules)
    loaded = m.view(0).ammo.loaded
    start = len(m.log)
    declare_all(m, {0: Attack(1, "shot", {"shots": 3}), 1: Attack(0, "shot")})
    driver(m).resolve_round()
    texts = [e.text for e in m.log.since(start)]
    assert [who for who, _ in rules.made] == ["Ann", "Bob", "Ann", "Ann"], rules.made
    first, second, third = (line for who, line in rules.made if who == "Ann")
    assert first.startswith("shot 1") and "recoil" not in first
    assert second.startswith("shot 2") and "recoil -2" in second
    assert third.startswith("shot 3") and "recoil -4" in third
    assert "Ann fires again at initiative 40" in texts
    assert "Ann fires again at initiative 30" in texts
    assert m.view(0).ammo.loaded == loaded - 3


class KillsAtOnce(Recorded):
    """Cid's shot puts its target out of the fight (a damage of 99 on the chart); the others'
    are recorded, not applied."""

    def resolve(self, dice, request):
        if request.attacker.name == "Cid":
            roll = Roll("damage", (), None, 99)
            return [AttackResult("Cid", request.target.name, None, None, True,
                                 DamageRoll(roll, 0, 99, 7, False, False, False))]
        return super().resolve(dice, request)


def test_a_further_shot_at_a_target_down_by_its_count_is_not_fired(new_match):
    """Multiple Shots: "As many shots can be made, at either the same or multiple targets, as
    the gun has rounds": each shot is a pull of the trigger at its own count, so one whose
    target fell in between (Cid, 45, drops Bob after Ann's first shot at 50) is not fired
    and its round stays in the magazine (rules-notes). It used to hit a dead man."""
    rules = KillsAtOnce({"Ann": 50, "Cid": 45, "Bob": 5})
    m = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 1, 1), unit(RIFLEMAN, "Cid", 1, 3)],
                             "red": [unit(RIFLEMAN, "Bob", 25, 1), unit(RIFLEMAN, "Dan", 25, 9)]},
                 rules=rules)
    loaded = m.view(0).ammo.loaded
    start = len(m.log)
    declare_all(m, {0: Attack(2, "shot", {"shots": 3}), 1: Attack(2, "shot")})
    driver(m).resolve_round()
    texts = [e.text for e in m.log.since(start)]
    assert m.view(2).out
    assert [line[:6] for who, line in rules.made if who == "Ann"] == ["shot 1"]
    assert any("fires no further shot at initiative 40: Bob is already down" in t for t in texts)
    assert any("fires no further shot at initiative 30: Bob is already down" in t for t in texts)
    assert m.view(0).ammo.loaded == loaded - 1


def test_multiple_shots_may_go_at_several_targets(new_match):
    """Multiple Shots: "As many shots can be made, at either the same or multiple targets, as
    the gun has rounds". Ann's three shots name Cid for the second (`further`): shot 1 at Bob
    at 50, shot 2 at Cid at 40, shot 3 (beyond the named) at Bob at 30."""
    rules = Recorded({"Ann": 50})
    m = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 1, 1)],
                             "red": [unit(RIFLEMAN, "Bob", 20, 1), unit(RIFLEMAN, "Cid", 20, 5)]}, rules=rules)
    declare_all(m, {0: Attack(1, "shot", {"shots": 3, "further": "2"})})
    driver(m).resolve_round()
    assert rules.at == ["Bob", "Cid", "Bob"]
    assert [line[:6] for _, line in rules.made] == ["shot 1", "shot 2", "shot 3"]


def test_the_snap_shot_is_two_shots_that_may_go_at_two_targets(new_match):
    """The grid's snap shot is two of Multiple Shots (engine.yags_sf.world.fire_options), and
    the world counts its further target against the two as the rules read them
    (Ruleset.fire_count): shot 1 at Bob, shot 2 at Cid; a second further target is refused."""
    rules = Recorded({"Ann": 50})
    m = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 1, 1)],
                             "red": [unit(RIFLEMAN, "Bob", 20, 1), unit(RIFLEMAN, "Cid", 20, 5)]}, rules=rules)
    refused(m.check(0, Attack(1, "shot", {"shot": "snap", "further": "2,2"})), "2 further targets for 1 further shots")
    declare_all(m, {0: Attack(1, "shot", {"shot": "snap", "further": "2"})})
    driver(m).resolve_round()
    assert rules.at == ["Bob", "Cid"]


def test_full_auto_bursts_may_go_at_separate_targets(new_match):
    """Full Auto: "Each burst can be fired at separate targets if desired. Subsequent bursts
    suffer a cumulative recoil penalty. However, bursts may be 'walked' onto a target if all
    bursts are aimed at a single target": two bursts, the second at Cid, are rolled at once
    (no initiative steps: that is Multiple Shots'), the second with recoil and no walking
    bonus; both at Bob, the second is walked (+5)."""
    rules = Recorded({"Ann": 50})
    m = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 1, 1)],
                             "red": [unit(RIFLEMAN, "Bob", 20, 1), unit(RIFLEMAN, "Cid", 20, 5)]}, rules=rules)
    declare_all(m, {0: Attack(1, "burst", {"bursts": 2, "further": "2"})})
    driver(m).resolve_round()
    assert rules.at == ["Bob", "Cid"]
    assert "recoil" in rules.made[1][1] and "walking" not in rules.made[1][1]
    rules = Recorded({"Ann": 50})  # a full magazine again (30 rounds: two bursts of ten)
    m = sf_match(new_match, {"blue": [unit(RIFLEMAN, "Ann", 1, 1)],
                             "red": [unit(RIFLEMAN, "Bob", 20, 1), unit(RIFLEMAN, "Cid", 20, 5)]}, rules=rules)
    declare_all(m, {0: Attack(1, "burst", {"bursts": 2})})
    driver(m).resolve_round()
    assert rules.at == ["Bob", "Bob"] and "walking fire +5" in rules.made[1][1]


def test_further_targets_are_refused_where_the_rules_keep_one_target(new_match):
    """Yags SF allows further targets for Multiple Shots and Full Auto only, as many as the
    further shots or bursts, each a seen enemy standing in sight; Yags (yags-combat.md,
    Automatic Fire) keeps a burst on one target: the option is refused there."""
    from engine.yags.ruleset import YagsRuleset

    squads = {"blue": [unit(RIFLEMAN, "Ann", 1, 1)], "red": [unit(RIFLEMAN, "Bob", 20, 1), unit(RIFLEMAN, "Cid", 20, 5)]}
    m = sf_match(new_match, squads)
    driver(m).start_round()
    assert not hasattr(m.check(0, Attack(1, "shot", {"shots": 2, "further": "2"})), "reason")
    refused(m.check(0, Attack(1, "shot", {"shots": 2, "further": "2,2"})), "2 further targets for 1 further shots")
    refused(m.check(0, Attack(1, "shot", {"shots": 2, "further": "0"})), "no enemy seen as unit 0")
    refused(m.check(0, Attack(1, "triple", {"further": "2"})), "cannot be split")
    gun = {"role": "rifleman", "weapon": "thompson_smg"}
    y = new_match(make_grid(OPEN), {"blue": [unit(gun, "Ann", 1, 1)],
                                    "red": [unit(gun, "Bob", 10, 1), unit(gun, "Cid", 10, 5)]},
                  seed=1, ruleset=YagsRuleset())
    driver(y).start_round()
    assert not hasattr(y.check(0, Attack(1, "burst", {"bursts": 2})), "reason")
    refused(y.check(0, Attack(1, "burst", {"bursts": 2, "further": "2"})), "cannot be split")
