"""Default choices for a driver with no one to ask (the ABC's one-call `resolve`, tests and
the lab): a reaction by the defender's policy, special effects by a fixed priority. The
world's AI and the player's UI answer the same questions through the staged functions."""

from __future__ import annotations

from engine.mythras.attack import AttackPlan, Exchange, ReactionOption
from engine.mythras.effects import Choice, EffectRule
from engine.mythras.ranged import Cover
from engine.mythras.tables import LOCATIONS

POLICIES = ("auto", "parry", "evade", "none")
OFFENSIVE_PRIORITY = (
    "choose_location", "bypass_armor", "maximize_damage", "impale", "circumvent_parry", "drop_foe", "bleed",
    "stun_location", "sunder", "pin_down", "trip_opponent", "disarm_opponent", "bash", "marksman", "duck_back",
    "rapid_reload", "overpenetration", "grip", "entangle", "damage_weapon", "scar_foe",
)
DEFENSIVE_PRIORITY = (
    "enhance_parry", "weapon_malfunction", "accidental_injury", "disarm_opponent", "trip_opponent",
    "blind_opponent", "arise", "slip_free", "damage_weapon", "select_target", "force_failure", "entangle",
    "withdraw", "scar_foe",
)


def choose_reaction(options: tuple[ReactionOption, ...], policy: str = "auto", attack_succeeded: bool = True) -> str:
    """The reaction a policy picks: 'parry', 'evade' or 'none' when open, else the best by
    chance of taking no damage ('auto'; nothing against a missed attack, keeping the AP)."""
    keys = {o.key: o for o in options}
    if policy in keys and policy != "auto":
        return policy
    if policy == "none" or not attack_succeeded:
        return "none"
    best = max(options, key=lambda o: (o.p_damage_avoided - (0.02 if o.key == "evade" else 0), o.key == "parry"))
    return best.key if best.p_damage_avoided > keys["none"].p_damage_avoided else "none"


LIMB_MARGIN = 3  # hit points a limb must be weaker by to be picked over the head or torso


def weakest_location(plan: AttackPlan, cover: Cover | None = None) -> str:
    """The location a blow does most to: fewest hit points plus armour plus cover, a limb
    only when it is clearly weaker than the head and torso (a Serious Wound there knocks
    out on a failed Endurance roll, and a Major Wound kills: 0004 Wound Levels)."""
    st, d = plan.ctx.defender_state, plan.ctx.defender

    def toughness(loc: str) -> tuple[int, int]:
        c = 0
        if cover is not None and loc in cover.locations:
            c = 99 if cover.ap is None else cover.ap
        limb = LIMB_MARGIN if loc not in ("head", "chest", "abdomen") else 0
        return st.hp_at(loc) + st.armour_at(loc) + c + limb, -d.hit_points[loc]

    return min(LOCATIONS, key=toughness)


def choose_effects(plan: AttackPlan, ex: Exchange, options: tuple[EffectRule, ...]) -> tuple[Choice, ...]:
    """As many effects as the levels won, by priority; stackable ones repeat while useful."""
    if not options or ex.levels <= 0:
        return ()
    open_keys = {o.key: o for o in options}
    order = OFFENSIVE_PRIORITY if ex.winner == "attacker" else DEFENSIVE_PRIORITY
    picks: list[Choice] = []
    dice_left = len(plan.weapon.damage.faces)
    for key in order:
        if key not in open_keys:
            continue
        while len(picks) < ex.levels:
            if key == "choose_location":
                picks.append(Choice(key, weakest_location(plan, plan.ctx.cover)))
            elif key == "select_target":
                picks.append(Choice(key, plan.ctx.bystanders[0]))
            elif key == "overpenetration":
                picks.append(Choice(key, plan.ctx.behind[0]))
            elif key == "marksman":
                picks.append(Choice(key, weakest_location(plan, plan.ctx.cover)))
            else:
                picks.append(Choice(key))
            if key == "maximize_damage":
                dice_left -= 1
                if dice_left > 0 and open_keys[key].stackable:
                    continue
            break
        if len(picks) >= ex.levels:
            break
    return tuple(picks)
