"""Issue 32: Yags SF rolls initiative after the declarations (The Combat Round): the banner,
the unit panel and the declaration order said "initiative 0" for everyone in round 1 and last
round's numbers after that. Before this round's roll they say "not rolled yet"; a ruleset that
rolls once at setup (Yags) or before the declarations (Mythras) shows its numbers."""

import pytest
from uihelp import ai_declares_round, ruleset_battle

from game.ui.panels import NOT_ROLLED, order_entries, unit_lines


def shown(app, screen):
    m, s = screen.match, screen.session
    uid = s.current()
    banner = screen.view.banner()[0]
    panel = next(t for t, _, _ in unit_lines(m, uid) if "initiative" in t)
    head, names = order_entries(m, list(s.queue), uid)
    return banner, panel, head, names


def next_declarations(app, screen):
    """The AI declares the round for both sides; the round is played; the next begins."""
    m = screen.match
    rnd = m.round
    ai_declares_round(screen.session)
    for _ in range(400):
        app.frame(16)
        if m.round > rnd and screen.session.current() is not None:
            return
    raise AssertionError("the next round's declarations did not begin")


def test_yags_sf_says_not_rolled_yet_until_the_roll_in_every_round(app):
    screen = ruleset_battle(app, "yags-sf")
    m = screen.match
    for rnd in (1, 2):
        assert m.round == rnd and m.phase == "declare"
        banner, panel, head, names = shown(app, screen)
        assert f"initiative: {NOT_ROLLED}" in banner and "initiative 0" not in banner
        assert f"initiative: {NOT_ROLLED}" in panel
        assert NOT_ROLLED in head and not any("(" in n for n, _ in names), names
        if rnd == 1:
            next_declarations(app, screen)
    # last round's numbers are kept by the units, but not shown as this round's
    assert any(v.initiative != 0 for v in m.units())


@pytest.mark.parametrize("ruleset", ("yags", "mythras"))
def test_rulesets_that_roll_before_declaring_show_their_numbers(app, ruleset):
    screen = ruleset_battle(app, ruleset)
    m = screen.match
    banner, panel, head, names = shown(app, screen)
    uid = screen.session.current()
    assert NOT_ROLLED not in banner + panel + head
    assert f"initiative: {m.view(uid).initiative}" in banner
    order = list(screen.session.queue) or sorted((v.uid for v in m.units(living=True)),
                                                 key=lambda u: (-m.view(u).initiative, u))
    assert names and len(names) == len(order)  # (Mythras: the order of its Turns, not an empty list)
    assert all(n.endswith(f"({m.view(u).initiative})") for (n, _), u in zip(names, order, strict=True))
