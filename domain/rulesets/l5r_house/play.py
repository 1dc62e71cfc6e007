"""The l5r-house commands decided: one batch of events each, or a typed error quoting
the input, never a partial batch.

The flow of a round (« Avant chaque tour », « Actions pendant le tour »): ``declare``
in ascending initiative (ties together), then the actions resolve in descending order,
each by ``attack`` (an Attack or an Assault as declared) or nothing to roll, then
``combat next``. Ties « jouent en même temps »: the wounds one deals the other count
after both rolls (:func:`domain.rulesets.l5r_house.table.malus_now`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from domain.commands import Dice
from domain.dice.source import TableFaces
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed
from domain.events import Event
from domain.names import key
from domain.rulesets.l5r_house import commands as c
from domain.rulesets.l5r_house.events import (
    ActionDeclared,
    ActionSucceeded,
    AttackMade,
    FullDefenceRolled,
    HouseVoidUse,
    RoundStarted,
    TurnPassed,
    VoidSpent,
)
from domain.rulesets.l5r_house.rules import (
    ASSAULT_FREE_RAISES,
    BARE_HANDS,
    CALLED_SHOTS,
    DISARM,
    FRENCH,
    NO_ROLL,
    RAISE_STEP,
    attack_expression,
    check_raises,
    defence_expression,
    initiative_parts,
)
from domain.rulesets.l5r_house.state import Combat, Fighter, HouseState
from domain.rulesets.l5r_house.table import (
    can_act,
    fighter,
    malus_now,
    malus_parts,
    rank_of,
    tn_to_be_hit,
)
from domain.rulesets.roll_keep_kit.character import Weapon
from domain.rulesets.roll_keep_kit.deciding import RollKeepDeciding, refuse_initiative
from domain.rulesets.roll_keep_kit.modifiers import Part

VOID_DIE = Part(source="Point de Vide", rolled=1, kept=1)


@dataclass
class Play(RollKeepDeciding):
    state: HouseState = field(default_factory=HouseState)

    def acting_for(self, name: str) -> Fighter:
        found = fighter(self.state, name)
        self.permitted(found.name, found.player)
        return found

    def combat(self) -> Combat:
        if self.state.combat is None:
            raise IllegalUnderRules("no combat is under way: `kiroku combat start` first")
        return self.state.combat

    def weapon(self, who: Fighter, name: str | None) -> Weapon:
        """The weapon named (bare hands by their name), else the first on the sheet; one a
        disarm took is refused."""
        if name is not None and key(name) == key(BARE_HANDS.name):
            return BARE_HANDS
        if name is None:
            return next((w for w in who.sheet.weapons if w.name not in who.disarmed), BARE_HANDS)
        if any(key(name) == key(taken) for taken in who.disarmed):
            raise IllegalUnderRules(
                f"{who.name} was disarmed of the {name}: another weapon, or bare hands "
                f"(--weapon {BARE_HANDS.name!r})"
            )
        found = who.sheet.weapon(name)
        if found is None:
            carried = ", ".join(w.name for w in who.sheet.weapons) or "none"
            raise IllegalUnderRules(f"{who.name} carries no {name!r}; weapons: {carried}")
        return found

    def void(self, who: Fighter, use: HouseVoidUse, purpose: str) -> Event:
        """« à raison d'1 point par action »: one point a round (the initiative's aside)."""
        if who.void_left < 1:
            raise IllegalUnderRules(f"{who.name} has no Void point left")
        combat = self.state.combat
        if use != "initiative" and combat is not None and key(who.name) in combat.void_round:
            raise IllegalUnderRules(
                f"{who.name} has spent this round's Void point: « 1 point par action »"
            )
        return self.event(VoidSpent, character=who.name, use=use, purpose=purpose)


def decide_roll(play: Play, command: c.Roll, dice: Dice | None) -> list[Event]:
    """A roll: an expression, or trait (ring) + skill keep the trait; raises at most the
    Void ring; a Void point +1k1; the character's malus."""
    if command.hidden:
        play.core.gm_only(play.actor, "make a hidden roll")
    refuse_initiative(command.purpose)
    who = play.acting_for(command.character) if command.character else None
    if who is None and not play.core.is_gm(play.actor):
        raise NotAllowed(f"{play.actor!r} may roll only for their own character")
    events: list[Event] = []
    parts: list[Part] = []
    if command.skill or command.trait or command.ring:
        if who is None:
            raise MalformedInput("--skill, --trait and --ring need --character")
        if command.expression:
            raise MalformedInput(
                f"give an expression ({command.expression!r}) or --skill/--trait/--ring, not both"
            )
        expression, label = _pool(who, command)
    elif command.expression:
        expression, label = command.expression, ""
    else:
        raise MalformedInput("give a dice expression, or --skill/--trait/--ring")
    if who is not None:
        can_act(play.state, who)
        check_raises(who.sheet, command.raises)
        parts += malus_parts(play.state, who, has_tn=command.tn is not None)
        if command.void and command.void_raise:
            raise IllegalUnderRules("one Void point, one use: --void or --void-raise")
        if command.void:
            events.append(play.void(who, "dice", f"+1k1 on {label or expression!r}"))
            parts.append(VOID_DIE)
        if command.void_raise:
            events.append(play.void(who, "free_raise", f"a free raise on {label or expression!r}"))
            parts.append(Part(source="augmentation gratuite (Vide)", tn=-RAISE_STEP))
    elif command.void or command.void_raise:
        raise MalformedInput("a Void point is spent by a character: name one (--character)")
    if command.raises:
        parts.append(Part(source=f"{command.raises} raises", tn=RAISE_STEP * command.raises))
    rolled, _ = play.throw(
        who.name if who else None,
        expression,
        dice,
        purpose=command.purpose,
        label=command.label or label,
        parts=parts,
        tn=command.tn,
        unskilled=command.unskilled,
        hidden=command.hidden,
    )
    return [*events, rolled]


def _pool(who: Fighter, command: c.Roll) -> tuple[str, str]:
    from domain.rulesets.roll_keep_kit.character import parse_ring, parse_trait

    if command.ring is not None:
        value = who.sheet.ring(parse_ring(command.ring))
        name = command.ring
    elif command.trait is not None:
        value = who.sheet.trait(parse_trait(command.trait))
        name = command.trait
    else:
        raise MalformedInput("name the trait the roll uses (--trait), or a ring (--ring)")
    rank = who.sheet.skill_rank(command.skill) if command.skill else 0
    label = f"{command.skill}/{name.capitalize()}" if command.skill else name.capitalize()
    return f"{value + rank}k{value}", label


def decide_initiative(play: Play, command: c.RollInitiative, dice: Dice | None) -> list[Event]:
    """1k1 (10s rerolled) + Reflexes, the katana's Kenjutsu rank or a long weapon's
    +1k0, a Void point's +1k1 (« sans augmentation »), less the malus at the roll."""
    combat = play.combat()
    who = play.acting_for(command.character)
    can_act(play.state, who)
    if key(who.name) in combat.initiative:
        raise IllegalUnderRules(
            f"{who.name} has rolled initiative already: « Le jet d'initiative reste effectif "
            "sur toute la durée de la phase de combat »"
        )
    weapon = play.weapon(who, command.weapon)  # by default the first on the sheet
    parts = initiative_parts(who.sheet, weapon)
    events: list[Event] = []
    if command.void:
        events.append(
            play.void(who, "initiative", "+1k1 on initiative, for the Void ring's rounds")
        )
        parts.append(VOID_DIE)
    amount, rank = malus_now(play.state, who)
    if amount:
        parts.append(Part(source=f"Blessures ({rank.french})", total=-amount))
    rolled, _ = play.throw(
        who.name, "1k1", dice, purpose="initiative", label="Initiative", parts=parts
    )
    return [*events, rolled]


def decide_start_round(play: Play, command: c.StartRound, dice: Dice | None) -> list[Event]:
    play.core.gm_only(play.actor, "start a round")
    combat = play.combat()
    if not combat.initiative:
        raise IllegalUnderRules("nobody has rolled initiative yet")
    if combat.round and (combat.declaring or combat.current() is not None):
        waiting = combat.to_declare() or [str(combat.current())]
        raise IllegalUnderRules(
            f"round {combat.round} is not over: {', '.join(map(str, waiting))} still to go"
        )
    return [play.event(RoundStarted, number=combat.round + 1)]


def decide_next(play: Play, command: c.NextTurn, dice: Dice | None) -> list[Event]:
    """The current character's action is over: a declared action that called for no
    roll, and had none in the turn, is recorded a success (« si son action ne requiert
    pas de jet de dé, elle est considérée comme étant réussie pour le tour »)."""
    combat = play.combat()
    current = combat.current()
    if current is None:
        if combat.declaring:
            raise IllegalUnderRules(
                "the round's declarations are not done: "
                f"{', '.join(combat.to_declare())} declare next"
            )
        raise IllegalUnderRules(f"every action of round {combat.round} has resolved")
    who = play.acting_for(current)
    declared = combat.declared.get(key(who.name))
    events: list[Event] = []
    if declared is not None and declared.action in NO_ROLL and not combat.rolled_in_turn:
        events.append(play.event(ActionSucceeded, character=who.name, action=declared.action))
    return [*events, play.event(TurnPassed, character=who.name)]


def decide_declare(play: Play, command: c.Declare, dice: Dice | None) -> list[Event]:
    """« dans l'ordre croissant d'initiative … le dernier à jouer qui parlera en premier »;
    « Par défaut, l'Attaque » — an Assault must be said; a full defence rolls now, its
    bonus on the TN « durant tout le tour »."""
    combat = play.combat()
    who = play.acting_for(command.character)
    can_act(play.state, who)
    if not combat.declaring:
        raise IllegalUnderRules("no declarations are due: `kiroku combat round` starts them")
    if key(who.name) in combat.declared:
        raise IllegalUnderRules(f"{who.name} has declared this round's action already")
    due = combat.to_declare()
    if who.name not in due:
        raise IllegalUnderRules(
            f"{', '.join(due)} declare{'s' if len(due) == 1 else ''} first: « dans l'ordre "
            "croissant d'initiative »"
        )
    target = fighter(play.state, command.target).name if command.target else None
    if command.action in ("attack", "assault") and target is None:
        raise MalformedInput(f"« {FRENCH[command.action]} » names its target (--target)")
    if target is not None and key(target) == key(who.name):
        raise MalformedInput(f"{who.name} cannot attack themself")
    if target is not None and rank_of(fighter(play.state, target))[1].name == "Dead":
        raise IllegalUnderRules(
            f"{target} is Dead: there is no one left to attack (retract the ruling that "
            "killed them if it was wrong)"
        )
    events: list[Event] = []
    defence = 0
    if command.void and command.action != "full_defence":
        raise MalformedInput("--void on a declaration is the Full Defence roll's +1k1")
    guarded = command.action == "full_defence" and who.sheet.skill_rank("Defense") > 0
    if command.void and not guarded:
        raise IllegalUnderRules(
            f"{who.name} has no Defense: the Full Defence rolls no dice for a Void point's "
            "+1k1 to add to"
        )
    if command.void:  # said before the roll, spent on the action declared
        events.append(play.void(who, "dice", "+1k1 on the Full Defence roll"))
    if guarded and play.state.defence_when_declared:
        rolled, defence = _full_defence_thrown(play, who, dice, void=command.void)
        events.append(rolled)
    elif command.action == "full_defence" and _faces_given(dice):
        raise MalformedInput(
            f"{who.name}'s Full Defence is rolled at the first attack on them this round "
            "(« dès que l'on essaie de le toucher »): give its faces with that attack's "
            "--faces, before the attack's own (option full_defence_roll=declared rolls it "
            "now)"
        )
    events.append(
        play.event(
            ActionDeclared, character=who.name, action=command.action, target=target,
            defence=defence, void=command.void, hidden=command.hidden or None,
        )
    )  # fmt: skip
    return events


def _full_defence_thrown(
    play: Play, who: Fighter, dice: Dice | None, *, void: bool, hidden: bool = False
) -> tuple[Event, int]:
    """« ND actuel + (agilité + défense)g(défense) »: the Full Defence's roll, with the
    wound maluses and the +1k1 of a Void point spent on it, and its total."""
    parts = malus_parts(play.state, who, has_tn=False)
    if void:
        parts.append(VOID_DIE)
    rolled, result = play.throw(
        who.name,
        defence_expression(who.sheet),
        dice,
        purpose="defense",
        label="Défense totale (Agilité + Défense)",
        parts=parts,
        hidden=hidden,
    )
    return rolled, result.total


def _faces_given(dice: Dice | None) -> bool:
    """Whether faces were typed for the command (not a dice source to draw from)."""
    if isinstance(dice, TableFaces):
        return bool(dice.left)
    return isinstance(dice, Sequence) and bool(dice)


def full_defence_roll(
    play: Play, attacker: Fighter, target: Fighter, dice: Dice | None
) -> tuple[list[Event], int | None]:
    """« dès que l'on essaie de le toucher, son ND passe durant tout le tour à : ND actuel
    + (agilité + défense)g(défense) »: the first attack of the round on a declared Full
    Defence rolls it, before the attack's own roll (its faces first), with the +1k1 of
    the Void point spent as it was declared; the roll and its bonus are as secret as the
    declaration. Nothing (and None) when there is nothing to roll now."""
    combat = play.combat()
    declared = combat.declared.get(key(target.name))
    if (
        play.state.defence_when_declared
        or declared is None
        or declared.action != "full_defence"
        or key(target.name) in combat.defences
        or target.sheet.skill_rank("Defense") == 0
    ):
        return [], None
    hidden = bool(declared.hidden)
    events: list[Event] = []
    rolled, defence = _full_defence_thrown(play, target, dice, void=declared.void, hidden=hidden)
    events.append(rolled)
    events.append(
        play.event(
            FullDefenceRolled, character=target.name, attacker=attacker.name,
            defence=defence, void=declared.void, hidden=hidden,
        )
    )  # fmt: skip
    return events, defence


def _faces_first(error: MalformedInput, target: Fighter) -> MalformedInput:
    """``error`` (faces that do not fit the rolls), saying where a Full Defence's faces go."""
    return MalformedInput(
        f"{error} — this first attack on {target.name}'s Full Defence rolls it first "
        f"({defence_expression(target.sheet)}): its faces, then the attack's"
    )


def decide_attack(play: Play, command: c.Attack, dice: Dice | None) -> list[Event]:
    """The declared Attack or Assault, resolved on the attacker's turn; the first on a
    declared Full Defence rolls it first (:func:`full_defence_roll`)."""
    combat = play.combat()
    who = play.acting_for(command.character)
    can_act(play.state, who)
    if combat.current() is None or key(combat.current() or "") != key(who.name):
        raise IllegalUnderRules(f"it is not {who.name}'s action now ({combat.current() or 'none'})")
    if key(who.name) in combat.attacked:
        raise IllegalUnderRules(
            f"{who.name} has made this round's attack: « A chaque tour, le personnage peut "
            "faire 1 action »"
        )
    declared = combat.declared.get(key(who.name))
    if declared is None:  # as the players see it, a declaration the GM keeps from them
        raise IllegalUnderRules(
            f"{who.name} declared nothing this round: « le type d'attaque est précisé au "
            "moment des annonces »"
        )
    if declared.action not in ("attack", "assault"):
        raise IllegalUnderRules(
            f"{who.name} declared « {FRENCH[declared.action]} », not an attack: « le type "
            "d'attaque est précisé au moment des annonces »"
        )
    assault = declared.action == "assault"
    assert declared.target is not None
    target = fighter(play.state, declared.target)
    if command.target is not None and key(command.target) != key(target.name):
        raise IllegalUnderRules(
            f"{who.name} declared « {FRENCH[declared.action]} » on {target.name}, not "
            f"{command.target}: the target is said « au moment des annonces »"
        )
    weapon = play.weapon(who, command.weapon)
    if command.assault_on_damage and not assault:
        raise IllegalUnderRules("only an Assault has free raises to put on damage")
    if command.disarm and target_weapon(target) is BARE_HANDS:
        raise IllegalUnderRules(f"{target.name} holds no weapon to be disarmed of")
    try:
        events, defence_now = full_defence_roll(play, who, target, dice)
    except MalformedInput as error:
        raise _faces_first(error, target) from error
    parts = malus_parts(play.state, who)
    free_for_uses = 0
    if command.void is not None:
        events.append(play.void(who, command.void, f"on the attack on {target.name}"))
        if command.void == "dice":
            parts.append(VOID_DIE)
        else:
            free_for_uses = 1
    cost = command.extra_damage + (DISARM if command.disarm else 0)
    cost += CALLED_SHOTS[command.called_shot][1] if command.called_shot else 0
    raises = max(0, cost - free_for_uses)
    check_raises(who.sheet, raises)
    unskilled = who.sheet.skill_rank(weapon.skill) == 0
    if unskilled and raises:
        raise IllegalUnderRules(
            f"{who.name} has no {weapon.skill}: an unskilled roll calls no raises"
        )
    tn_parts = tn_to_be_hit(play.state, target, defence_now=defence_now)
    tn = sum(p.tn for p in tn_parts)
    if raises:
        bits = [f"{command.extra_damage} dommages"] if command.extra_damage else []
        if command.called_shot:
            french, price = CALLED_SHOTS[command.called_shot]
            bits.append(f"{price} {french}")
        if command.disarm:
            bits.append(f"{DISARM} désarmement")
        parts.append(Part(source=f"raises ({', '.join(bits)})", tn=RAISE_STEP * raises))
    if free_for_uses and not cost:
        parts.append(Part(source="augmentation gratuite (Vide)", tn=-RAISE_STEP))
    on_tn = ASSAULT_FREE_RAISES - command.assault_on_damage if assault else 0
    if on_tn:
        parts.append(Part(source="Assaut: augmentations gratuites", tn=-RAISE_STEP * on_tn))
    try:
        rolled, result = play.throw(
            who.name,
            attack_expression(who.sheet, weapon),
            dice,
            purpose="attack",
            label=f"{weapon.skill}/Agility",
            parts=parts,
            tn=tn,
            unskilled=unskilled,
            target=target.name,
        )
    except MalformedInput as error:
        if defence_now is None:
            raise
        raise _faces_first(error, target) from error
    events.append(rolled)
    hit = bool(result.success)
    disarmed = False
    if hit and command.disarm:
        disarmed = _disarm(play, who, weapon, target, command.disarm_trait, dice, events)
    events.append(
        play.event(
            AttackMade,
            character=who.name,
            target=target.name,
            weapon=weapon.name,
            assault=assault,
            raises=raises,
            extra_damage=command.extra_damage,
            called_shot=command.called_shot,
            disarm=command.disarm,
            assault_on_damage=command.assault_on_damage,
            tn=tn,
            needed=result.tn or 0,
            tn_parts=tuple(tn_parts),
            total=result.total,
            hit=hit,
            disarmed=disarmed,
            disarmed_of=target_weapon(target).name if disarmed else "",
        )
    )
    return events


def target_weapon(target: Fighter) -> Weapon:
    """The weapon a disarm would take: the one of the target's last attack, else their
    first melee weapon (a reading: the text names none)."""
    if target.wielding:
        found = target.sheet.weapon(target.wielding)
        if found is not None and found.name not in target.disarmed:
            return found
    usable = [
        w for w in target.sheet.weapons if w.kind == "melee" and w.name not in target.disarmed
    ]
    return usable[0] if usable else BARE_HANDS


def _disarm(
    play: Play, who: Fighter, weapon: Weapon, target: Fighter, trait: str, dice: Dice | None,
    events: list[Event],
) -> bool:  # fmt: skip
    """« un jet d'opposition avec le trait de force ou celui d'agilité + compétence d'arme
    contre l'adversaire » — both with that trait and the skill of the weapon in hand, each
    with their malus; the attacker must beat the defender's total."""
    totals = []
    for one, held in ((who, weapon), (target, target_weapon(target))):
        value = one.sheet.trait("strength" if trait == "strength" else "agility")
        rank = one.sheet.skill_rank(held.skill)
        rolled, result = play.throw(
            one.name,
            f"{value + rank}k{value}",
            dice,
            purpose="opposed",
            label=f"{held.skill}/{trait.capitalize()} (désarmement)",
            parts=malus_parts(play.state, one, has_tn=False),
        )
        events.append(rolled)
        totals.append(result.total)
    return totals[0] > totals[1]


def decide_damage(play: Play, command: c.Damage, dice: Dice | None) -> list[Event]:
    """« (force + propriété en dés jetés de l'arme)g(propriété en dés gardés) », +1k0 for
    each raise and each Assault free raise put on damage."""
    who = play.acting_for(command.character)
    if who.hit is None:
        raise IllegalUnderRules(f"{who.name} has no hit awaiting damage")
    target_name, weapon_name, extra = who.hit
    target = fighter(play.state, target_name)
    weapon = BARE_HANDS if weapon_name == BARE_HANDS.name else play.weapon(who, weapon_name)
    parts = [Part(source="augmentations (dommages)", rolled=extra)] if extra else []
    return play.damage(who.sheet, target.name, weapon, dice, parts)


def decide_void(play: Play, command: c.SpendVoid, dice: Dice | None) -> list[Event]:
    """« Ignorer les malus dus à des blessures pour 1 tour », « Augmente le ND pour être
    touché de 10 pendant 1 tour »."""
    who = play.acting_for(command.character)
    combat = play.combat()
    if combat.round == 0 and command.use != "ignore_wounds":
        raise IllegalUnderRules("no round is under way: +10 TN lasts one round")
    what = "no wound malus this round" if command.use == "ignore_wounds" else "+10 TN this round"
    return [play.void(who, command.use, what)]
