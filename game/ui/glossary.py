"""The help's glossary: each ruleset's terms as they appear on the screen (the previews, the
sheet, the log), in plain words, with the rules text's numbers (/work/shared/rules: Yags
combat, Yags SF combat 0.30a, step dice combat).

    for term, meaning in glossary("yags"): ...
"""

from __future__ import annotations

TERMS: dict[str, tuple[tuple[str, str], ...]] = {
    "yags": (
        ("Soak", "a hit's damage roll (the weapon's damage + d20) against the target's soak roll (soak 12 "
                 "for most people, + armour, + d20). Below it the hit does no harm; equal or above it is one "
                 "wound, and one more for every 5 points above."),
        ("Wound levels", "1 minor (no penalty), 2 light (-5), 3 medium (-10), 4 heavy (-15), 5 critical "
                         "(-25), 6 or more fatal (-40: a health check at once, failed means dead). Stuns count "
                         "the same way but apart; the two penalties add up."),
        ("distance +10 (56 m)", "the difficulty rises with the distance to the target. A burst (and a quick "
                                "shot) doubles the distance it is judged at: 28 m away counts as 56 m. A careful "
                                "burst takes the doubling back."),
        ("Ex-3 (blast bands)", "a blast's radius in metres: full force within it (wounds), mixed damage (half "
                               "stuns, half wounds) to twice it, stuns only to three times it; beyond that the "
                               "stuns fall fivefold per further radius."),
        ("cover +20", "what the target's cover adds to the difficulty of hitting it."),
    ),
    "yags-sf": (
        ("Soak", "the target's strength plus its armour's protection, taken off the damage roll (no die "
                 "for the target). Zero or more left over hurts."),
        ("Wound levels", "damage past soak: 0 stunned (a level of fatigue), 1-5 hurt, 6-10 light (-2), 11-15 "
                         "medium (-4), 16-20 serious (-7), 21-25 critical (-10), 26-30 fatal (-15). Wounds add "
                         "up: two light wounds make a serious one."),
        ("range short / medium / long", "the weapon's own bands: medium +5 to the difficulty and -5 damage, "
                                        "long +15 and -10."),
        ("not rolled yet", "initiative is rolled after the declarations, so until then there is no number."),
    ),
    "step": (
        ("d12 ... d2", "every trait is a die; penalties step it down one size at a time (d12, d10, d8, d6, d4, "
                       "d2) and bonuses up."),
        ("no die is below d2", "a roll stepped down past the smallest die, d2, cannot be made: that action "
                               "is lost. Each action after the first in a round is one step down on every "
                               "roll, so too many actions lose some of them."),
        ("Basic damage", "attack minus defence, half of it stun and half wounds, then the weapon's die; "
                         "armour takes off its protection."),
        ("Innate defence", "the defence a unit has with no defence stated; a dodge or block not stated at "
                           "the start of the round is added to its actions next round."),
    ),
}


def glossary(ruleset: str) -> tuple[tuple[str, str], ...]:
    """(term, meaning) for the ruleset's words on the screen; () where it has none here."""
    return TERMS.get(ruleset, ())
