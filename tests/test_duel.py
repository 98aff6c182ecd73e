"""`skirmish duel` (game/duel.py): the fighters stand apart on a line, and a melee fighter out
of reach must close in before it strikes (issue 12: a sword struck at 60 m)."""

from __future__ import annotations

import re

import pytest

from game.duel import run_duel


def distances_at_blows(lines: list[str], striker: str) -> list[float]:
    """The distance apart (metres) whenever `striker`'s blow lands or misses."""
    apart, out = None, []
    for line in lines:
        m = re.search(r"at ([\d.]+) m$", line) if line.startswith("duel") else re.search(r": ([\d.]+) m apart$", line)
        if m:
            apart = float(m.group(1))
        if line.startswith(f"{striker} -> "):
            out.append(apart)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_sword_at_sixty_metres_must_close_before_it_strikes(seed):
    """Declaring Attacks: "Any movement required in order to make the attack is implied";
    Movement: half Move freely, a full Move for a slow attack, "Movement faster than this
    precludes making an attack action". A broad sword (reach 2: the next 2 m tile) 60 m from
    a rifleman runs in 12 m a round (a full Move, no attack) and strikes only within 2 m."""
    lines, _ = run_duel("m16_a1", "broad_sword", distance_m=60, seed=seed)
    assert "Bob declares: run 12 m toward Ann (out of reach: no attack), 1 defence" in lines
    assert all(d is not None and d <= 2 for d in distances_at_blows(lines, "Bob"))
    first = lines.index("-- round 2") if "-- round 2" in lines else len(lines)
    assert not [x for x in lines[:first] if x.startswith("Bob -> ")]


def test_a_charge_past_half_move_is_slow_and_the_shooter_fires_first():
    """Movement: "you can move your full Move, but can only perform a standard attack which is
    slow". At 10 m the sword closes 8 m (past half Move, 6 m) and strikes slow, after the
    pistol's normal shot; at 5 m it closes 3 m within half Move."""
    lines, _ = run_duel("glock_17", "broad_sword", distance_m=10, seed=2)
    assert "Bob declares: close 8 m (a full Move: slow) and attack, 1 defence" in lines
    assert lines.index("Ann -> Bob: hit") < lines.index("Bob closes in: 2 m apart") < lines.index("Bob -> Ann: hit")
    lines, _ = run_duel("glock_17", "broad_sword", distance_m=5, seed=2)
    assert "Bob declares: close 3 m (within half Move) and attack, 1 defence" in lines


def test_melee_fighters_meet_and_a_spear_keeps_its_length():
    """Two melee fighters 30 m apart both run in; each strikes only within its own reach (the
    spear, reach 3, two tiles: 4 m), and a spear whose foe has closed to 2 m is -5 (Reach: "a
    foe that has closed to within the weapon's reach")."""
    lines, _ = run_duel("spear", "broad_sword", distance_m=30, seed=2)
    assert all(d is not None and d <= 4 for d in distances_at_blows(lines, "Ann"))
    assert all(d is not None and d <= 2 for d in distances_at_blows(lines, "Bob"))
    assert any("foe within reach -5" in x for x in lines)
