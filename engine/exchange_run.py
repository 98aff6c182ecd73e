"""The pieces each ruleset's exchange generator (`Ruleset.resolve_exchange`) is built from:
the defences an attack takes up (`note_defences`), the defender's reaction asked once it has
seen what it needs (`ask_reaction`), the winner's special effects (`choose_effects`), and the
results landed one by one (`land_each`: each logged, applied to its target with its typed
effects, what it cost the attacker, the declaration notes it leaves, the blows it sends on,
the attacker's fumble). The values are engine/exchange_types.py's; a ruleset puts the pieces
together in its own order (engine/yags/exchange_run.py, engine/mythras/exchange_run.py,
engine/yags_sf/exchange_run.py, engine/stepdice/exchange_run.py)."""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import replace
from typing import Any

from engine.dice import Dice
from engine.exchange_types import (
    Ask,
    Astray,
    DropsWeapon,
    ExchangeRequest,
    ExchangeStep,
    ExchangeTable,
    GoesOn,
    Harmed,
    Jammed,
    Reacted,
    Redeclared,
    Rolled,
    Spent,
)
from engine.outcome import Impossible
from engine.ruleset_types import AttackRequest, Outcome, Participant
from engine.turn import Question

Steps = Generator[ExchangeStep, Any, Any]


def _now(table: ExchangeTable, name: str) -> Participant:
    p = table.participant(name)
    if p is None:
        raise KeyError(f"no unit named {name!r} in the exchange")
    return p


def note_defences(rules: Any, request: ExchangeRequest, table: ExchangeTable, *,
                  takes_defence: bool = True) -> Generator[ExchangeStep, Any, ExchangeRequest]:
    """The attack takes up a declared defence of its target (`note_attacked`: Yags assigns
    one per attacker), unless the target is unaware of it or the attack meets none
    (`takes_defence`); a melee attacker's declaration notes its foe too. A sweep notes
    nothing. Returns the request with the two as they are now."""
    if request.kind == "sweep":
        return request
    attack = request.attack
    a, t = request.attacker, request.target
    noted = False
    if table.declared(t) and not attack.options.get("unaware") and takes_defence:
        yield Redeclared(t, rules.note_attacked(_now(table, t).declaration, a))
        noted = True
    if table.declared(a) and attack.mode == "melee":
        yield Redeclared(a, rules.note_attacked(_now(table, a).declaration, t))
        noted = True
    if noted:
        attack = replace(attack, attacker=_now(table, a), target=_now(table, t))
    if request.kind == "stray":  # a blow gone astray is rolled with no crowd fumble
        attack = replace(attack, situation=replace(attack.situation, target_melee_crowd=0))
    return replace(request, attack=attack)


def ask_reaction(dice: Dice, attack: AttackRequest, table: ExchangeTable, *,
                 reaction: Callable[[AttackRequest], Question | None],
                 before: Callable[[Dice, AttackRequest], AttackRequest] | None = None,
                 react: Callable[[Any, Any, str], Any] | None = None) -> Generator[ExchangeStep, Any, AttackRequest]:
    """The rolls made before the defender chooses (`before`: Mythras' attack roll, which the
    defender sees), then its reaction asked (`reaction`: parry, evade, take it; innate
    defence, dodge or block), its cost taken (`react`: an Action Point) and the chosen key
    carried in the attack's options as `reaction`."""
    if before is not None:
        attack = before(dice, attack)
    question = reaction(attack)
    if question is None:
        return attack
    t = attack.target.name
    key = yield Ask(question, t)
    attack = replace(attack, options={**attack.options, "reaction": key})
    if react is not None:
        p = _now(table, t)
        yield Reacted(t, react(p.combatant, p.state, key))
    return replace(attack, target=_now(table, t))


def choose_effects(rules: Any, attacker: str) -> Callable[[Any], Steps]:
    """The winner of the contest picks its special effects (`effects`: the question, asked
    of `about["chooser"]`, else of the attacker) and the result takes them (`with_effects`)."""

    def choose(result: Any) -> Steps:
        question = rules.effects(result)
        if question is None:
            return result
        keys = yield Ask(question, str(question.about.get("chooser", "")) or attacker)
        return rules.with_effects(result, tuple(keys or ()))

    return choose


def land_each(rules: Any, dice: Dice, request: ExchangeRequest, table: ExchangeTable,
              results: Sequence[Outcome | Impossible], *,
              choose: Callable[[Any], Steps] | None = None,
              notes: Callable[[Any], tuple[str, ...]] | None = None) -> Generator[ExchangeStep, Any, list[Any]]:
    """Each result in order: the winner's effects chosen (`choose`), logged, applied to the
    one it struck (`apply`, with its typed grid effects: `grid_effects`), what it cost the
    attacker (`apply_to_attacker`, where the ruleset has it); then, but for a sweep, the notes it leaves on the struck
    one's declaration (`notes`, each given to `note_effect` with the attacker's name), the
    blows it sends on (GoesOn), and the attacker's fumble (unless the blow is itself a
    stray one): a dropped weapon, a shot astray into the melee, a jam that stops the rest.
    A sweep's jam stops the sweep. Stops once the attacker is down. Returns the results."""
    a, t = request.attacker, request.target
    sweep = request.kind == "sweep"
    done: list[Any] = []
    for k, r in enumerate(results):
        if isinstance(r, Impossible):
            yield Rolled(r, None if sweep else t)
            done.append(r)
            continue
        hit = r.target if table.participant(r.target) is not None else (None if sweep else t)
        if choose is not None:
            r = yield from choose(r)
        yield Rolled(r, hit)
        done.append(r)
        if hit is None:
            continue
        victim = _now(table, hit)
        applied = rules.apply(dice, victim.combatant, victim.state, r)
        effects = rules.grid_effects(r, applied)
        yield Harmed(hit, applied, tuple(e for e in effects if not isinstance(e, GoesOn)), r.hit)
        cost = getattr(rules, "apply_to_attacker", None)  # Yags SF's attacks cost the attacker nothing
        if cost is not None:
            me = _now(table, a)
            yield Spent(cost(dice, me.combatant, me.state, r))
        if sweep:
            if r.fumble_outcome == "jam":
                yield Jammed(len(results) - k - 1, len(results))
                break
            continue
        for token in notes(r) if notes is not None else ():
            if table.declared(hit):
                yield Redeclared(hit, rules.note_effect(_now(table, hit).declaration, token, a))
        for effect in effects:
            if isinstance(effect, GoesOn):
                yield effect
        outcome = None if request.kind == "stray" else r.fumble_outcome
        if outcome == "drop_weapon":
            yield DropsWeapon()
        elif outcome == "random_target":
            yield Astray()
        elif outcome == "jam":
            yield Jammed(len(results) - len(done), len(results))
            break
        if table.out(a):
            break
    return done
