"""Mythras Imperative on the world's turn protocol (engine/turn.py, engine/ruleset.py): the
attack roll made before the defender chooses (0005 Attacks and Parries, step 2: the defender
sees the roll; Parrying a Missed Attack), the reaction question and its Action Point, the
winner's special effects asked before damage is rolled, the Action Points a Turn spends, and
the standing reaction policies that answer for a unit (the issue's "always parry, evade from
guns, ask me").

    request = rules.before_reaction(dice, request)   # the attack roll, in the request
    q = rules.reaction(request)                       # None: the policy answers in resolve
    state = rules.react(c, state, key)                # 1 AP for a parry, evade or counter
    results = rules.resolve(dice, request)            # a Pending result while effects are open
    q = rules.effects(result); result = rules.with_effects(result, keys)
    state = rules.acted(c, state, "attack")           # the Turn's Action Point

The exchange generator (engine/mythras/exchange_run.py: `resolve_exchange`) puts these
together in that order for the world; they are Mythras' own pieces, not the core's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from engine.capabilities import ChoiceRules
from engine.dice import Dice
from engine.mythras.attack import (
    AttackPlan,
    Exchange,
    ReactionOption,
    attack_roll,
    effect_options,
    reaction_options,
)
from engine.mythras.auto import choose_effects, choose_reaction
from engine.mythras.checks import judge
from engine.mythras.effects import check_choices
from engine.mythras.health import MythrasState, end_turn, start_turn
from engine.mythras.legality import fire_mode_switch
from engine.mythras.outcome import Outcome, _hit_line, resolve_hit
from engine.mythras.questions import PARAMETERISED, choices, effect_keys, reaction_question
from engine.mythras.ranged import crowd_miss_hits_bystander
from engine.mythras.round import spend_reaction, spend_turn
from engine.mythras.stances import after_turn, ai_choices, extra_points, outmanoeuvre_contest
from engine.turn import Option, Question

# The world's attack modes as Mythras fire modes.
MODE_MAP = {"melee": "melee", "shot": "single", "burst": "burst", "triple": "burst", "area": "full_auto",
            "suppress": "full_auto", "throw": "single"}

# The standing reaction policies a unit may keep (the declaration choice `reaction`): the
# first asks its controller when the answer matters; the others let the ruleset answer.
POLICY_OPTIONS = (
    Option("ask", "ask", "ask me when the answer matters (not after a failed attack, unless a reaction could "
           "win a special effect); the AI judges for itself"),
    Option("parry", "parry", "always parry the blows it can; take gunfire (keeping the AP)"),
    Option("guns", "guns", "parry blows, evade gunfire and thrown weapons"),
    Option("evade", "evade", "always evade an attack that hits (it ends prone)"),
    Option("auto", "best", "the reaction that most often avoids the damage"),
    Option("none", "never", "never react: every Action Point goes on Turns"),
)
POLICIES = tuple(o.key for o in POLICY_OPTIONS)
REACTIONS = ("parry", "evade", "counter")  # those that cost an Action Point
# What a Turn's action costs in Action Points (engine.turn.Act; the world's action tags).
# Aiming takes "an entire Combat Round" (0005 Aiming); retrieving a dropped weapon two
# Actions (0005 Ready Weapon); holding ends the fighter's Turns, keeping its points for
# reactions (0005 Delay; rules-notes).
TURN_COST = {"aim": 99, "pick_up": 2}


@dataclass(frozen=True)
class Pending:
    """An exchange whose winner has yet to pick its special effects (0005 Special Effects:
    chosen before damage is rolled); `with_effects` rolls the rest. `paid`: the defender's
    reaction was answered by its policy and its Action Point is still to be spent."""

    plan: AttackPlan
    exchange: Exchange
    dice: Dice = field(compare=False, repr=False)
    paid: bool = True

    @property
    def target(self) -> str:
        return self.plan.ctx.defender.name


def can_react(state: MythrasState) -> bool:
    """An Action Point left and not flat-footed by surprise (0005 Surprise)."""
    return state.ap > 0 and not (state.surprised and state.turns_taken == 0)


def policy_reaction(policy: str, plan: AttackPlan, options: tuple[ReactionOption, ...], succeeded: bool) -> str:
    """The reaction a standing policy picks: none against a missed attack (the point is kept);
    'parry' parries what it can, 'guns' parries blows and evades missiles, 'evade' evades,
    'auto' (and 'ask' with no one to ask) the best chance of avoiding the damage. A weapon
    set to receive a charge meets the charge with a counterattack, whatever the policy but
    'never' (0005 Charging; the point of setting it)."""
    keys = {o.key for o in options}
    if policy != "none" and "counter" in keys and plan.ctx.defender_state.receiving:
        return "counter"
    if policy == "none" or not succeeded:
        return "none"
    if policy == "guns":
        policy = "evade" if plan.weapon.ranged else "parry"
    if policy in ("parry", "evade"):
        return policy if policy in keys else "none"
    return choose_reaction(options, "auto", succeeded)


def effects_question(plan: AttackPlan, ex: Exchange) -> Question | None:
    """The winner's pick, the options in order of worth: what `choose_effects` would pick
    first (the AI answers with the first `pick`), then the rest in table order."""
    rules = effect_options(plan, ex)
    if not rules or ex.levels <= 0:
        return None
    best = choose_effects(plan, ex, rules)
    opts: list[Option] = []
    seen: set[str] = set()
    by_key = {r.key: r for r in rules}
    for c in best:
        key = c.key if c.param is None else f"{c.key}:{c.param}"
        if key in seen:
            continue
        seen.add(key)
        label = dict(effect_keys(plan, by_key[c.key])).get(key, by_key[c.key].name)
        opts.append(Option(key, label, by_key[c.key].meaning))
    for r in rules:
        for key, label in effect_keys(plan, r):
            if key not in seen:
                seen.add(key)
                opts.append(Option(key, label, r.meaning + (" (stackable)" if r.stackable else "")))
    chooser = plan.ctx.attacker.name if ex.winner == "attacker" else plan.ctx.defender.name
    # The options that name someone (Select Target's bystander, Overpenetration's victim):
    # under fog of war the world shows the chooser's side only those its side knows.
    names = {o.key: o.key.partition(":")[2] for o in opts
             if PARAMETERISED.get(o.key.partition(":")[0]) in ("bystander", "behind")}
    about = {"attacker": plan.ctx.attacker.name, "defender": plan.ctx.defender.name, "levels": ex.levels,
             "winner": ex.winner, "chooser": chooser, "weapon": plan.weapon.name, "names": names}
    return Question(0, "effects", tuple(opts), ex.levels, about)


def allowed_picks(pending: Pending, keys: Sequence[str]) -> list[str]:
    """`keys` in order, each kept while the picks so far stay legal (check_choices)."""

    plan, ex = pending.plan, pending.exchange
    allowed = effect_options(plan, ex)
    stack = {"maximize_damage": len(plan.weapon.damage.faces), "bypass_armor": 1}
    kept: list[str] = []
    for k in keys:
        if check_choices(choices(tuple([*kept, k])), allowed, ex.levels, stack) is None:
            kept.append(k)
    return kept


def finish(dice: Dice, plan: AttackPlan, ex: Exchange, keys: Sequence[str], paid: bool) -> Outcome:
    """The exchange with its chosen effects resolved (damage, locations, resistance rolls);
    an unpaid reaction's Action Point goes on the target's changes. A shot into a crowd that
    failed only for the crowd's grade strikes a bystander instead (0005 Firing into a Crowd:
    one of them at random, who may Evade or Parry as normal): the world's `GoesOn(NAME, "crowd/FACE")`."""


    out = resolve_hit(dice, plan, ex, choices(tuple(keys)))
    if not paid:
        out = replace(out, target_changes=out.target_changes + (("reacted", 1),))
    a = ex.attack
    by = plan.ctx.bystanders
    if (plan.crowd_free_skill is not None and by and a.die is not None and a.target is not None
            and crowd_miss_hits_bystander(a.die, a.target, plan.crowd_free_skill)):
        face = dice.roll(len(by)) if len(by) > 1 else 1
        victim = by[face - 1]
        out = replace(out, world=out.world + (("crowd_miss", (victim, a.die)),),
                      events=out.events + (f"the shot misses {out.target} for the crowd and goes on to {victim}",))
    return out


def stray_outcome(attacker: Any, target: str, weapon: Any, kind: str, hit: Any, rolls: tuple) -> Outcome:
    """A blow gone astray (Select Target, Overpenetration) as an Outcome: it "automatically
    hits" with "no Special Effect"; the victim's wound rolls oppose an automatic success at
    the attacker's skill."""

    name, skill_key, skill = attacker
    why = {"select_target": "deflected onto", "overpenetration": "goes through to"}.get(kind, "strikes")
    a = judge(f"{name}'s {weapon.name} {why} {target}", skill_key, skill, "automatic", None)
    ex = Exchange(a, "none", None, None, 0, True, False, 0.0)
    return Outcome(name, target, ex, (), (hit,), tuple(rolls), (), (), (), (), (_hit_line(target, hit),), weapon.id)


class TurnHooks(ChoiceRules):
    """The turn protocol's methods of MythrasRuleset (mixed in)."""

    # Ask a defender with the 'ask' policy after a failed attack too, as before issue 32 (a
    # save made then replays so: game/saves.py sets it); else only when a reaction can win it
    # a special effect.
    ask_after_failed: bool = False

    def reaction_policies(self) -> tuple[Option, ...]:
        return POLICY_OPTIONS

    def before_reaction(self, dice: Dice, request: Any) -> Any:
        """The attacker's roll, made before the defender chooses (0005 Attacks and Parries:
        step 1, then step 2 "if desired, the defender spends an Action Point to Parry"):
        kept in the request's options as `attack_roll`. Full-automatic fire at several
        targets rolls inside `resolve`, once per target."""


        stray = str(request.options.get("stray") or "")
        if request.options.get("attack_roll") is not None or (stray and not stray.startswith("crowd/")):
            return request
        if MODE_MAP.get(request.mode) == "full_auto" and request.others:
            return request
        plan = self.plan(request)  # type: ignore[attr-defined]
        if not isinstance(plan, AttackPlan):
            return request
        if stray:  # the shot that missed for the crowd: its face against the skill without it

            skill = plan.crowd_free_skill if plan.crowd_free_skill is not None else plan.target
            roll = judge(f"{plan.ctx.attacker.name}'s stray shot at {plan.ctx.defender.name}", plan.skill_name,
                         skill, "standard", int(stray.partition("/")[2]))
        else:
            roll = attack_roll(dice, plan)
        return replace(request, options={**request.options, "attack_roll": roll})

    def reaction(self, request: Any) -> Question | None:
        """The defender's choice once it has seen the attack roll: none, parry, evade or a
        counterattack against a charge, each with its exact chance of taking no damage from
        this blow. None when it cannot react (no Action Point, flat-footed, the attack allows
        none) or when its standing policy answers."""
        a = request.options.get("attack_roll")
        if a is None or request.options.get("reaction"):
            return None
        if self._policy(request.target, request) != "ask":  # type: ignore[attr-defined]
            return None
        plan = self.plan(request)  # type: ignore[attr-defined]
        if not isinstance(plan, AttackPlan) or (plan.ctx.defender_state.receiving and "counter" in plan.reactions):
            return None  # a weapon set to receive a charge counters it (policy_reaction)
        st: MythrasState = request.target.state
        options = reaction_options_for(plan, a, st)
        if len(options) <= 1:
            return None
        if getattr(a, "succeeded", True) or self.ask_after_failed:
            return reaction_question(0, plan, a, options)
        # the attack failed: it cannot hurt, so a reaction matters only where it can win a
        # special effect the defender would not win anyway (0005 Special Effects); else the
        # policy answers none and the Action Point is kept
        base = max((o.p_defender_effects for o in options if o.key == "none"), default=Fraction(0))
        better = [o for o in options if o.key != "none" and o.p_defender_effects > base]
        if not better:
            return None
        q = reaction_question(0, plan, a, options)
        gains = ", ".join(f"{o.key} {float(o.p_defender_effects):.0%}" for o in better)
        note = (f"the attack failed: it cannot hurt {plan.ctx.defender.name}. A reaction (1 AP) can only win "
                f"a special effect - chance: {gains}; none keeps the point")
        return replace(q, about={**q.about, "note": note})

    def ai_choices(self, combatant: Any, state: MythrasState, intent: Any, stance: str,
                   foes: Sequence[tuple[Any, bool]]) -> dict[str, Any]:
        """A ward, Brace, Steady Weapon as the AI takes them (engine.mythras.stances.ai_choices)."""
        return ai_choices(combatant, state, intent, stance, foes)

    def turn_contest(self, dice: Dice, actor: Any, foes: Sequence[Any]) -> Any:
        """Outmaneuver's group Opposed Roll (engine.mythras.stances.outmanoeuvre_contest)."""
        return outmanoeuvre_contest(dice, actor, foes)

    def react(self, combatant: Any, state: MythrasState, key: str) -> MythrasState:
        """A parry, evade or counterattack costs an Action Point (0005 Reactive Actions)."""
        if key in REACTIONS and can_react(state):
            return spend_reaction(state)
        return state

    def effects(self, result: Any) -> Question | None:
        if not isinstance(result, Pending):
            return None
        return effects_question(result.plan, result.exchange)

    def with_effects(self, result: Any, keys: Sequence[str]) -> Any:
        """The exchange resolved with the picked effects; a pick the table does not allow
        (a second Marksman, one effect too many) is dropped, the first picks kept."""
        if not isinstance(result, Pending):
            return result
        return finish(result.dice, result.plan, result.exchange, allowed_picks(result, keys), result.paid)

    def acted(self, combatant: Any, state: MythrasState, action: str, intent: Any = None,
              declaration: Any = None) -> MythrasState:
        """The Turn's Action Points (engine.mythras.round.spend_turn): a hold keeps what is
        left for reactions; aiming takes the rest of the round, picking up a weapon two.
        The fighter's Turn counters run down (reeling, stunned locations, blinding) and a
        Pin Down ends ("cannot return fire on his next Turn"); standing up ends prone
        (0005 Regain Footing); a picked-up weapon is ready again; a reload spends a Rapid
        Reload won; fire in another mode than the selector's costs one more point, the
        switch (0005 Switch Fire Mode: "modern weapons require an Action Point on the
        character's Turn to switch modes"). Brace, Steady Weapon and Outmaneuver taken with the
        Turn cost a point each (with a hold, the Turn is theirs: nothing is held); the
        declaration's ward, brace, steady and set weapon go into the state
        (engine.mythras.stances.after_turn)."""
        switch = fire_mode_switch(combatant, state, intent)
        extra = extra_points(declaration)
        if action == "hold" and extra:  # the hold is the Turn of Brace, Steady Weapon, Outmaneuver
            state = spend_turn(state, "act", min(extra, state.ap - state.delayed))
        elif action == "hold":
            state = spend_turn(state, "hold")
        else:
            cost = min(TURN_COST.get(action, 1) + (1 if switch else 0) + extra, state.ap - state.delayed)
            state = spend_turn(state, "act", max(0, cost))
        state = after_turn(combatant, state, declaration, intent)
        if switch:
            state = replace(state, fire_mode=switch)
        state = end_turn(start_turn(state))

        if action == "stand" and state.prone:
            state = replace(state, prone=False)
        if action == "pick_up" and state.weapon_state == "dropped":
            state = replace(state, weapon_state="ready")
        if action == "reload" and state.rapid_reload:
            state = replace(state, rapid_reload=0)  # spent on the reload begun (`reload_rounds`)
        return state


def reaction_options_for(plan: AttackPlan, attack: Any, state: MythrasState) -> tuple[ReactionOption, ...]:
    """The reactions open to a defender in `state` (none when it cannot react)."""

    return reaction_options(plan, attack, state.ap if can_react(state) else 0)
