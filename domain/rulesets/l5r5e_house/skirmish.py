"""The skirmish's own moves and actions (« Les escarmouches »), and the duel's « Centrer »
and « Prédire », decided.

Range bands are read on one line: each character stands on a band (the GM places them,
``kiroku place``), and the range between two is the difference (a reading: the text
counts ranges between characters and says nothing of a map).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.commands import Dice
from domain.dice.narrative.roll import ExplosionSource
from domain.errors import IllegalUnderRules, MalformedInput
from domain.events import Event
from domain.names import key
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.events import (
    Centered,
    ChallengeAnswered,
    Challenged,
    Moved,
    Placed,
    Predicted,
    Protecting,
    SingleCombatWon,
    StandingChanged,
    TnPart,
    Waiting,
)
from domain.rulesets.l5r5e_house.play import Play, _weapon, air_part, keep_indices
from domain.rulesets.l5r5e_house.state import Fighter
from domain.rulesets.l5r5e_house.waiting import check_held
from domain.rulesets.table_kit.deciding import find

MANOEUVRE_TN = 2
PROTECT_TN = 1
CHALLENGE_TN = 1
CHALLENGE_RANGE = 5


def decide_place(play: Play, command: c.Place, dice: Dice | None) -> list[Event]:
    play.core.gm_only(play.actor, "place a character")
    who = find(play.state.fighters, command.character)
    return [play.event(Placed, character=who.name, band=command.band)]


def decide_move(play: Play, command: c.Move, dice: Dice | None) -> list[Event]:
    """« Une fois par tour, avant d'accomplir une action ou après, un personnage peut se
    déplacer d'un niveau de portée, ce qui ne compte pas comme une action. »"""
    who = play.acting_for(command.character)
    conf = play.in_turn(who)
    if key(who.name) in conf.moved:
        raise IllegalUnderRules(f"{who.name} has taken this turn's free move")
    if abs(command.band - who.band) != 1:
        raise IllegalUnderRules(
            f"the free move is one band: from {who.band} to {who.band - 1} or {who.band + 1}"
        )
    return [play.event(Moved, character=who.name, to_band=command.band, bands=1)]


def decide_manoeuvre(play: Play, command: c.Manoeuvre, dice: Dice | None) -> list[Event]:
    """« Manœuvrer »: a movement action of 1 band; with the Fitness check TN 2, on a
    success 1 more, and 1 a pair of bonus successes. The character moves toward the band
    named, as far as the action allows."""
    who = play.acting_for(command.character)
    play.action(who, "movement", checked=command.check, name="manoeuvre")
    events: list[Event] = []
    reach = 1
    checked = False
    if command.check:
        check, roll, bonus = play.check(
            who, "Fitness", play.ring_for(who, None), MANOEUVRE_TN, dice, keep=command.keep,
            purpose="Manœuvrer", parts=(TnPart(source="Manœuvrer", value=MANOEUVRE_TN),),
        )  # fmt: skip
        checked = True
        events.append(check)
        if roll.success:
            reach += 1 + bonus // 2
    wanted = command.band - who.band
    if wanted == 0:
        raise MalformedInput(f"{who.name} stands on band {who.band} already")
    step = max(-reach, min(reach, wanted))
    events.append(
        play.event(Moved, character=who.name, to_band=who.band + step, bands=abs(step),
                   manoeuvre=True, checked=checked)
    )  # fmt: skip
    return events


def decide_protect(play: Play, command: c.Protect, dice: Dice | None) -> list[Event]:
    """« Protéger »: a support action, with a readied weapon, a Tactics check TN 1 on
    oneself or one within the weapon's reach; on a success, until the protector's next
    turn, attacks on the protected are at +1 TN, +1 a pair of bonus successes."""
    who = play.acting_for(command.character)
    play.action(who, "support", checked=True, name="protect")
    target = find(play.state.fighters, command.target)
    if key(target.name) != key(who.name):
        play.in_it(target)
    weapon = _weapon(who, who.readied)
    if who.readied is None or weapon is None:
        raise IllegalUnderRules(f"{who.name} protects « au moyen d'une arme apprêtée »: none")
    distance = abs(who.band - target.band)
    if key(target.name) != key(who.name) and not weapon.range[0] <= distance <= weapon.range[1]:
        raise IllegalUnderRules(f"{target.name} is beyond the {weapon.name}'s reach")
    check, roll, bonus = play.check(
        who, "Tactics", play.ring_for(who, None), PROTECT_TN, dice, keep=command.keep,
        purpose="Protéger", parts=(TnPart(source="Protéger", value=PROTECT_TN),),
    )  # fmt: skip
    tn = 1 + bonus // 2 if roll.success else 0
    return [check, play.event(Protecting, character=who.name, protected=target.name, tn=tn)]


def decide_wait(play: Play, command: c.Wait, dice: Dice | None) -> list[Event]:
    """« Attendre »: « au prix d'une action de Soutien, de Manipulation et d'Attaque, vous
    pouvez déclarer une action (excepté une action de Déplacement) » — the action named
    and only it may be taken at any moment of the round (its trigger the GM's to judge),
    in the stance's ring (:mod:`.waiting`). A wait recorded before the action was named
    (none given: the ruleset's ``completed`` refuses that of a new command) keeps its
    reading."""
    who = play.acting_for(command.character)
    conf = play.confrontation()
    if key(who.name) in conf.waiting:
        raise IllegalUnderRules(f"{who.name} waits already (« hormis Attendre »)")
    if command.action is not None:
        check_held(command.action)
    play.action(who, "support+manipulation+attack", checked=False, name="wait")
    if conf.kind != "skirmish":
        raise IllegalUnderRules("« Attendre » is a skirmish's action")
    return [
        play.event(Waiting, character=who.name, trigger=command.trigger,
                   action=command.action or "")
    ]  # fmt: skip


def _glory_rank(fighter: Fighter) -> int:
    return (fighter.sheet.glory + fighter.glory) // 10


def decide_challenge(play: Play, command: c.Challenge, dice: Dice | None) -> list[Event]:
    """« Défier »: a manipulation action, a Command check TN 1 on one within 0–5 bands."""
    who = play.acting_for(command.character)
    play.action(who, "manipulation", checked=True, name="challenge")
    conf = play.confrontation()
    if conf.kind != "skirmish":
        raise IllegalUnderRules("« Défier » is a skirmish's action")
    target = find(play.state.fighters, command.target)
    play.in_it(target)
    if key(target.name) == key(who.name) or abs(who.band - target.band) > CHALLENGE_RANGE:
        raise IllegalUnderRules(f"{target.name} is not one to challenge at range 0–5")
    parts = [TnPart(source="Défier", value=CHALLENGE_TN), *air_part(target)]
    check, roll, bonus = play.check(
        who, "Command", play.ring_for(who, None), sum(p.value for p in parts), dice,
        keep=command.keep, purpose="Défier", parts=parts, target=target,
    )  # fmt: skip
    challenged = play.event(
        Challenged, character=who.name, target=target.name, success=bool(roll.success),
        bonus=bonus,
    )  # fmt: skip
    return [check, challenged]


def decide_answer(play: Play, command: c.Answer, dice: Dice | None) -> list[Event]:
    """Accept: 10 honour and 5 glory staked. Refuse: « elle perd un nombre de points de
    Gloire égal à votre rang en Commandement augmenté de vos succès bonus. Tous ses alliés
    dont le rang de Gloire est inférieur au vôtre subissent 2 points de Conflit et vous
    gagnez 1 point de Vide »."""
    who = play.acting_for(command.character)
    conf = play.confrontation()
    pending = conf.challenges.get(key(who.name))
    if pending is None:
        raise IllegalUnderRules(f"no challenge awaits {who.name}'s answer")
    challenger = play.state.fighters[pending[0]]
    if command.answer == "accept":
        return [
            play.event(ChallengeAnswered, character=who.name, challenger=challenger.name,
                       accepted=True)
        ]  # fmt: skip
    lost = challenger.sheet.skill_rank("Command") + pending[1]
    rank = _glory_rank(challenger)
    allies = tuple(
        f.name for f in play.state.fighters.values()
        if who.side and f.side == who.side and key(f.name) != key(who.name)
        and _glory_rank(f) < rank
    )  # fmt: skip
    return [
        play.event(ChallengeAnswered, character=who.name, challenger=challenger.name,
                   accepted=False, glory_lost=lost, strife_to=allies)
    ]  # fmt: skip


def decide_single_combat(play: Play, command: c.SingleCombat, dice: Dice | None) -> list[Event]:
    """« Si vous remportez le combat singulier, chacun des alliés de votre adversaire dans
    l'escarmouche subit 3 points de Conflit. »"""
    play.core.gm_only(play.actor, "record a single combat's outcome")
    winner = find(play.state.fighters, command.winner)
    loser = find(play.state.fighters, command.loser)
    pair = {key(winner.name), key(loser.name)}
    if len(pair) != 2 or not any(set(p) == pair for p in play.confrontation().accepted):
        raise IllegalUnderRules(
            f"no accepted challenge between {winner.name} and {loser.name} awaits its single combat"
        )
    allies = tuple(
        f.name for f in play.state.fighters.values()
        if loser.side and f.side == loser.side and key(f.name) != key(loser.name)
    )  # fmt: skip
    return [play.event(SingleCombatWon, winner=winner.name, loser=loser.name, strife_to=allies)]


def decide_standing(play: Play, command: c.ChangeStanding, dice: Dice | None) -> list[Event]:
    play.core.gm_only(play.actor, "change honour or glory")
    who = find(play.state.fighters, command.character)
    if not (command.honour or command.glory):
        raise MalformedInput("give --honour or --glory (a change, not 0)")
    return [
        play.event(StandingChanged, character=who.name, honour=command.honour,
                   glory=command.glory, why=command.why)
    ]  # fmt: skip


def decide_center(play: Play, command: c.Center, dice: Dice | None) -> list[Event]:
    """« Centrer »: a support action in the Void stance; the chosen skill's rank in skill
    dice, and as many of them reserved as wanted (never more than the rank) for the next
    check of the skill in the scene. By default the dice showing a success are kept."""
    who = play.acting_for(command.character)
    play.action(who, "support", checked=False, name="center")
    if play.confrontation().kind != "duel":
        raise IllegalUnderRules("« Centrer » is one of the « ACTIONS LORS DES DUELS »")
    if who.stance != "void":
        raise IllegalUnderRules("« Centrer » is done « dans la posture du Vide »")
    rank = who.sheet.skill_rank(command.skill)
    if rank == 0:
        raise IllegalUnderRules(f"{who.name} has no rank in {command.skill!r} to center on")
    if dice is None or isinstance(dice, Sequence):  # its spec draws them in order
        raise TypeError("Centrer draws its dice in order: give its context a source")
    draw = ExplosionSource(dice)
    faces = tuple(draw("skill") for _ in range(rank))
    if command.reserve is None:
        from domain.dice.narrative.faces import face

        reserved = tuple(i for i, number in enumerate(faces) if face("skill", number).success)
    else:
        reserved = tuple(keep_indices(command.reserve))
        if any(not 0 <= i < rank for i in reserved) or len(set(reserved)) != len(reserved):
            raise MalformedInput(f"--reserve {command.reserve!r}: dice 0 to {rank - 1}, each once")
    return [
        play.event(Centered, character=who.name, skill=command.skill, faces=faces,
                   reserved=reserved)
    ]  # fmt: skip


def decide_predict(play: Play, command: c.Predict, dice: Dice | None) -> list[Event]:
    """« Prédire »: an Attack and Manipulation action; the element written in secret is
    revealed at the opponent's next stance choice — a match, 4 strife and another stance;
    it lasts until the end of the predictor's next turn."""
    who = play.acting_for(command.character)
    play.action(who, "attack+manipulation", checked=False, name="predict")
    conf = play.confrontation()
    if conf.kind != "duel":
        raise IllegalUnderRules("« Prédire » is a duel's action")
    target = find(play.state.fighters, command.target)
    play.in_it(target)
    if key(target.name) == key(who.name):
        raise MalformedInput(f"{who.name} predicts an opponent, not themself")
    return [play.event(Predicted, character=who.name, target=target.name, element=command.element)]


__all__ = ["MANOEUVRE_TN", "StandingChanged"]
