"""A critical's effects decided (issue 31), from the published game's critical table
(:mod:`.criticals`), and the conditions they leave, as the published 5th edition reads
them where the house text is silent (« Les Résultats des coups critiques selon leur
gravité sont notés dans la table idoine »):

- « the ring » of a wound or a scar is the ring of the Fitness test that resisted the
  critical (« l'anneau lié à sa posture dans une scène de confrontation »);
- Lightly Wounded on a ring: +1 TN on that ring's checks; Severely Wounded: +3. A
  second Lightly Wounded on the same ring makes it Severely Wounded; any further wound
  on a Severely Wounded ring takes a permanent injury's effects (severity 8: Bleeding
  and a scar of the ring);
- Damaged armour has 2 less resistance; Damaged again, it is Destroyed (none); a close
  call on a character wearing none leaves no mark;
- Bleeding: each check the character makes deals them physical damage equal to the
  strife kept, resistance ignored (owed, met by ``kiroku resist``; it has no
  deadliness: a character who cannot defend it takes a critical of 0);
- Dying: dead when its rounds have begun (counted as each round begins); Medicine stops
  bleeding at TN 2 and dying at TN 4 (``kiroku treat``);
- an instant death kills at once; the agonizing and the swift deaths through Dying —
  not dead at once: the table can still save the victim;
- a scar is a disadvantage of the ring (« Scarred », the worse « Maimed »), written on
  the sheet and carried to the next session.

DESIGN: a table the text lacks is the GM's to supply, or their ruling recorded as an
event. A GM's own table is loaded as data (``kiroku critical-table FILE``: its bands
and their effects, in place of the published game's); option ``critical_table`` (published;
gm): ``gm`` applies no effect by itself — the GM rules each with ``kiroku afflict``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from domain.commands import Dice
from domain.errors import IllegalUnderRules, MalformedInput
from domain.events import Event
from domain.names import key
from domain.rulesets.l5r5e_house.criticals import PERMANENT_INJURY, Effect, check_table, severity
from domain.rulesets.l5r5e_house.events import CheckRolled, TnPart
from domain.rulesets.l5r5e_house.injury_commands import Afflict, LoadCriticalTable, Treat
from domain.rulesets.l5r5e_house.injury_events import (
    ArmourDamaged,
    Bled,
    BleedingBegan,
    CriticalTableLoaded,
    DyingBegan,
    DyingCounted,
    Scarred,
    Treated,
    Wounded,
)
from domain.rulesets.l5r5e_house.sheet import Ring
from domain.rulesets.table_kit.deciding import find

if TYPE_CHECKING:
    from domain.rulesets.l5r5e_house.play import Play
    from domain.rulesets.l5r5e_house.state import FifthState, Fighter

WOUND_TN = {"lightly": 1, "severely": 3}
"""Lightly Wounded: +1 TN on the ring's checks; Severely Wounded: +3."""
ARMOUR_DAMAGE = 2
"""Damaged armour: −2 to its resistance."""
TREATMENT_TN = {"bleeding": 2, "dying": 4}
"""Medicine stops bleeding at TN 2, dying at TN 4."""
SCARS = {"scar": "Scarred", "maimed": "Maimed"}
"""The disadvantage each scar writes on the sheet."""


def wound_parts(who: Fighter, ring: Ring) -> list[TnPart]:
    """The TN a wounded ring adds to its checks (« Lightly Wounded (fire) +1 »)."""
    level = who.wounds.get(ring)
    if level is None:
        return []
    return [TnPart(source=f"{level.capitalize()} Wounded ({ring})", value=WOUND_TN[level])]


def resistance_of(who: Fighter) -> int:
    """The worn armour's resistance: 2 less Damaged, none Destroyed."""
    armour = who.sheet.armour
    if armour is None or who.armour_damage >= 2:
        return 0
    return max(0, armour.resistance - ARMOUR_DAMAGE * who.armour_damage)


@dataclass
class Injuries:
    """What a batch has done to a character so far (two criticals may come in one)."""

    wounds: dict[str, str]
    bleeding: bool
    dying: int
    armour_damage: int
    events: list[Event] = field(default_factory=list)

    @classmethod
    def of(cls, who: Fighter) -> Injuries:
        return cls(dict(who.wounds), who.bleeding, who.dying, who.armour_damage)


def effects_of(play: Play, who: Fighter, value: int, ring: Ring, so_far: Injuries) -> list[Event]:
    """The effects of a critical of severity ``value`` (lessened) resisted in ``ring``,
    from the critical table; none under option ``critical_table=gm`` (a death at once
    is the fold's, :func:`.criticals.kills`, under either)."""
    if play.gm_table:
        return []
    band = severity(value, play.state.critical_table)
    start = len(so_far.events)
    for effect in band.effects:
        apply(play, who, effect, ring, so_far, rounds=band.dying_rounds)
    return so_far.events[start:]


def apply(
    play: Play, who: Fighter, effect: Effect, ring: Ring, so_far: Injuries, *, rounds: int = 0,
    from_wound: bool = False,
) -> None:  # fmt: skip
    """One effect on ``who``, given what ``so_far`` holds; its events added to it."""
    add = so_far.events.append
    if effect == "armour-damaged":
        armour = who.sheet.armour
        if armour is None or so_far.armour_damage >= 2:
            return  # no armour worn, or none left: nothing to damage
        so_far.armour_damage += 1
        destroyed = so_far.armour_damage >= 2
        left = 0 if destroyed else max(0, armour.resistance - ARMOUR_DAMAGE)
        add(play.event(ArmourDamaged, character=who.name, armour=armour.name,
                       destroyed=destroyed, resistance=left))  # fmt: skip
    elif effect in ("lightly-wounded", "severely-wounded"):
        level = "lightly" if effect == "lightly-wounded" else "severely"
        now = so_far.wounds.get(ring)
        if from_wound:
            return  # a table whose severity 8 wounds again: the wound is that of 8 already
        if now == "severely":  # « a further wound on a Severely Wounded ring »
            eight = severity(PERMANENT_INJURY + 1, play.state.critical_table)
            for worse in eight.effects:
                apply(play, who, worse, ring, so_far, rounds=eight.dying_rounds, from_wound=True)
            return
        worsened = now == "lightly" and level == "lightly"
        level = "severely" if now == "lightly" else level
        so_far.wounds[ring] = level
        add(play.event(Wounded, character=who.name, ring=ring, level=level, worsened=worsened))
    elif effect == "bleeding":
        if not so_far.bleeding:
            so_far.bleeding = True
            add(play.event(BleedingBegan, character=who.name))
    elif effect in ("scar", "maimed"):
        name = f"{SCARS[effect]} ({ring})"
        add(play.event(Scarred, character=who.name, ring=ring, scar=effect, disadvantage=name,
                       from_wound=from_wound))  # fmt: skip
    elif effect == "dying" and (so_far.dying < 0 or rounds < so_far.dying):
        so_far.dying = rounds  # dying already: the sooner death stands
        add(play.event(DyingBegan, character=who.name, rounds=rounds, hidden=play.hidden or None))
    # "dead": the critical's own band kills (:func:`.criticals.kills`, in the fold)


def bleeding(play: Play, before: FifthState, events: Sequence[Event]) -> list[Event]:
    """Each check of a Bleeding character followed by what it bled: damage equal to the
    strife kept, owed with no resistance against it."""
    out: list[Event] = []
    for event in events:
        out.append(event)
        if not isinstance(event, CheckRolled) or not event.roll.strife:
            continue
        who = before.fighters.get(key(event.character))
        if who is not None and who.bleeding and not who.dead:
            out.append(play.event(Bled, character=who.name, damage=event.roll.strife))
    return out


def dying_counted(play: Play) -> list[Event]:
    """A round begins: each dying character has one less to live; at 0, dead."""
    return [
        play.event(
            DyingCounted,
            character=who.name,
            rounds_left=who.dying - 1,
            hidden=who.dying_hidden or None,
        )
        for who in play.state.fighters.values()
        if who.dying > 0 and not who.dead
    ]


def treatable(who: Fighter, condition: str) -> None:
    if condition == "bleeding" and not who.bleeding:
        raise IllegalUnderRules(f"{who.name} is not Bleeding: nothing to treat")
    if condition == "dying" and who.dying < 0:
        raise IllegalUnderRules(f"{who.name} is not Dying: nothing to treat")


def decide_treat(play: Play, command: Treat, dice: Dice | None) -> list[Event]:
    """Medicine on a patient's bleeding (TN 2) or dying (TN 4): a Support action in a
    round for one in the confrontation (a healer beside it acts freely); on a success
    the condition is gone."""
    who = play.acting_for(command.character)
    play.able(who)  # the dead and the unconscious treat no one
    patient = find(play.state.fighters, command.patient)
    if patient.dead:
        raise IllegalUnderRules(f"{patient.name} is dead")
    treatable(patient, command.condition)
    conf = play.state.confrontation
    if conf is not None and conf.round and key(who.name) in conf.initiative:
        play.action(who, "support", checked=True)  # a healer outside it acts freely
    tn = TREATMENT_TN[command.condition]
    check, roll, _ = play.check(
        who, "Medicine", play.ring_for(who, command.ring), tn, dice, keep=command.keep,
        purpose=f"Medicine ({command.condition})", parts=(TnPart(source="Médecine", value=tn),),
    )  # fmt: skip
    treated = play.event(
        Treated, character=who.name, patient=patient.name, condition=command.condition,
        tn=roll.tn if roll.tn is not None else tn, success=bool(roll.success),
    )  # fmt: skip
    return [check, treated]


def decide_afflict(play: Play, command: Afflict, dice: Dice | None) -> list[Event]:
    """The GM's ruling of one effect (a table of their own, a poison): applied by the same
    rules as the critical table's (a second light wound worsens, …)."""
    play.core.gm_only(play.actor, "afflict a character")
    who = find(play.state.fighters, command.character)
    if who.dead:
        raise IllegalUnderRules(f"{who.name} is dead")
    ringed = ("lightly-wounded", "severely-wounded", "scar", "maimed")
    if command.effect in ringed and command.ring is None:
        raise MalformedInput(f"afflict {command.effect!r}: name the ring (--ring)")
    so_far = Injuries.of(who)
    apply(play, who, command.effect, command.ring or "void", so_far, rounds=command.rounds)
    if not so_far.events:
        raise IllegalUnderRules(
            f"afflict {command.effect!r}: {who.name} has it already, or no armour to damage"
        )
    return so_far.events


def decide_load_table(play: Play, command: LoadCriticalTable, dice: Dice | None) -> list[Event]:
    """The GM's own critical table (DESIGN: a table the text refers to without holding
    it is data the GM can supply): every severity once from 0, the last band open."""
    play.core.gm_only(play.actor, "load a critical table")
    check_table(command.rows)
    return [play.event(CriticalTableLoaded, rows=command.rows)]
