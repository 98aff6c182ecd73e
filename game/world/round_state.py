"""What a round keeps about its units while it runs: the declaring order, who has acted, who
lost the rest of the round, who is on overwatch, the bursts aimed at each unit. The match
holds one (`Match.turn`); the turn driver's steps
(game/world/steps.py) start it afresh each round and the systems read and add to it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class RoundState:
    queue: list[int] = field(default_factory=list)  # the units that declare, in the round's order
    stance_at_start: dict[int, str] = field(default_factory=dict)  # each unit's posture as the round began
    acted: set[int] = field(default_factory=set)  # units whose action this round has come (or been skipped)
    lost: set[int] = field(default_factory=set)  # units that lost the rest of this round (grappled, exhausted)
    resting: set[int] = field(default_factory=set)  # of those, the ones that became exhausted this round
    watching: list[int] = field(default_factory=list)  # units on overwatch this round (as it resolves)
    # bursts aimed at a unit this round, each noting whether it was in 90% cover (its bullet
    # shyness check at the round's end takes them)
    pressure: dict[int, list[bool]] = field(default_factory=dict)
