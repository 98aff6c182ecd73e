"""Combat: an attack resolved by the ruleset and applied, with what its fumbles do: a jam, a
dropped weapon (and picking it up again), a shot gone astray into a melee
(yags-combat.md, Fumbling an attack; Missile fumbles; Firing into melee; Disarm).
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
from game.world.components import Ammo, Combatant, Dropped
from game.world.events import EventKind, GearNote, Marker
from game.world.systems import System

if TYPE_CHECKING:
    from game.world.match import Match


class CombatSystem(System):
    """Attacks carried out: the ruleset's rolls applied to the world."""

    def strike(self, uid: int, target: int, mode: str, options: Mapping[str, Any], others: tuple = (),
               stray: bool = False) -> Generator[Question, Any, list[Any]]:
        """An attack: the ruleset's exchange (`Ruleset.resolve_exchange`) driven to its end;
        returns its results. Fog of war: the attack gives the attacker away, and one the
        target's side did not know of as the round began comes unaware. `stray`: a blow gone
        astray or on to another (rolled with no crowd fumble; its fumble a plain miss)."""
        m = self.m
        if m.vision is not None:  # fog of war: an attack gives the attacker away; an attacker
            m.vision.reveal(uid)  # the target's side did not know of as the round began is an unknown target
            if not m.vision.knew(m.view(target).team, uid) and not options.get("unaware"):
                options = {**options, "unaware": True, "surprise": True}
        request = m.range.request(uid, target, mode, options)
        if others:
            request = replace(request, others=others)
        return (yield from self.drive(uid, target, ExchangeRequest(request, "stray" if stray else "attack"), options))

    def drive(self, uid: int, target: int, request: ExchangeRequest, given: Mapping[str, Any] | None = None, *,
              jammed: Callable[[Jammed], None] | None = None,
              harmed: Callable[[int], None] | None = None) -> Generator[Question, Any, list[Any]]:
        """Drive the ruleset's exchange: each question (`Ask`) asked of the unit it names (its
        side's controller answers), every other step carried out at once (engine/exchange_types.py);
        returns the results. `given`: the attack's options as the action gave them (a shot
        astray and the rounds a jam keeps read them; by default the request's). `jammed`
        carries out a jam (by default the weapon jams and the
        shots not fired keep their rounds); `harmed` is told of each unit a result lands on,
        before it is applied (area fire's bullet shyness)."""
        m = self.m
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
                answer = yield from self.ask(uid, target, step, by_name)
            elif isinstance(step, Redeclared):
                who = by_name[step.holder]
                d = m.declared(who)
                if d is not None:
                    m.put(who, replace(d, ruleset_decl=step.declaration))
            elif isinstance(step, Reacted):
                m.health.set_state(by_name[step.holder], step.state)
            elif isinstance(step, Rolled):
                at = None if step.target is None else by_name.get(step.target, target)
                struck = target if at is None else at
                self.log_result(uid, at, step.result)
            elif isinstance(step, Harmed):
                if harmed is not None:
                    harmed(by_name[step.target])
                m.health.land(by_name[step.target], step, uid)
            elif isinstance(step, Spent):
                m.health.spend(uid, step.applied)
            elif isinstance(step, GoesOn):  # the blow goes on to another
                victim = by_name.get(step.victim)
                if victim is not None and not m.view(victim).out and not m.view(uid).out:
                    yield from self.strike(uid, victim, "melee" if mode == "melee" else "shot",
                                           {"stray": step.how}, stray=True)
            elif isinstance(step, DropsWeapon):
                self.drop_weapon(uid, "fumbles and drops")
            elif isinstance(step, Astray):
                yield from self.stray(uid, struck, mode, options)
            elif isinstance(step, Jammed):
                (jammed or (lambda j: self.jam_volley(uid, mode, options, j)))(step)

    def ask(self, uid: int, target: int, step: Ask, by_name: Mapping[str, int]) -> Generator[Question, Any, Any]:
        """An exchange's question, asked of the unit it names: the defender's reaction; the
        winner's special effects (of the chooser, else of the attacker `uid`). Under fog of
        war the chooser's side is shown only the options naming units it sees (a bystander it
        has not noticed is not named; with none left it is asked nothing; rules-notes)."""
        m = self.m
        question = step.question
        if question.kind != "effects":
            return (yield replace(question, uid=by_name.get(step.of, target)))
        chooser = by_name.get(step.of, uid)
        if m.vision is not None:
            question = m.vision.known_options(m.view(chooser).team, question)
        return (yield replace(question, uid=chooser)) if question.options else ()

    def jam_volley(self, uid: int, mode: str, options: Mapping[str, Any], step: Jammed) -> None:
        """A jam stops the shots after it: their rounds stay in the magazine."""
        m = self.m
        self.jam(uid)
        unfired = step.unfired
        ammo = m.try_component(uid, Ammo)
        if unfired and ammo is not None:
            each = m.rules.ammo_use(m.view(uid).combatant, mode, {**options, "shots": 1, "bursts": 1})
            ammo.loaded = min(ammo.capacity, ammo.loaded + each * unfired)
            m.event(EventKind.INFO, f"{m.name(uid)}'s {unfired} further "
                     f"{'shot' if mode == 'shot' else 'burst'}{'s' if unfired > 1 else ''} not fired", uid)

    def log_result(self, uid: int, target: int | None, result: Any) -> None:
        """A result's lines in the log (its rolls and what they did), or why it could not be."""
        m = self.m
        if isinstance(result, Impossible):
            m.event(EventKind.INFO, f"{m.name(uid)}: {result.reason}", uid, target)
            return
        for line in result.describe().splitlines():
            m.event(EventKind.ATTACK, line, uid, target)

    def stray(self, uid: int, target: int, mode: str, options: Mapping[str, Any]) -> Iterator[Question]:
        """Firing into melee: "A fumble in this situation means that a random target is hit";
        "just assigning equal chance to everyone" - the target and each figure in close combat
        with it (the crowd the fumble chance counted). The shot is rolled at the figure picked,
        with no crowd fumble (a fumble of that roll is a plain miss)."""
        m = self.m
        t = m.view(target)
        figures = [target] + [w.uid for w in m.units(living=True)
                              if w.uid not in (uid, target) and w.team != t.team and m.topology.steps(w.pos, t.pos) == 1]
        partner = m.engagement.grappled_with(target)  # someone wrestling with it is in the melee too
        if partner is not None and partner != uid and partner not in figures and not m.view(partner).out:
            figures.append(partner)
        face = m.dice.roll(len(figures))
        pick = figures[face - 1]
        m.event(EventKind.INFO, f"{m.name(uid)}'s fumbled shot goes astray into the melee: at "
                 f"{m.name(pick)} (d{len(figures)}: {face})", uid, pick, data=Marker("stray"))
        shot = str(options.get("shot", "normal"))
        yield from self.strike(uid, pick, "shot", {"shot": "normal" if shot == "aimed" else shot}, stray=True)

    # --- weapons lost and found ---------------------------------------------------------------

    def dropped_weapon(self, uid: int) -> tuple[str, tuple[int, int]] | None:
        """The weapon `uid` dropped (its name) and the tile where it lies, or None."""
        self.m.use_world()
        d = self.m.try_component(uid, Dropped)
        return None if d is None else (d.name, d.tile)

    def drop_weapon(self, uid: int, how: str, tile: tuple[int, int] | None = None) -> bool:
        """The unit loses its weapon (Disarm: it "falls to the ground within a few metres";
        Fumbling an attack: "You lose your weapon"): it lies on the unit's tile and the unit
        fights with what it has left, its natural weapons, until it picks it up. A unit with
        nothing but natural weapons has nothing to drop. `tile`: where it lands (flung away),
        else at the unit's feet."""
        m = self.m
        if m.has_component(uid, Dropped):
            return False
        c = m.component(uid, Combatant)
        facts = m.rules.weapon_facts(c.combatant)
        bare = m.rules.make_combatant(m.rules.disarmed_spec(m.spec(uid)))
        if m.rules.weapon_facts(bare).name == facts.name:
            m.event(EventKind.INFO, f"{m.name(uid)} fights with its {facts.name.lower()}: nothing to drop", uid)
            return False
        ammo = m.try_component(uid, Ammo)
        if ammo is not None:
            m.drop(uid, Ammo)
            ammo.reload_left = 0
        tile = tile or m.view(uid).pos
        m.put(uid, Dropped(facts.name, tile, c.combatant, ammo))
        m.write(uid, Combatant, combatant=bare)
        m.event(EventKind.STATUS, f"{m.name(uid)} {how} the {facts.name}: it lies at {tile}", uid,
                 data=GearNote(weapon=facts.name, tile=tile))
        return True

    def pick_up(self, uid: int) -> None:
        """The unit picks up its dropped weapon, if it lies within reach."""
        m = self.m
        d = m.try_component(uid, Dropped)
        if d is None:
            return
        if m.topology.steps(m.view(uid).pos, d.tile) > 1:
            m.event(EventKind.INFO, f"{m.name(uid)} cannot reach the {d.name}", uid)
            return
        m.drop(uid, Dropped)
        m.write(uid, Combatant, combatant=d.armed)
        if d.ammo is not None:
            m.put(uid, d.ammo)
        m.event(EventKind.STATUS, f"{m.name(uid)} picks up the {d.name}", uid, data=GearNote(weapon=d.name))

    def jam(self, uid: int) -> None:
        """Missile fumbles: "An unreliable weapon will jam"; it fires no more until cleared."""
        m = self.m
        m.use_world()
        ammo = m.try_component(uid, Ammo)
        if ammo is None:
            return
        m.write(uid, Ammo, jammed=True)
        name = m.rules.weapon_facts(m.view(uid).combatant).name
        m.event(EventKind.AMMO, f"{m.name(uid)}'s {name} jams: it fires no more until cleared (reload)", uid,
                 data=GearNote(jammed=True))


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
