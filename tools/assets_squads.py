"""The shipped maps' squads: each role's kit and skills, the names, and a unit's properties
on the map (a part of tools/make_assets.py, which runs it)."""

from __future__ import annotations

from dataclasses import dataclass

# -- squads ------------------------------------------------------------------------------

TRAINED = "str=3,hea=3,agi=3,dex=4,per=3"
LEADER = "str=3,hea=3,agi=3,dex=4,per=4"
COMMON_SKILLS = "Brawl=3,Athletics=3,Throw=3,Awareness=3"
ARMOUR = "kevlar_vest,combat_helmet"


@dataclass(frozen=True)
class Role:
    """What one soldier carries and knows.

    ``template`` names the squad template (game/data/squads.toml) the unit starts from; the
    unit's own properties override the template's, so a role says all it carries (a role
    with no grenades is written ``grenades = none``: a unit without the property gets the
    template's). ``grenades`` is a list of grenade ids, one per grenade."""

    template: str
    weapon: str
    skills: str
    magazines: int
    grenades: tuple[str, ...] = ()
    second_weapon: str = ""
    attributes: str = TRAINED
    armour: str = ARMOUR


def frags(n: int) -> tuple[str, ...]:
    return ("frag_grenade",) * n


RIFLE_SKILLS = "Rifles=5," + COMMON_SKILLS
PISTOL_SKILLS = "Pistols=5," + COMMON_SKILLS
MELEE_SKILLS = "Melee=5,Pistols=3," + COMMON_SKILLS
LEADER_SKILLS = "Rifles=6,Pistols=3,Brawl=3,Athletics=3,Throw=4,Awareness=4"

# Both teams carry the same kit on every shipped map: the maps are built to be fair (the
# west half turned round is the east half), so a difference in kit would be the only thing
# deciding the match. An M16A1 against an AK-47, or an FN FAL against a Dragunov, is not an
# even trade under Yags (docs/maps.md, Balance).
ROLES: dict[str, Role] = {
    # crossroads and open field: rifle squads
    "leader": Role("rifleman", "m16_a1", LEADER_SKILLS, 4, frags(2), attributes=LEADER),
    "rifleman": Role("rifleman", "m16_a1", RIFLE_SKILLS, 4, frags(1)),
    "gunner": Role("gunner", "rpk", "Guns=5,Rifles=3," + COMMON_SKILLS, 2),
    "shotgun": Role("rifleman", "spas_12", RIFLE_SKILLS, 4, frags(1)),
    "grenadier": Role("rifleman", "glock_17",
                      "Pistols=5,Brawl=3,Athletics=3,Throw=5,Awareness=3", 3, frags(3)),
    "marksman": Role("rifleman", "fn_fal_7_62", "Rifles=6," + COMMON_SKILLS, 4, frags(1)),
    # street: close quarters
    "cqb_leader": Role("rifleman", "thompson_smg", LEADER_SKILLS, 4, ("concussion_grenade",),
                       attributes=LEADER),
    "smg": Role("rifleman", "thompson_smg", RIFLE_SKILLS, 4),
    "pump_gun": Role("rifleman", "winchester_model_1897", RIFLE_SKILLS, 4),
    "breacher": Role("rifleman", "spas_12", RIFLE_SKILLS, 4, ("concussion_grenade",)),
    "pistol": Role("rifleman", "glock_17", PISTOL_SKILLS, 4),
    "machine_pistol": Role("rifleman", "beretta_93r", PISTOL_SKILLS, 4),
    "axeman": Role("swordsman", "axe", MELEE_SKILLS, 1),
    "swordsman": Role("swordsman", "short_sword", MELEE_SKILLS, 1, second_weapon="small_shield"),
    # compound: grenades and automatic fire
    "assault": Role("rifleman", "hk416", RIFLE_SKILLS, 4, frags(1)),
    "bomber": Role("rifleman", "glock_17",
                   "Pistols=5,Brawl=3,Athletics=3,Throw=5,Awareness=3", 3,
                   ("frag_grenade", "frag_grenade", "concussion_grenade", "concussion_grenade")),
    "stunner": Role("rifleman", "m16_a1", RIFLE_SKILLS, 4,
                    ("concussion_grenade", "concussion_grenade")),
    "heavy_gunner": Role("gunner", "rpk", "Guns=5,Rifles=3," + COMMON_SKILLS, 3),
    # wood: short sight lines
    # concussion grenades: a fragmentation grenade's Ex-20 (Explosive damage: "multiply the
    # blast radius by ten") reaches across most of the wood, thrower and all
    "scout": Role("rifleman", "ak_47", "Rifles=5,Brawl=3,Athletics=4,Throw=3,Awareness=4", 4,
                  ("concussion_grenade",)),
    "woodsman": Role("rifleman", "ak_47", RIFLE_SKILLS, 4, ("concussion_grenade",)),
    "wood_shotgun": Role("rifleman", "spas_12", RIFLE_SKILLS, 4),
    "wood_leader": Role("rifleman", "ak_47", LEADER_SKILLS, 4, ("concussion_grenade",) * 2, attributes=LEADER),
}
NAMES = {
    "blue": ("Sgt Hale", "Cpl Reyes", "Pvt Okafor", "Pvt Lind", "Pvt Moreau", "Pvt Tanaka",
             "Pvt Brandt", "Pvt Kowalski"),
    "red": ("Sgt Volkov", "Cpl Sidorov", "Pvt Petrenko", "Pvt Zaitsev", "Pvt Orlov",
            "Pvt Belov", "Pvt Kuznetsov", "Pvt Morozov"),
}
VILLAGE_SQUAD = ("leader", "rifleman", "rifleman", "rifleman", "rifleman", "gunner", "shotgun",
                 "grenadier")
FIELD_SQUAD = ("leader", "rifleman", "rifleman", "rifleman", "rifleman", "rifleman", "gunner",
               "marksman")
STREET_SQUAD = ("cqb_leader", "smg", "pump_gun", "breacher", "pistol", "machine_pistol",
                "axeman", "swordsman")
COMPOUND_SQUAD = ("leader", "assault", "assault", "stunner", "rifleman", "heavy_gunner",
                  "bomber", "bomber")
WOOD_SQUAD = ("wood_leader", "scout", "woodsman", "woodsman", "woodsman", "gunner",
              "wood_shotgun", "wood_shotgun")


def unit_properties(team: str, name: str, role_name: str) -> dict[str, str | int]:
    role = ROLES[role_name]
    props: dict[str, str | int] = {
        "team": team,
        "name": name,
        "role": role_name,
        "template": role.template,
        "weapon": role.weapon,
        "armour": role.armour,
        "attributes": role.attributes,
        "skills": role.skills,
        "magazines": role.magazines,
    }
    # Every unit says what grenades it carries: "none" rather than its template's.
    props["grenades"] = ",".join(role.grenades) if role.grenades else "none"
    if role.second_weapon:
        props["second_weapon"] = role.second_weapon
    return props
