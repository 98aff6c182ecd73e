"""Issue 29, an action's knowledge on the action: what the declarations, the systems and the AI
ask of an action is a property of its kind (game/world/actions/), read from the rules texts
(yags-combat.md): The Combat Sequence (a fumbled initiative: hold or move), Fatigue (an
exhausted unit rests: a hold), Stance (standing up takes the action), Aimed shot and First aid
(focused), Missile Attacks (a shot, burst, area fire or throw: the normal stance), Grappled
(hands full; moving away). And the AI offers actions through the registry: the plain ones,
in the order the random level always drew them, and what puts a unit right first."""

from game.world import actions
from game.world.actions import (
    Aim,
    AreaFire,
    Attack,
    FirstAid,
    FullDodge,
    Hold,
    Move,
    Overwatch,
    PickUp,
    Reload,
    Stand,
    Throw,
    kind_of,
    mending,
    plain_actions,
)
from tests.world.gridfactory import make_grid

SAMPLES = (Hold(), Move(((1, 0),), "run"), Attack(2, "melee"), Attack(2, "burst", {"move": "free"}, ((1, 0),)),
           AreaFire((5, 0), True), Throw("frag_grenade", (5, 0)), Reload(), Stand(), FullDodge(), Aim(2),
           FirstAid(1), PickUp(), Overwatch((5, 0)))


def names(trait) -> set[str]:
    return {f"{kind_of(a).tag}{'/' + a.mode if isinstance(a, Attack) else ''}" for a in SAMPLES if trait(kind_of(a), a)}


def test_the_traits_the_rules_give_each_action():
    assert names(lambda k, a: k.without_initiative) == {"hold", "move"}  # The Combat Sequence
    assert names(lambda k, a: k.rests) == {"hold"}  # Fatigue: it must rest
    assert names(lambda k, a: k.stands_up) == {"stand"}  # Stance: standing up takes the action
    assert names(lambda k, a: k.focused) == {"aim", "first_aid"}  # Aimed shot; First aid
    assert names(lambda k, a: k.missile(a)) == {"attack/burst", "area_fire", "throw"}  # Missile Attacks
    assert names(lambda k, a: k.needs_hands) == {"aim", "first_aid", "pick_up"}  # Grappled: hands full
    assert names(lambda k, a: k.leaves_tile(a)) == {"move", "attack/burst", "full_dodge"}  # Grappled: no moving away
    assert names(lambda k, a: k.strikes_at(a) is not None) == {"attack/melee", "attack/burst"}
    assert names(lambda k, a: k.attacks and k.strikes_at(a) is None) == {"area_fire", "throw", "overwatch"}


def test_the_intent_a_ruleset_hears():
    burst = Attack(2, "burst", {"move": "run"}, ((1, 0),))
    k = kind_of(burst)
    assert (k.mode(burst), k.options(burst), k.gait(burst)) == ("burst", {"move": "run"}, "run")
    assert kind_of(Attack(2, "melee")).gait(Attack(2, "melee"), "run") == "run"  # its approach
    area = AreaFire((5, 0), True, ((1, 0),))
    assert (kind_of(area).mode(area), kind_of(area).gait(area)) == ("suppress", "free")
    assert kind_of(FullDodge()).gait(FullDodge()) == "free" and kind_of(Hold()).gait(Hold()) == "none"


def test_fire_on_the_way_and_standing():
    burst = Attack(2, "burst", {"shots": 1}, ((1, 0),))
    k = kind_of(burst)
    assert k.standing(burst) == Attack(2, "burst", {"shots": 1}) and k.on_the_way(Attack(2), ((3, 3),)).path == ((3, 3),)
    assert kind_of(Move(((1, 0),))).standing(Move(((1, 0),))) is None  # a move: nothing left of it
    assert kind_of(Reload()).standing(Reload()) == Reload() and kind_of(Throw("g", (1, 1))).on_the_way(
        Throw("g", (1, 1)), ((2, 2),)) is None


def test_the_random_ai_draws_the_plain_actions_in_its_old_order():
    assert plain_actions() == [Hold(), Reload(), Stand(), FullDodge(), PickUp()]
    assert [k.tag for k in actions.KINDS if k.plain] == ["hold", "reload", "stand", "full_dodge", "pick_up"]


def test_a_dropped_weapon_is_mended_first(new_match):
    unit = {"attributes": {"agility": 3}, "skills": {}, "weapon": "broad_sword"}
    m = new_match(make_grid(["........"]), {"blue": [{**unit, "name": "Ann", "x": 0, "y": 0}],
                                             "red": [{**unit, "name": "Bob", "x": 7, "y": 0}]})
    ann = next(v.uid for v in m.units() if v.name == "Ann")
    assert mending(m, ann) == []
    assert m.combat.drop_weapon(ann, "fumbles and drops")
    assert mending(m, ann) == [PickUp()]
