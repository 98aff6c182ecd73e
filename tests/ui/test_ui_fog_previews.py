"""Fog of war in the previews (issue 17 follow-up): every preview line comes from what the
viewer's side knows -- bystanders, what lies behind the target, the crowd (yags-combat.md,
Firing at a crowd: "every other figure ... that the shooter sees"; Mythras, Firing into a
crowd), area fire's sweep, an overwatch's area -- never from an enemy it has not noticed."""

import sys
from pathlib import Path

from engine.rulesets import make_ruleset
from game.flow import driver
from game.squads import template_spec
from game.ui import previews as pv
from game.ui.panels import preview_lines

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "world"))
from gridfactory import make_grid  # noqa: E402

HEDGE = ["." * 8 + "S" + "." * 11 for _ in range(6)]  # a thick hedge (soft90) at x = 8


def unit(name, x, y):
    return {**template_spec("rifleman", name), "x": x, "y": y}


def hidden_neighbour(new_match, monkeypatch, fog, c_at=(8, 2), ruleset="yags", a_at=(15, 2)):
    """Blue A east of the hedge; red B in the open before it, red C standing in the hedge
    (unnoticed under fog: its awareness checks fail)."""
    m = new_match(make_grid(HEDGE), {"blue": [unit("A", *a_at)], "red": [unit("B", 9, 2), unit("C", *c_at)]},
                  fog=fog, ruleset=make_ruleset(ruleset))
    if fog:
        monkeypatch.setattr(m.rules, "notice", lambda *a, **k: (False, "failed"))
    driver(m).start_round()
    a = m.units("blue")[0].uid
    b, c = (v.uid for v in m.units("red"))
    return m, a, b, c


def test_the_situation_previewed_names_only_what_the_side_sees(new_match, monkeypatch):
    """The world resolves with everyone next to and behind the target; the preview for blue
    knows no unnoticed bystander (with fog off, or the neighbour seen, it is named)."""
    m, a, b, c = hidden_neighbour(new_match, monkeypatch, fog=True)
    assert m.sees("blue", b) and not m.sees("blue", c)
    world = m.range.situation(a, b)
    assert world.bystanders == ("C",) and world.behind == ("C",)
    shown = m.range.situation(a, b, knows="blue")
    assert shown.bystanders == () and shown.behind == ()
    assert m.range.request(a, b, "shot", {}, knows="blue").situation == shown
    off, a2, b2, _ = hidden_neighbour(new_match, monkeypatch, fog=False)
    assert off.range.situation(a2, b2, knows="blue").bystanders == ("C",)


def test_a_crowd_is_only_the_figures_the_side_sees(new_match, monkeypatch):
    """Mythras, firing at a crowd: B with an unnoticed C beside it is no crowd to blue, the
    same answer as with C elsewhere in the hedge; with fog off it is a crowd."""
    lines = {}
    for where in ((8, 2), (8, 5)):
        m, a, b, _ = hidden_neighbour(new_match, monkeypatch, fog=True, c_at=where, ruleset="mythras", a_at=(2, 2))
        assert not m.sees("blue", m.units("red")[1].uid)
        lines[where] = preview_lines(m, a, b, "shot", {"crowd": True})
    assert lines[(8, 2)] == lines[(8, 5)]
    assert "no crowd" in lines[(8, 2)][-1]
    off, a2, b2, _ = hidden_neighbour(new_match, monkeypatch, fog=False, ruleset="mythras", a_at=(2, 2))
    assert "to hit" in preview_lines(off, a2, b2, "shot", {"crowd": True})[0]


def test_area_fire_and_overwatch_previews_leave_out_the_unnoticed(new_match, monkeypatch):
    """Area fire's sweep and an overwatch's "in it now" list only the enemies blue sees."""
    m, a, b, c = hidden_neighbour(new_match, monkeypatch, fog=True)
    assert pv.arc_victims(m, a, m.view(b).pos, False) == [b]
    area = m.overwatch.area(a, (9, 2), m.overwatch.sight(a))
    assert m.view(c).pos in area
    text = "\n".join(pv.overwatch_lines(m, a, (9, 2), area))
    assert "B " in text and "C " not in text
    off, a2, b2, c2 = hidden_neighbour(new_match, monkeypatch, fog=False)
    assert pv.arc_victims(off, a2, off.view(b2).pos, False) == [b2, c2]
