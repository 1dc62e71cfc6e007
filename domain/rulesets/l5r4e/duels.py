"""4e iaijutsu duels (« Duel de iaijutsu »).

Both duellists hold the Center stance and only act in the duel. Three steps:
- Assessment (at the same time): Iaijutsu (Assessment)/Awareness against 10 + 5 × the
  other's insight rank. A success learns one thing, and one more per raise, each
  duellist choosing which (« une de ces informations »): the other's Void, Reflexes,
  Iaijutsu, Iaijutsu mastery, Void points left, wound rank. Beating the other's
  assessment by 10 or more gives +1k1 on the focus rolls. From here on either may
  concede.
- Focus: an opposed Iaijutsu (Focus)/Void roll. Beating the other by 5 or more strikes
  first, with a free raise for every further 5; otherwise the strike is karmic.
- Strike: Iaijutsu/Reflexes against the other's armour TN, the free raises applying
  « pour effectuer une Manoeuvre par exemple » (a called shot, increased damage, a
  feint), the rest lowering the TN, lost on an unskilled strike; the damage as usual;
  then the second, with the first blow's wounds on them, if still standing (the
  Kiroku reading: the second strike takes no raise nor manoeuvre — the text gives the
  free raises and the manoeuvres to the first striker only). In a duel
  to first blood the first one hit has lost. A karmic strike is simultaneous: no
  winner, no loser, the cause is void. A duel « à mort » is fought to death — wounds
  past the Out band (:mod:`domain.rulesets.l5r4e.wounds`): a duellist Dead after a
  blow has lost; one left Out, alive, strikes no blow back; if both live after the
  strikes, it goes on as a skirmish « jusqu'à la mort de l'un d'eux ».
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.dice.roll_keep.roll import RollOptions
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, MalformedInput, NotFound
from domain.rulesets.l5r4e.armour import armour_tn
from domain.rulesets.l5r4e.attacks import (
    Manoeuvres,
    choose_weapon,
    damage_expression,
)
from domain.rulesets.l5r4e.events import (
    DuelAssessed,
    DuelBegan,
    DuelConceded,
    DuelEnded,
    DuelFocused,
    DuelKind,
    DuelStruck,
    Event,
    Revealed,
    WoundsTaken,
)
from domain.rulesets.l5r4e.manoeuvres import MANOEUVRES, STRIKE_MANOEUVRES
from domain.rulesets.l5r4e.play import Play, last_rolled
from domain.rulesets.l5r4e.state_records import CharacterState, DuelState, key
from domain.rulesets.roll_keep_kit.modifiers import Part
from domain.rulesets.roll_keep_kit.rolls import roll_spec

LEARNABLE = ("void", "reflexes", "iaijutsu", "mastery", "void_points", "wound_rank")
KINDS: tuple[DuelKind, ...] = ("first_blood", "to_the_death")


def _duel(session: Play, duel: str, phase: str | None = None) -> DuelState:
    state = session.state.duels.get(duel)
    if state is None:
        raise NotFound(f"no duel {duel!r}")
    if state.phase == "over":
        raise IllegalUnderRules(f"duel {duel!r} is over ({state.outcome})")
    if phase is not None and state.phase != phase:
        raise IllegalUnderRules(f"duel {duel!r} is at the {state.phase} step, not {phase}")
    _on_faster_turn(session, state)
    return state


def _on_faster_turn(session: Play, state: DuelState) -> None:
    """A duel inside a skirmish: both duellists act on the faster one's turn (« ils
    agissent tous deux pendant le tour du duelliste le plus rapide »)."""
    combat = session.state.combat
    if combat is None or combat.round == 0:
        return
    order = [key(e.character) for e in combat.order()]
    inside = [key(n) for n in state.duellists() if key(n) in order]
    if len(inside) < 2:
        return
    faster = min(inside, key=order.index)
    current = combat.current()
    if current is None or key(current) != faster:
        name = next(n for n in state.duellists() if key(n) == faster)
        raise IllegalUnderRules(
            f"duel {state.duel!r} is fought in the skirmish on {name}'s turn "
            f"(it is {current or 'nobody'}'s)"
        )


def begin(
    session: Play,
    *,
    actor: str,
    at: datetime,
    challenger: str,
    defender: str,
    kind: str = "first_blood",
) -> list[Event]:
    session.gm_only(actor, "begin a duel")
    first, second = session.character_named(challenger), session.character_named(defender)
    if key(first.name) == key(second.name):
        raise MalformedInput("a duel needs two duellists")
    if kind not in KINDS:
        raise MalformedInput(f"duel kind {kind!r}; choose from {', '.join(KINDS)}")
    for who in (first, second):
        session.can_act(who)
        for duel in session.state.duels.values():
            if duel.phase != "over" and key(who.name) in map(key, duel.duellists()):
                raise IllegalUnderRules(f"{who.name} is already in duel {duel.duel!r}")
    name = f"duel-{len(session.state.duels) + 1}"
    return [
        DuelBegan(
            actor=actor, at=at, duel=name, challenger=first.name, defender=second.name, kind=kind
        )
    ]


def _learned(
    session: Play, other: CharacterState, count: int, chosen: Sequence[str] = ()
) -> list[tuple[str, str]]:
    """The ``count`` facts a successful assessment learns of ``other``: those the
    duellist chose, in their order (« peut apprendre une de ces informations + une autre
    par Augmentation prise »), then — when fewer were chosen than earned — the rest in
    the text's order."""
    sheet = other.sheet
    rank = sheet.skill_rank("Iaijutsu")
    facts = {
        "void": str(sheet.void),
        "reflexes": str(sheet.trait("reflexes")),
        "iaijutsu": str(rank),
        "mastery": ", ".join(f"rank {r}" for r in (3, 5, 7) if rank >= r) or "none",
        "void_points": str(other.void_points),
        "wound_rank": session.ruleset.wound_rank(sheet, other.wounds).name,
    }
    order = [*chosen, *(what for what in LEARNABLE if what not in chosen)]
    return [(what, facts[what]) for what in order[:count]]


def assess(
    session: Play,
    *,
    actor: str,
    at: datetime,
    duel: str,
    dice: DiceSource,
    raises: tuple[int, int] = (0, 0),
    challenger_learns: Sequence[str] = (),
    defender_learns: Sequence[str] = (),
) -> list[Event]:
    """Both duellists assess at once; each learns one thing plus one per raise called,
    choosing which (``challenger_learns``, ``defender_learns``: facts of
    :data:`LEARNABLE` in the order wanted)."""
    for chosen in (challenger_learns, defender_learns):
        unknown = [what for what in chosen if what not in LEARNABLE]
        if unknown:
            raise MalformedInput(
                f"{unknown[0]!r} is not learned by an assessment; choose from "
                f"{', '.join(LEARNABLE)}"
            )
        if len(set(chosen)) != len(chosen):
            raise MalformedInput(f"each fact is chosen once ({', '.join(chosen)})")
    state = _duel(session, duel, "assessment")
    session.gm_only(actor, "run the assessment")
    duellists = [session.character_named(n) for n in state.duellists()]
    events: list[Event] = []
    totals: list[int] = []
    successes: list[bool] = []
    for who, other, called in zip(duellists, reversed(duellists), raises, strict=True):
        events += session.check(
            who,
            actor=actor,
            at=at,
            dice=dice,
            skill="Iaijutsu",
            trait="awareness",
            tn=10 + 5 * session.ruleset.insight_rank(other.sheet),
            raises=called,
            label="Iaijutsu (Assessment)/Awareness",
            target=other.name,
        )
        rolled = last_rolled(events)
        totals.append(rolled.roll.total)
        successes.append(bool(rolled.roll.success))
    for index, (who, other) in enumerate(zip(duellists, reversed(duellists), strict=True)):
        chosen = (challenger_learns, defender_learns)[index]
        learned = _learned(session, other, 1 + raises[index], chosen) if successes[index] else []
        for what, value in learned:
            events.append(
                Revealed(
                    actor=actor, at=at, character=who.name, about=other.name, what=what, value=value
                )
            )
        events.append(
            DuelAssessed(
                actor=actor,
                at=at,
                duel=duel,
                character=who.name,
                success=successes[index],
                learned=tuple(learned),
                focus_bonus=totals[index] >= totals[1 - index] + 10,
                total=totals[index],
            )
        )
    return events


def concede(session: Play, *, actor: str, at: datetime, duel: str, character: str) -> list[Event]:
    state = _duel(session, duel)
    who = session.acting_for(actor, character)
    if key(who.name) not in map(key, state.duellists()):
        raise IllegalUnderRules(f"{who.name} is not in duel {duel!r}")
    if state.phase == "assessment":
        raise IllegalUnderRules("a duellist may concede once the assessment is made")
    if state.phase == "strike" and state.struck:
        raise IllegalUnderRules("the blades are drawn: too late to concede")
    return [
        DuelConceded(actor=actor, at=at, duel=duel, character=who.name),
        DuelEnded(actor=actor, at=at, duel=duel, winner=state.other(who.name), outcome="conceded"),
    ]


def focus(session: Play, *, actor: str, at: datetime, duel: str, dice: DiceSource) -> list[Event]:
    """The opposed Iaijutsu (Focus)/Void roll (ties are within 5: a karmic strike)."""
    state = _duel(session, duel, "focus")
    session.gm_only(actor, "run the focus")
    duellists = [session.character_named(n) for n in state.duellists()]
    events: list[Event] = []
    totals = []
    for who in duellists:
        parts = (
            [Part(source="assessment beaten by 10", rolled=1, kept=1)]
            if key(who.name) in state.focus_bonus
            else []
        )
        events += session.check(
            who,
            actor=actor,
            at=at,
            dice=dice,
            skill="Iaijutsu",
            ring="void",
            purpose="opposed",
            label="Iaijutsu (Focus)/Void",
            parts=parts,
        )
        rolled = last_rolled(events)
        totals.append(rolled.roll.total)
    margin = abs(totals[0] - totals[1])
    first = None
    if margin >= 5:
        first = duellists[0 if totals[0] > totals[1] else 1].name
    free = (margin - 5) // 5 if first else 0
    events.append(
        DuelFocused(actor=actor, at=at, duel=duel, first=first, margin=margin, free_raises=free)
    )
    return events


def _blow(
    session: Play,
    actor: str,
    at: datetime,
    duel: str,
    who: CharacterState,
    other: CharacterState,
    dice: DiceSource,
    free_raises: int,
    manoeuvres: Sequence[str] = (),
    raises: int = 0,
) -> tuple[list[Event], bool]:
    """One duellist's Iaijutsu/Reflexes against the other's armour TN, and its damage.

    The focus's free raises pay for the declared manoeuvres first, the rest lower the TN
    (:class:`~domain.rulesets.l5r4e.attacks.Manoeuvres`). An unskilled strike takes
    none: « il n'est pas possible de déclarer d'augmentations ou de bénéficier
    d'augmentations gratuites » — the free raises are lost (the roll records it), and
    raises or manoeuvres declared for it are refused."""
    spec = roll_spec(who.sheet, skill="Iaijutsu", trait="reflexes")
    parts: list[Part] = []
    if spec.unskilled:
        if raises or manoeuvres:
            raise IllegalUnderRules(
                f"{who.name}'s strike is unskilled ({spec.label}): no raise and no manoeuvre"
            )
        if free_raises:
            lost = f"{free_raises} free raise(s) of the focus lost: an unskilled strike"
            parts.append(Part(source=lost))
        free_raises = 0
    for declared_name in manoeuvres:
        name = declared_name.strip().casefold().replace("-", "_").partition(":")[0]
        if name in MANOEUVRES and name not in STRIKE_MANOEUVRES:
            raise IllegalUnderRules(
                f"{declared_name!r} is not resolved within a duel's strike (choose from "
                f"{', '.join(STRIKE_MANOEUVRES)})"
            )
    declared = Manoeuvres.declare(manoeuvres, other, raises, free_raises)
    parts += declared.parts
    tn = max(0, sum(p.total for p in armour_tn(session.state, other)))
    events = session.roll(
        actor=actor,
        at=at,
        expression=spec.expression,
        options=RollOptions(
            tn=tn, raises=raises, free_raises=declared.lowering, unskilled=spec.unskilled
        ),
        dice=dice,
        character=who.name,
        purpose="attack",
        label="Iaijutsu (Strike)/Reflexes",
        parts=parts,
        trait="reflexes",
        target=other.name,
    )
    rolled = last_rolled(events)
    hit = bool(rolled.roll.success)
    if hit:
        weapon = next((w for w in who.sheet.weapons if w.kind == "melee"), None)
        arms = choose_weapon(who, weapon.name if weapon else None)
        expression = damage_expression(session, who, arms, None, False, declared.increased)
        feint = declared.feint(session, who, rolled)
        events += session.roll(
            actor=actor,
            at=at,
            expression=expression,
            options=RollOptions(),
            dice=dice,
            character=who.name,
            purpose="damage",
            label=f"{arms.name} damage",
            parts=[Part(source="feint", total=feint)] if feint else [],
            target=other.name,
        )
        damage = last_rolled(events)
        reduction = other.sheet.armour.reduction if other.sheet.armour else 0
        location = declared.location
        events.append(
            WoundsTaken(
                actor=actor,
                at=at,
                character=other.name,
                amount=max(0, damage.roll.total - reduction),
                source=f"{who.name}'s iaijutsu strike"
                + (f" ({location})" if location != "torso" else ""),
                damage=damage.roll.total,
            )
        )
    events.append(DuelStruck(actor=actor, at=at, duel=duel, character=who.name, hit=hit))
    return events, hit


def strike(
    session: Play,
    *,
    actor: str,
    at: datetime,
    duel: str,
    dice: DiceSource,
    manoeuvres: Sequence[str] = (),
    raises: int = 0,
) -> list[Event]:
    """The strike step, whole: the first striker (with the focus's free raises, and the
    ``manoeuvres`` and called ``raises`` declared for that strike), then the second if
    still standing; or both at once on a karmic strike (no manoeuvre: nobody won the
    focus)."""
    state = _duel(session, duel, "strike")
    session.gm_only(actor, "run the strike")
    events: list[Event] = []
    if state.first is None and (manoeuvres or raises):
        raise IllegalUnderRules(
            "a karmic strike is simultaneous: nobody won the focus to declare manoeuvres"
        )
    if state.first is None:
        a, b = (session.character_named(n) for n in state.duellists())
        for who, other in ((a, b), (b, a)):
            blow, _ = _blow(session, actor, at, duel, who, other, dice, 0)
            events += blow
        events.append(DuelEnded(actor=actor, at=at, duel=duel, winner=None, outcome="karmic"))
        return events
    first = session.character_named(state.first)
    second = session.character_named(state.other(first.name))
    blow, hit = _blow(
        session, actor, at, duel, first, second, dice, state.free_raises, manoeuvres, raises
    )
    events += blow
    if hit and state.kind == "first_blood":
        events.append(
            DuelEnded(actor=actor, at=at, duel=duel, winner=first.name, outcome="first_blood")
        )
        return events
    # « ses actions »: the second duellist strikes with the first blow's wounds on them
    struck = session.after(events)
    second, first = struck.character_named(second.name), struck.character_named(first.name)
    fallen = session.ruleset.wound_rank(second.sheet, second.wounds)
    if fallen.name == "Dead":
        events.append(DuelEnded(actor=actor, at=at, duel=duel, winner=first.name, outcome="death"))
        return events
    if fallen.penalty is None:  # Out, alive: no strike back; « jusqu'à la mort de l'un d'eux »
        events.append(DuelEnded(actor=actor, at=at, duel=duel, winner=None, outcome="skirmish"))
        return events
    blow, second_hit = _blow(struck, actor, at, duel, second, first, dice, 0)
    events += blow
    if second_hit and state.kind == "first_blood":
        outcome, winner = "first_blood", second.name
    elif state.kind == "first_blood":
        outcome, winner = "stopped", None
    else:
        taken = first.wounds + sum(e.amount for e in blow if isinstance(e, WoundsTaken))
        dead = session.ruleset.wound_rank(first.sheet, taken).name == "Dead"
        outcome, winner = ("death", second.name) if dead else ("skirmish", None)
    events.append(DuelEnded(actor=actor, at=at, duel=duel, winner=winner, outcome=outcome))  # type: ignore[arg-type]
    return events
