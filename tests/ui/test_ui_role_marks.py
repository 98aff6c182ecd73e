"""Issue 32: roles read at a glance at the default zoom of a 1280x720 window: beside its
silhouette (tools/make_units.py) every living unit carries its role's mark (the weapon in a
letter or two, not a colour), one mark per role."""

import os
import sys

from uihelp import ROOT

from game.ui import figures


def test_every_role_has_its_own_mark():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import make_units  # tools/, beside the art it draws

    assert set(figures.ROLE_MARKS) == set(make_units.ROLES)
    assert len(set(figures.ROLE_MARKS.values())) == len(figures.ROLE_MARKS)


def test_the_street_shows_each_units_role_mark_at_the_default_zoom(app, battle, monkeypatch):
    screen = battle(path=os.path.join(ROOT, "maps", "street.tmx"))
    assert app.window.get_size() == (1280, 720) and screen.camera.tile_px >= 28
    marks = []
    real = figures.text

    def spy(s, size, colour):
        marks.append(s)
        return real(s, size, colour)

    monkeypatch.setattr(figures, "text", spy)
    screen.draw(app.window)
    xs, ys = screen.camera.visible_tiles()
    seen = {screen.roles[v.uid] for v in screen.match.units() if v.pos[0] in xs and v.pos[1] in ys and not v.out}
    assert seen and {figures.ROLE_MARKS[r] for r in seen} <= set(marks)
