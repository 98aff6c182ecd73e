"""The tactical AI: one controller, driven by a level's data (game/data/ai_levels.toml).

It reads the match only through the public queries the player's UI uses (views, reachable
tiles, sight, cover, the exact preview, the declarations already made this round). Per-round
facts (every unit's view, who sees whom) are computed once a round and cached; only the few
best candidate targets are previewed, so a decision stays fast on the largest map.
"""

from __future__ import annotations

from typing import Any

from engine.outcome import Impossible
from engine.turn import Question
from game.ai import answers
from game.ai.fogsight import watch_for
from game.ai.tactical_attacks import (  # noqa: F401
    SAFE_HARM,
    TacticalAttacks,
    _ammo_time,
    blast_harm,
    grenade_safe,
)
from game.ai.tactical_base import COVER_RANK, FIRE_MODES, Decision, RoundFacts, Tile, expected_harm  # noqa: F401
from game.ai.tactical_moves import TacticalMoves
from game.ai.tactical_objectives import TacticalObjectives
from game.world.actions import Attack, FullDodge, Hold, Reload, Stand, kind_of, mending
from game.world.match import Match, UnitView


class TacticalAI(TacticalAttacks, TacticalMoves, TacticalObjectives):
    """Decides one unit's declaration; all levels but `random` are this class with other data."""

    def choose(self, match: Match, question: Question) -> Any:
        """The answer to a question of the turn driver (game/flow.py): a declaration or a
        turn's action is `decide`."""
        if question.kind in ("declare", "act"):
            return self.decide(match, question.uid)
        return answers.answer(question)

    def decide(self, match: Match, uid: int) -> Decision:
        if self.level.mistake_rate and self.rng.random() < self.level.mistake_rate:
            return self.random.decide(match, uid)
        f = self.facts(match)
        me = match.view(uid)
        f.note(me)
        self._before = self._stood.get(uid)
        self._stood[uid] = (match.round, me.pos)
        enemies = f.living(enemy_of=me.team)
        duty = self.duty(match, me)
        if not enemies:
            if duty is not None and duty.field is not None and not duty.there:
                move = self._advance(match, me, enemies, match.rules.weapon_facts(me.combatant), duty.field)
                if not isinstance(match.check(uid, move), Impossible):
                    return move, {}
            return Hold(), {}
        for action, choices in self._candidates(match, me, enemies, duty):
            if not isinstance(match.check(uid, action), Impossible):
                return action, self._rule_choices(match, me, action, choices, enemies)
        return Hold(), self._rule_choices(match, me, Hold(), {"defences": self._defences(match, me, enemies, attacking=False)},
                                          enemies)

    def _rule_choices(self, match: Match, me: UnitView, action: Any, choices: dict[str, Any],
                      enemies: list[UnitView]) -> dict[str, Any]:
        """`choices` with what the ruleset's choices capability has the AI take with the
        action (Mythras: a ward, Brace, Steady Weapon), when the declaration stays legal."""
        rules = match.rules.choice_rules
        if rules is None:
            return choices
        foes = [(e.combatant, match.topology.steps(me.pos, e.pos) <= match.rules.weapon_facts(e.combatant).reach_tiles
                 and match.rules.weapon_facts(e.combatant).melee) for e in self.seen_among(match, me, enemies)]
        stance = str(choices.get("stance") or (me.stance if me.stance in ("prone", "crouched") else "normal"))
        extra = rules.ai_choices(me.combatant, me.state, match.declarations.intent_of(action), stance, foes)
        if not extra:
            return choices
        out = {**choices, **extra}
        if isinstance(match.check(me.uid, action, choices.get("stance"), **{k: v for k, v in out.items() if k != "stance"}),
                      Impossible):
            return choices
        return out

    def _defences(self, match: Match, me: UnitView, enemies: list[UnitView], attacking: bool) -> int:
        """The first defence costs nothing (Defence: -10 per defence after the first), so it
        is always declared: it covers a shot, a blow or a grenade from anywhere (Taking
        Cover). A second (-10 to everything) when many enemies see it and it is not
        attacking (level data)."""
        if attacking and match.rules.defences_cost_actions():
            return 0  # a defence would cost the attack a step (the ruleset says)
        if not self.level.extra_defences or attacking:
            return 1
        seeing = sum(1 for e in enemies if not match.rules.weapon_facts(e.combatant).melee and self.sees(match, e, me))
        return 2 if seeing >= self.level.extra_defences else 1

    def _candidates(self, match: Match, me: UnitView, enemies: list[UnitView], duty: Any = None):
        """Decisions in order of preference; the first legal one is declared. `duty`: where
        the map's objectives send the unit (game/ai/tactical_objectives.py), or None."""
        facts = match.rules.weapon_facts(me.combatant)
        visible = self.seen_among(match, me, enemies)
        d1 = self._defences(match, me, enemies, attacking=True)
        d0 = self._defences(match, me, enemies, attacking=False)
        health = match.rules.health_facts(me.state)
        # Badly hurt, it saves itself, unless its side has the upper hand in numbers: then it
        # presses on (else both sides' hurt end up hiding from each other until time runs out).
        hurt = (max(health.wounds, health.stuns) >= self.level.hurt_level
                and len(self.facts(match).living(team=me.team)) <= len(enemies))
        ammo = me.ammo
        if ammo is not None and ammo.reload_left:
            yield Reload(), {"defences": d0}  # reloading is the round's action: go on with it
            if visible:
                yield FullDodge(), {}
            yield Hold(), {"defences": d0}
            return
        if ammo is not None and ammo.jammed:
            yield Reload(), {"defences": d0}  # clear the jam
        for mend in mending(match, me.uid):  # (a dropped weapon: picked up)
            yield mend, {"defences": d0}
        holder = match.rules.held_by(me.state)  # step dice: held in a grapple, it breaks free first
        if holder is not None:
            for e in enemies:
                if e.name == holder:
                    yield Attack(e.uid, "melee", {"manoeuvre": "break_free"}), {"defences": d1}
        if health.prone and me.stance == "prone":
            yield Stand(), {"defences": d0}  # the rules laid it down (an evade, a trip): it gets up
        if hurt and visible and not facts.melee:
            tile = match.topology.full_cover_within(me.pos, match.movement_allowance(me.uid)["free"],
                                                    [e.pos for e in visible])
            if tile is not None and tile != me.pos and tile not in match.movement.taken(me.uid, self.sees_all):
                yield FullDodge(tile), {}
            away = self._withdraw(match, me, visible)
            if away is not None:
                yield away, {"defences": d0}
        if ammo is not None and ammo.magazines > 0 and (
                ammo.loaded == 0 or ammo.loaded < max(1, self.level.reload_below * ammo.capacity)):
            if not visible or ammo.loaded == 0:
                yield Reload(), {"defences": d0}
        options: list[tuple[float, Any]] = []
        if me.grenades:
            g = self._grenade(match, me, visible, enemies)
            if g is not None:
                options.append(g)
        going = None
        if duty is not None and duty.field is not None and not duty.there:
            going = self._advance(match, me, enemies, facts, duty.field)
        if facts.melee:
            yield from self._melee(match, me, enemies, d1)
            if going is not None:
                yield going, {"defences": d0}
            if duty is not None:
                yield Hold(), {"defences": d0}
            yield self._advance(match, me, enemies, facts), {"defences": d0}
            return
        if going is not None:
            options.append((self.w["objective"], going))
        if ammo is None or ammo.loaded > 0:
            # Their previews share each target's request: nothing in the match changes between.
            requests: dict = {}
            options.extend(self._shots(match, me, visible, facts, requests))
            a = self._area(match, me, visible, facts, requests)
            if a is not None:
                options.append(a)
        options.sort(key=lambda o: -o[0])
        for score, action in options:
            if score >= self.level.min_harm:
                kind = kind_of(action)
                aimed_at = kind.strikes_at(action)
                if aimed_at is not None:  # an attack on a unit: from a step to cover, if one is
                    target = self.facts(match).views[aimed_at]
                    path = self._cover_step(match, me, target, visible)
                    if path:
                        yield kind.on_the_way(action, tuple(path)), {"defences": d1}
                yield action, {"defences": d1}
        if ammo is not None and ammo.loaded < ammo.capacity and ammo.magazines > 0 and (
                ammo.loaded < max(1, self.level.reload_below * ammo.capacity)):
            yield Reload(), {"defences": d0}
        if not visible and self.fogged(match):
            watch = watch_for(match, me, self.facts(match), enemies, facts, self._watched)
            if watch is not None:
                yield watch, {"defences": d0}
        if duty is not None:
            yield Hold(), {"defences": d0}  # at its post (or on its way: the move came above)
        yield self._advance(match, me, enemies, facts), {"defences": d0}

    # --- attacks --------------------------------------------------------------------------


