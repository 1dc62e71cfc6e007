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

from domain.commands import Dice
from domain.dice.roll_keep.roll import RAISE_STEP
from domain.errors import IllegalUnderRules, MalformedInput
from domain.events import Event
from domain.names import key
from domain.rulesets.l5r3e import commands as c
from domain.rulesets.l5r3e.events import (
    AttackResolved,
    FreeRaise,
    GrappleBroken,
    GrappleWon,
    ReversalApplied,
)
from domain.rulesets.l5r3e.grappling import strength_expression, winner
from domain.rulesets.l5r3e.manoeuvres import AGAINST_ASSAULT, ASSAULT_FREE_RAISES
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
    FALLEN,
    attack_bonus,
    can_act,
    fighter,
    is_dead,
    tn_to_be_hit,
    wound_penalty,
    wound_rank,
)
from domain.rulesets.l5r3e.techniques import techniques_of
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


def _check_final_strike(who: Fighter, final_strike: bool) -> None:
    """« Coup ultime » is for one fallen to Épuisé or Hors de combat (or dead); the
    fallen do nothing else."""
    rank = wound_rank(who).french
    if final_strike and rank not in FALLEN:
        raise IllegalUnderRules(
            f"{who.name} is {rank}: « Coup ultime » is for one fallen to Épuisé or Hors de "
            "combat (or dead)"
        )
    can_act(who, final_strike=final_strike)


def _check_combinations(command: c.Attack, who: Fighter, ranged: bool) -> int:
    """The raises a move or standing up with a melee attack costs (« Actions
    "Avancées" »): a move 1 (none in Assault), standing up 2 (in Assault only)."""
    if ranged and (command.move or command.stand_up):
        raise IllegalUnderRules("a move or standing up combines with a melee attack only")
    if command.move and command.stand_up:
        raise IllegalUnderRules(
            "a melee attack combines with a move or with standing up, not both in one turn"
        )
    if command.stand_up and who.manoeuvre != "assault":
        raise IllegalUnderRules("« Se lever » and attack: in Assault only, for 2 raises")
    return (1 if command.move and who.manoeuvre != "assault" else 0) + (
        2 if command.stand_up else 0
    )


def _check_manoeuvre_fields(play: Play, command: c.Attack, who: Fighter, target: Fighter) -> None:
    if command.protects is not None and command.manoeuvre != "guard":
        raise MalformedInput("--protects goes with --manoeuvre guard")
    if command.manoeuvre == "guard":
        if command.protects is None:
            raise MalformedInput("a guard names the ally it protects (--protects)")
        ally = fighter(play.state, command.protects)
        if key(ally.name) in (key(who.name), key(target.name)):
            raise IllegalUnderRules(
                f"« Garde » protects a companion against {target.name}: not {ally.name}"
            )
    if command.called_shot and command.manoeuvre != "called_shot":
        raise MalformedInput("--called-shot goes with --manoeuvre called_shot")


def _free_raises(who: Fighter, target: Fighter, ranged: bool) -> list[tuple[str, int]]:
    """Each source of free raises on this attack: the attacker's Assault (2, melee; only
    on the roll or the damage), the target's Assault (3, free to use), a feint (1)."""
    sources = []
    if who.manoeuvre == "assault" and not ranged:
        sources.append(("Assaut", ASSAULT_FREE_RAISES))
    if target.manoeuvre == "assault":
        sources.append((f"Assaut de {target.name}", AGAINST_ASSAULT))
    if who.feint_on == key(target.name):
        sources.append(("Feinte", 1))
    return sources


def _allocate(
    sources: list[tuple[str, int]], wanted: int, what: str, *, own_allowed: bool
) -> tuple[FreeRaise, ...]:
    """``wanted`` free raises pay for ``what`` — the target's Assault's and a feint's
    first, the attacker's own Assault's only for extra damage — the rest go on the roll."""
    order = sorted(sources, key=lambda s: s[0] == "Assaut")
    usable = sum(count for source, count in order if own_allowed or source != "Assaut")
    if wanted > usable:
        raise IllegalUnderRules(
            f"{usable} free raises may pay for « {what} », not {wanted} (the Assault's own "
            "go on the roll or the damage only)"
        )
    given: list[FreeRaise] = []
    for source, count in order:
        paying = min(count, wanted) if own_allowed or source != "Assaut" else 0
        wanted -= paying
        if paying:
            given.append(FreeRaise(source=source, count=paying, to=what))
        if count - paying:
            given.append(FreeRaise(source=source, count=count - paying, to="total"))
    return tuple(given)


def decide_attack(play: Play, command: c.Attack, dice: Dice | None) -> list[Event]:
    who = play.acting_for(command.character)
    _check_final_strike(who, command.final_strike)
    combat = play.in_turn(who)
    play.not_casting(who)
    target = fighter(play.state, command.target)
    if key(target.name) == key(who.name):
        raise MalformedInput(f"{who.name} cannot attack themself")
    if is_dead(target):
        raise IllegalUnderRules(f"{target.name} is dead")
    _check_manoeuvre_fields(play, command, who, target)
    weapon = _weapon(who, command.weapon)
    ranged = weapon.kind != "melee"
    skill = "Jiujutsu" if command.grapple else weapon.skill
    if command.grapple and (ranged or (weapon is not BARE_HANDS and weapon.size != "small")):
        raise IllegalUnderRules(
            f"« Lutte »: bare hands or a weapon no bigger than a tanto, not {weapon.name!r}"
        )
    implied = _check_combinations(command, who, ranged)
    # « Actions "Avancées" »: a move, or standing up, with a melee attack is one action
    # paid for with raises; the turn's other is a simple action
    _check_actions(combat, who, ["ranged_attack" if ranged else "melee_attack"])

    # raises: called, and what a move or standing up costs; a Void point's skill rank
    # counts before the roll is found unskilled (« s'affranchir de la règle de jet
    # sans-compétence »)
    bought = [command.void, *(command.encouraged_use for _ in command.encouraged_by)]
    rank = who.sheet.skill_rank(skill) + bought.count("roll_skill_rank")
    unskilled = rank == 0
    called = command.raises + implied
    limit = max(who.sheet.ring("void"), rank)
    if called > limit:
        raise IllegalUnderRules(
            f"{who.name} may call at most {limit} raises (the higher of Void and {skill}), not "
            f"{called}" + (f" ({implied} for moving or standing)" if implied else "")
        )
    if unskilled and called:
        raise IllegalUnderRules(f"{who.name} has no {skill}: an unskilled roll calls no raises")
    if command.raises and command.manoeuvre is None and not command.grapple:
        raise MalformedInput("name what the raises are called for (--manoeuvre)")
    if command.free_to_manoeuvre and command.manoeuvre is None and not command.grapple:
        raise MalformedInput("--free-to-manoeuvre goes with a manoeuvre (or a grapple)")
    what = FRENCH[command.manoeuvre] if command.manoeuvre else "Lutte"
    free = _allocate(
        _free_raises(who, target, ranged), command.free_to_manoeuvre, what,
        own_allowed=command.manoeuvre == "extra_damage",
    )  # fmt: skip
    paying = command.raises + command.free_to_manoeuvre
    if command.manoeuvre in FIXED_COST and paying != FIXED_COST[command.manoeuvre]:
        need = FIXED_COST[command.manoeuvre]
        raise IllegalUnderRules(f"« {what} » takes {need} raises, not {paying}")
    if command.manoeuvre in ("extra_damage", "guard") and paying < 1:
        raise IllegalUnderRules(f"« {what} » takes at least 1 raise")

    # Void
    events: list[Event] = []
    if command.final_strike:
        events.append(play.spend(who, "final_strike", "« Coup ultime »", dead=is_dead(who)))
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

    # the roll's parts and the TN; the fallen's « Coup ultime » is at +30 in place of
    # their wound penalty
    tn_parts = tn_to_be_hit(play.state, target, who, grapple=command.grapple, unseen=command.unseen)
    tn = sum(part.tn for part in tn_parts)
    penalty = 0 if command.perseverance or command.final_strike else wound_penalty(who)
    circumstances = tuple(command.circumstances)
    if target.prone and "prone_target" not in circumstances:
        circumstances += ("prone_target",)
    # « Manier 2 armes : +5 au ND de TOUS les jets d'attaques », whoever fights with both
    # (the manoeuvre says so), unless a technique spares it (« La Technique du Daisho »)
    free_hands = any(t.two_weapons_free for t in techniques_of(who.sheet.techniques))
    if who.two_weapons and "two_weapons" not in circumstances:
        circumstances += ("two_weapons",)
    if free_hands:
        circumstances = tuple(c_ for c_ in circumstances if c_ != "two_weapons")
    parts += attack_parts(
        circumstances, ranged=ranged, rough_terrain=command.rough_terrain, wound_penalty=penalty
    )
    if called:
        bits = [f"{command.raises} {what}"] if command.raises else []
        if implied:
            bits.append(f"{implied} for {'moving' if command.move else 'standing'}")
        parts.append(Part(source=f"raises ({', '.join(bits)})", tn=RAISE_STEP * called))
    for raise_ in free:
        if raise_.to == "total":
            source = f"Augmentations Gratuites ({raise_.source})"
            parts.append(Part(source=source, total=RAISE_STEP * raise_.count))
    if command.final_strike:
        parts.append(Part(source="Coup ultime", tn=FINAL_STRIKE_TN))
    parts += attack_bonus(who)
    if command.emphasis:
        parts.append(_emphasis(play, who, skill))
    expression = attack_expression(who.sheet, skill, ranged=ranged)
    label = f"{skill}/{'Reflexes' if ranged else 'Agility'}"
    results = []
    for _ in range(2 if command.manoeuvre == "extra_attack" else 1):
        rolled, result = play.throw(
            who.name, expression, dice, purpose="attack", label=label, parts=parts, tn=tn,
            unskilled=unskilled, target=target.name,
        )  # fmt: skip
        events.append(rolled)
        results.append(result)
    hit = all(result.success for result in results)
    total = results[0].total
    knocked = hit and command.manoeuvre == "knockdown" and total >= knockdown_tn(
        target.sheet, reputation_rank(target.sheet)
    )  # fmt: skip
    disarmed = (
        hit and command.manoeuvre == "disarm" and _disarm(play, who, target, total, dice, events)
    )
    on_total = sum(r.count for r in free if r.to == "total")
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
            protects=fighter(play.state, command.protects).name if command.protects else None,
            called_shot=command.called_shot,
            moved=command.move,
            stood_up=command.stand_up,
            unseen=command.unseen,
            free_raises=free,
        )
    )
    if hit and command.grapple:
        events += _strength_contest(play, who, target, paying, None, weapon.name, dice)
    return events


def _disarm(
    play: Play, who: Fighter, target: Fighter, total: int, dice: Dice | None, events: list[Event]
) -> bool:
    """« La cible effectue 1 jet de Force OU Trait habituel (selon son choix) + Compétence
    d'arme, en opposition »: the target takes the better of the two (a reading: the
    command is the attacker's, the choice the target's), with the weapon in hand (the
    first melee weapon on the sheet)."""
    held = next((w for w in target.sheet.weapons if w.kind == "melee"), BARE_HANDS)
    strength, usual = target.sheet.trait("strength"), target.sheet.trait("agility")
    value, name = (strength, "Strength") if strength >= usual else (usual, "Agility")
    rank = target.sheet.skill_rank(held.skill)
    rolled, result = play.throw(
        target.name, f"{value + rank}k{value}", dice, purpose="opposed",
        label=f"{held.skill}/{name} against the disarm", target=who.name,
    )  # fmt: skip
    events.append(rolled)
    return total > result.total


def _strength_contest(
    play: Play, attacker: Fighter, other: Fighter, free: int, holder: str | None, weapon: str,
    dice: Dice | None,
) -> list[Event]:  # fmt: skip
    """Both roll Strength: ``attacker`` with ``free`` free raises (+5 each), and whoever
    held the grapple before (``holder``, a key) one more. The higher holds it — the
    grappling attack's weapon for its attacker, bare hands for the other; a tie leaves
    it where it was (no one, after the attack that opened it)."""
    events: list[Event] = []
    totals = []
    for one, raises in ((attacker, free), (other, 0)):
        raises += 1 if holder == key(one.name) else 0
        parts = (
            [Part(source="Augmentations Gratuites", total=RAISE_STEP * raises)] if raises else []
        )
        rolled, result = play.throw(
            one.name, strength_expression(one.sheet), dice, purpose="opposed",
            label="Strength (Lutte)", parts=parts,
        )  # fmt: skip
        events.append(rolled)
        totals.append(result.total)
    won = winner(attacker.name, totals[0], other.name, totals[1])
    if won is None:
        if holder is None:
            return events
        won = play.state.fighters[holder].name
    lost = other.name if won == attacker.name else attacker.name
    first, second = (totals[0], totals[1]) if won == attacker.name else (totals[1], totals[0])
    grip = play.state.combat.grapple.get(key(won)) if play.state.combat else None
    held_with = weapon if won == attacker.name else grip.weapon if grip else BARE_HANDS.name
    events.append(
        play.event(
            GrappleWon, character=won, against=lost, totals=(first, second), weapon=held_with
        )
    )
    return events


def decide_grapple(play: Play, command: c.Grapple, dice: Dice | None) -> list[Event]:
    """« A chaque tour, les protagonistes refont 1 jet de Force en opposition. Celui qui
    contrôlait la Lutte, au tour précédent, bénéficie de 1 Augmentation Gratuite » — once
    a round, in the turn of either; or the holder lets go (« rompre la Lutte »)."""
    who = play.acting_for(command.character)
    combat = play.combat()
    mine = combat.grapple.get(key(who.name))
    holder_key = key(who.name) if mine else next(
        (k for k, grip in combat.grapple.items() if grip.held == key(who.name)), None
    )  # fmt: skip
    if holder_key is None:
        raise IllegalUnderRules(f"{who.name} is in no grapple")
    grip = combat.grapple[holder_key]
    holder = play.state.fighters[holder_key]
    other = play.state.fighters[grip.held]
    if command.release:
        if mine is None:
            raise IllegalUnderRules(
                f"{who.name} does not hold the grapple: only its holder lets go"
            )
        return [play.event(GrappleBroken, character=holder.name, against=other.name)]
    can_act(who)
    play.in_turn(who)
    if grip.contested >= combat.round:
        raise IllegalUnderRules(
            f"the grapple of {holder.name} on {other.name} was contested this round already "
            "(« A chaque tour … 1 jet de Force »)"
        )
    return _strength_contest(play, holder, other, 0, holder_key, grip.weapon, dice)


def decide_damage(play: Play, command: c.Damage, dice: Dice | None) -> list[Event]:
    """The last hit's damage: the weapon's XkY + Strength dice, extra damage raises; the
    target takes the total as wounds (« soustrait des points de blessures de la cible »);
    an extra attack's two hits are two rolls; a guard or a called shot may deal it or not."""
    who = play.acting_for(command.character)
    hit = who.hit
    if hit is None:
        raise IllegalUnderRules(
            f"{who.name} has no hit awaiting damage (a miss or a feint deals none)"
        )
    combat = play.combat()
    target = fighter(play.state, hit.target)
    grip = combat.grapple.get(key(who.name))
    if hit.grapple and (grip is None or grip.held != key(target.name)):
        raise IllegalUnderRules(
            f"{who.name} does not control the grapple: « Celui qui contrôle la Lutte peut … "
            "infliger des dommages »"
        )
    weapon = BARE_HANDS if hit.weapon in ("", BARE_HANDS.name) else _weapon(who, hit.weapon)
    parts = [extra_damage(hit.extra_damage)] if hit.extra_damage else []
    return play.damage(who.sheet, target.name, weapon, dice, parts)


def decide_reversal(play: Play, command: c.Reversal, dice: Dice | None) -> list[Event]:
    """« Retournements de Situation », at the end of the round: the die (never rerolled on
    a 10) onto one's own initiative or off an opponent's one hit or wounded this round."""
    who = play.acting_for(command.character)
    can_act(who)
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
