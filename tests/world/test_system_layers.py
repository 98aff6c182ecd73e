"""The systems in two layers (issue 29; game/world/systems/__init__.py): the systems' call
graph, built from their code by tools/system_graph.py, has no cycle between modules; queries
call no effect and write nothing; the systems reach each other by name, never through the
match's doors; the round's phases are the esper processors, every one of them registered and
run by `esper.process`, and nothing else is dressed as a processor."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import esper
from gridfactory import make_grid
from worldplay import OPEN, RIFLEMAN, declare_all, unit

from game.flow import driver
from game.world.systems import phases

REPO = Path(__file__).resolve().parents[2]


def _graph_tool():
    spec = importlib.util.spec_from_file_location("system_graph", REPO / "tools" / "system_graph.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sg = _graph_tool()
TREES = sg.modules()
QUERIES, EFFECTS = sg.layers()
GRAPH = sg.call_graph(TREES)


def test_every_system_module_is_a_query_or_an_effect():
    assert set(QUERIES) | set(EFFECTS) == set(TREES), set(TREES) ^ (set(QUERIES) | set(EFFECTS))
    assert not set(QUERIES) & set(EFFECTS)


def test_the_module_call_graph_has_no_cycle():
    folded = sg.module_graph(GRAPH)
    assert sum(map(len, folded.values())) >= 30  # the graph is read: the systems do call each other
    assert sg.cycles(folded) == []


def test_the_one_recursion_is_an_attack_going_on_to_another():
    """Within a module, the only call cycle: a blow that goes on to another (the exchange's
    `GoesOn`), or a fumbled shot gone astray (`Astray`), is struck again: combat.strike drives
    the exchange (combat.drive), which strikes again directly or through combat.stray
    (yags-combat.md: Firing into melee)."""
    assert sg.cycles(GRAPH) == [[("combat", "drive"), ("combat", "stray"), ("combat", "strike")]]
    assert ("combat", "strike") in GRAPH[("combat", "drive")]  # the blow going on, not only the stray


def test_queries_call_no_effect():
    calls = [(a, b) for (mod, a), callees in GRAPH.items() if mod in QUERIES
             for b in callees if b[0] in EFFECTS]
    assert calls == []


def test_queries_write_nothing():
    assert sg.query_writes(TREES, QUERIES) == []


def test_the_checks_find_what_they_look_for():
    """The graph, its cycles and the write check on made-up code: a cycle, a query that calls
    an effect and one that writes are found."""
    trees = {
        "a": ast.parse("from game.world.systems.b import g\ndef f(m):\n    return g(m)\n"),
        "b": ast.parse("from game.world.systems import a\ndef g(m):\n    a.f(m)\n    m.write(1, int, x=2)\n"),
        "c": ast.parse("def h(m):\n    m.turn.lost = set()\n    return h(m)\n"),
    }
    graph = sg.call_graph(trees)
    assert graph[("a", "f")] == {("b", "g")} and graph[("b", "g")] == {("a", "f")}
    assert sg.cycles(sg.module_graph(graph)) == [["a", "b"]]
    assert [("c", "h")] in sg.cycles(graph)
    assert sg.query_writes(trees, ("b", "c")) == ["b.py:4: calls m.write()", "c.py:2: sets .lost"]


def test_systems_reach_each_other_by_name_not_through_the_doors():
    """No `m.movement.f(...)`-like call in a system: they import the function by name."""
    for name, tree in TREES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in sg.DOORS and isinstance(node.value, ast.Name):
                raise AssertionError(f"{name}.py:{node.lineno}: {ast.unparse(node)}")


def test_the_phases_are_the_processors_and_all_are_registered(new_match, monkeypatch):
    """Every esper.Processor in game/ is a phase of the round, the match registers each, and
    a round runs each once, in the round's order, through `esper.process`."""
    subclasses, registered = sg.processors()
    assert sorted(s.rsplit(".", 1)[1] for s in subclasses) == sorted(p.__name__ for p in phases.PROCESSORS)
    assert len(registered) == len(phases.PROCESSORS) == 4
    assert {p.phase for p in phases.PROCESSORS} == set(phases.PHASES)
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "B", 2, 2)], "red": [unit(RIFLEMAN, "R", 8, 2)]})
    m.use_world()
    for p in phases.PROCESSORS:
        assert isinstance(esper.get_processor(p), p), p
    seen: list[str] = []
    act = phases.Phase.process

    def noting(self, phase, tasks):
        if phase == self.phase:
            seen.append(phase)
        act(self, phase, tasks)

    monkeypatch.setattr(phases.Phase, "process", noting)
    declare_all(m, {})
    driver(m).resolve_round()
    assert seen == ["start", "declared", "move", "end"]


def test_only_the_actions_the_steps_and_the_declarations_call_effects():
    """The UI, the AI, the lab and the rest ask queries through the match's doors; effects are
    reached only from the world's actions, its steps, its declarations and other effects."""
    calls = sg.door_calls_by_layer()
    assert len(calls["query"]) >= 50 and len(calls["effect"]) >= 5  # the scan finds the calls
    assert [c for c in calls["effect"] if not c.startswith(sg.EFFECT_CALLERS)] == []


def test_each_door_holds_its_modules_functions_bound_to_the_match(new_match):
    """The match's doors (game/world/doors.py) open on every function of the match in their
    modules, each bound to this match, and on nothing else."""
    from functools import partial
    from types import FunctionType

    from game.world.doors import DOORS

    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "B", 2, 2)], "red": [unit(RIFLEMAN, "R", 8, 2)]})
    for name, modules in DOORS.items():
        door = getattr(m, name)
        want = {f: fn for mod in modules for f, fn in vars(mod).items()
                if isinstance(fn, FunctionType) and fn.__module__ == mod.__name__ and not f.startswith("_")
                and next(iter(fn.__annotations__), "") == "m"}
        assert want and set(vars(door)) == set(want), (name, set(vars(door)) ^ set(want))
        for f, bound in vars(door).items():
            assert isinstance(bound, partial) and bound.func is want[f] and bound.args == (m,), (name, f)
    assert m.movement.reachable(0) == m.movement.reachable(0, "run") != {}
