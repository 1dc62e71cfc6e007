"""4e combat commands: actions, movement, delaying, guard, Full Defense, Void in combat,
conditions and recovering from them (« Combat », « Postures », « Effets conditionnels »).

Each function is a command of the session: it validates against the folded state and
returns one batch of events, or raises a typed error and records nothing.

Rules, from the 4e summary:
- On their turn a character takes one complex action or two simple ones, and free
  actions (« Actions de combat et mouvement »). A free move is Water × 5 feet, a simple
  one Water × 10 (Full Attack +5 feet; blinded, Water counts two ranks lower).
- A turn may be delayed to later in the order, never into the next round.
- Guard: a simple action; the protected gains +10 armour TN and the guard −5 until the
  guard's next turn. Standing up from prone is a simple action.
- Stances restrict actions: Full Defense allows only free actions, Defense no attack,
  Center nothing at all this turn, Full Attack only attacks and moves.
- Void in combat: +10 armour TN for the round and +10 initiative for the combat are
  declared at the start of the round; trading initiative with a willing character costs
  one of them one point.
- Stunned and dazed characters try an Earth roll (TN 20) in the reaction phase at the
  end of the round; a stunned one comes round at the next reaction phase regardless, a
  dazed one's TN drops by 5 after each failure.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from math import ceil

from domain.dice.roll_keep.die import Die
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed
from domain.rulesets.l5r4e.events import (
    ActionKind,
    ActionTaken,
    ConditionApplied,
    ConditionEnded,
    Event,
    FullDefenseRolled,
    GuardTaken,
    InitiativeSwapped,
    TurnDelayed,
)
from domain.rulesets.l5r4e.play import Play, last_rolled
from domain.rulesets.l5r4e.state_records import CharacterState, CombatState, key

Dice = DiceSource | Sequence[Die]
ACTION_KINDS: tuple[ActionKind, ...] = ("free", "simple", "complex")
SIMPLE_SLOTS = 2
RECOVERY_TN = 20
BLIND_MOVE_TN = 20


def _combat(session: Play) -> CombatState:
    combat = session.state.combat
    if combat is None or combat.round == 0:
        raise IllegalUnderRules("no combat round is under way")
    return combat


def on_turn(session: Play, actor: str, character: str) -> CharacterState:
    """The acting character, on their own turn in a round."""
    who = session.acting_for(actor, character)
    combat = _combat(session)
    if combat.current() is None or key(combat.current() or "") != key(who.name):
        raise IllegalUnderRules(
            f"it is not {who.name}'s turn (it is {combat.current() or 'nobody'}'s)"
        )
    session.can_act(who)
    return who


def casting(session: Play, who: CharacterState, what: str) -> None:
    """Refuse ``what`` to a shugenja still casting: « une action complexe pendant
    laquelle le shugenja ne peut rien faire d'autre » (Magie)."""
    combat = session.state.combat
    if combat is not None and who.casting is not None and combat.round <= who.casting_until:
        raise IllegalUnderRules(
            f"{who.name} is casting {who.casting} through round {who.casting_until}: « une "
            f"action complexe pendant laquelle le shugenja ne peut rien faire d'autre » "
            f"({what!r})"
        )


def spend_action(session: Play, who: CharacterState, kind: ActionKind, action: str) -> None:
    """Check the action fits this turn's budget and the character's stance and state."""
    if kind not in ACTION_KINDS:
        raise MalformedInput(f"action kind {kind!r}; choose from {', '.join(ACTION_KINDS)}")
    combat = _combat(session)
    casting(session, who, action)
    used = combat.actions.get(key(who.name), [])
    slots = sum(2 if k == "complex" else 1 for k, _ in used if k != "free")
    need = {"free": 0, "simple": 1, "complex": 2}[kind]
    if slots + need > SIMPLE_SLOTS:
        spent = " and ".join(f"a {k} action ({a!r})" for k, a in used if k != "free")
        raise IllegalUnderRules(
            f"{who.name} has taken {spent} this turn, of a complex or two simple ones: no "
            f"room for a {kind} action ({action!r})"
        )
    stance = who.stance
    if stance == "center":
        raise IllegalUnderRules(f"{who.name} holds the Center stance and does nothing this turn")
    if stance == "full_defense" and kind != "free":
        raise IllegalUnderRules(f"{who.name} is in Full Defense: free actions only")
    if stance == "full_attack" and kind != "free" and action not in ("attack", "move"):
        raise IllegalUnderRules(
            f"{who.name} is in Full Attack: only attacks and moves toward the foe ({action!r})"
        )
    if "entangled" in who.conditions and action != "break free":
        raise IllegalUnderRules(f"{who.name} is entangled: the only action is to break free")


def take_action(
    session: Play, *, actor: str, at: datetime, character: str, kind: ActionKind, action: str
) -> list[Event]:
    """Record an action that needs no roll (draw a weapon, speak, pick something up): done,
    its outcome a success (:class:`ActionTaken`)."""
    who = on_turn(session, actor, character)
    if not action.strip():
        raise MalformedInput("name the action")
    spend_action(session, who, kind, action)
    taken = ActionTaken(
        actor=actor, at=at, character=who.name, kind=kind, action=action, succeeded=True
    )
    return [taken]


def move(
    session: Play,
    *,
    actor: str,
    at: datetime,
    character: str,
    kind: ActionKind,
    dice: Dice | None = None,
) -> list[Event]:
    """Move: a free action for Water × 5 feet, a simple one for Water × 10. Blinded, Water
    counts two ranks lower, and a simple move needs Athletics/Agility against 20 — on a
    failure the character falls (prone) where they stand."""
    who = on_turn(session, actor, character)
    if kind not in ("free", "simple"):
        raise MalformedInput(f"a move is a free or a simple action, not {kind!r}")
    if kind == "free" and ("free", "move") in _combat(session).actions.get(key(who.name), []):
        raise IllegalUnderRules(f"{who.name} has already made a free move this turn")
    spend_action(session, who, kind, "move")
    blinded = "blinded" in who.conditions
    water = who.sheet.ring("water")
    if blinded:
        water = max(0, water - 2)
    feet = water * (5 if kind == "free" else 10)
    if who.stance == "full_attack":
        feet += 5
    events: list[Event] = []
    if blinded and kind == "simple":
        if dice is None:
            raise MalformedInput(f"{who.name} is blinded: the move needs an Athletics roll (dice)")
        events += session.check(
            who, actor=actor, at=at, dice=dice, skill="Athletics", trait="agility", tn=BLIND_MOVE_TN
        )
        if not last_rolled(events).roll.success:
            return [
                ActionTaken(actor=actor, at=at, character=who.name, kind=kind, action="move"),
                *events,
                ConditionApplied(
                    actor=actor,
                    at=at,
                    character=who.name,
                    condition="prone",
                    note="fell, moving blind",
                ),
            ]
    return [
        ActionTaken(actor=actor, at=at, character=who.name, kind=kind, action="move", feet=feet),
        *events,
    ]


def delay(
    session: Play, *, actor: str, at: datetime, character: str, behind: str | None = None
) -> list[Event]:
    """Act later this round: after ``behind`` (who has not acted yet), or last."""
    who = on_turn(session, actor, character)
    combat = _combat(session)
    if combat.actions.get(key(who.name)):
        raise IllegalUnderRules(f"{who.name} has already acted this turn and cannot delay")
    name = None
    if behind is not None:
        other = session.character_named(behind)
        if key(other.name) == key(who.name):
            raise MalformedInput(f"{who.name} cannot wait for themselves")
        if other.name in combat.acted or key(other.name) not in combat.initiative:
            raise IllegalUnderRules(f"{other.name} has no turn left this round to wait for")
        name = other.name
    return session.skipping(
        actor, at, [TurnDelayed(actor=actor, at=at, character=who.name, behind=name)]
    )


def guard(
    session: Play, *, actor: str, at: datetime, character: str, protected: str
) -> list[Event]:
    """Guard (« Garde », no raise): a simple action; +10 / −5 until the guard's next turn."""
    who = on_turn(session, actor, character)
    other = session.character_named(protected)
    if key(other.name) == key(who.name):
        raise MalformedInput(f"{who.name} cannot guard themselves")
    spend_action(session, who, "simple", "guard")
    return [
        ActionTaken(actor=actor, at=at, character=who.name, kind="simple", action="guard"),
        GuardTaken(actor=actor, at=at, character=who.name, protected=other.name),
    ]


def stand(session: Play, *, actor: str, at: datetime, character: str) -> list[Event]:
    who = on_turn(session, actor, character)
    if "prone" not in who.conditions:
        raise IllegalUnderRules(f"{who.name} is not prone")
    spend_action(session, who, "simple", "stand up")
    return [
        ActionTaken(actor=actor, at=at, character=who.name, kind="simple", action="stand up"),
        ConditionEnded(actor=actor, at=at, character=who.name, condition="prone", note="stood up"),
    ]


def pick_up(session: Play, *, actor: str, at: datetime, character: str) -> list[Event]:
    """Pick up the weapon a disarm made the character drop: « Elle devra dépenser une
    action simple pour la ramasser » (Désarmement), « Ramasser une arme ou un objet »
    among the simple actions. In combat it is the character's simple action on their
    turn; outside one it simply ends being disarmed."""
    who = session.acting_for(actor, character)
    held = who.conditions.get("disarmed")
    if held is None:
        raise IllegalUnderRules(f"{who.name} has dropped no weapon to pick up")
    events: list[Event] = []
    combat = session.state.combat
    if combat is not None and combat.round > 0:
        who = on_turn(session, actor, who.name)
        spend_action(session, who, "simple", "pick up a weapon")
        events.append(
            ActionTaken(
                actor=actor, at=at, character=who.name, kind="simple", action="pick up a weapon"
            )
        )
    events.append(
        ConditionEnded(
            actor=actor, at=at, character=who.name, condition="disarmed", note="picked it up"
        )
    )
    return events


def full_defense(
    session: Play, *, actor: str, at: datetime, character: str, dice: Dice
) -> list[Event]:
    """Full Defense (Earth stance): Defense/Reflexes, keep Reflexes; half the total,
    rounded up, is added to the armour TN « jusqu'au tour suivant »: until the
    defender's next turn begins (:func:`domain.rulesets.l5r4e.state_records.until_next_turn`)."""
    who = on_turn(session, actor, character)
    if who.stance != "full_defense":
        raise IllegalUnderRules(f"{who.name} is not in the Full Defense stance")
    casting(session, who, "the Full Defense roll")
    combat = session.state.combat
    if combat is not None and who.full_defense_round == combat.round:
        raise IllegalUnderRules(f"{who.name} has already rolled Full Defense this turn")
    events = session.check(
        who, actor=actor, at=at, dice=dice, skill="Defense", trait="reflexes", purpose="defense"
    )
    rolled = last_rolled(events)
    bonus = ceil(rolled.roll.total / 2)
    return [*events, FullDefenseRolled(actor=actor, at=at, character=who.name, bonus=bonus)]


def _start_of_round(session: Play, what: str) -> CombatState:
    combat = _combat(session)
    if combat.acted or any(combat.actions.values()):
        raise IllegalUnderRules(f"{what} is declared at the start of the round, before anyone acts")
    return combat


def void_armour(session: Play, *, actor: str, at: datetime, character: str) -> list[Event]:
    """+10 armour TN for this round, declared at its start."""
    _start_of_round(session, "a Void point for +10 armour TN")
    who = session.acting_for(actor, character)
    return session.void_events(actor, at, who, "+10 armour TN this round", "armour")


def void_initiative(session: Play, *, actor: str, at: datetime, character: str) -> list[Event]:
    """+10 initiative for the rest of the combat, declared at the start of a round."""
    combat = _start_of_round(session, "a Void point for +10 initiative")
    who = session.acting_for(actor, character)
    if key(who.name) not in combat.initiative:
        raise IllegalUnderRules(f"{who.name} has not rolled initiative")
    return session.void_events(actor, at, who, "+10 initiative for the combat", "initiative")


def swap_initiative(
    session: Play, *, actor: str, at: datetime, character: str, other: str
) -> list[Event]:
    """Trade initiative with a willing character for the rest of the combat; only
    ``character`` pays. The other must be willing: the GM records it, or a player who
    plays both."""
    combat = session.state.combat
    if combat is None:
        raise IllegalUnderRules("initiative is traded in combat")
    who = session.acting_for(actor, character)
    partner = session.character_named(other)
    if not session.is_gm(actor) and actor != partner.player:
        raise NotAllowed(f"{partner.name} must be willing: the GM, or {partner.player!r}, says so")
    for name in (who.name, partner.name):
        if key(name) not in combat.initiative:
            raise IllegalUnderRules(f"{name} has not rolled initiative")
    if key(who.name) == key(partner.name):
        raise MalformedInput("a character cannot trade initiative with themselves")
    return session.skipping(
        actor,
        at,
        [
            *session.void_events(actor, at, who, f"trade initiative with {partner.name}", "swap"),
            InitiativeSwapped(actor=actor, at=at, character=who.name, other=partner.name),
        ],
    )
