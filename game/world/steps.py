"""The steps of a round as the world carries them out, for the turn driver (game/flow.py):
counting the round, opening and closing the declarations, the phase boundaries (the round's
phases act on them as esper processors: game/world/systems/phases.py), resolving a unit's
declared action or taking its turn, rolling initiative, and the victory test. It is also the
`RoundTable` a ruleset's round reads (engine/turn.py): who is standing, their initiative and
their declared action's speed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import esper

from engine.turn import Question
from game.world.actions import Action, Attack, kind_of
from game.world.components import Combatant, Initiative, Posture
from game.world.events import EventKind, Tally
from game.world.systems.autofire import fire
from game.world.systems.health import set_state
from game.world.systems.overwatch import after, before
from game.world.systems.phases import PHASES
from game.world.systems.under_way import carry_on

if TYPE_CHECKING:
    from game.world.match import Match


class RoundSteps:
    """The round's steps on one match."""

    def __init__(self, match: Match) -> None:
        self.m = match
        # Parts of declared actions waiting for a later initiative count this round (a
        # ruleset's TimingRules): (count, uid, part, the action that part is), as scheduled.
        self._later: list[tuple[int, int, int, Attack]] = []
        self._parts = 0

    def next_round(self) -> None:
        """Count the next round."""
        m = self.m
        m.use_world()
        m.round += 1
        m.phase = "declare"

    def open_declarations(self, order: Sequence[int]) -> None:
        """Units declare in `order` (engine.turn.Declare)."""
        m = self.m
        m.use_world()
        m.phase = "declare"
        m.turn.queue = list(order)
        m.turn.stance_at_start = {uid: m.component(uid, Posture).stance for uid in m.turn.queue}
        m.turn.watching = []

    def close_declarations(self) -> None:
        """Every declaration is in: a unit nobody declared for goes on with what it was doing
        (a reload, first aid, a kept overwatch), else holds."""
        m = self.m
        for uid in m.turn.queue:
            if m.declared(uid) is None and not m.view(uid).out:
                m.phase = "declare"
                m.declare_or_hold(uid, carry_on(m, uid))

    def phase_step(self, name: str) -> Iterator[Question]:
        """A phase boundary of the round (engine.turn.Phase): start, declared, move, end. The
        round's phases act on it (esper processors: game/world/systems/phases.py); yields the
        questions they ask."""
        m = self.m
        m.use_world()
        if name not in PHASES:
            raise ValueError(f"unknown phase {name!r}")
        if name == "start":
            self._later = []
        tasks: list[Iterator[Question]] = []
        esper.process(name, tasks)
        for task in tasks:
            yield from task

    def resolve_step(self, uid: int, phase: str) -> Iterator[Question]:
        """Carry out what `uid` declared, now (engine.turn.Resolve): the overwatches it
        triggers by acting go off before or after it. Yields the questions the action asks
        on the way (the flow answers them)."""
        m = self.m
        m.use_world()
        m.phase = phase
        if m.view(uid).out or uid in m.turn.acted:  # down, or its action came already (struck back)
            return
        later = yield from before(m, uid, phase)
        if not m.view(uid).out:
            yield from self._carry_out(uid)
            yield from after(m, uid, later)
        m.turn.acted.add(uid)
        yield from self._strike_back(uid, phase)

    def schedule(self, uid: int, count: int, action: Attack) -> None:
        """A part of `uid`'s declared action its ruleset put at initiative `count` this round
        (engine.capabilities.TimingRules); the round resolves it when the count comes."""
        self._parts += 1
        self._later.append((count, uid, self._parts, action))

    def resolve_part(self, uid: int, part: int, phase: str) -> Iterator[Question]:
        """Carry out a scheduled part of `uid`'s action (engine.turn.Resolve with a part): a
        shooter down by then makes it no more; a further shot at a target down by then is
        not fired (its round stays in the magazine; rules-notes)."""
        m = self.m
        m.use_world()
        found = [e for e in self._later if e[2] == part and e[1] == uid]
        self._later = [e for e in self._later if e[2] != part]
        if not found or m.view(uid).out or uid in m.turn.lost:
            return
        count, _, _, action = found[0]
        m.phase = phase
        t = m.view(action.target)
        if t.out:
            m.event(EventKind.INFO, f"{m.name(uid)} fires no further shot at initiative {count}: "
                     f"{t.name} is already down", uid, action.target)
            return
        m.event(EventKind.INFO, f"{m.name(uid)} fires again at initiative {count}", uid, action.target)
        yield from fire(m, uid, action)

    def _strike_back(self, uid: int, phase: str) -> Iterator[Question]:
        """The target of `uid`'s attack answers it at once with its own declared attack on
        `uid`, when the ruleset says so (`Ruleset.strikes_back`; Yags SF: the loser of
        initiative attacks back if still standing); its own turn is then spent."""
        m = self.m
        d = m.declared(uid)
        t = kind_of(d.action).strikes_at(d.action) if d is not None else None
        if d is None or t is None or m.over:
            return
        td = m.declared(t) if m.has_unit(t) else None
        if (td is None or kind_of(td.action).strikes_at(td.action) != uid or t in m.turn.acted
                or t in m.turn.lost or m.view(t).out or m.view(uid).out):
            return
        if not m.rules.strikes_back(m.participant(uid), m.participant(t), kind_of(d.action).mode(d.action)):
            return
        m.event(EventKind.INFO, f"{m.name(t)} strikes back at {m.name(uid)}", t, uid)
        m.turn.acted.add(t)
        yield from self._carry_out(t)

    def _carry_out(self, uid: int) -> Iterator[Question]:
        m = self.m
        d = m.declared(uid)
        if d is None:
            return
        if uid in m.turn.lost:
            why = "is exhausted and rests" if uid in m.turn.resting else "is held"
            m.event(EventKind.INFO, f"{m.name(uid)} {why}: its action is lost", uid)
            return
        if kind_of(d.action).strikes_at(d.action) is not None and self._regains_feet(uid):
            return
        yield from kind_of(d.action).resolve(m, uid, d.action)

    def _regains_feet(self, uid: int) -> bool:
        """A unit knocked down before its declared attack came spends that attack regaining
        its feet, when its ruleset says so (`regains_feet`, a ruleset's optional capability;
        Yags SF, Knockdown: "prone until they regain their feet, which takes an attack
        action"). True: the action is spent."""
        m = self.m
        regains = getattr(m.rules, "regains_feet", None)
        if regains is None:
            return False
        c = m.component(uid, Combatant)
        state = regains(c.combatant, c.state)
        if state is None:
            return False
        set_state(m, uid, state)
        m.write(uid, Posture, stance="normal")
        m.event(EventKind.STATUS, f"{m.name(uid)} regains his feet: his attack action is spent", uid)
        return True

    def act_step(self, uid: int, action: Action, choices: Mapping[str, Any], phase: str) -> Iterator[Question]:
        """`uid` takes its turn (engine.turn.Act): its action is declared and carried out at
        once (a refused one holds). Yields the questions the action asks on the way."""
        m = self.m
        self.open_declarations([uid])
        m.turn.acted.discard(uid)  # a Turn is an action of its own, whatever came before it this round
        action = m.declare_or_hold(uid, action, **dict(choices))[0]
        yield from self.resolve_step(uid, phase)
        if not m.view(uid).out:
            c = m.component(uid, Combatant)
            d = m.declared(uid)
            set_state(m, uid, m.rules.acted(c.combatant, c.state, kind_of(action).tag,
                                            m.declarations.intent_of(action),
                                            declaration=d.ruleset_decl if d is not None else None))
            self._contest(uid)

    def _contest(self, uid: int) -> None:
        """A contest the Turn starts with the foes engaging `uid` (the ruleset's
        `turn_contest`; Mythras: Outmaneuver's group roll): their states and its lines."""
        m = self.m
        rules = m.rules.choice_rules
        if rules is None:
            return
        v = m.view(uid)
        foes = [e for e in m.enemies_of(uid) if not e.out and m.rules.weapon_facts(e.combatant).melee
                and m.topology.steps(v.pos, e.pos) <= m.rules.weapon_facts(e.combatant).reach_tiles]
        out = rules.turn_contest(m.dice, m.participant(uid), [m.participant(e.uid) for e in foes])
        if out is None:
            return
        state, others, lines = out
        for line in lines:
            m.event(EventKind.ROLL if not line.startswith(v.name + " outmanoeuvres") else EventKind.STATUS, line, uid)
        set_state(m, uid, state)
        for e in foes:
            if e.name in others:
                set_state(m, e.uid, others[e.name])

    def roll_initiative_all(self) -> None:
        """Roll initiative for every unit still in the fight (engine.turn.Initiative: rulesets
        that roll it every round, or after declarations)."""
        m = self.m
        m.use_world()
        for uid in self.living():
            c = m.component(uid, Combatant)
            d = m.declared(uid)
            value, roll = m.rules.roll_initiative(m.dice, c.combatant, c.state, d.ruleset_decl if d is not None else None)
            m.put(uid, Initiative(value, roll.fumble, roll.fumble))
            m.event(EventKind.INITIATIVE, f"{m.name(uid)} {roll.describe()}", uid)

    def action_speed_of(self, uid: int) -> str | None:
        """When `uid`'s declared action resolves this round; None when it declared nothing or
        an action that acts only when triggered (an overwatch)."""
        m = self.m
        d = m.declared(uid)
        if d is None:
            return None
        return kind_of(d.action).speed(m, uid, d.action)

    def check_victory(self, final: bool) -> bool:
        """Is the match decided? (`final`: the round is over, so the map's objectives are
        judged and `max_rounds` counts.) A side with none standing and some that left by an
        exit is not eliminated."""
        m = self.m
        if m.winner is not None:
            return True
        verdict = m.objectives.judge() if final and m.objectives else None
        standing = {team: len(m.units(team, living=True)) for team in m.teams}
        alive = [t for t, n in standing.items() if n > 0 or (m.exited(t))]
        text = ""
        if verdict is not None:
            m.decide(verdict.winner, "objective", verdict.objectives)
            names = ", ".join(repr(n) for n in verdict.objectives)
            text = (f"{m.winner} wins by objective {names}" if m.winner != "draw"
                    else f"draw: both sides met their objectives ({names})")
        elif len(alive) <= 1:
            m.decide(alive[0] if alive else "draw")
        elif final and m.round >= m.max_rounds:
            m.decide(m.grid.at_time, "time")
            if m.winner != "draw":
                text = f"time: {m.winner} wins"
        if m.winner is not None:
            m.phase = "over"
            m.event(EventKind.VICTORY, text or (f"{m.winner} wins" if m.winner != "draw" else "draw"),
                     data=Tally(standing))
            return True
        return False

    # --- what the ruleset's round reads (engine.turn.RoundTable) ---------------------------

    @property
    def over(self) -> bool:
        return self.m.over

    def living(self) -> list[int]:
        return [v.uid for v in self.m.units(living=True)]

    def combatant(self, uid: int) -> Any:
        return self.m.view(uid).combatant

    def state(self, uid: int) -> Any:
        return self.m.view(uid).state

    def initiative(self, uid: int) -> int:
        return self.m.view(uid).initiative

    def fumbled(self, uid: int) -> bool:
        return bool(self.m.component(uid, Initiative).fumbled)

    def speed(self, uid: int) -> str | None:
        return self.action_speed_of(uid)

    def later(self) -> list[tuple[int, int, int]]:
        return [(count, uid, part) for count, uid, part, _ in self._later]
