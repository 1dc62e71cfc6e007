"""Timeline lines for play at the table: combat, conditions, duels, magic, society, battle."""

from __future__ import annotations

from domain.rulesets.l5r4e.events import (
    ActionTaken,
    ArmouryLoaded,
    AttackResolved,
    BattleBegan,
    BattleEnded,
    BattleResultDrawn,
    BattleStatusSet,
    BattleTurnBegan,
    ConditionApplied,
    ConditionEnded,
    DuelAssessed,
    DuelBegan,
    DuelConceded,
    DuelEnded,
    DuelFocused,
    DuelStruck,
    EngagementDeclared,
    Equipped,
    Event,
    FullDefenseRolled,
    GuardTaken,
    HeroicOpportunityTaken,
    HonourTableLoaded,
    HoursPassed,
    InitiativeSwapped,
    MedicineKitGained,
    MedicineKitUsed,
    MoneyChanged,
    NightRested,
    OpposedRollSettled,
    Revealed,
    SpellCast,
    SpellSlotsRestored,
    StayedAwake,
    TurnDelayed,
    WeaponDestroyed,
)


def describe_play(event: Event) -> str:
    match event:
        case ConditionApplied():
            level = f" ({event.level})" if event.level else ""
            note = f": {event.note}" if event.note else ""
            return f"{event.character} is {event.condition}{level}{note}"
        case ConditionEnded():
            return f"{event.character} is no longer {event.condition}"
        case ActionTaken():
            feet = f" {event.feet} ft" if event.feet else ""
            done = ": succeeds (no roll called for)" if event.succeeded else ""
            return f"{event.character}: {event.kind} action, {event.action}{feet}{done}"
        case TurnDelayed():
            return f"{event.character} delays, acting after {event.behind or 'everyone'}"
        case InitiativeSwapped():
            return f"{event.character} and {event.other} trade initiative"
        case FullDefenseRolled():
            return f"{event.character}'s Full Defense adds {event.bonus} to the armour TN"
        case GuardTaken():
            return f"{event.character} guards {event.protected}"
        case WeaponDestroyed():
            return f"{event.by}'s metal destroys {event.character}'s {event.weapon} (wood)"
        case AttackResolved():
            result = "hits" if event.hit else "misses"
            extra = f" [{', '.join(event.manoeuvres)}]" if event.manoeuvres else ""
            damage = f"; damage {event.damage}" if event.hit else ""
            feint = f" + {event.feint_bonus} (feint)" if event.feint_bonus else ""
            against = (
                f"armour TN {event.armour_tn}"
                if event.tn is None or event.tn == event.armour_tn
                else f"TN {event.tn}: armour TN {event.armour_tn} and the roll's parts"
            )
            return (
                f"{event.attacker} {result} {event.target} ({event.total} vs {against})"
                f"{extra}{damage}{feint}"
            )
        case OpposedRollSettled():
            return (
                f"{event.contest}: {event.winner} beats {event.loser} "
                f"({event.totals[0]} to {event.totals[1]}, {event.ties} tie(s))"
            )
        case MedicineKitGained():
            return f"{event.character} gets a medicine kit ({event.uses} uses)"
        case MedicineKitUsed():
            return f"{event.character} uses a medicine kit on {event.patient}"
        case NightRested():
            return f"a night passes for {event.character}"
        case HoursPassed():
            return f"{event.hours} hour(s) pass"
        case StayedAwake():
            return f"{event.character} stays awake two more hours"
        case MoneyChanged():
            return f"{event.character}'s purse {event.zeni:+d} zeni"
        case Revealed():
            return f"{event.character} learns {event.about}'s {event.what}: {event.value}"
        case ArmouryLoaded():
            count = len(event.weapons) + len(event.arrows) + len(event.armours)
            return f"the GM loads an armoury of {count} items"
        case Equipped():
            item = event.weapon or event.arrow or event.armour
            return f"{event.character} takes up {item.name if item else 'nothing'}"
        case HonourTableLoaded():
            return f"the GM loads an honour table of {len(event.rows)} rows"
        case DuelBegan():
            kind = event.kind.replace("_", " ")
            return f"{event.duel}: {event.challenger} duels {event.defender}, to {kind}"
        case DuelAssessed():
            learned = ", ".join(f"{k} {v}" for k, v in event.learned) or "nothing"
            bonus = "; +1k1 to focus" if event.focus_bonus else ""
            total = "" if event.total is None else f" ({event.total})"
            return f"{event.duel}: {event.character} assesses{total}: {learned}{bonus}"
        case DuelConceded():
            return f"{event.duel}: {event.character} concedes"
        case DuelFocused():
            if event.first is None:
                return f"{event.duel}: focus within {event.margin}: a karmic strike"
            return (
                f"{event.duel}: {event.first} strikes first (by {event.margin}, "
                f"{event.free_raises} free raise(s))"
            )
        case DuelStruck():
            return f"{event.duel}: {event.character} {'hits' if event.hit else 'misses'}"
        case DuelEnded():
            return f"{event.duel} ends: {event.outcome}, winner {event.winner or 'none'}"
        case SpellCast():
            result = "cast" if event.success else "fails"
            return (
                f"{event.character}'s {event.spell} (level {event.level}) {result} "
                f"({event.slot} slot, "
                f"{event.casting_rounds} round(s))"
            )
        case SpellSlotsRestored():
            return f"{event.character}'s spell slots are restored"
        case BattleBegan():
            return (
                f"battle of {event.name}: {event.armies[0]} against {event.armies[1]}, "
                f"{event.turns} turn(s)"
            )
        case BattleTurnBegan():
            return f"battle turn {event.number}"
        case EngagementDeclared():
            return f"{event.character} fights {event.engagement.replace('_', ' ')}"
        case BattleStatusSet():
            return f"the army is {event.status} (margin {event.margin})"
        case BattleResultDrawn():
            return (
                f"{event.character} draws {event.result} (the row {event.entry.low} to "
                f"{event.entry.high}): glory {event.entry.glory}, wounds {event.entry.wounds}"
                + ("; heroic opportunity" if event.entry.heroic_opportunity else "")
                + ("; a duel" if event.entry.duel else "")
            )
        case HeroicOpportunityTaken():
            return f"{event.character} {'takes' if event.accepted else 'refuses'} an opportunity"
        case BattleEnded():
            return f"the battle ends, the army {event.status or 'undecided'}"
    return type(event).__name__
