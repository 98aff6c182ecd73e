"""The `random` AI level: any legal declaration, chosen at random (seeded per team).

The other levels are `game.ai.tactical.TacticalAI` driven by game/data/ai_levels.toml.
"""

from __future__ import annotations

import random
from typing import Any

from engine.outcome import Impossible
from engine.turn import Question
from game.ai import answers
from game.world import geometry as geo
from game.world.actions import Aim, AreaFire, Attack, FirstAid, Hold, Move, Throw, plain_actions
from game.world.match import Match

Decision = tuple[Any, dict[str, Any]]
MIN_HARM = 0.05  # expected levels below this: a hopeless shot, better to close in


class RandomAI:
    """Any legal declaration, chosen at random (seeded per team): first a kind of action at
    random (a hold, a move in any mode, an attack on a visible enemy in any mode of its weapon
    and any shot type, area fire, a grenade, aiming, a full dodge, a reload, standing up,
    first aid, picking up a dropped weapon), then one of that kind, with a random stance and
    number of defences; the next kind when none of it is legal (`match.check` says)."""

    SHOTS = (None, "snap", "careful")
    STANCES = (None, None, "crouched", "prone", "aggressive", "defensive")

    def __init__(self, seed: int, team: str) -> None:
        self.rng = random.Random(f"{seed}-{team}-random")

    def _options(self, match: Match, uid: int) -> list[list[Any]]:
        """The candidate declarations grouped by kind (so a kind with many targets is not
        picked more often than one with a single choice)."""
        rng = self.rng
        v = match.view(uid)
        facts = match.rules.weapon_facts(v.combatant)
        moves, attacks, areas, throws, aims, aid = [], [], [], [], [], [FirstAid(uid)]
        # One search for the mode that goes furthest; the others' tiles are those within
        # their own allowance (geo.within: what `reachable` gives for them).
        allowance = match.allowance_in(uid)
        widest = max(("free", "run", "sprint"), key=allowance.__getitem__)
        reached = match.movement.reachable(uid, widest)
        for mode in ("free", "run", "sprint"):
            tiles = sorted(reached if mode == widest else geo.within(reached, allowance[mode]))
            if tiles:
                path = match.movement.path(uid, rng.choice(tiles))
                if path:
                    moves.append(Move(tuple(path), mode))
        visible = match.sight.visible_enemies(uid)
        for e in visible:
            aims.append(Aim(e.uid))
            for mode in facts.modes:
                if mode in ("area", "suppress"):
                    areas.append(AreaFire(e.pos, suppressive=(mode == "suppress")))
                elif mode != "melee":
                    shot = rng.choice(self.SHOTS)
                    attacks.append(Attack(e.uid, mode, {"shot": shot} if shot else {}))
        if facts.melee:
            attacks += [Attack(e.uid, "melee") for e in match.enemies_of(uid)]
        for weapon in v.grenades[:1]:
            throws += [Throw(weapon, e.pos) for e in visible]
        for f in match.units(v.team, living=True):
            if f.uid != uid and max(abs(f.pos[0] - v.pos[0]), abs(f.pos[1] - v.pos[1])) <= 1:
                aid.append(FirstAid(f.uid))
        # one of each action with nothing to choose (hold, reload, stand up, dodge, pick up...)
        kinds: list[list[Any]] = [[a] for a in plain_actions()]
        kinds += [aid, moves, attacks, areas, throws, aims]
        return [k for k in kinds if k]

    def choose(self, match: Match, question: Question) -> Any:
        """The answer to a question of the turn driver (game/flow.py): a declaration or a
        turn's action is `decide`."""
        if question.kind in ("declare", "act"):
            return self.decide(match, question.uid)
        return answers.answer(question, self.rng)

    def decide(self, match: Match, uid: int) -> Decision:
        kinds = self._options(match, uid)
        self.rng.shuffle(kinds)
        for options in kinds:
            for action in self.rng.sample(options, len(options)):
                stance = self.rng.choice(self.STANCES)
                choices: dict[str, Any] = {"defences": self.rng.randint(0, 2)}
                if stance:
                    choices["stance"] = stance
                if not isinstance(match.check(uid, action, stance, defences=choices["defences"]), Impossible):
                    return action, choices
                if not isinstance(match.check(uid, action), Impossible):
                    return action, {}
        return Hold(), {}
