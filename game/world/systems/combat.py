"""Combat (an effect): an attack, the ruleset's exchange (engine/exchange_types.py) driven to
its end and its typed steps applied to the world, with what its fumbles do: a jam, a dropped
weapon, a shot gone astray into a melee (yags-combat.md, Fumbling an attack; Missile fumbles;
Firing into melee; Disarm). Weapons lost and found are gear's.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.exchange_types import (
    Ask,
    Astray,
    DropsWeapon,
    ExchangeRequest,
    GoesOn,
    Harmed,
    Jammed,
    Reacted,
    Redeclared,
    Rolled,
    Spent,
)
from engine.outcome import Impossible
from engine.ruleset_types import Participant
from engine.turn import Question
from game.world.components import Ammo
from game.world.events import EventKind, Marker
from game.world.systems.gear import drop_weapon, jam
from game.world.systems.health import land, set_state, spend
from game.world.systems.range import request as attack_request
from game.world.systems.reach import grappled_with

if TYPE_CHECKING:
    from game.world.match import Match


def strike(m: Match, uid: int, target: int, mode: str, options: Mapping[str, Any], others: tuple = (),
           stray: bool = False) -> Generator[Question, Any, list[Any]]:
    """An attack: the ruleset's exchange (`Ruleset.resolve_exchange`) driven to its end;
    returns its results. Fog of war: the attack gives the attacker away, and one the
    target's side did not know of as the round began comes unaware. `stray`: a blow gone
    astray or on to another (rolled with no crowd fumble; its fumble a plain miss)."""
    if m.vision is not None:  # fog of war: an attack gives the attacker away; an attacker
        m.vision.reveal(uid)  # the target's side did not know of as the round began is an unknown target
        if not m.vision.knew(m.view(target).team, uid) and not options.get("unaware"):
            options = {**options, "unaware": True, "surprise": True}
    request = attack_request(m, uid, target, mode, options)
    if others:
        request = replace(request, others=others)
    return (yield from drive(m, uid, target, ExchangeRequest(request, "stray" if stray else "attack"), options))


def drive(m: Match, uid: int, target: int, request: ExchangeRequest, given: Mapping[str, Any] | None = None, *,
          jammed: Callable[[Jammed], None] | None = None,
          harmed: Callable[[int], None] | None = None) -> Generator[Question, Any, list[Any]]:
    """Drive the ruleset's exchange: each question (`Ask`) asked of the unit it names (its
    side's controller answers), every other step carried out at once (engine/exchange_types.py);
    returns the results. `given`: the attack's options as the action gave them (a shot
    astray and the rounds a jam keeps read them; by default the request's). `jammed`
    carries out a jam (by default the weapon jams and the
    shots not fired keep their rounds); `harmed` is told of each unit a result lands on,
    before it is applied (area fire's bullet shyness)."""
    mode, options = request.attack.mode, request.attack.options if given is None else given
    by_name = {name: u for u, name in m.names.items()}
    exchange = m.rules.resolve_exchange(m.dice, request, _Table(m, by_name))
    answer: Any = None
    struck = target  # the unit the last result was rolled at
    while True:
        try:
            step = exchange.send(answer)
        except StopIteration as stop:
            return list(stop.value)
        answer = None
        if isinstance(step, Ask):
            answer = yield from ask(m, uid, target, step, by_name)
        elif isinstance(step, Redeclared):
            who = by_name[step.holder]
            d = m.declared(who)
            if d is not None:
                m.put(who, replace(d, ruleset_decl=step.declaration))
        elif isinstance(step, Reacted):
            set_state(m, by_name[step.holder], step.state)
        elif isinstance(step, Rolled):
            at = None if step.target is None else by_name.get(step.target, target)
            struck = target if at is None else at
            log_result(m, uid, at, step.result)
        elif isinstance(step, Harmed):
            if harmed is not None:
                harmed(by_name[step.target])
            land(m, by_name[step.target], step, uid)
        elif isinstance(step, Spent):
            spend(m, uid, step.applied)
        elif isinstance(step, GoesOn):  # the blow goes on to another
            victim = by_name.get(step.victim)
            if victim is not None and not m.view(victim).out and not m.view(uid).out:
                yield from strike(m, uid, victim, "melee" if mode == "melee" else "shot",
                                  {"stray": step.how}, stray=True)
        elif isinstance(step, DropsWeapon):
            drop_weapon(m, uid, "fumbles and drops")
        elif isinstance(step, Astray):
            yield from stray(m, uid, struck, mode, options)
        elif isinstance(step, Jammed):
            if jammed is not None:
                jammed(step)
            else:
                jam_volley(m, uid, mode, options, step)


def ask(m: Match, uid: int, target: int, step: Ask, by_name: Mapping[str, int]) -> Generator[Question, Any, Any]:
    """An exchange's question, asked of the unit it names: the defender's reaction; the
    winner's special effects (of the chooser, else of the attacker `uid`). Under fog of
    war the chooser's side is shown only the options naming units it sees (a bystander it
    has not noticed is not named; with none left it is asked nothing; rules-notes)."""
    question = step.question
    if question.kind != "effects":
        return (yield replace(question, uid=by_name.get(step.of, target)))
    chooser = by_name.get(step.of, uid)
    if m.vision is not None:
        question = m.vision.known_options(m.view(chooser).team, question)
    return (yield replace(question, uid=chooser)) if question.options else ()


def jam_volley(m: Match, uid: int, mode: str, options: Mapping[str, Any], step: Jammed) -> None:
    """A jam stops the shots after it: their rounds stay in the magazine."""
    jam(m, uid)
    unfired = step.unfired
    ammo = m.try_component(uid, Ammo)
    if unfired and ammo is not None:
        each = m.rules.ammo_use(m.view(uid).combatant, mode, {**options, "shots": 1, "bursts": 1})
        ammo.loaded = min(ammo.capacity, ammo.loaded + each * unfired)
        m.event(EventKind.INFO, f"{m.name(uid)}'s {unfired} further "
                 f"{'shot' if mode == 'shot' else 'burst'}{'s' if unfired > 1 else ''} not fired", uid)


def log_result(m: Match, uid: int, target: int | None, result: Any) -> None:
    """A result's lines in the log (its rolls and what they did), or why it could not be."""
    if isinstance(result, Impossible):
        m.event(EventKind.INFO, f"{m.name(uid)}: {result.reason}", uid, target)
        return
    for line in result.describe().splitlines():
        m.event(EventKind.ATTACK, line, uid, target)


def stray(m: Match, uid: int, target: int, mode: str, options: Mapping[str, Any]) -> Iterator[Question]:
    """Firing into melee: "A fumble in this situation means that a random target is hit";
    "just assigning equal chance to everyone" - the target and each figure in close combat
    with it (the crowd the fumble chance counted). The shot is rolled at the figure picked,
    with no crowd fumble (a fumble of that roll is a plain miss)."""
    t = m.view(target)
    figures = [target] + [w.uid for w in m.units(living=True)
                          if w.uid not in (uid, target) and w.team != t.team and m.topology.steps(w.pos, t.pos) == 1]
    partner = grappled_with(m, target)  # someone wrestling with it is in the melee too
    if partner is not None and partner != uid and partner not in figures and not m.view(partner).out:
        figures.append(partner)
    face = m.dice.roll(len(figures))
    pick = figures[face - 1]
    m.event(EventKind.INFO, f"{m.name(uid)}'s fumbled shot goes astray into the melee: at "
             f"{m.name(pick)} (d{len(figures)}: {face})", uid, pick, data=Marker("stray"))
    shot = str(options.get("shot", "normal"))
    yield from strike(m, uid, pick, "shot", {"shot": "normal" if shot == "aimed" else shot}, stray=True)


class _Table:
    """What an exchange reads of the match between its steps (engine.exchange_types.ExchangeTable)."""

    def __init__(self, m: Match, by_name: Mapping[str, int]) -> None:
        self.m, self.by_name = m, by_name

    def participant(self, name: str) -> Participant | None:
        uid = self.by_name.get(name)
        return None if uid is None else self.m.participant(uid)

    def declared(self, name: str) -> bool:
        uid = self.by_name.get(name)
        return uid is not None and self.m.declared(uid) is not None

    def out(self, name: str) -> bool:
        return bool(self.m.view(self.by_name[name]).out)
