"""Combat: an attack resolved by the ruleset and applied, with what its fumbles do: a jam, a
dropped weapon (and picking it up again), a shot gone astray into a melee
(yags-combat.md, Fumbling an attack; Missile fumbles; Firing into melee; Disarm).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.outcome import Impossible
from engine.turn import Question
from game.world.components import Ammo, Combatant
from game.world.events import EventKind, Marker
from game.world.systems.gear import drop_weapon, jam
from game.world.systems.health import apply, cost_attacker, set_state
from game.world.systems.holds import redeclare
from game.world.systems.range import request as attack_request
from game.world.systems.reach import grappled_with

if TYPE_CHECKING:
    from game.world.match import Match


class CombatSystem:
    """Attacks carried out: the ruleset's rolls applied to the world (one match's; the
    functions below are the door the other systems and the actions use)."""

    def __init__(self, match: Match) -> None:
        self.m = match

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
        request = attack_request(m, uid, target, mode, options)
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
                set_state(m, target, asks.react(c.combatant, c.state, key))
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
            apply(m, hit_uid, r, uid)
            cost_attacker(m, uid, r)
            for effect in m.rules.turn_effects(r):  # on the target's declaration (a defence spent)
                redeclare(m, hit_uid, effect, m.name(uid))
            for effect in r.effects:  # the blow goes on to another (strike:HOW:NAME)
                if effect.startswith("strike:"):
                    how, _, name = effect[len("strike:"):].partition(":")
                    victim = by_name.get(name)
                    if victim is not None and not m.view(victim).out and not m.view(uid).out:
                        yield from self.strike(uid, victim, "melee" if mode == "melee" else "shot",
                                               {"stray": how}, stray=True)
            outcome = None if stray else r.fumble_outcome
            if outcome == "drop_weapon":
                drop_weapon(m, uid, "fumbles and drops")
            elif outcome == "random_target":
                yield from self.stray(uid, hit_uid, mode, options)
            elif outcome == "jam":
                jam(m, uid)
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
        partner = grappled_with(m, target)  # someone wrestling with it is in the melee too
        if partner is not None and partner != uid and partner not in figures and not m.view(partner).out:
            figures.append(partner)
        face = m.dice.roll(len(figures))
        pick = figures[face - 1]
        m.event(EventKind.INFO, f"{m.name(uid)}'s fumbled shot goes astray into the melee: at "
                 f"{m.name(pick)} (d{len(figures)}: {face})", uid, pick, data=Marker("stray"))
        shot = str(options.get("shot", "normal"))
        yield from self.strike(uid, pick, "shot", {"shot": "normal" if shot == "aimed" else shot}, stray=True)


# --- the door: what the other systems and the actions call --------------------------------------


def strike(m: Match, uid: int, target: int, mode: str, options: Mapping[str, Any], others: tuple = (),
           stray: bool = False) -> Generator[Question, Any, list[Any]]:
    """`CombatSystem.strike` on match `m`: an attack resolved and applied; its results."""
    return CombatSystem(m).strike(uid, target, mode, options, others, stray)


def effects(m: Match, uid: int, r: Any) -> Generator[Question, Any, Any]:
    """`CombatSystem.effects` on match `m`: the result with its special effects chosen."""
    return CombatSystem(m).effects(uid, r)


def log_result(m: Match, uid: int, target: int | None, result: Any) -> None:
    """`CombatSystem.log_result` on match `m`: a result's lines in the log."""
    CombatSystem(m).log_result(uid, target, result)
