"""Combat: an attack resolved by the ruleset and applied, with what its fumbles do: a jam, a
dropped weapon (and picking it up again), a shot gone astray into a melee
(yags-combat.md, Fumbling an attack; Missile fumbles; Firing into melee; Disarm).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping
from dataclasses import replace
from typing import Any

from engine.outcome import Impossible
from engine.turn import Question
from game.world.components import Ammo, Combatant, Dropped
from game.world.events import EventKind, GearNote, Marker
from game.world.systems import System


class CombatSystem(System):
    """Attacks carried out: the ruleset's rolls applied to the world."""

    def strike(self, uid: int, target: int, mode: str, options: Mapping[str, Any], others: tuple = (),
               stray: bool = False) -> Generator[Question, Any, list[Any]]:
        """Resolve an attack and apply its results; returns the results. A jam stops the
        shots after it (their rounds stay in the magazine); a shot gone astray (`stray`) is
        rolled with no crowd fumble and its fumble is a plain miss."""
        m = self.m
        if m.vision is not None:  # fog of war: an attack gives the attacker away; an attacker
            m.vision.reveal(uid)  # the target's side did not know of as the round began is an unknown target
            if not m.vision.knew(m.view(target).team, uid) and not options.get("unaware"):
                options = {**options, "unaware": True, "surprise": True}
        d = m.declared(target)
        if d is not None and not options.get("unaware") and m.rules.takes_defence(mode):  # an unaware target spends no defence on it
            m.put(target, replace(d, ruleset_decl=m.rules.note_attacked(d.ruleset_decl, m.name(uid))))
        mine = m.declared(uid)
        if mine is not None and mode == "melee":
            m.put(uid, replace(mine, ruleset_decl=m.rules.note_attacked(mine.ruleset_decl, m.name(target))))
        request = m.range.request(uid, target, mode, options)
        if others:
            request = replace(request, others=others)
        if stray:
            request = replace(request, situation=replace(request.situation, target_melee_crowd=0))
        asks = m.rules.choice_rules  # None: the ruleset asks nothing in the middle of an attack
        if asks is not None:
            request = asks.before_reaction(m.dice, request)
            question = asks.reaction(request)
            if question is not None:  # the defender chooses its reaction (before the roll, or after the first)
                key = yield replace(question, uid=target)
                request = replace(request, options={**request.options, "reaction": key})
                c = m.component(target, Combatant)
                m.health.set_state(target, asks.react(c.combatant, c.state, key))
                request = replace(request, target=m.participant(target))
        by_name = {name: u for u, name in m.names.items()}
        results = m.rules.resolve(m.dice, request)
        done: list[Any] = []
        for r in results:
            hit_uid = by_name.get(r.target, target) if not isinstance(r, Impossible) else target
            if not isinstance(r, Impossible):
                r = yield from self.effects(uid, r)
            self.log_result(uid, hit_uid, r)
            done.append(r)
            if isinstance(r, Impossible):
                continue
            m.health.apply(hit_uid, r, uid)
            m.health.cost_attacker(uid, r)
            for effect in m.rules.turn_effects(r):  # on the target's declaration (a defence spent)
                m.engagement.redeclare(hit_uid, effect, m.name(uid))
            for effect in r.effects:  # the blow goes on to another (strike:HOW:NAME)
                if effect.startswith("strike:"):
                    how, _, name = effect[len("strike:"):].partition(":")
                    victim = by_name.get(name)
                    if victim is not None and not m.view(victim).out and not m.view(uid).out:
                        yield from self.strike(uid, victim, "melee" if mode == "melee" else "shot",
                                               {"stray": how}, stray=True)
            outcome = None if stray else r.fumble_outcome
            if outcome == "drop_weapon":
                self.drop_weapon(uid, "fumbles and drops")
            elif outcome == "random_target":
                yield from self.stray(uid, hit_uid, mode, options)
            elif outcome == "jam":
                self.jam(uid)
                unfired = len(results) - len(done)
                ammo = m.try_component(uid, Ammo)
                if unfired and ammo is not None:
                    each = m.rules.ammo_use(m.view(uid).combatant, mode, {**options, "shots": 1, "bursts": 1})
                    ammo.loaded = min(ammo.capacity, ammo.loaded + each * unfired)
                    m.event(EventKind.INFO, f"{m.name(uid)}'s {unfired} further "
                             f"{'shot' if mode == 'shot' else 'burst'}{'s' if unfired > 1 else ''} not fired", uid)
                break
            if m.view(uid).out:
                break
        return done

    def effects(self, uid: int, r: Any) -> Generator[Question, Any, Any]:
        """The result with its special effects, chosen by the winner of the contest (the
        ruleset's question, asked of `about["chooser"]`, else of the attacker `uid`). Under fog
        of war the chooser's side is shown only the options naming units it sees (a bystander
        it has not noticed is not named; with none left it is asked nothing; rules-notes)."""
        m = self.m
        asks = m.rules.choice_rules
        question = asks.effects(r) if asks is not None else None
        if asks is None or question is None:
            return r
        chooser = {m.name(u): u for u in m.uids()}.get(str(question.about.get("chooser", "")), uid)
        if m.vision is not None:
            question = m.vision.known_options(m.view(chooser).team, question)
        keys = (yield replace(question, uid=chooser)) if question.options else ()
        return asks.with_effects(r, tuple(keys))

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
