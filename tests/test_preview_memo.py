"""engine/yags/preview.py remembers a preview's chances by the plan's numbers alone
(`_CHANCES`) and the whole preview by those and the target's stuns and wounds: a plan
previewed against targets hurt in every way gets exactly the preview worked out afresh,
every chance in the same order (the AI sums them in order), its own terms with it."""

from hypothesis import given, settings
from hypothesis import strategies as st

import engine.yags.preview as pv
from engine.yags.attack import Fighter
from engine.yags.autofire import plan_burst, plan_triple
from engine.yags.catalogue import default_catalogue
from engine.yags.character import Character
from engine.yags.health import Condition
from engine.yags.missile import MissileAttack, plan_missile

CAT = default_catalogue()
AUTOMATIC = sorted((w for w in CAT.weapons.values() if w.is_missile and w.has("automatic")), key=lambda w: w.id)
TRIPLE = sorted((w for w in CAT.weapons.values() if w.is_missile and w.has("tripleauto")), key=lambda w: w.id)


def _same(got, want) -> None:
    assert got == want
    for name in ("p_level", "p_damage_levels", "p_outcome"):
        assert list(getattr(got, name).items()) == list(getattr(want, name).items()), name


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["shot", "burst", "triple"]), st.integers(0, 40), st.integers(1, 300),
       st.booleans(), st.booleans(), st.lists(st.tuples(st.integers(0, 6), st.integers(0, 7)), min_size=1, max_size=5))
def test_previews_against_targets_hurt_in_turn_equal_the_worked_out(kind, pick, distance, defending, zero, hurts):
    weapons = TRIPLE if kind == "triple" else AUTOMATIC
    weapon = weapons[pick % len(weapons)]
    shooter = Character("S", {"dexterity": 4, "strength": 4}, {weapon.skill: 4}, weapon=weapon)
    target = Character("T", {"agility": 3}, {"Athletics": 3}, weapon=weapon)
    pv._PREVIEWS.clear()
    pv._CHANCES.clear()
    first = None
    for stuns, wounds in hurts:
        attack = MissileAttack(Fighter(shooter, initiative_zero=zero),
                               Fighter(target, Condition(stuns=stuns, wounds=wounds), defending=defending, defences=1),
                               float(distance))
        plan = {"shot": plan_missile, "burst": plan_burst, "triple": plan_triple}[kind](attack)
        if not hasattr(plan, "attack"):
            return
        got = pv.preview_plan(plan, stuns, wounds)
        _same(got, pv._preview_plan(plan, stuns, wounds))
        assert got.terms == plan.attack.terms and got.target_terms == plan.target_terms
        _same(pv.preview_plan(plan, stuns, wounds), got)  # from the memo of whole previews
        first = first or plan  # one plan's chances against each hurt in turn: from `_CHANCES`
        _same(pv.preview_plan(first, stuns, wounds), pv._preview_plan(first, stuns, wounds))
    assert len(pv._CHANCES) <= len(pv._PREVIEWS)
