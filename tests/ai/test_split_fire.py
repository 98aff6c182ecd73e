"""The AI splits shots and bursts over several targets where Yags SF lets it (yags-sf-combat-
0.30a.md, Multiple Shots: "As many shots can be made, at either the same or multiple targets";
Full Auto: "Each burst can be fired at separate targets"), and the split it declares is one
the world accepts and fires (issue 28: a rule the notes call done is reachable by the AI)."""

from types import SimpleNamespace

from engine.yags_sf.ruleset import YagsSFRuleset
from game.ai.tactical_attacks import TacticalAttacks
from game.maps import load_map
from game.sim import MatchSpec, play_match
from tests.test_saves import ROOT


def _ai() -> TacticalAttacks:
    ai = TacticalAttacks.__new__(TacticalAttacks)
    ai.w = {"harm": 1.0}
    return ai


MATCH = SimpleNamespace(rules=YagsSFRuleset())  # what _split asks of the match: the rules' count of shots


def _row(harm, uid, n=3):
    return (harm, SimpleNamespace(uid=uid), 0.0, {"shots": n})


def test_a_split_wins_where_the_first_shot_likely_downs_the_first_target():
    """Three shots: the first target is worth 1.0 to one shot and no more to three (it is down
    after the first); the second target is worth 0.9 to three. Split: 1.0 + 0.9/3 + the
    third shot's share of nothing more at the first = 1.3, above the 1.0 of three at one."""
    (score, attack), = _ai()._split(MATCH, {"shot": [_row(1.0, 5), _row(0.9, 6)]}, {("shot", 5): 1.0})
    assert attack.target == 5 and attack.options == {"shots": 3, "further": "6"}
    assert abs(score - (1.0 + 0.9 / 3)) < 1e-9


def test_no_split_is_better_where_each_shot_counts_at_the_first_target():
    """A tough first target: one shot 0.4, three shots 1.2 (nothing wasted). Split over three
    targets of 0.6 for three shots: 0.4 + 0.2 + 0.2 = 0.8, below the 1.2 of three at one, so
    the plain option (scored by _shots itself) stays the better."""
    (score, attack), = _ai()._split(MATCH, {"shot": [_row(1.2, 5), _row(0.6, 6), _row(0.6, 7)]}, {("shot", 5): 0.4})
    assert attack.options["further"] == "6,7"
    assert score < 1.2


def test_the_ai_declares_split_bursts_and_the_world_fires_them():
    """Market Street, seed 1, Yags SF: the normal AI splits a burst pair, and both targets are
    shot at in that round (the first at the action's target, the second at the further one)."""
    path = str(ROOT / "maps" / "street.tmx")
    last: dict[str, list[str]] = {}
    play_match(load_map(path), MatchSpec(path, 1, ruleset="yags-sf", fog=False),
               on_round=lambda m: last.__setitem__("lines", m.log.lines()))
    lines = last["lines"]
    split = [ln for ln in lines if "declares burst attack" in ln and "further at" in ln]
    assert split, "no split declared"
    line = split[0]
    rnd = line.split()[0]  # "[r2"
    who = line.split("] ", 1)[1].split(" declares")[0]
    first = line.split(" attack on ")[1].split(" (")[0]
    further = line.split("further at ")[1].rstrip(")")
    fired = [ln for ln in lines if ln.startswith(rnd) and f"{who} -> " in ln]
    assert any(f"-> {first}:" in ln for ln in fired) and any(f"-> {further}:" in ln for ln in fired)
