"""The l5r4e ruleset's commands as data, and the rule that decides each.

Every command the ruleset takes is a Struct in this package (see :mod:`domain.commands`);
``DECIDERS`` maps each to its decider: most are :func:`call` of the rule function whose
keyword arguments are the command's fields (its line says whether the rule also takes the
dice or the reason), a few are small functions beside their command. Adapters list these,
never the rule functions.
"""

from __future__ import annotations

from domain.commands import Command, Decider
from domain.rulesets.l5r4e import (
    afflictions,
    attacks,
    battle,
    combat,
    contests,
    duels,
    equipment,
    fatigue,
    magic,
    recovery,
    society,
)
from domain.rulesets.l5r4e.commands import aid, books, court, duel_battle, fight, table
from domain.rulesets.l5r4e.commands.deciding import call
from domain.rulesets.l5r4e.play import Play

DECIDERS: dict[type[Command], Decider] = {
    table.Roll: table.decide_roll,
    table.RollInitiative: call(Play.roll_initiative, dice=True),
    table.StartCombat: call(Play.start_combat),
    table.StartRound: table.decide_start_round,
    table.NextTurn: call(Play.next_turn),
    table.EndCombat: call(Play.end_combat),
    table.ChooseStance: call(Play.choose_stance),
    books.SpendVoid: books.decide_void,
    books.TakeWounds: call(Play.take_wounds),
    books.Heal: call(Play.heal),
    books.ChangeHonour: books.decide_standing,
    books.ChangeGlory: books.decide_standing,
    books.ChangeStatus: books.decide_standing,
    books.ChangeTaint: books.decide_standing,
    books.AwardExperience: call(Play.award_xp, reason=True),
    books.SpendExperience: books.decide_spend,
    fight.Attack: call(attacks.attack, dice=True),
    fight.Damage: call(attacks.damage, dice=True),
    fight.TakeAction: call(combat.take_action),
    fight.Move: call(combat.move, dice=True),
    fight.Delay: call(combat.delay),
    fight.Guard: call(combat.guard),
    fight.Stand: call(combat.stand),
    fight.PickUp: call(combat.pick_up),
    fight.FullDefense: call(combat.full_defense, dice=True),
    fight.SwapInitiative: call(combat.swap_initiative),
    fight.ApplyCondition: call(afflictions.apply_condition),
    fight.EndCondition: call(afflictions.end_condition),
    fight.Recover: call(afflictions.recover, dice=True),
    aid.Oppose: aid.decide_oppose,
    aid.LeadRoll: call(contests.lead_roll, dice=True),
    aid.FollowRolls: call(contests.follow_rolls, dice=True),
    aid.SecondAttempt: call(contests.second_attempt, dice=True),
    aid.Rest: call(recovery.rest, dice=True),
    aid.PassTime: call(fatigue.pass_hours),
    aid.StayAwake: call(fatigue.stay_awake, dice=True),
    aid.GiveKit: call(recovery.give_kit),
    aid.Medicine: call(recovery.medicine, dice=True),
    aid.Meditate: call(recovery.meditate, dice=True),
    aid.TeaCeremony: call(recovery.tea_ceremony, dice=True),
    court.Cast: call(magic.cast, dice=True),
    court.Concentrate: call(magic.concentrate),
    court.ConcentrationCheck: call(magic.concentration_check, dice=True),
    court.PerceiveHonour: call(society.perceive_honour, dice=True),
    court.Recognise: call(society.recognise, dice=True),
    court.ResistTaint: call(society.resist_taint, dice=True),
    court.Fear: call(society.fear, dice=True),
    court.DegradingRoll: call(society.degrading_roll, dice=True),
    court.ChangeMoney: call(society.change_money),
    court.LoadHonourTable: call(society.load_honour_table),
    court.LoadArmoury: court.decide_armoury,
    court.Equip: call(equipment.equip),
    duel_battle.BeginDuel: call(duels.begin),
    duel_battle.Assess: call(duels.assess, dice=True),
    duel_battle.Concede: call(duels.concede),
    duel_battle.Focus: call(duels.focus, dice=True),
    duel_battle.Strike: call(duels.strike, dice=True),
    duel_battle.BeginBattle: call(battle.begin),
    duel_battle.NextBattleTurn: call(battle.next_turn),
    duel_battle.DeclareEngagement: call(battle.declare),
    duel_battle.Commanders: call(battle.commanders, dice=True),
    duel_battle.DrawBattleResult: call(battle.draw, dice=True),
    duel_battle.HeroicOpportunity: duel_battle.decide_heroic,
    duel_battle.EndBattle: call(battle.end),
}

COMMAND_TYPES: tuple[type[Command], ...] = tuple(DECIDERS)
