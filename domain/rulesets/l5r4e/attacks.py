"""4e attacks, damage and manoeuvres, melee, archery and thrown weapons.

Rules, from the 4e summary:
- « Jet d'attaque »: weapon skill + trait, keep the trait (Agility in melee and for
  thrown weapons, Reflexes with a bow — « Kyujutsu / Réflexes »), against the target's
  armour TN (:mod:`.armour`). An emphasis named for the weapon rerolls 1s.
- « Jet de dommages »: the weapon's damage + Strength rolled (dai tsuchi 5k2 with
  Strength 3: 8k2); unarmed 0k1 (Strength 3: 3k1); a bow: its strength (or the archer's,
  if lower) rolled with the arrow's damage (yumi 3 + « Feuille de Sauge » 2k2: 5k2). The
  target's armour takes its reduction off; a Void point can take 10 off one source.
- « Manoeuvres », paid in raises, called or free — free ones first, and a free raise
  that pays for a manoeuvre does not also take 5 off the TN (:func:`free_raises_spent`,
  « Augmentations Gratuites »): extra attack 5; called shot 1 (arm, leg), 2 (hand,
  foot), 3 (head), 4 (eye, ear, finger); disarm 3 (2k1 damage without Strength, then
  opposed Strength; a metal weapon disarming a wooden one destroys it); increased
  damage 1 per +1k0; feint 2 (half the margin over the raised TN, rounded up, added to
  the damage, at most 5 × insight rank: 53 against 30 is +12, and 21 damage becomes
  33); knockdown 2, or 4 against four legs (opposed Strength, then prone).
- « Kyujutsu »: up to twice a bow's range, −1k0 « par tranche de 15m au delà »: for
  each complete 15 m band beyond it (31 m beyond is two bands, 14 m none) — or, with
  the option ``range_bands=begun``, for each band begun (31 m: three); −10 to shoot
  while in melee, and −10 to shoot into a melee (« Corps-à-corps »).
- « Lancer »: Athletics/Agility for a knife, the Spear skill for spears, Ninjutsu for
  shuriken; Strength adds to the damage as in melee.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from math import ceil

from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.expression import parse_pool
from domain.dice.roll_keep.roll import RollOptions
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, MalformedInput, NotFound
from domain.rulesets.l5r4e.armour import armour_tn
from domain.rulesets.l5r4e.combat import on_turn, spend_action
from domain.rulesets.l5r4e.contests import Side, oppose
from domain.rulesets.l5r4e.events import ActionTaken, AttackResolved, DiceRolled, Event, WoundsTaken
from domain.rulesets.l5r4e.manoeuvres import CALLED_SHOT, read
from domain.rulesets.l5r4e.play import Play, last_rolled
from domain.rulesets.l5r4e.society import honour_loss_events
from domain.rulesets.l5r4e.state_records import CharacterState, key
from domain.rulesets.roll_keep_kit.character import Weapon
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.rolls import roll_spec

Dice = DiceSource | Sequence[Die]

UNARMED = Weapon("Unarmed", "0k1", "Jiujutsu", size="small")
RANGE_STEP_M = 15


def manoeuvre_cost(text: str, target: CharacterState) -> tuple[str, int, str]:
    """``called_shot:head`` → (``called_shot``, 3, ``head``): read as the command declares
    it (:func:`domain.rulesets.l5r4e.manoeuvres.read`), then priced."""
    name, argument = read(text)
    if name == "called_shot":
        return name, CALLED_SHOT[argument], argument
    if name == "increased_damage":
        return name, int(argument), argument
    cost = {"extra_attack": 5, "disarm": 3, "feint": 2}.get(name)
    if name == "knockdown":
        cost = 4 if target.sheet.four_legged else 2
    assert cost is not None
    return name, cost, ""


def free_raises_spent(free_raises: int, manoeuvres_cost: int) -> tuple[int, int]:
    """How many free raises pay for the manoeuvres, and how many lower the TN instead.

    « Elles fournissent le bonus d'une augmentation, mais sans faire augmenter le ND.
    Elles peuvent aussi et à la place être utilisées pour faire baisser le ND d'un jet de
    -5 » (Augmentations Gratuites): each free raise does one or the other, never both.
    The manoeuvres are paid with free raises first (a called raise would raise the TN),
    and only the free raises left over take 5 off the TN each."""
    paying = min(free_raises, manoeuvres_cost)
    return paying, free_raises - paying


@dataclass(frozen=True)
class Manoeuvres:
    """The manoeuvres declared for one attack roll, checked and paid for."""

    costs: tuple[tuple[str, int, str], ...]
    lowering: int
    """The free raises left over, each taking 5 off the TN."""
    parts: tuple[Part, ...]
    """What the roll records of how they were paid."""

    @classmethod
    def declare(
        cls, manoeuvres: Sequence[str], target: CharacterState, raises: int, free_raises: int
    ) -> Manoeuvres:
        """Each declared once, their raises called or free (free ones first)."""
        costs = tuple(manoeuvre_cost(m, target) for m in manoeuvres)
        names = [name for name, _, _ in costs]
        if len(set(names)) != len(names):
            raise MalformedInput("each manoeuvre is declared once per attack")
        needed = sum(cost for _, cost, _ in costs)
        if needed > raises + free_raises:
            raise IllegalUnderRules(
                f"{', '.join(manoeuvres)} need {needed} raises; {raises} called and "
                f"{free_raises} free were declared"
            )
        paying, lowering = free_raises_spent(free_raises, needed)
        parts: tuple[Part, ...] = ()
        if paying:
            paid = ", ".join(manoeuvres)
            parts = (Part(source=f"{paying} free raise(s) paying for {paid}, TN unchanged"),)
        return cls(costs, lowering, parts)

    @property
    def names(self) -> list[str]:
        return [name for name, _, _ in self.costs]

    @property
    def increased(self) -> int:
        """Dice added to the damage roll (« +1g0 au jet de dommages par Augmentation »)."""
        return next((int(arg) for name, _, arg in self.costs if name == "increased_damage"), 0)

    @property
    def location(self) -> str:
        return next((arg for name, _, arg in self.costs if name == "called_shot"), "torso")

    def feint(self, session: Play, who: CharacterState, rolled: DiceRolled) -> int:
        """« [(Résultat du jet d'Attaque – ND d'Armure de la cible) / 2] … pour un maximum
        de 5x le rang de réputation »: half the margin over the TN the roll had to reach,
        rounded up, for a hit with a feint; 0 otherwise."""
        if not rolled.roll.success or "feint" not in self.names:
            return 0
        margin = rolled.roll.margin or 0
        return min(ceil(margin / 2), 5 * session.ruleset.insight_rank(who.sheet))


def weapon_in_hand(who: CharacterState) -> Weapon:
    """The weapon an attack given with none takes (:meth:`FourthEdition.completed`
    writes it into the command): the one its bearer last attacked with or took up, else
    the first on the sheet (the one a bushi readies — « Dégainer une arme » is an action
    the sheet's order stands for), or the bare hands when the sheet carries none or a
    disarm made it drop."""
    if "disarmed" in who.conditions or not who.sheet.weapons:
        return UNARMED
    if who.wielding is not None and (held := who.sheet.weapon(who.wielding)) is not None:
        return held
    return who.sheet.weapons[0]


def choose_weapon(who: CharacterState, name: str | None) -> Weapon:
    """The weapon ``name`` on the sheet; none named or "unarmed": the bare hands (a
    duel's strike names none; a new attack's command is given the weapon in hand before
    it is decided, :func:`weapon_in_hand`, so a record naming none is one made before)."""
    if name is None or name.casefold() == "unarmed":
        return UNARMED
    weapon = who.sheet.weapon(name)
    if weapon is None:
        carried = ", ".join(w.name for w in who.sheet.weapons) or "nothing"
        raise NotFound(f"{who.name} has no weapon {name!r} (carries {carried})")
    return weapon


def damage_expression(
    session: Play,
    who: CharacterState,
    weapon: Weapon,
    arrow: str | None,
    disarm: bool,
    increased: int,
) -> str:
    strength = who.sheet.trait("strength")
    if disarm:
        rolled, kept = 2, 1
    elif weapon.kind == "bow":
        if arrow is None:
            raise MalformedInput(f"a shot with {weapon.name} needs an arrow (--arrow)")
        found = who.sheet.arrow(arrow)
        armoury = session.state.armoury
        if found is None and armoury is not None:
            found = next((a for a in armoury.arrows if a.name.casefold() == arrow.casefold()), None)
        if found is None:
            raise NotFound(f"{who.name} has no arrow {arrow!r}")
        damage = parse_pool(found.damage)
        rolled, kept = min(weapon.strength, strength) + damage.rolled, damage.kept
    else:
        damage = parse_pool(weapon.damage)
        rolled, kept = damage.rolled + strength, damage.kept
    return f"{rolled + increased}k{kept}"


def _extra_attack_ready(session: Play, who: CharacterState) -> bool:
    combat = session.state.combat
    return combat is not None and key(who.name) in combat.extra_attacks


def attack(
    session: Play,
    *,
    actor: str,
    at: datetime,
    attacker: str,
    target: str,
    dice: Dice,
    weapon: str | None = None,
    raises: int = 0,
    free_raises: int = 0,
    manoeuvres: Sequence[str] = (),
    circumstances: int = 0,
    void: bool = False,
    use_center: bool = False,
    arrow: str | None = None,
    range_m: int | None = None,
    honour_loss: int | None = None,
) -> list[Event]:
    """An attack roll against the target's armour TN, and what the hit earned. A peasant
    weapon costs honour (« mot clef paysan »): ``honour_loss`` tenths, or the GM's table."""
    who = on_turn(session, actor, attacker)
    victim = session.character_named(target)
    if key(victim.name) == key(who.name):
        raise MalformedInput(f"{who.name} cannot attack themselves")
    if session.ruleset.wound_rank(victim.sheet, victim.wounds).name == "Dead":
        raise IllegalUnderRules(
            f"{victim.name} is Dead ({victim.wounds} wounds): there is no one left to attack "
            "(retract the ruling that killed them if it was wrong)"
        )
    arms = choose_weapon(who, weapon)
    if "disarmed" in who.conditions and arms is not UNARMED:
        raise IllegalUnderRules(f"{who.name} is disarmed: unarmed, or pick the weapon up first")
    if who.stance == "defense":
        raise IllegalUnderRules(f"{who.name} is in the Defense stance and cannot attack")
    ranged = arms.kind in ("bow", "thrown")
    if ranged and who.stance == "full_attack":
        raise IllegalUnderRules("no ranged attack in the Full Attack stance")
    if "prone" in who.conditions and arms.size == "large":
        raise IllegalUnderRules(f"{who.name} is prone and cannot attack with {arms.name}")
    declared = Manoeuvres.declare(manoeuvres, victim, raises, free_raises)
    trait = "reflexes" if arms.kind == "bow" else "agility"
    spec = roll_spec(who.sheet, skill=arms.skill, trait=trait)
    if spec.unskilled and (raises or free_raises):
        raise IllegalUnderRules(
            f"an unskilled attack ({spec.label}) may not call raises or use free raises"
        )
    skill = who.sheet.skill(arms.skill)
    emphasis = skill is not None and any(
        e.casefold() == arms.name.casefold() for e in skill.emphases
    )
    parts: list[Part] = list(declared.parts)
    if circumstances:
        parts.append(Part(source="circumstances", tn=circumstances))
    if ranged:
        if "in_melee" in victim.conditions:
            parts.append(Part(source="shooting into melee", total=-10))
        if arms.kind == "bow" and "in_melee" in who.conditions:
            parts.append(Part(source="a bow in melee", total=-10))
        if range_m is not None and arms.kind == "bow":
            if range_m > 2 * arms.range_m:
                raise IllegalUnderRules(
                    f"{range_m} m is past twice {arms.name}'s range of {arms.range_m} m"
                )
            beyond = range_m - arms.range_m
            begun = session.ruleset.range_bands_begun
            steps = ceil(beyond / RANGE_STEP_M) if begun else beyond // RANGE_STEP_M
            if beyond > 0 and steps:
                parts.append(Part(source=f"{beyond} m past the range", rolled=-steps))
    extra = _extra_attack_ready(session, who)
    events: list[Event] = []
    if not extra:
        spend_action(session, who, "complex", "attack")
        events.append(
            ActionTaken(
                actor=actor,
                at=at,
                character=who.name,
                kind="complex",
                action=f"attack {victim.name}",
            )
        )
    if "peasant" in (k.casefold() for k in arms.keywords):
        events += honour_loss_events(session, actor, at, who, "peasant weapon", honour_loss)
    armour = armour_tn(session.state, victim, melee=not ranged)
    tn = max(0, sum(p.total for p in armour))
    events += session.roll(
        actor=actor,
        at=at,
        expression=spec.expression,
        options=RollOptions(
            tn=tn,
            raises=raises,
            free_raises=declared.lowering,
            unskilled=spec.unskilled,
            emphasis=emphasis,
            void=void,
        ),
        dice=dice,
        character=who.name,
        purpose="attack",
        label=f"{spec.label} ({arms.name})",
        parts=parts,
        trait=trait,
        weapon=arms,
        ranged=ranged,
        use_center=use_center,
        target=victim.name,
    )
    rolled = last_rolled(events)
    hit = bool(rolled.roll.success)
    increased = declared.increased
    events.append(
        AttackResolved(
            actor=actor,
            at=at,
            attacker=who.name,
            target=victim.name,
            weapon=arms.name,
            hit=hit,
            armour_tn=tn,
            tn=rolled.roll.effective_tn,
            total=rolled.roll.total,
            manoeuvres=tuple(m.strip().casefold() for m in manoeuvres),
            location=declared.location,
            extra_damage_dice=increased,
            feint_bonus=declared.feint(session, who, rolled),
            damage=damage_expression(
                session, who, arms, arrow, "disarm" in declared.names, increased
            )
            if hit
            else "",
        )
    )
    return events


def damage(
    session: Play,
    *,
    actor: str,
    at: datetime,
    attacker: str,
    dice: Dice,
    void_reduction: bool = False,
) -> list[Event]:
    """The damage roll a hit earned, less the target's armour reduction (and 10 for a
    Void point the target spends), as wounds. A disarm or knockdown then goes to an
    opposed Strength roll the GM resolves, unless the target is already Out."""
    combat = session.state.combat
    who = session.acting_for(actor, attacker)
    hit = None if combat is None else combat.pending.get(key(who.name))
    if hit is None:
        raise IllegalUnderRules(f"{who.name} has no hit waiting for its damage roll")
    victim = session.character_named(hit.target)
    contest = next((m for m in hit.manoeuvres if m in ("disarm", "knockdown")), None)
    if contest is not None:
        session.gm_only(actor, f"resolve the {contest} (an opposed Strength roll)")
        if isinstance(dice, Sequence):
            raise MalformedInput(
                f"the {contest} goes on to an opposed Strength roll: give the dice port "
                "(--seed, or --faces drawn in order)"
            )
    parts = [Part(source="feint", total=hit.feint_bonus)] if hit.feint_bonus else []
    events = session.roll(
        actor=actor,
        at=at,
        expression=hit.damage,
        options=RollOptions(),
        dice=dice,
        character=who.name,
        purpose="damage",
        label=f"{hit.weapon} damage",
        parts=parts,
        target=victim.name,
    )
    rolled = last_rolled(events)
    reductions: list[Part] = []
    armour = victim.sheet.armour
    if armour is not None and armour.reduction:
        reductions.append(Part(source=f"{armour.name} reduction", total=-armour.reduction))
    if void_reduction:
        if not session.is_gm(actor) and actor != victim.player:
            raise IllegalUnderRules(f"only {victim.player!r} or the GM spends {victim.name}'s Void")
        events += session.void_events(actor, at, victim, f"−10 damage from {who.name}", "damage")
        reductions.append(Part(source="Void point", total=-10))
    amount = max(0, rolled.roll.total + sum(p.total for p in reductions))
    events.append(
        WoundsTaken(
            actor=actor,
            at=at,
            character=victim.name,
            amount=amount,
            source=f"{who.name}'s {hit.weapon}"
            + (f" ({hit.location})" if hit.location != "torso" else ""),
            damage=rolled.roll.total,
            parts=tuple(reductions),
        )
    )
    out = session.ruleset.wound_rank(victim.sheet, victim.wounds + amount).penalty is None
    if contest is not None and not out:
        assert not isinstance(dice, Sequence)
        events += oppose(
            session,
            actor=actor,
            at=at,
            contest=contest,
            effect=contest,
            weapon=hit.weapon,
            dice=dice,
            first=Side(who.name, trait="strength"),
            second=Side(victim.name, trait="strength"),
        )
    return events
