"""engine/frozen.py: a frozen dataclass built by `maker` is the value its class builds (equal,
the same hash, repr and field order, `__post_init__` run), and every value the previews and
the round build that way in whole matches equals the one the class builds (CHECK)."""

import copy
from dataclasses import dataclass, field, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine.frozen as frozen
from engine.frozen import maker
from game.lab.simulate import simulate
from game.sim import DEFAULT_MAP


@dataclass(frozen=True)
class Sample:
    name: str
    value: int
    parts: tuple[int, ...] = ()
    box: list[int] = field(default_factory=list)
    shown: str | None = None

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError(f"negative value {self.value}")


make_sample = maker(Sample)


@given(st.text(max_size=5), st.integers(-3, 50), st.none() | st.tuples(st.integers(), st.integers()),
       st.lists(st.integers(), max_size=3), st.none() | st.text(max_size=3))
def test_made_equals_the_class(name, value, parts, box, shown):
    given_ = {"name": name, "value": value, "box": box}
    if parts is not None:
        given_["parts"] = parts
    if shown is not None:
        given_["shown"] = shown
    if value < 0:  # __post_init__ runs: the same error
        with pytest.raises(ValueError, match="negative value"):
            make_sample(**given_)
        with pytest.raises(ValueError, match="negative value"):
            Sample(**given_)
        return
    fast, slow = make_sample(**given_), Sample(**given_)
    assert fast == slow and hash((fast.name, fast.value, fast.parts)) == hash((slow.name, slow.value, slow.parts))
    assert repr(fast) == repr(slow) and list(vars(fast)) == list(vars(slow))
    with pytest.raises(AttributeError):
        fast.value = 1  # type: ignore[misc]  # still frozen
    assert copy.deepcopy(fast) == slow and replace(fast, value=value + 1) == replace(slow, value=value + 1)


def test_check_catches_a_wrong_or_missing_field(monkeypatch):
    monkeypatch.setattr(frozen, "CHECK", True)
    with pytest.raises(TypeError):
        make_sample(name="a", value=1, box=[], colour="red")  # no such field
    with pytest.raises(TypeError):
        make_sample(name="a", box=[])  # value (required) not given
    with pytest.raises(AssertionError):
        make_sample(name="a", value=1)  # box (a default_factory) not given: the class makes []


def test_only_frozen_dataclasses_without_slots():
    @dataclass
    class Plain:
        x: int

    @dataclass(frozen=True, slots=True)
    class Slotted:
        x: int

    for cls in (Plain, Slotted, int):
        with pytest.raises(TypeError):
            maker(cls)


def test_whole_matches_build_the_same_values(monkeypatch):
    """Yags matches on the default map (shots, bursts and area fire previewed and resolved,
    fog of war and without) with every quick value checked against its class."""
    plain = simulate(DEFAULT_MAP, 2, seed=3, jobs=1)
    monkeypatch.setattr(frozen, "CHECK", True)
    checked = simulate(DEFAULT_MAP, 2, seed=3, jobs=1)
    fogged = simulate(DEFAULT_MAP, 1, seed=5, jobs=1, fog=True)
    assert _timeless(checked) == _timeless(plain) and fogged["battles"]


def _timeless(record):
    """A record without its timings (the same seed gives the same record apart from them)."""
    if isinstance(record, dict):
        return {k: _timeless(v) for k, v in record.items() if "seconds" not in k and not k.endswith("_ms")}
    if isinstance(record, list):
        return [_timeless(v) for v in record]
    return record
