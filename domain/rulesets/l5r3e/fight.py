"""The l5r3e attack, its damage, grappling and reversals of fortune, decided.

Rules (« Résolution des attaques », « Augmentations », « Manoeuvres "Avancées" »,
« Actions "Avancées" », « Lutte », « Retournements de Situation », « Points de Vide »):

- The attack rolls Agility (Reflexes at range) + the weapon's skill, keeps the trait,
  against the target's TN to be hit (:func:`domain.rulesets.l5r3e.table.tn_to_be_hit`)
  raised by the attacker's wound penalty, the circumstances, and +5 a raise called —
  at most the higher of Void and the skill, a move before a melee attack costing one
  (free in Assault) and standing up to attack in Assault two.
- Free raises (the attacker's Assault: 2, in melee, only on the roll or the damage; a
  target in Assault: 3 to everyone, free to use; a feint: 1 on the next attack on the
  same foe) go on the total (+5 each) unless ``free_to_manoeuvre`` of them pay for the
  manoeuvre the raises are called for (extra damage, a disarm, the grapple's Strength).
- An extra attack is two rolls at 4 raises each, both to hit; a knockdown compares the
  roll to (Earth + rank) × 5 of the target; a disarm is an opposed roll of the target's
  Strength or usual trait + weapon skill; a grapple ignores armour and, on a hit, both
  roll Strength, raises of the attack turning into free raises of the attacker's.
- Damage is the weapon's XkY with Strength added to the dice rolled, plus extra damage
  (+1k0 a raise, +1k1 a pair); no Void point on it.
- A reversal: at the end of a round, one unexploding die for each who took no wound
  (self-inflicted ones aside), onto their own initiative or off an opponent's they hit
  or wounded that round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.dice.roll_keep.roll import RAISE_STEP
from domain.errors import IllegalUnderRules, MalformedInput
from domain.events import Event
from domain.names import key
from domain.rulesets.l5r3e import commands as c
from domain.rulesets.l5r3e.events import (
    AttackResolved,
    GrappleBroken,
    GrappleWon,
    ReversalApplied,
)
from domain.rulesets.l5r3e.grappling import strength_expression, winner
from domain.rulesets.l5r3e.manoeuvres import ASSAULT_FREE_RAISES, free_raises
from domain.rulesets.l5r3e.modifiers import attack_parts
from domain.rulesets.l5r3e.play import (
    BARE_HANDS,
    FINAL_STRIKE_TN,
    Play,
    _check_actions,
    _emphasis,
    _own,
)
from domain.rulesets.l5r3e.raises import FIXED_COST, FRENCH, extra_damage, knockdown_tn, most_raises
from domain.rulesets.l5r3e.reversals import check_reversal
from domain.rulesets.l5r3e.skirmish import attack_expression, reputation_rank
from domain.rulesets.l5r3e.state import Fighter
from domain.rulesets.l5r3e.table import (
    attack_bonus,
    can_act,
    fighter,
    is_dead,
    tn_to_be_hit,
    wound_penalty,
    wound_rank,
)
from domain.rulesets.roll_keep_kit.character import Weapon
from domain.rulesets.roll_keep_kit.modifiers import Part


def _weapon(who: Fighter, name: str | None) -> Weapon:
    if name is None:
        return BARE_HANDS
    found = who.sheet.weapon(name)
    if found is None:
        carried = ", ".join(w.name for w in who.sheet.weapons) or "none"
        raise IllegalUnderRules(f"{who.name} carries no {name!r}; weapons: {carried}")
    return found


def decide_attack(play: Play, command: c.Attack, dice: Any) -> list[Event]:
    who = play.acting_for(command.character)
    dead = is_dead(who)
    if command.final_strike:
        if wound_rank(who).french not in ("Épuisé", "Hors de combat", "Mort"):
            raise IllegalUnderRules(
                f"{who.name} is {wound_rank(who).french}: « Coup ultime » is for one fallen to "
                "Épuisé or Hors de combat (or dead)"
            )
    else:
        can_act(who)
    combat = play.in_turn(who)
    target = fighter(play.state, command.target)
    if key(target.name) == key(who.name):
        raise MalformedInput(f"{who.name} cannot attack themself")
    if is_dead(target):
        raise IllegalUnderRules(f"{target.name} is dead")
    weapon = _weapon(who, command.weapon)
    ranged = weapon.kind != "melee"
    skill = "Jiujutsu" if command.grapple else weapon.skill
    if command.grapple and (ranged or (weapon is not BARE_HANDS and weapon.size != "small")):
        raise IllegalUnderRules(
            f"« Lutte »: bare hands or a weapon no bigger than a tanto, not {weapon.name!r}"
        )
    if ranged and (command.move or command.stand_up):
        raise IllegalUnderRules("a move or standing up combines with a melee attack only")
    if command.stand_up and who.manoeuvre != "assault":
        raise IllegalUnderRules("« Se lever » and attack: in Assault only, for 2 raises")
    if command.protects is not None and command.manoeuvre != "guard":
        raise MalformedInput("--protects goes with --manoeuvre guard")
    if command.manoeuvre == "guard" and command.protects is None:
        raise MalformedInput("a guard names the ally it protects (--protects)")
    if command.called_shot and command.manoeuvre != "called_shot":
        raise MalformedInput("--called-shot goes with --manoeuvre called_shot")
    # « Actions "Avancées" »: a move, or standing up, with a melee attack is one action
    # paid for with raises (below); the turn's other is a simple action
    _check_actions(combat, who, ["ranged_attack" if ranged else "melee_attack"])

    # raises: called, and what a move or standing up costs
    rank = who.sheet.skill_rank(skill)
    unskilled = rank == 0
    implied = (1 if command.move and who.manoeuvre != "assault" else 0) + (
        2 if command.stand_up else 0
    )
    called = command.raises + implied
    limit = most_raises(who.sheet, skill)
    if called > limit:
        raise IllegalUnderRules(
            f"{who.name} may call at most {limit} raises (the higher of Void and {skill}), not "
            f"{called}" + (f" ({implied} for moving or standing)" if implied else "")
        )
    if unskilled and called:
        raise IllegalUnderRules(f"{who.name} has no {skill}: an unskilled roll calls no raises")
    if command.raises and command.manoeuvre is None and not command.grapple:
        raise MalformedInput("name what the raises are called for (--manoeuvre)")
    free = free_raises(who.manoeuvre, target.manoeuvre, melee=not ranged)  # type: ignore[arg-type]
    own_assault = ASSAULT_FREE_RAISES if who.manoeuvre == "assault" and not ranged else 0
    if who.feint_on == key(target.name):
        free += 1
    paying = command.raises + command.free_to_manoeuvre
    if command.free_to_manoeuvre:
        usable = free if command.manoeuvre == "extra_damage" else free - own_assault
        if command.manoeuvre is None and not command.grapple:
            raise MalformedInput("--free-to-manoeuvre goes with a manoeuvre (or a grapple)")
        if command.free_to_manoeuvre > usable:
            raise IllegalUnderRules(
                f"{who.name} has {usable} free raises that may pay for "
                f"« {FRENCH[command.manoeuvre] if command.manoeuvre else 'Lutte'} », not "
                f"{command.free_to_manoeuvre} (the Assault's own go on the roll or the damage only)"
            )
    if command.manoeuvre in FIXED_COST and paying != FIXED_COST[command.manoeuvre]:
        need = FIXED_COST[command.manoeuvre]
        raise IllegalUnderRules(
            f"« {FRENCH[command.manoeuvre]} » takes {need} raises, not {paying}"
        )
    if command.manoeuvre in ("extra_damage", "guard") and paying < 1:
        raise IllegalUnderRules(f"« {FRENCH[command.manoeuvre]} » takes at least 1 raise")
    on_total = free - command.free_to_manoeuvre

    # Void
    events: list[Event] = []
    if command.final_strike:
        events.append(play.spend(who, "final_strike", "« Coup ultime »", dead=dead))
    if command.perseverance:
        events.append(
            play.spend(
                who, "perseverance", "no wound penalty on this attack", already=_own(events, who)
            )
        )
    spent, parts = play.void_on_roll(
        who,
        command.void,
        command.encouraged_by,
        command.encouraged_use,
        f"on the attack on {target.name}",
        already=_own(events, who),
    )
    events += spent

    # the roll's parts and the TN
    tn_parts = tn_to_be_hit(play.state, target, who, grapple=command.grapple)
    tn = sum(part.tn for part in tn_parts)
    penalty = 0 if command.perseverance else wound_penalty(who)
    parts += attack_parts(
        command.circumstances,
        ranged=ranged,
        rough_terrain=command.rough_terrain,
        wound_penalty=penalty,
    )
    if called:
        what = FRENCH[command.manoeuvre] if command.manoeuvre else "Lutte"
        bits = [f"{command.raises} {what}"] if command.raises else []
        if implied:
            bits.append(f"{implied} for {'moving' if command.move else 'standing'}")
        parts.append(Part(source=f"raises ({', '.join(bits)})", tn=RAISE_STEP * called))
    if on_total:
        parts.append(Part(source="Augmentations Gratuites", total=RAISE_STEP * on_total))
    if command.final_strike:
        parts.append(Part(source="Coup ultime", tn=FINAL_STRIKE_TN))
    parts += attack_bonus(who)
    if command.emphasis:
        parts.append(_emphasis(play, who, skill))
    expression = attack_expression(who.sheet, skill, ranged=ranged)
    label = f"{skill}/{'Reflexes' if ranged else 'Agility'}"
    rolls = 2 if command.manoeuvre == "extra_attack" else 1
    results = []
    for _ in range(rolls):
        rolled, result = play.throw(
            who.name,
            expression,
            dice,
            purpose="attack",
            label=label,
            parts=parts,
            tn=tn,
            unskilled=unskilled,
            target=target.name,
        )
        events.append(rolled)
        results.append(result)
    hit = all(result.success for result in results)
    total = results[0].total
    knocked = False
    if hit and command.manoeuvre == "knockdown":
        knocked = total >= knockdown_tn(target.sheet, reputation_rank(target.sheet))
    disarmed = False
    if hit and command.manoeuvre == "disarm":
        disarmed = _disarm(play, who, target, total, command.disarm_trait, dice, events)
    events.append(
        play.event(
            AttackResolved,
            character=who.name,
            target=target.name,
            weapon=weapon.name,
            ranged=ranged,
            grapple=command.grapple,
            manoeuvre=command.manoeuvre,
            raises=command.raises,
            free_on_total=on_total,
            free_to_manoeuvre=command.free_to_manoeuvre,
            tn=tn,
            needed=results[0].tn or 0,
            tn_parts=tuple(tn_parts),
            totals=tuple(r.total for r in results),
            hit=hit,
            knocked_down=knocked,
            disarmed=disarmed,
            protects=command.protects,
            called_shot=command.called_shot,
            moved=command.move,
            stood_up=command.stand_up,
        )
    )
    if hit and command.grapple:
        events += _strength_contest(play, who, target, paying, False, dice)
    return events


def _disarm(
    play: Play,
    who: Fighter,
    target: Fighter,
    total: int,
    trait: str | None,
    dice: Any,
    events: list[Event],
) -> bool:
    """« La cible effectue 1 jet de Force OU Trait habituel (selon son choix) + Compétence
    d'arme, en opposition » — by default the higher of the two."""
    held = next(iter(target.sheet.weapons), BARE_HANDS)
    usual = "reflexes" if held.kind != "melee" else "agility"
    strength, other = target.sheet.trait("strength"), target.sheet.trait(usual)  # type: ignore[arg-type]
    chosen = trait or ("strength" if strength >= other else "usual")
    value = strength if chosen == "strength" else other
    name = "Strength" if chosen == "strength" else usual.capitalize()
    rank = target.sheet.skill_rank(held.skill)
    rolled, result = play.throw(
        target.name,
        f"{value + rank}k{value}",
        dice,
        purpose="opposed",
        label=f"{held.skill}/{name} against the disarm",
        target=who.name,
    )
    events.append(rolled)
    return total > result.total


def _strength_contest(
    play: Play, holder: Fighter, other: Fighter, free: int, held_before: bool, dice: Any
) -> list[Event]:
    """Both roll Strength; ``holder`` has ``free`` free raises (+5 each) and, if they held
    the grapple the turn before, one more. The higher takes control (a tie: no one)."""
    events: list[Event] = []
    totals = []
    for one, raises in ((holder, free + int(held_before)), (other, 0)):
        parts = (
            [Part(source="Augmentations Gratuites", total=RAISE_STEP * raises)] if raises else []
        )
        rolled, result = play.throw(
            one.name,
            strength_expression(one.sheet),
            dice,
            purpose="opposed",
            label="Strength (Lutte)",
            parts=parts,
        )
        events.append(rolled)
        totals.append(result.total)
    won = winner(holder.name, totals[0], other.name, totals[1])
    if won is not None:
        lost = other.name if won == holder.name else holder.name
        first, second = (totals[0], totals[1]) if won == holder.name else (totals[1], totals[0])
        events.append(play.event(GrappleWon, character=won, against=lost, totals=(first, second)))
    return events


def decide_grapple(play: Play, command: c.Grapple, dice: Any) -> list[Event]:
    """« A chaque tour, les protagonistes refont 1 jet de Force en opposition. Celui qui
    contrôlait la Lutte, au tour précédent, bénéficie de 1 Augmentation Gratuite » — or the
    holder lets go (« rompre la Lutte »)."""
    who = play.acting_for(command.character)
    combat = play.combat()
    held = combat.grapple.get(key(who.name))
    holder_key = (
        key(who.name)
        if held
        else next((k for k, v in combat.grapple.items() if v == key(who.name)), None)
    )
    if holder_key is None:
        raise IllegalUnderRules(f"{who.name} is in no grapple")
    holder = play.state.fighters[holder_key]
    other = play.state.fighters[combat.grapple[holder_key]]
    if command.release:
        if held is None:
            raise IllegalUnderRules(
                f"{who.name} does not hold the grapple: only its holder lets go"
            )
        return [play.event(GrappleBroken, character=holder.name, against=other.name)]
    return _strength_contest(play, holder, other, 0, True, dice)


def decide_damage(play: Play, command: c.Damage, dice: Any) -> list[Event]:
    """The last hit's damage: the weapon's XkY + Strength dice, extra damage raises; the
    target takes the total as wounds (« soustrait des points de blessures de la cible »)."""
    who = play.acting_for(command.character)
    hit = who.hit
    if hit is None:
        raise IllegalUnderRules(
            f"{who.name} has no hit awaiting damage (a miss, a feint or a guard deals none)"
        )
    combat = play.combat()
    target = fighter(play.state, hit.target)
    if hit.grapple and combat.grapple.get(key(who.name)) != key(target.name):
        raise IllegalUnderRules(
            f"{who.name} does not control the grapple: « Celui qui contrôle la Lutte peut … "
            "infliger des dommages »"
        )
    weapon = BARE_HANDS if hit.weapon in ("", BARE_HANDS.name) else _weapon(who, hit.weapon)
    parts = [extra_damage(hit.extra_damage)] if hit.extra_damage else []
    return play.damage(who.sheet, target.name, weapon, dice, parts)


def decide_reversal(play: Play, command: c.Reversal, dice: Any) -> list[Event]:
    """« Retournements de Situation », at the end of the round: the die (never rerolled on
    a 10) onto one's own initiative or off an opponent's one hit or wounded this round."""
    who = play.acting_for(command.character)
    combat = play.combat()
    if combat.round == 0 or combat.current() is not None or combat.delayed:
        raise IllegalUnderRules(
            "reversals are rolled « A la fin de chaque round », once everyone has acted"
        )
    if key(who.name) in combat.reversed:
        raise IllegalUnderRules(f"{who.name} has rolled this round's reversal already")
    if key(who.name) not in combat.rolled:
        raise IllegalUnderRules(f"{who.name} has no initiative in this combat")
    on = fighter(play.state, command.target) if command.target else who
    hit = [play.state.fighters[k].name for k in combat.hits.get(key(who.name), [])]
    check_reversal(
        who.name,
        on.name,
        1,
        wounded_by_others=key(who.name) in combat.wounded,
        hit_or_wounded=hit,
    )
    rolled, result = play.throw(
        who.name,
        "1k1",
        dice,
        purpose="other",
        label="Retournement de situation",
        unskilled=True,
        target=on.name if on is not who else None,
    )
    return [
        rolled,
        play.event(ReversalApplied, character=who.name, target=on.name, amount=result.total),
    ]


__all__ = ["decide_attack", "decide_damage", "decide_grapple", "decide_reversal"]
_unused: Sequence[object] = (most_raises, Weapon)
