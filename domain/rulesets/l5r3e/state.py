"""The l5r3e ruleset's folded state: each character, and the combat under way.

The fold (:data:`HANDLERS`) is pure: each handler updates the state in place from one
event, with no dice and no clock. What a round's order is, what a TN to be hit holds and
what a character may still do are read from this state by :mod:`.table`.
"""

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from domain.events import CharacterJoined, Event
from domain.names import key
from domain.rulesets.l5r3e.events import (
    ActionsTaken,
    AttackResolved,
    CombatEnded,
    CombatStarted,
    DamageReduced,
    DiceRolled,
    Dismounted,
    GrappleBroken,
    GrappleWon,
    InitiativeSwapped,
    ManoeuvreChosen,
    Mounted,
    ReversalApplied,
    RoundStarted,
    SpellCast,
    SurpriseDeclared,
    TurnDelayed,
    TurnPassed,
    VoidSpent,
    WoundsHealed,
    WoundsTaken,
)
from domain.rulesets.l5r3e.sheet import ThirdSheet
from domain.rulesets.l5r3e.table import is_dead, join_order, set_order
from domain.rulesets.table_kit.seats import next_in, seat

SELF_INFLICTED = "self-inflicted"
"""The ``source`` of wounds a character dealt themself, which do not bar a reversal
(« les blessures auto-infligées ne comptent pas ! »)."""


class Hit(msgspec.Struct, kw_only=True):
    """An attack that hit and awaits its damage roll."""

    target: str
    weapon: str
    extra_damage: int = 0
    grapple: bool = False
    strikes: int = 1
    """Damage rolls still due: an extra attack's two hits are two."""


class Grip(msgspec.Struct, kw_only=True):
    """A grapple: whom its holder holds, with what, and the round of its last contest."""

    held: str
    weapon: str
    contested: int


class Fighter(msgspec.Struct, kw_only=True):
    """One character: the sheet, wounds, Void, and what lasts until their next turn."""

    name: str
    player: str
    sheet: ThirdSheet
    joined: int
    wounds: int = 0
    void_spent: int = 0
    encouraged: int = 0
    manoeuvre: str = "attack"
    dodge: int = 0
    dodged: list[str] = msgspec.field(default_factory=list)
    two_weapons: bool = False
    void_tn: bool = False
    prone: bool = False
    disarmed: bool = False
    feint_on: str | None = None
    guarded: dict[str, int] = msgspec.field(default_factory=dict)
    """Attacker's key → what a guard's raises add to this character's TN against them."""
    guards_given: list[tuple[str, str]] = msgspec.field(default_factory=list)
    last_wounds: int = 0
    """The wounds of the last attack's damage, while « Réduction des blessures » may
    still take 10 off them (this round, once)."""
    reduced_round: int = -1
    hit: Hit | None = None
    early: bool = False
    """A Dodge chosen « juste avant le début du combat »: it stands for round 1."""
    casting_until: int = 0
    """The round a spell being cast ties the caster up until (« tours complets »)."""
    died_round: int = -1
    mounted: bool = False
    """« lorsque l'on chevauche une monture »: as the GM last ruled (``Mounted``,
    ``Dismounted``), through combats alike."""

    @property
    def void_left(self) -> int:
        return self.sheet.void - self.void_spent


class Combat(msgspec.Struct, kw_only=True):
    round: int = 0
    rolled: dict[str, int] = msgspec.field(default_factory=dict)
    """Each combatant's initiative as rolled (after any swap), by key."""
    reversals: dict[str, int] = msgspec.field(default_factory=dict)
    now: dict[str, int] = msgspec.field(default_factory=dict)
    """This round's initiative, by key, as its order was set."""
    order: list[str] = msgspec.field(default_factory=list)
    acted: list[str] = msgspec.field(default_factory=list)
    delayed: list[str] = msgspec.field(default_factory=list)
    surprised: list[str] = msgspec.field(default_factory=list)
    wounded: list[str] = msgspec.field(default_factory=list)
    hits: dict[str, list[str]] = msgspec.field(default_factory=dict)
    reversed: list[str] = msgspec.field(default_factory=list)
    actions: dict[str, list[str]] = msgspec.field(default_factory=dict)
    extra_actions: dict[str, int] = msgspec.field(default_factory=dict)
    chose: list[str] = msgspec.field(default_factory=list)
    """Who has chosen their manoeuvre in their turn under way (keys)."""
    grapple: dict[str, Grip] = msgspec.field(default_factory=dict)
    """Who controls a grapple (key) → the grip."""
    surprised_next: list[str] = msgspec.field(default_factory=list)
    """The surprised the GM named for the round about to start (keys)."""

    def current(self) -> str | None:
        """Whose turn it is: the first in this round's order who has neither passed nor
        delayed (None before the first round and once everyone has)."""
        if self.round == 0:
            return None
        return next_in(self.order, [*self.acted, *self.delayed])


class ThirdState(msgspec.Struct, kw_only=True):
    fighters: dict[str, Fighter] = msgspec.field(default_factory=dict)
    combat: Combat | None = None
    defense_to_tn: bool = True
    """The session's option ``defense_to_tn``, which the TN to be hit reads."""


def _joined(state: ThirdState, event: CharacterJoined[ThirdSheet]) -> None:
    seat(
        state.fighters, event, Fighter, wounds=event.sheet.wounds, void_spent=event.sheet.void_spent
    )


def _rolled(state: ThirdState, event: DiceRolled) -> None:
    combat = state.combat
    if event.purpose == "initiative" and combat is not None and event.character:
        if key(event.character) not in state.fighters:  # one the state does not hold (the
            raise KeyError(event.character)  # players' while their joining is kept from them)
        combat.rolled[key(event.character)] = event.roll.total
        if combat.round > 0 and combat.current() is not None:
            # a late arrival takes a place in the round under way (not in one that is over)
            join_order(state, key(event.character))


def _combat_started(state: ThirdState, event: CombatStarted) -> None:
    state.combat = Combat()


def _combat_ended(state: ThirdState, event: CombatEnded) -> None:
    state.combat = None
    for fighter in state.fighters.values():
        _end_turn_effects(state, fighter)
        fighter.manoeuvre = "attack"
        fighter.encouraged = 0
        fighter.hit = None


def _round_started(state: ThirdState, event: RoundStarted) -> None:
    combat = state.combat
    assert combat is not None
    combat.round = event.number
    for name in ("acted", "delayed", "surprised", "wounded", "reversed"):
        getattr(combat, name).clear()
    combat.surprised = list(combat.surprised_next)
    combat.surprised_next.clear()
    for one in state.fighters.values():
        one.last_wounds = 0
    combat.hits.clear()
    combat.actions.clear()
    combat.chose.clear()
    combat.extra_actions.clear()
    _set_order(state)
    _turn_begins(state)


def _surprised(state: ThirdState, event: SurpriseDeclared) -> None:
    """Declared before the round it names (its ``RoundStarted`` follows in the batch)."""
    combat = state.combat
    assert combat is not None
    combat.surprised_next = [key(name) for name in event.characters]


def _set_order(state: ThirdState) -> None:
    set_order(state)


def _turn_begins(state: ThirdState) -> None:
    """The character now up: what lasted « jusqu'à son prochain tour » ends, and their
    manoeuvre is Attack until they choose another."""
    combat = state.combat
    assert combat is not None
    current = combat.current()
    if current is None:
        return
    fighter = state.fighters[key(current)]
    if key(current) in combat.actions:
        return  # already begun (a late arrival reordered the round after it began)
    combat.actions[key(current)] = []
    if fighter.early:  # the Dodge chosen before the combat is this first turn's choice
        fighter.early = False
        combat.chose.append(key(current))
        return
    if key(current) in combat.chose:
        combat.chose.remove(key(current))
    _end_turn_effects(state, fighter)
    fighter.manoeuvre = "attack"


def _end_turn_effects(state: ThirdState, fighter: Fighter) -> None:
    fighter.dodge = 0
    fighter.dodged.clear()
    fighter.two_weapons = False
    fighter.void_tn = False
    fighter.feint_on = None
    for ally, attacker in fighter.guards_given:
        protected = state.fighters.get(ally)
        if protected is not None:
            protected.guarded.pop(attacker, None)
    fighter.guards_given.clear()


def _turn_passed(state: ThirdState, event: TurnPassed) -> None:
    combat = state.combat
    assert combat is not None
    if key(event.character) not in combat.acted:
        combat.acted.append(key(event.character))
    if key(event.character) in combat.delayed:
        combat.delayed.remove(key(event.character))
    _turn_begins(state)


def _delayed(state: ThirdState, event: TurnDelayed) -> None:
    combat = state.combat
    assert combat is not None
    combat.delayed.append(key(event.character))
    _turn_begins(state)


def _manoeuvre(state: ThirdState, event: ManoeuvreChosen) -> None:
    fighter = state.fighters[key(event.character)]
    if state.combat is not None and state.combat.round > 0:
        state.combat.chose.append(key(event.character))
    else:
        fighter.early = True
    fighter.manoeuvre = event.manoeuvre
    fighter.dodge = event.dodge
    fighter.two_weapons = event.two_weapons


def _swapped(state: ThirdState, event: InitiativeSwapped) -> None:
    combat = state.combat
    assert combat is not None
    one, other = key(event.character), key(event.other)
    combat.rolled[one], combat.rolled[other] = combat.rolled[other], combat.rolled[one]


def _attack(state: ThirdState, event: AttackResolved) -> None:
    combat = state.combat
    attacker = state.fighters[key(event.character)]
    target = state.fighters[key(event.target)]
    if combat is not None:
        actions = combat.actions.setdefault(key(event.character), [])
        actions.append("ranged_attack" if event.ranged else "melee_attack")
    if event.stood_up:
        attacker.prone = False
    if any(part.source == "Esquive" for part in event.tn_parts):
        target.dodged.append(key(event.character))
    if attacker.feint_on == key(event.target):
        attacker.feint_on = None  # the feint's free raise is spent on this attack
    if not event.hit:
        attacker.hit = None
        return
    if combat is not None:
        combat.hits.setdefault(key(event.character), []).append(key(event.target))
    attacker.hit = None
    if event.manoeuvre == "feint":
        attacker.feint_on = key(event.target)
        return
    paid = event.raises + event.free_to_manoeuvre
    if event.manoeuvre == "guard" and event.protects:
        ally = state.fighters[key(event.protects)]
        ally.guarded[key(event.target)] = 5 * paid
        attacker.guards_given.append((key(event.protects), key(event.target)))
    attacker.hit = Hit(
        target=target.name,
        weapon=event.weapon,
        extra_damage=paid if event.manoeuvre == "extra_damage" else 0,
        grapple=event.grapple,
        strikes=2 if event.manoeuvre == "extra_attack" else 1,
    )
    target.prone = target.prone or event.knocked_down
    target.disarmed = target.disarmed or event.disarmed


def _grapple_won(state: ThirdState, event: GrappleWon) -> None:
    combat = state.combat
    assert combat is not None
    winner, loser = key(event.character), key(event.against)
    combat.grapple.pop(loser, None)
    combat.grapple[winner] = Grip(held=loser, weapon=event.weapon, contested=combat.round)
    holder = state.fighters[winner]
    holder.hit = Hit(target=state.fighters[loser].name, weapon=event.weapon, grapple=True)
    held = state.fighters[loser]
    if held.hit is not None and held.hit.grapple:
        held.hit = None


def _grapple_broken(state: ThirdState, event: GrappleBroken) -> None:
    combat = state.combat
    if combat is not None:
        combat.grapple.pop(key(event.character), None)
    state.fighters[key(event.character)].hit = None


def _wounds(state: ThirdState, event: WoundsTaken) -> None:
    fighter = state.fighters[key(event.character)]
    alive = not is_dead(fighter)
    fighter.wounds += event.amount
    fighter.last_wounds = event.amount if event.damage is not None else 0
    combat = state.combat
    if alive and is_dead(fighter):
        fighter.died_round = combat.round if combat is not None else 0
    if combat is not None and event.source != SELF_INFLICTED:
        if key(event.character) not in combat.wounded:
            combat.wounded.append(key(event.character))
        attacker = key(event.source)
        if attacker in state.fighters:
            combat.hits.setdefault(attacker, []).append(key(event.character))
            striking = state.fighters[attacker]
            if striking.hit is not None and striking.hit.strikes > 1:
                striking.hit.strikes -= 1
            else:
                striking.hit = None


def _healed(state: ThirdState, event: WoundsHealed) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.wounds = max(0, fighter.wounds - event.amount)


def _reduced(state: ThirdState, event: DamageReduced) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.wounds -= event.amount
    fighter.last_wounds = 0
    fighter.reduced_round = state.combat.round if state.combat is not None else 0


def _reversal(state: ThirdState, event: ReversalApplied) -> None:
    combat = state.combat
    assert combat is not None
    target = key(event.target)
    change = event.amount if target == key(event.character) else -event.amount
    combat.reversals[target] = combat.reversals.get(target, 0) + change
    combat.reversed.append(key(event.character))


def _void(state: ThirdState, event: VoidSpent) -> None:
    fighter = state.fighters[key(event.character)]
    if event.ally is not None:
        fighter.encouraged += 1  # the ally's point, spent at once: not from one's own
    else:
        fighter.void_spent += event.points
    if event.use == "armour":
        fighter.void_tn = True
    elif event.use == "extra_action" and state.combat is not None:
        extra = state.combat.extra_actions
        extra[key(event.character)] = extra.get(key(event.character), 0) + 1


def _actions(state: ThirdState, event: ActionsTaken) -> None:
    combat = state.combat
    assert combat is not None
    fighter = state.fighters[key(event.character)]
    combat.actions.setdefault(key(event.character), []).extend(event.actions)
    if "stand_up" in event.actions:
        fighter.prone = False


def _cast(state: ThirdState, event: SpellCast) -> None:
    combat = state.combat
    if combat is not None and combat.round > 0:
        state.fighters[key(event.character)].casting_until = combat.round + event.turns - 1
        actions = combat.actions.setdefault(key(event.character), [])
        actions.extend(("simple", "special_ability") if event.scroll else ("special_ability",))


def _mounted(state: ThirdState, event: Mounted) -> None:
    state.fighters[key(event.character)].mounted = True


def _dismounted(state: ThirdState, event: Dismounted) -> None:
    state.fighters[key(event.character)].mounted = False


HANDLERS: Mapping[type[Event], Callable[[Any, Any], None]] = {
    CharacterJoined: _joined,
    DiceRolled: _rolled,
    CombatStarted: _combat_started,
    CombatEnded: _combat_ended,
    RoundStarted: _round_started,
    SurpriseDeclared: _surprised,
    TurnPassed: _turn_passed,
    TurnDelayed: _delayed,
    ManoeuvreChosen: _manoeuvre,
    InitiativeSwapped: _swapped,
    AttackResolved: _attack,
    GrappleWon: _grapple_won,
    GrappleBroken: _grapple_broken,
    WoundsTaken: _wounds,
    WoundsHealed: _healed,
    DamageReduced: _reduced,
    ReversalApplied: _reversal,
    VoidSpent: _void,
    ActionsTaken: _actions,
    SpellCast: _cast,
    Mounted: _mounted,
    Dismounted: _dismounted,
}
