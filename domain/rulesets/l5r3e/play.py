"""The l5r3e commands decided: each gives one batch of events or a typed error that
quotes its input, never a partial batch. Dice come in through the context; every roll is
recorded with its faces and the parts of its pool, total and TN.

Readings where the text is silent (see the package docstring for the list):
- bare hands deal Strength k1 (the weapon « 0k1 »);
- a disarm's or a grapple's opposed roll tied goes to the defender (the attacker must
  « l'emporter »);
- the extra raise a move (or standing up) costs counts against the most raises a roll
  may call, like any other raise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from domain.commands import Dice
from domain.dice.roll_keep.roll import RAISE_STEP
from domain.dice.roll_keep.ten_dice import FOURTH_EDITION, TenDiceRule
from domain.errors import IllegalUnderRules, MalformedInput, NotAllowed
from domain.events import Event
from domain.names import key
from domain.rulesets.l5r3e import commands as c
from domain.rulesets.l5r3e.events import (
    ActionsTaken,
    DamageReduced,
    InitiativeSwapped,
    ManoeuvreChosen,
    RoundStarted,
    SpellCast,
    SurpriseDeclared,
    TurnDelayed,
    TurnPassed,
    VoidSpent,
)
from domain.rulesets.l5r3e.manoeuvres import Manoeuvre, check_bans, check_choice, check_turn
from domain.rulesets.l5r3e.skirmish import (
    dodge_expression,
    initiative_expression,
    reputation_rank,
)
from domain.rulesets.l5r3e.spells import casting_turns, spell_expression, spell_tn
from domain.rulesets.l5r3e.state import SELF_INFLICTED, Combat, Fighter, ThirdState
from domain.rulesets.l5r3e.table import (
    can_act,
    fighter,
    wound_penalty,
    wound_rank,
)
from domain.rulesets.l5r3e.techniques import techniques_of
from domain.rulesets.l5r3e.void import VoidUse, check_spend, encouragement_allowed, on_roll
from domain.rulesets.roll_keep_kit.character import parse_ring, parse_trait
from domain.rulesets.roll_keep_kit.deciding import BARE_HANDS as BARE_HANDS
from domain.rulesets.roll_keep_kit.deciding import RollKeepDeciding, decide_wound, refuse_initiative
from domain.rulesets.roll_keep_kit.modifiers import Part

CELERITY = Part(source="Célérité (2 points de Vide)", rolled=1, kept=1)
FINAL_STRIKE_TN = 30


@dataclass(frozen=True)
class Rules:
    """What the ruleset's options bind for the deciders."""

    ten_dice: TenDiceRule
    defense_adds_to_tn: bool = True
    emphasis_adds_rank: bool = True


@dataclass
class Play(RollKeepDeciding):
    """One command's view of the session: the core, the 3e state, the options, the time."""

    state: ThirdState = field(default_factory=ThirdState)
    rules: Rules = field(default_factory=lambda: Rules(FOURTH_EDITION))

    # -- who, when ------------------------------------------------------------------

    def acting_for(self, name: str) -> Fighter:
        found = fighter(self.state, name)
        self.permitted(found.name, found.player)
        return found

    def combat(self) -> Combat:
        if self.state.combat is None:
            raise IllegalUnderRules("no skirmish is under way: `kiroku combat start` first")
        return self.state.combat

    def in_turn(self, who: Fighter) -> Combat:
        """The combat, if it is ``who``'s turn or ``who`` delayed their actions."""
        combat = self.combat()
        if combat.round == 0:
            raise IllegalUnderRules("no round is under way: `kiroku combat round` first")
        current = combat.current()
        if key(who.name) not in combat.delayed and (
            current is None or key(current) != key(who.name)
        ):
            whose = f"{current}'s" if current else "nobody's (the round is over)"
            raise IllegalUnderRules(f"it is {whose} turn, not {who.name}'s")
        return combat

    def not_casting(self, who: Fighter) -> None:
        """« lancer 1 sort nécessite [Niveau du Sort] tours complets d'incantation »: the
        caster does nothing else until the casting's last round is over."""
        combat = self.combat()
        if who.casting_until >= combat.round > 0:
            raise IllegalUnderRules(
                f"{who.name} is casting a spell until the end of round {who.casting_until}"
            )

    def spend(
        self, who: Fighter, use: VoidUse, purpose: str, *, already: int = 0, dead: bool = False
    ) -> Event:
        """A ``VoidSpent`` for ``use`` from ``who``'s own points (``already`` of them
        spent earlier in this batch), or the rule's refusal."""
        points = check_spend(use, human=who.sheet.human, left=who.void_left - already, dead=dead)
        return self.event(VoidSpent, character=who.name, use=use, points=points, purpose=purpose)

    def void_on_roll(
        self,
        who: Fighter,
        use: c.VoidOnRoll | None,
        allies: Sequence[str],
        ally_use: c.VoidOnRoll,
        what: str,
        *,
        already: int = 0,
    ) -> tuple[list[Event], list[Part]]:
        """One own point on a roll (« 1 SEUL point de Vide par jet ! »), and one for each
        companion's encouragement (« en plus de ses propres points de Vide »): each
        companion once, paying 2, and never more such points, this combat, than the one
        acting's Void ring (« Un même personnage ne peut pas recevoir ainsi plus de points
        de Vide supplémentaires que son propre Rang de Vide ! »)."""
        events: list[Event] = []
        parts: list[Part] = []
        if use is not None:
            events.append(self.spend(who, use, what, already=already))
            parts.append(on_roll(use))
        givers: list[Fighter] = []
        for ally in allies:
            giver = fighter(self.state, ally)
            if any(key(giver.name) == key(g.name) for g in givers):
                raise MalformedInput(
                    f"--encouraged-by {ally!r}: {giver.name} is named twice (a companion "
                    "encourages an action once, for 2 Void points)"
                )
            givers.append(giver)
        for received, giver in enumerate(givers, start=who.encouraged):
            self.permitted(giver.name, giver.player)  # the ally's player pays, or the GM
            if key(giver.name) == key(who.name):
                raise IllegalUnderRules("« Encouragement » is given to a companion, not oneself")
            if not encouragement_allowed(received, who.sheet.ring("void")):
                raise IllegalUnderRules(
                    f"{who.name} has received {received} Void points by encouragement this "
                    f"combat and their Void ring is {who.sheet.ring('void')}: {giver.name}'s "
                    "would be one more (« Un même personnage ne peut pas recevoir ainsi plus "
                    "de points de Vide supplémentaires que son propre Rang de Vide ! »)"
                )
            events.append(self.spend(giver, "encouragement", f"encourages {who.name}: {what}"))
            if not who.sheet.human:
                raise IllegalUnderRules(
                    "« Seul les Humains peuvent dépenser leurs points de Vide ! »"
                )
            events.append(
                self.event(
                    VoidSpent,
                    character=who.name,
                    use=ally_use,
                    points=1,
                    purpose=what,
                    ally=giver.name,
                )
            )
            part = on_roll(ally_use)
            parts.append(
                Part(
                    source=f"{part.source}, by {giver.name}'s encouragement",
                    rolled=part.rolled,
                    kept=part.kept,
                    total=part.total,
                )
            )
        return events, parts


def _own(events: Sequence[Event], who: Fighter) -> int:
    """The points ``who`` already spends from their own pool in ``events``."""
    return sum(
        e.points
        for e in events
        if isinstance(e, VoidSpent) and key(e.character) == key(who.name) and e.ally is None
    )


# -- rolls, initiative, rounds ----------------------------------------------------------


def decide_roll(play: Play, command: c.Roll, dice: Dice | None) -> list[Event]:
    """Any roll. A skill roll is trait + skill, keep the trait (« X/Y »); raises at most
    the higher of Void and the skill, +5 TN each; free raises +5 on the total; one Void
    point (+1k1, a free raise or a skill rank); the roller's wound penalty on the TN."""
    if command.hidden:
        play.core.gm_only(play.actor, "make a hidden roll")
    refuse_initiative(command.purpose)
    chosen = sum((command.void, command.void_skill, command.void_raise))
    if chosen > 1:
        raise IllegalUnderRules("« 1 SEUL point de Vide par jet ! »: choose one Void use")
    if chosen and command.purpose == "damage":
        raise IllegalUnderRules(
            f"a damage roll ({_quoted_void(command)}): a Void point « NE PEUT PAS ETRE UTILISE "
            "POUR AUGMENTER UN JET DE DOMMAGES ! »"
        )
    events: list[Event] = []
    parts: list[Part] = []
    who: Fighter | None = None
    skill_rank = 0
    if command.character is not None:
        who = play.acting_for(command.character)
        can_act(who)
    elif chosen:
        raise MalformedInput("a Void point is spent by a character: name one (--character)")
    elif not play.core.is_gm(play.actor):
        raise NotAllowed(f"{play.actor!r} may roll only for their own character")
    if command.skill or command.trait or command.ring:
        if command.expression:
            raise MalformedInput(
                f"give an expression ({command.expression!r}) or --skill/--trait/--ring, not both"
            )
        if who is None:
            raise MalformedInput("--skill, --trait and --ring need --character")
        expression, label, skill_rank = _skill_pool(who, command)
    elif command.expression:
        expression, label = command.expression, command.label or ""
    else:
        raise MalformedInput("give a dice expression, or --skill/--trait/--ring")
    skill_rank += 1 if command.void_skill else 0  # the Void point's rank, added once
    unskilled = command.unskilled or (command.skill is not None and skill_rank == 0)
    if who is not None:
        limit = max(who.sheet.ring("void"), skill_rank)
        if command.raises > limit:
            raise IllegalUnderRules(
                f"{who.name} may call at most {limit} raises (the higher of Void and the "
                f"skill), not {command.raises}"
            )
        use = (
            "roll_dice"
            if command.void
            else "roll_skill_rank"
            if command.void_skill
            else ("roll_free_raise" if command.void_raise else None)
        )
        spent, void_parts = play.void_on_roll(who, use, (), "roll_dice", f"on {label!r}")  # type: ignore[arg-type]
        events += spent
        parts += void_parts
        penalty = wound_penalty(who)
        if penalty and command.tn is not None:
            parts.append(Part(source=f"Blessures ({wound_rank(who).french})", tn=penalty))
    if unskilled and command.raises:
        raise IllegalUnderRules("an unskilled roll calls no raises")
    if command.raises:
        plural = "s" if command.raises > 1 else ""
        parts.append(Part(source=f"{command.raises} raise{plural}", tn=RAISE_STEP * command.raises))
    if command.free_raises:
        parts.append(Part(source="free raises", total=RAISE_STEP * command.free_raises))
    if command.emphasis:
        parts.append(_emphasis(play, who, command.skill))
    rolled, _ = play.throw(
        who.name if who else None,
        expression,
        dice,
        purpose=command.purpose,
        label=command.label or label,
        parts=parts,
        tn=command.tn,
        unskilled=unskilled,
        hidden=command.hidden,
    )
    return [*events, rolled]


def _quoted_void(command: c.Roll) -> str:
    """The roll as it was given, with its Void use: ``'5k2' --purpose damage --void``."""
    what = repr(command.expression) if command.expression else repr(command.skill or "a roll")
    flag = "--void" if command.void else "--void-skill" if command.void_skill else "--void-raise"
    return f"{what} --purpose {command.purpose} {flag}"


def _skill_pool(who: Fighter, command: c.Roll) -> tuple[str, str, int]:
    sheet = who.sheet
    if command.ring is not None and command.trait is not None:
        raise MalformedInput("a roll uses a ring or a trait, not both")
    if command.ring is not None:
        ring = parse_ring(command.ring)
        name, value = str(ring), sheet.ring(ring)
    elif command.trait is not None:
        trait = parse_trait(command.trait)
        name, value = str(trait), sheet.trait(trait)
    else:
        raise MalformedInput("name the trait the roll uses (--trait), or a ring (--ring)")
    if command.skill is None:
        return f"{value}k{value}", name.capitalize(), 0
    rank = sheet.skill_rank(command.skill)
    owned = sheet.skill(command.skill)
    label = f"{owned.name if owned else command.skill.strip()}/{name.capitalize()}"
    return f"{value + rank}k{value}", label, rank


def _emphasis(play: Play, who: Fighter | None, skill: str | None) -> Part:
    """« Spécialisations »: the text's Mirumoto Rola, Kenjutsu (Katana) 3, adds 3 to his
    attack — the skill's rank on the total (option ``emphasis``: ``reroll_ones`` reads
    the published 3e's reroll of 1s instead, and adds nothing here)."""
    if who is None or skill is None:
        raise MalformedInput("an emphasis goes with a character's skill roll")
    owned = who.sheet.skill(skill)
    if owned is None or not owned.emphases:
        raise IllegalUnderRules(f"{who.name} has no emphasis in {skill!r}")
    rank = owned.rank if play.rules.emphasis_adds_rank else 0
    return Part(source=f"Spécialisation ({', '.join(owned.emphases)})", total=rank)


def decide_initiative(play: Play, command: c.RollInitiative, dice: Dice | None) -> list[Event]:
    """« Lors du 1er tour UNIQUEMENT »: Reflexes + rank rolled, Reflexes kept, once for
    the whole combat; techniques' extra dice; « Célérité » 2 Void for +1k1."""
    combat = play.combat()
    who = play.acting_for(command.character)
    can_act(who)
    if key(who.name) in combat.rolled:
        raise IllegalUnderRules(
            f"{who.name} rolled initiative for this whole combat already: « POUR TOUT LE RESTE "
            "DU COMBAT ! »"
        )
    events: list[Event] = []
    parts = [
        Part(source=t.name, rolled=t.initiative_dice.of(who.sheet))
        for t in techniques_of(who.sheet.techniques)
        if t.initiative_dice is not None
    ]
    if command.celerity:
        events.append(play.spend(who, "celerity", "+1k1 on the initiative roll"))
        parts.append(CELERITY)
    rolled, _ = play.throw(
        who.name,
        initiative_expression(who.sheet),
        dice,
        purpose="initiative",
        label="Initiative",
        parts=parts,
    )
    return [*events, rolled]


def decide_start_round(play: Play, command: c.StartRound, dice: Dice | None) -> list[Event]:
    """The round under way ends (its order is set anew from the kept initiatives, the
    reversals and the current wound penalties) and the next begins; the GM names who is
    surprised in it."""
    play.core.gm_only(play.actor, "start a round")
    combat = play.combat()
    if not combat.rolled:
        raise IllegalUnderRules("nobody has rolled initiative yet")
    waiting = [combat.current()] if combat.current() else []
    waiting += [play.state.fighters[k].name for k in combat.delayed]
    if combat.round and waiting:
        raise IllegalUnderRules(
            f"round {combat.round} is not over: {', '.join(map(str, waiting))} still to act "
            "(`kiroku combat next` passes a turn)"
        )
    surprised = []
    for name in command.surprised:
        one = fighter(play.state, name)
        if key(one.name) not in combat.rolled:
            raise IllegalUnderRules(f"{one.name} has no initiative in this combat to lose 20 from")
        if one.name in surprised:
            raise MalformedInput(f"{one.name!r} is named twice in --surprised")
        surprised.append(one.name)
    events = []
    if surprised:  # declared first: the round's order is set with it
        events.append(
            play.event(SurpriseDeclared, characters=tuple(surprised), round=combat.round + 1)
        )
    return [*events, play.event(RoundStarted, number=combat.round + 1)]


def decide_next(play: Play, command: c.NextTurn, dice: Dice | None) -> list[Event]:
    combat = play.combat()
    if combat.round == 0:
        raise IllegalUnderRules("no round is under way")
    if command.character is not None:
        who = play.acting_for(command.character)
        if key(who.name) not in combat.delayed:
            raise IllegalUnderRules(f"{who.name} did not delay: `kiroku combat next` alone")
        return [play.event(TurnPassed, character=who.name)]
    current = combat.current()
    if current is None:
        raise IllegalUnderRules(
            f"everyone has acted in round {combat.round}: reversals, then `kiroku combat round`"
        )
    who = play.acting_for(current)
    return [play.event(TurnPassed, character=who.name)]


def decide_swap(play: Play, command: c.SwapInitiative, dice: Dice | None) -> list[Event]:
    """« Echange d'Initiative : Juste après leurs jets d'Initiative, 2 personnages peuvent
    échanger leurs résultats en dépensant chacun 1 point de Vide »; Combat Reflexes:
    « échanger son score Initiative, juste après le jet, avec celui immédiatement
    supérieur » (not a Scorpion's)."""
    combat = play.combat()
    who = play.acting_for(command.character)
    other = fighter(play.state, command.other)
    if key(other.name) == key(who.name):
        raise MalformedInput(f"{who.name} cannot swap initiative with themself")
    if combat.round > 0:
        raise IllegalUnderRules(
            "initiatives are swapped « juste après leurs jets », before round 1"
        )
    for one in (who, other):
        if key(one.name) not in combat.rolled:
            raise IllegalUnderRules(f"{one.name} has not rolled initiative yet")
    mine, theirs = combat.rolled[key(who.name)], combat.rolled[key(other.name)]
    events: list[Event] = []
    if command.cause == "void":
        if other.player != play.actor and not play.core.is_gm(play.actor):
            raise NotAllowed(f"{other.name}'s player (or the GM) pays their Void point")
        events.append(play.spend(who, "initiative_swap", f"swaps initiative with {other.name}"))
        events.append(play.spend(other, "initiative_swap", f"swaps initiative with {who.name}"))
    else:
        if not any(t.swaps_up for t in techniques_of(who.sheet.techniques)):
            raise IllegalUnderRules(f"{who.name} has no « Réflexes de Combat »")
        if any(t.immune_to_swaps for t in techniques_of(other.sheet.techniques)):
            raise IllegalUnderRules(
                f"{other.name} is « immunisé aux effets de l'Avantage Réflexes de Combat »"
            )
        higher = sorted(v for k, v in combat.rolled.items() if v > mine and k != key(who.name))
        if not higher or theirs != higher[0]:
            raise IllegalUnderRules(
                f"Combat Reflexes swap with the score « immédiatement supérieur » ({mine} → "
                f"{higher[0] if higher else 'none'}), not {other.name}'s {theirs}"
            )
    return [
        *events,
        play.event(
            InitiativeSwapped,
            character=who.name,
            other=other.name,
            cause=command.cause,
            values=(mine, theirs),
        ),
    ]


# -- the turn -----------------------------------------------------------------------------


def decide_manoeuvre(play: Play, command: c.ChooseManoeuvre, dice: Dice | None) -> list[Event]:
    """« Lors de son tour d'Initiative, chaque personnage choisit 1 Manoeuvre » before
    his actions; a Dodge rolls Agility/Defense, added to the TN to be hit — and may be
    taken « juste avant le début du combat », standing for round 1's choice."""
    who = play.acting_for(command.character)
    can_act(who)
    check_choice(command.manoeuvre, mounted=who.mounted, who=who.name)
    combat = play.combat()
    if combat.round == 0:
        if command.manoeuvre != "dodge":
            raise IllegalUnderRules(
                "before the first round only a Dodge may be chosen (« Il est possible "
                "d'adopter cette Manoeuvre, juste avant le début du combat »)"
            )
        if who.early:
            raise IllegalUnderRules(f"{who.name} has chosen to dodge already")
    else:
        combat = play.in_turn(who)
    if key(who.name) in combat.chose:
        raise IllegalUnderRules(f"{who.name} has chosen this turn's manoeuvre already")
    if combat.actions.get(key(who.name)):
        raise IllegalUnderRules(
            f"{who.name} has acted this turn already: the manoeuvre is chosen first"
        )
    if command.two_weapons and len([w for w in who.sheet.weapons if w.kind == "melee"]) < 2:
        raise IllegalUnderRules(f"{who.name} does not carry two melee weapons")
    events: list[Event] = []
    dodge = 0
    if command.manoeuvre == "dodge":
        rolled, result = play.throw(
            who.name,
            dodge_expression(who.sheet),
            dice,
            purpose="defense",
            label="Esquive (Agilité/Défense)",
        )
        events.append(rolled)
        dodge = result.total
    events.append(
        play.event(
            ManoeuvreChosen,
            character=who.name,
            manoeuvre=command.manoeuvre,
            dodge=dodge,
            two_weapons=command.two_weapons,
        )
    )
    return events


def _check_actions(combat: Combat, who: Fighter, new: Sequence[str]) -> int:
    """The turn so far and ``new`` (:func:`check_turn`): none the manoeuvre forbids, and
    with each « Gain de 1 action » one non-attack action more, whichever makes the turn
    legal. Returns the raises its combinations cost."""
    taken = [*combat.actions.get(key(who.name), []), *new]
    manoeuvre: Manoeuvre = who.manoeuvre  # type: ignore[assignment]
    check_bans(manoeuvre, taken)  # type: ignore[arg-type]
    extra = combat.extra_actions.get(key(who.name), 0)
    spare = [i for i, action in enumerate(taken) if not action.endswith("attack")]
    refusal: IllegalUnderRules | None = None
    for count in range(min(extra, len(spare)) + 1):
        for dropped in combinations(spare, count):
            try:
                return check_turn(manoeuvre, [a for i, a in enumerate(taken) if i not in dropped])  # type: ignore[misc]
            except IllegalUnderRules as error:
                refusal = refusal or error
    assert refusal is not None
    raise refusal


def decide_actions(play: Play, command: c.TakeActions, dice: Dice | None) -> list[Event]:
    who = play.acting_for(command.character)
    can_act(who)
    combat = play.in_turn(who)
    for action in command.actions:
        if action.endswith("attack"):
            raise MalformedInput(f"{action!r}: an attack is declared with `kiroku attack`")
    play.not_casting(who)
    raises = _check_actions(combat, who, command.actions)
    return [
        play.event(ActionsTaken, character=who.name, actions=command.actions, raises_due=raises)
    ]


def decide_delay(play: Play, command: c.Delay, dice: Dice | None) -> list[Event]:
    """« Retarder ses actions »: the rest of the turn later in the round."""
    who = play.acting_for(command.character)
    combat = play.in_turn(who)
    if key(who.name) in combat.delayed:
        raise IllegalUnderRules(f"{who.name} has delayed already")
    return [play.event(TurnDelayed, character=who.name)]


def decide_void(play: Play, command: c.SpendVoid, dice: Dice | None) -> list[Event]:
    """« Augmentation du ND » (+10 until one's next turn, in one's turn), « Gain de 1
    action » (2 points, not an attack), « Réduction des blessures » (−10 from the last
    attack's wounds, once a round)."""
    who = play.acting_for(command.character)
    combat = play.combat()
    if command.use == "reduce_damage":
        if who.last_wounds <= 0:
            raise IllegalUnderRules(f"{who.name} has no wounds from an attack to reduce")
        if who.reduced_round == combat.round:
            raise IllegalUnderRules("« 1 fois par round, uniquement » may Void reduce wounds by 10")
        spent = play.spend(who, "reduce_damage", "−10 wounds from the last attack")
        return [
            spent,
            play.event(DamageReduced, character=who.name, amount=min(10, who.last_wounds)),
        ]
    can_act(who)
    play.in_turn(who)
    if command.use == "armour" and who.void_tn:
        raise IllegalUnderRules(f"{who.name} has +10 TN from a Void point until their next turn")
    purpose = "+10 TN to be hit" if command.use == "armour" else "one more action (not an attack)"
    return [play.spend(who, command.use, purpose)]


def decide_wounds(play: Play, command: c.TakeWounds, dice: Dice | None) -> list[Event]:
    """Wounds the GM rules; self-inflicted ones do not bar a reversal."""
    return decide_wound(play, command, dice, SELF_INFLICTED if command.self_inflicted else "")


def decide_cast(play: Play, command: c.Cast, dice: Dice | None) -> list[Event]:
    """« Lancer un sort »: ring/mastery rank against 10 + 5 × level, raises (at most Void)
    shortening the casting by a turn each, never under one; the wound penalty on the TN;
    one Void point on the roll; in combat the caster does nothing else for the casting's
    full turns (« [Niveau du Sort] tours complets d'incantation »), the spell resolving as
    it is begun (a reading: the roll is made when the casting starts)."""
    who = play.acting_for(command.character)
    can_act(who)
    spell = who.sheet.spell(command.spell)
    if spell is None:
        known = ", ".join(s.name for s in who.sheet.spells) or "none"
        raise IllegalUnderRules(f"{who.name} has no spell {command.spell!r}; known: {known}")
    turns = casting_turns(who.sheet, spell, command.raises)
    if play.state.combat is not None and play.state.combat.round > 0:
        play.not_casting(who)
        _check_actions(
            play.in_turn(who), who, ("simple", "special_ability") if command.scroll else (
                "special_ability",)
        )  # fmt: skip
    events, parts = play.void_on_roll(who, command.void, (), "roll_dice", spell.name)
    if command.raises:
        parts.append(
            Part(source=f"{command.raises} raises (temps d'incantation)", tn=5 * command.raises)
        )
    penalty = wound_penalty(who)
    if penalty:
        parts.append(Part(source=f"Blessures ({wound_rank(who).french})", tn=penalty))
    rolled, result = play.throw(
        who.name,
        spell_expression(who.sheet, spell, reputation_rank(who.sheet)),
        dice,
        purpose="spell",
        label=spell.name,
        parts=parts,
        tn=spell_tn(spell),
    )
    return [
        *events,
        rolled,
        play.event(
            SpellCast, character=who.name, spell=spell.name, turns=turns,
            success=bool(result.success), scroll=command.scroll,
        ),
    ]  # fmt: skip
