"""What a session is made from and what it records of each round: the configuration (the
map, the mode, the AI levels, the squads, the ruleset, fog, standing orders: saves keep it)
and `RoundRecord`, one round's declarations, calls and answers (saves and undo replay
them). `game.session` (the match as people play it) gives both."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.world.actions import Action

MODES = ("solo", "hotseat", "watch")


@dataclass
class SessionConfig:
    map_path: str
    mode: str = "solo"
    ai: str = "normal"
    seed: int = 1
    max_rounds: int | None = None
    human_team: str = "blue"
    # the squad per side: a squad id from game/data/squads.toml, or MAP_UNITS ("" too: the
    # map's own units when it has them, else the default squad)
    blue_squad: str = ""
    red_squad: str = ""
    ruleset: str | None = None  # None: the map's ruleset property, else yags
    # an AI level per side where it differs from `ai` (watch mode: blue easy, red hard)
    ais: dict[str, str] = field(default_factory=dict)
    # fog of war (issue 17): True or False; None: the map's property `fog`, else on for solo
    # and hot-seat, off for watch (game.sim.choose_fog; new_session settles it)
    fog: bool | None = False
    ai_sees_all: bool = False  # the AI decides from the whole board even with fog
    blue_deployment: str = ""  # a `deploy NAME` layer of the map per side ("": the map's units layer)
    red_deployment: str = ""
    # standing orders for an AI side (docs/tactics.md): team -> (the file's path, its text)
    tactics: dict[str, tuple[str, str]] = field(default_factory=dict)

    def ai_of(self, team: str) -> str:
        """The AI level of `team`'s side."""
        return self.ais.get(team) or self.ai


MAP_UNITS = "map units"


@dataclass
class RoundRecord:
    """What was declared in one round, in declaration order (replayed by saves)."""

    round: int
    declarations: list[tuple[int, Action, dict[str, Any]]] = field(default_factory=list)
    # every accepted declare call in order, changes included, and whether the AI decided it:
    # replaying these reproduces the match (and the AI's random state) exactly
    calls: list[tuple[int, Action, dict[str, Any], bool]] = field(default_factory=list)
    # the players' answers to the round's other questions (a turn's action, a reaction, the
    # effects chosen), in order: (unit asked, kind, answer)
    answers: list[tuple[int, str, Any]] = field(default_factory=list)
    resolved: bool = False
