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
from game.world.actions import Move, Stand

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
