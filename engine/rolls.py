"""Every roll is a value: its die, each named term, the total, the target and the degree.

The combat log prints `Roll.describe()`, e.g.
`Dex 4 x Rifles 5 + attack +9 + d20 (13) = 42 vs defence 15 + distance +10 = 25: good success`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LEVEL_NAMES = ("failure", "success", "good", "excellent", "superb", "fantastic", "amazing")


@dataclass(frozen=True)
class Term:
    """One named addend of a roll or of a target (`attack +9`, `Dex 4 x Rifles 5`)."""

    name: str
    value: int
    # Text shown instead of `name value` when the term is self-describing (`Dex 4 x Rifles 5`).
    shown: str | None = None

    def describe(self, first: bool = False) -> str:
        if self.shown is not None:
            return self.shown
        if first:
            return f"{self.name} {self.value}"
        return f"{self.name} {self.value:+d}"


@dataclass(frozen=True)
class Roll:
    """A resolved roll. `die` is the natural face (None for rolls with no die, e.g. auto hits)."""

    label: str
    terms: tuple[Term, ...]
    die: int | None
    total: int
    target: int | None = None
    target_terms: tuple[Term, ...] = ()
    level: int | None = None  # 0 failure .. 6 amazing; None when there is no target
    fumble: bool = False
    halved: bool = False
    notes: tuple[str, ...] = field(default=())

    @property
    def success(self) -> bool:
        return bool(self.level) and not self.fumble

    @property
    def margin(self) -> int | None:
        return None if self.target is None else self.total - self.target

    def describe(self) -> str:
        parts = [t.describe(first=(i == 0)) for i, t in enumerate(self.terms)]
        if self.die is not None:
            parts.append(f"d20 ({self.die})")
        text = " + ".join(parts) if parts else "0"
        if self.halved:
            text = f"({text}) / 2"
        text += f" = {self.total}"
        if self.target is not None:
            if self.target_terms:
                tparts = [t.describe(first=(i == 0)) for i, t in enumerate(self.target_terms)]
                ttext = " + ".join(tparts)
                if len(self.target_terms) > 1:
                    ttext += f" = {self.target}"
            else:
                ttext = str(self.target)
            text += f" vs {ttext}"
            if self.fumble:
                text += ": fumble"
            elif self.level is not None:
                text += f": {LEVEL_NAMES[self.level]}"
        elif self.fumble:
            text += ": fumble"
        if self.notes:
            text += " [" + "; ".join(self.notes) + "]"
        return f"{self.label}: {text}"
