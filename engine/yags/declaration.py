"""What a Yags fighter declares for the round besides its action (stance, defences, dodges,
cover actions), and what the round does to the declaration (defences spent, overwhelming)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class YagsDeclaration:
    """What a Yags fighter declared for the round besides its action."""

    stance: str = "normal"
    defences: int = 1
    defended: frozenset[str] = frozenset()  # attackers a declared defence has gone to
    full_dodge: bool = False
    retreat_m: int = 0
    drawing: bool = False
    overwhelmed: int = 0
    lost_round: bool = False  # fumbled initiative: no attacks or defences this round
    initiative_zero: bool = False  # shock took initiative to 0: rolls halved, actions slow
    grappling: str | None = None  # grappled stance: whom the fighter holds or is held by
    cover_action: str | None = None  # "step_out" (firing from full cover), "cover_to_cover"

    def covers(self, attacker: str) -> bool:
        return not self.lost_round and attacker in self.defended
