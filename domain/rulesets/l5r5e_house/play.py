"""The l5r5e-house commands decided: one batch of events each, or a typed error quoting
its input; every check's dice, keeps and explosions in its event.

Rules (``../shared/rules/l5r-5e-house-confrontations.fr.txt`` and, where it leans on
them, the published 5th edition's facts):

- a check rolls the ring's dice (the stance's, in a confrontation) and the skill's; the
  Void stance takes no strife from kept dice; the Fire stance counts each kept strife
  symbol as a bonus success on a success against an enemy; the Air stance raises the TN
  of attacks on its holder by 1 (2 from school rank 4); the Earth stance lets no
  attacker turn opportunities into a critical on its holder;
- one action a turn; in the Water stance one more that needs no check, of another kind;
- « Frapper »: a readied weapon, Martial Arts TN 2, damage the weapon's base + 1 a bonus
  success, two opportunities a critical of the weapon's deadliness;
- « DEGATS »: the armour's resistance first; the rest defended as fatigue, or taken as a
  critical of the deadliness (forced when Incapacitated, by choice for a Void point);
  each critical met by a Fitness test TN 1 (1 off and 1 a bonus success);
- the duel's stare-down and coup de grâce, recovery at a scene's end and in sleep.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from domain.commands import Dice
from domain.dice.narrative.odds import policy_keep
from domain.dice.narrative.roll import (
    ExplosionSource,
    NarrativeRoll,
    Pool,
    check_explosion_keeps,
    chosen_explosions,
    resolve_check,
    throw,
)
from domain.errors import IllegalUnderRules, MalformedInput
from domain.events import Event
from domain.names import key
from domain.rulesets.l5r5e_house import commands as c
from domain.rulesets.l5r5e_house.afflictions import (
    Injuries,
    dying_counted,
    effects_of,
    resistance_of,
    wound_parts,
)
from domain.rulesets.l5r5e_house.compromised import check_stare_bid, unbidding, vigilance_now
from domain.rulesets.l5r5e_house.criticals import lessened, severity
from domain.rulesets.l5r5e_house.derived import composure, endurance, focus, half_up
from domain.rulesets.l5r5e_house.events import (
    CheckRolled,
    ConfrontationEnded,
    ConfrontationStarted,
    CoupDeclined,
    CriticalSuffered,
    DamageResolved,
    FatigueTaken,
    HitDealt,
    InitiativeSet,
    PredictionRevealed,
    Recovered,
    RoundBegan,
    SceneEnded,
    StanceTaken,
    StandingChanged,
    StareDown,
    StrifeTaken,
    StruckAt,
    TnPart,
    TurnEnded,
    Unmasked,
    WeaponReadied,
)
from domain.rulesets.l5r5e_house.injury_fold import ALL_HANDLERS as HANDLERS
from domain.rulesets.l5r5e_house.resisting import fitness_ring
from domain.rulesets.l5r5e_house.sheet import Ring, Weapon
from domain.rulesets.l5r5e_house.state import Confrontation, FifthState, Fighter
from domain.rulesets.l5r5e_house.waiting import holding, takes_held
from domain.rulesets.table_kit.deciding import Deciding, find

STRIKE_TN = 2
INITIATIVE_TN = 1
FITNESS_TN = 1
SKILLS = {"duel": "Meditation", "skirmish": "Tactics"}
CRITICAL_OPPORTUNITIES = 2


def keep_every_success(die: Any, successes: int, tn: int | None, compromised: bool) -> bool:
    """The ruleset's default for an explosion die: kept if it shows a success (its bonus
    counts) or an opportunity without strife (it costs nothing), never a strife die when
    Compromised."""
    shows = die.shows
    if compromised and shows.strife:
        return False
    return bool(shows.success) or (bool(shows.opportunity) and not shows.strife)


@dataclass
class Play(Deciding):
    state: FifthState = field(default_factory=FifthState)
    vigilance_up: bool = True
    stare_cap: bool = True
    keep_for_odds: bool = False
    """Option ``keep_default=odds``: unnamed keeps follow the odds' policy (the best
    chance at the TN, then the least strife) rather than the most successes."""
    critical_instead: bool = False
    """Option ``opportunity_critical=instead``: two opportunities' critical replaces the
    strike's damage rather than adding to it."""
    coup_lapses: bool = False
    """Option ``coup_window=round``: a coup de grâce lapses with its round."""
    stare_required: bool = False
    """Option ``stare_down=required``: no one acts in a duel round before its stare-down."""
    gm_table: bool = False
    """Option ``critical_table=gm``: a critical's effects are the GM's to rule."""
    hidden: bool = False
    """The command is given behind the GM's screen (what it begins that lasts, a Dying,
    stays there: :class:`.injury_events.DyingCounted`)."""

    def acting_for(self, name: str) -> Fighter:
        found = find(self.state.fighters, name)
        self.permitted(found.name, found.player)
        return found

    def confrontation(self) -> Confrontation:
        if self.state.confrontation is None:
            raise IllegalUnderRules("no confrontation is under way: `kiroku confront start`")
        return self.state.confrontation

    def in_turn(self, who: Fighter) -> Confrontation:
        conf = self.confrontation()
        current = conf.current()
        if current is None or key(current) != key(who.name):
            raise IllegalUnderRules(f"it is {current or 'no one'}'s turn, not {who.name}'s")
        return conf

    def check(
        self, who: Fighter, skill: str, ring: Ring, tn: int | None, dice: Dice | None, *,
        keep: str | None, purpose: str, parts: Sequence[TnPart] = (), target: Fighter | None = None,
        stance: Ring | None = None, action: bool = True, use_reserved: str | None = None,
    ) -> tuple[CheckRolled, NarrativeRoll, int]:  # fmt: skip
        """A check of ``skill`` with ``ring``, kept as ``keep`` says or by the odds' policy,
        under ``stance`` (the character's own unless given); returns its event, its roll
        and its bonus successes (with the Fire stance's). An action's check is refused to
        the Incapacitated; a check that is no action (a Fitness test) is not."""
        stance = stance or who.stance
        if action and who.incapacitated:
            raise IllegalUnderRules(
                f"{who.name} is Incapacitated (« Hors de combat »): no action requiring a check"
            )
        if dice is None or isinstance(dice, Sequence):  # 5e's commands draw them in order
            raise TypeError(f"{purpose}: this check draws its dice in order: give a source")
        wounded = wound_parts(who, ring)  # « Lightly Wounded »: +1 TN on the ring's checks
        if wounded and tn is not None:
            tn, parts = tn + sum(p.value for p in wounded), (*parts, *wounded)
        pool = Pool(who.sheet.rings.of(ring), who.sheet.skill_rank(skill))
        first = throw(pool, dice)
        thrown = list(first)
        replaced = _replace_reserved(who, skill, pool, first, use_reserved)
        # kept as told, else for the most successes: the bonus ones count (damage,
        # initiative, a critical lessened)
        size = pool.ring + pool.skill
        if keep is not None:
            given = keep_indices(keep)
            chosen = [i for i in given if i < size]
            explosions: Any = chosen_explosions(given, size)
        else:
            policy_tn = tn if self.keep_for_odds else None
            chosen = policy_keep(pool, first, policy_tn, compromised=who.compromised)
            explosions = None if self.keep_for_odds else keep_every_success
        roll = resolve_check(
            pool, first, chosen, ExplosionSource(dice), tn=tn, compromised=who.compromised,
            keep_explosion=explosions,
        )  # fmt: skip
        if keep is not None:
            check_explosion_keeps(roll, keep_indices(keep))
        strife = 0 if stance == "void" and self.state.confrontation else roll.strife
        fire = roll.strife if (
            stance == "fire" and roll.success and target is not None
        ) else 0  # fmt: skip
        event = self.event(
            CheckRolled, character=who.name, skill=skill, ring=ring, purpose=purpose, roll=roll,
            tn_parts=tuple(parts), target=target.name if target else None,
            strife_taken=strife, bonus_from_strife=fire, replaced=replaced,
            thrown=tuple(thrown[i][1] for i in replaced),
        )  # fmt: skip
        assert isinstance(event, CheckRolled)
        return event, roll, roll.bonus_successes + fire

    def ring_for(self, who: Fighter, ring: Ring | None) -> Ring:
        """The stance's ring in a confrontation (« Chaque posture détermine l'anneau qu'un
        personnage utilise … »), else the one named."""
        if (
            self.state.confrontation is not None
            and self.state.confrontation.round
            and who.stance is not None
            and key(who.name) in self.state.confrontation.initiative
        ):
            if ring is not None and ring != who.stance:
                raise IllegalUnderRules(
                    f"{who.name} is in the {who.stance} stance: its ring is the one rolled"
                )
            assert who.stance is not None
            return who.stance
        if ring is None:
            raise MalformedInput("name the ring of the check (--ring), outside a confrontation")
        return ring

    def able(self, who: Fighter) -> None:
        """The dead and the unconscious do nothing."""
        if who.dead or who.unconscious:
            state = "dead" if who.dead else "unconscious"
            raise IllegalUnderRules(f"{who.name} is {state}")

    def in_it(self, who: Fighter) -> None:
        """A target of the confrontation's actions must be in it (have an initiative)."""
        conf = self.confrontation()
        if key(who.name) not in conf.initiative:
            raise IllegalUnderRules(f"{who.name} is not in this {conf.kind}")
        if who.dead:
            raise IllegalUnderRules(f"{who.name} is dead")

    def action(self, who: Fighter, kind: str, *, checked: bool, name: str = "") -> None:
        """One action a turn; the Water stance's one more, with no check, of another kind;
        the action « Attendre » holds (``name``, its command) at any moment of the round
        (:mod:`.waiting`); a prediction awaiting this character's stance comes before any
        action."""
        self.able(who)
        conf = self.confrontation()
        me = key(who.name)
        if me in conf.waiting and me not in conf.held:  # a wait with no action named
            if "movement" in kind:
                raise IllegalUnderRules(
                    "« Attendre »: any action « excepté une action de Déplacement »"
                )
            return
        held = conf.held.get(me)
        if held is not None and takes_held(held, name, round_over=conf.current() is None):
            return
        try:
            self.turn_action(who, kind, checked=checked)
        except IllegalUnderRules as refusal:
            if held is None:
                raise
            raise IllegalUnderRules(f"{refusal}; {holding(who.name, held)}") from None

    def turn_action(self, who: Fighter, kind: str, *, checked: bool) -> None:
        """The turn's own action (:meth:`action`)."""
        conf = self.in_turn(who)
        if self.stare_required and conf.kind == "duel" and not conf.bids:
            raise IllegalUnderRules(
                f"round {conf.round}'s stare-down first (`kiroku stare`; option stare_down)"
            )
        if key(who.name) not in conf.stance_chosen and any(
            p.target == key(who.name) for p in conf.predictions
        ):
            raise IllegalUnderRules(
                f"a prediction awaits {who.name}'s stance: choose it first (`kiroku stance`)"
            )
        done = conf.actions.get(key(who.name), [])
        if not done:
            return
        if who.stance == "water" and len(done) == 1:
            kinds, _, was_checked = done[0].partition("|")
            other = not set(kind.split("+")) & set(kinds.split("+"))
            if other and not (checked and was_checked == "1"):
                return  # one of the two needs no check, and they differ in kind
        raise IllegalUnderRules(
            f"{who.name} has acted this turn"
            + (
                " (the Water stance's extra action: no check, of another kind)"
                if who.stance == "water"
                else ""
            )
        )


def _replace_reserved(
    who: Fighter, skill: str, pool: Pool, first: list[tuple[Any, int]], text: str | None
) -> tuple[int, ...]:
    """« vous pourrez remplacer les dés de votre choix par les dés réservés (affichant les
    mêmes résultats) »: the skill dice named (pool indices) take the reserved faces."""
    if text is None:
        return ()
    if who.reserved is None or key(who.reserved[0]) != key(skill):
        raise IllegalUnderRules(f"{who.name} has no dice reserved for {skill!r} (« Centrer »)")
    indices = keep_indices(text)
    faces = who.reserved[1]
    if len(indices) > len(faces) or len(set(indices)) != len(indices):
        raise MalformedInput(f"--use-reserved {text!r}: at most {len(faces)} dice, each once")
    for slot, index in enumerate(indices):
        if not pool.ring <= index < pool.ring + pool.skill:
            raise MalformedInput(f"--use-reserved {text!r}: die {index} is not a skill die")
        first[index] = ("skill", faces[slot])
    return tuple(indices)


def keep_indices(text: str) -> list[int]:
    if text.strip().lower() == "none":
        return []
    indices = []
    for bit in text.split(","):
        bit = bit.strip()
        if not (bit.isascii() and bit.isdigit() and len(bit) <= 3):
            raise MalformedInput(f"keep {text!r}: die indices from 0, as 0,2 (or none)")
        indices.append(int(bit))
    return indices


def decide_check(play: Play, command: c.Check, dice: Dice | None) -> list[Event]:
    who = play.acting_for(command.character)
    ring = play.ring_for(who, command.ring)
    parts = (TnPart(source="the GM", value=command.tn),) if command.tn is not None else ()
    event, _, _ = play.check(
        who, command.skill, ring, command.tn, dice, keep=command.keep,
        purpose=command.label or "check", parts=parts, use_reserved=command.use_reserved,
    )  # fmt: skip
    return [event]


def decide_start(play: Play, command: c.StartConfrontation, dice: Dice | None) -> list[Event]:
    play.core.gm_only(play.actor, "start a confrontation")
    if play.state.confrontation is not None:
        raise IllegalUnderRules("a confrontation is already under way")
    return [play.event(ConfrontationStarted, kind=command.kind)]


def decide_round(play: Play, command: c.StartRound, dice: Dice | None) -> list[Event]:
    play.core.gm_only(play.actor, "start a round")
    conf = play.confrontation()
    if not conf.initiative:
        raise IllegalUnderRules("nobody has rolled initiative yet")
    if conf.round and conf.current() is not None:
        raise IllegalUnderRules(f"round {conf.round} is not over: {conf.current()} still to act")
    # each dying character counts a round down as it begins (dead at 0)
    return skipping(play, [*dying_counted(play), play.event(RoundBegan, number=conf.round + 1)])


def decide_next(play: Play, command: c.NextTurn, dice: Dice | None) -> list[Event]:
    conf = play.confrontation()
    current = conf.current()
    if current is None:
        raise IllegalUnderRules("no turn is under way")
    who = play.acting_for(current)
    return skipping(play, [play.event(TurnEnded, character=who.name)])


def as_after(play: Play, events: Sequence[Event]) -> FifthState:
    """The state as it will be once ``events`` (a batch being decided) are folded: a
    copy, the play's own untouched."""
    trial = msgspec.msgpack.decode(msgspec.msgpack.encode(play.state), type=FifthState)
    for event in events:
        HANDLERS[type(event)](trial, event)
    return trial


def skipping(play: Play, events: list[Event]) -> list[Event]:
    """``events`` (a round begun, a turn ended), then the turn of each character they
    bring up who is unconscious ended by itself, in the same batch, saying why: « il
    perd connaissance et subit l'état Inconscient » (l5r-5e-house-confrontations.fr.txt,
    Hors de combat; the text says no more of the state, read as the published game's
    Unconscious, who takes no action). The dead have left the order already."""
    trial = as_after(play, events)
    skipped: list[Event] = []
    while trial.confrontation is not None and (current := trial.confrontation.current()):
        if not trial.fighters[key(current)].unconscious:
            break
        skip = play.event(TurnEnded, character=current, skipped="unconscious")
        skipped.append(skip)
        HANDLERS[TurnEnded](trial, skip)
    return [*events, *skipped]


def decide_end(play: Play, command: c.EndConfrontation, dice: Dice | None) -> list[Event]:
    play.core.gm_only(play.actor, "end a confrontation")
    play.confrontation()
    return [play.event(ConfrontationEnded)]


def decide_initiative(play: Play, command: c.RollInitiative, dice: Dice | None) -> list[Event]:
    """« Duel : test de Méditation ND 1 … Escarmouche : test de Tactique ND 1 »; base
    focus if ready, vigilance if not; + 1 on success + bonus successes; the ring is the
    opening stance; an opportunity readies a weapon."""
    conf = play.confrontation()
    who = play.acting_for(command.character)
    if key(who.name) in conf.initiative:
        raise IllegalUnderRules(
            f"{who.name} has an initiative for this confrontation: « pour le reste de la scène »"
        )
    if conf.kind == "duel" and len(conf.initiative) >= 2:
        raise IllegalUnderRules("a duel is between two: both have their initiative")
    skill = SKILLS[conf.kind]
    event, roll, bonus = play.check(
        who, skill, command.ring, INITIATIVE_TN, dice, keep=command.keep,
        purpose="initiative", parts=(TnPart(source=skill, value=INITIATIVE_TN),),
        stance=command.ring,
    )  # fmt: skip
    base_from = "vigilance" if command.surprised else "focus"
    base = vigilance_now(who, round_up=play.vigilance_up) if command.surprised else focus(who.sheet)
    total = base + (1 + bonus if roll.success else 0)
    readied = None
    if roll.opportunities:
        weapon = _weapon(who, command.weapon)
        readied = weapon.name if weapon is not None else None
    return [
        event,
        play.event(
            InitiativeSet, character=who.name, base=base, base_from=base_from,
            initiative=total, stance=command.ring, readied=readied, side=command.side,
        ),
    ]  # fmt: skip


def _weapon(who: Fighter, name: str | None) -> Weapon | None:
    if name is None:
        return next(iter(who.sheet.weapons), None)
    found = who.sheet.weapon(name)
    if found is None:
        carried = ", ".join(w.name for w in who.sheet.weapons) or "none"
        raise IllegalUnderRules(f"{who.name} carries no {name!r}; weapons: {carried}")
    return found


def decide_stance(play: Play, command: c.ChooseStance, dice: Dice | None) -> list[Event]:
    """« Pour commencer, le personnage choisit sa posture »: before the turn's action."""
    who = play.acting_for(command.character)
    conf = play.in_turn(who)
    if key(who.name) in conf.stance_chosen:
        raise IllegalUnderRules(f"{who.name} has chosen this turn's stance")
    if conf.actions.get(key(who.name)):
        raise IllegalUnderRules(f"{who.name} has acted: the stance is chosen first")
    if who.barred_stance == command.stance:
        raise IllegalUnderRules(
            f"{who.name} must change stance: the {command.stance} stance was predicted"
        )
    events: list[Event] = []
    for prediction in [p for p in conf.predictions if p.target == key(who.name)]:
        by = play.state.fighters[prediction.by].name
        matched = prediction.element == command.stance
        events.append(
            play.event(
                PredictionRevealed, character=by, target=who.name, element=prediction.element,
                matched=matched,
            )
        )  # fmt: skip
        if matched:  # « il subit 4 points de Conflit et doit changer de posture »
            events.append(
                play.event(StrifeTaken, character=who.name, amount=4, source=f"{by}'s prediction")
            )
    if any(isinstance(e, StrifeTaken) for e in events):
        return events
    return [*events, play.event(StanceTaken, character=who.name, stance=command.stance)]


def decide_stare(play: Play, command: c.Stare, dice: Dice | None) -> list[Event]:
    """The duel's « Défier du regard », at the start of each round: each duellist takes
    strife equal to the round's number, plus a secret bid (at most their focus: option
    ``stare_down_cap``) added to their initiative for the round — none from a Compromised
    duellist (:mod:`.compromised`), who may be left out of the bids (recorded as 0)."""
    play.core.gm_only(play.actor, "settle the stare-down's secret bids")
    conf = play.confrontation()
    if conf.kind != "duel":
        raise IllegalUnderRules("the stare-down is a duel's")
    acted = [k for k in conf.acted if not play.state.fighters[k].dead]
    if conf.round == 0 or acted or conf.actions or conf.bids:
        raise IllegalUnderRules("the stare-down opens a round, before anyone acts")
    bids: list[tuple[str, int]] = []
    for text in command.bids:
        name, sep, amount = text.rpartition("=")
        if not sep or not (amount.isascii() and amount.isdigit() and len(amount) <= 2):
            raise MalformedInput(f"--bid {text!r}: NAME=STRIFE, as 'Kakita Ryoku=2'")
        who = find(play.state.fighters, name)
        if key(who.name) not in conf.initiative:
            raise IllegalUnderRules(f"{who.name} is not in the duel")
        cap = focus(who.sheet)
        if play.stare_cap and int(amount) > cap:
            raise IllegalUnderRules(f"{who.name} bids at most their focus, {cap}, not {amount}")
        check_stare_bid(who, int(amount), conf.round, text)
        bids.append((who.name, int(amount)))
    bids += unbidding(play.state, conf, bids)
    if sorted(key(n) for n, _ in bids) != sorted(conf.initiative):
        raise MalformedInput("--bid once for each duellist (a Compromised one may be left out)")
    return [play.event(StareDown, round=conf.round, bids=tuple(bids))]


def air_part(target: Fighter) -> list[TnPart]:
    """« Le ND des tests d'Attaque et de Manipulation qui vous prennent pour cible augmente
    de 1. Si votre rang d'école est supérieur ou égal à 4, il augmente de 2 »."""
    if target.stance != "air":
        return []
    return [TnPart(source="Posture de l'Air", value=2 if target.sheet.school_rank >= 4 else 1)]


def _attack_tn(state: FifthState, target: Fighter) -> list[TnPart]:
    """TN 2, the Air stance's +1 (+2 from school rank 4), each protection's +TN."""
    parts = [TnPart(source="Frapper", value=STRIKE_TN), *air_part(target)]
    conf = state.confrontation
    for protection in conf.protections if conf is not None else []:
        if protection.protected == key(target.name):
            protector = state.fighters[protection.protector].name
            parts.append(TnPart(source=f"Protéger ({protector})", value=protection.tn))
    return parts


def _in_range(who: Fighter, target: Fighter, weapon: Weapon) -> None:
    distance = abs(who.band - target.band)
    low, high = weapon.range
    if not low <= distance <= high:
        raise IllegalUnderRules(
            f"{target.name} is {distance} band(s) from {who.name}: the {weapon.name} reaches "
            f"{low}–{high}"
        )


def decide_strike(play: Play, command: c.Strike, dice: Dice | None) -> list[Event]:
    """« Frapper »: with a readied weapon, Martial Arts TN 2 (the weapon's skill); on a
    success, the weapon's base damage + 1 a bonus success; two opportunities, a critical
    of the weapon's deadliness — none on a holder of the Earth stance."""
    who = play.acting_for(command.character)
    play.action(who, "attack", checked=True, name="strike")
    target = find(play.state.fighters, command.target)
    if key(target.name) == key(who.name):
        raise MalformedInput(f"{who.name} cannot strike themself")
    play.in_it(target)
    weapon = _weapon(who, command.weapon or who.readied)
    if weapon is None or who.readied is None or key(weapon.name) != key(who.readied):
        raise IllegalUnderRules(
            f"{who.name} has no readied {weapon.name if weapon else 'weapon'}: « frapper avec "
            "une arme nécessite que celle-ci soit apprêtée » (`kiroku prepare`)"
        )
    _in_range(who, target, weapon)
    parts = _attack_tn(play.state, target)
    tn = sum(p.value for p in parts)
    event, roll, bonus = play.check(
        who, weapon.skill, play.ring_for(who, None), tn, dice, keep=command.keep,
        purpose="strike", parts=parts, target=target, use_reserved=command.use_reserved,
    )  # fmt: skip
    critical = None
    if roll.success and roll.opportunities >= CRITICAL_OPPORTUNITIES and target.stance != "earth":
        critical = weapon.deadliness
    struck = play.event(
        StruckAt, character=who.name, target=target.name, weapon=weapon.name,
        hit=bool(roll.success),
        damage=weapon.damage + bonus if roll.success and not (
            critical is not None and play.critical_instead
        ) else 0,
        critical=critical,
    )  # fmt: skip
    events: list[Event] = [event, struck]
    if who.staked is not None:  # « qu'elle perd si elle entreprend une action d'Attaque »
        events.append(
            play.event(
                StandingChanged, character=who.name, honour=-10, glory=-5,
                why="an Attack before the single combat it accepted",
            )
        )  # fmt: skip
    return events


def decide_coup(play: Play, command: c.CoupDeGrace, dice: Dice | None) -> list[Event]:
    """« … son adversaire peut immédiatement porter un coup de grâce, une action spéciale
    qui peut être effectuée à tout moment »: an attack whose success is a critical of
    twice the deadliness + the bonus successes, in place of damage."""
    who = play.acting_for(command.character)
    conf = play.confrontation()
    at = conf.coups.get(key(who.name))
    if at is not None and play.coup_lapses and conf.coup_rounds.get(key(who.name), 0) < conf.round:
        at = None  # option coup_window=round: « immédiatement », in the round it opened
    if at is None:
        raise IllegalUnderRules(
            f"{who.name} has no coup de grâce open: the first time the opponent is "
            "Compromised or unmasks in the duel"
        )
    target = play.state.fighters[at]
    play.able(who)
    if target.dead:
        raise IllegalUnderRules(f"{target.name} is dead")
    if who.owed:
        raise IllegalUnderRules(
            f"{who.name} has a hit to meet first (« si tant est qu'il soit encore en vie »)"
        )
    honour = target.sheet.honour + target.honour
    if conf.coups.get(at) == key(who.name) and honour < who.sheet.honour + who.honour:
        raise IllegalUnderRules(
            f"both may strike a coup de grâce: « celui dont l'Honneur est le moins élevé agit en "
            f"premier » — {target.name} ({honour}) before {who.name} (or `kiroku decline-coup`)"
        )
    weapon = _weapon(who, command.weapon or who.readied)
    if weapon is None or who.readied is None or key(weapon.name) != key(who.readied):
        raise IllegalUnderRules(f"{who.name} has no readied weapon for the coup de grâce")
    parts = _attack_tn(play.state, target)
    ring = who.stance or "fire"
    event, roll, bonus = play.check(
        who, weapon.skill, ring, sum(p.value for p in parts), dice, keep=command.keep,
        purpose="coup de grâce", parts=parts, target=target,
    )  # fmt: skip
    critical = 2 * weapon.deadliness + bonus if roll.success else None
    struck = play.event(
        StruckAt, character=who.name, target=target.name, weapon=weapon.name,
        hit=bool(roll.success), critical=critical, coup_de_grace=True,
    )  # fmt: skip
    return [event, struck]


def decide_resist(play: Play, command: c.Resist, dice: Dice | None) -> list[Event]:
    """« DEGATS »: resistance first; what is left defended as fatigue, or (Incapacitated,
    or a Void point spent) a critical of the deadliness; each critical met by a Fitness
    test TN 1 in the stance's ring."""
    who = play.acting_for(command.character)
    if who.dead:
        raise IllegalUnderRules(f"{who.name} is dead")
    if not who.owed:
        raise IllegalUnderRules(f"{who.name} has no hit to meet")
    owed = who.owed[0]  # the oldest first
    resistance = 0 if owed.bled else resistance_of(who)  # bleeding ignores it
    left = max(0, owed.damage - resistance)
    criticals: list[int] = []
    fatigue = 0
    void = False
    if left:
        if who.incapacitated or who.unconscious:
            criticals.append(owed.deadliness)
            if command.take_critical:
                raise IllegalUnderRules(f"{who.name} is Incapacitated: the critical comes anyway")
        elif command.take_critical:
            if who.void_points < 1:
                raise IllegalUnderRules(f"{who.name} has no Void point to take the critical")
            criticals.append(owed.deadliness)
            void = True
        else:
            fatigue = left
    elif command.take_critical:
        raise IllegalUnderRules("no damage is left past the armour: nothing to take")
    if owed.critical is not None:
        criticals.append(owed.critical)
    became = criticals[0] if criticals and left and not fatigue else None
    # the hit is met (a coup de grâce's critical comes in place of damage: 0 of it)
    events: list[Event] = [
        play.event(
            DamageResolved, character=who.name, damage=owed.damage, resistance=resistance,
            fatigue=fatigue, critical=became, void_spent=void, source=owed.source,
        )
    ]  # fmt: skip
    ring, unnamed = fitness_ring(play, who, command.ring)  # :mod:`.resisting`
    so_far = Injuries.of(who)
    for index, value in enumerate(criticals):
        # a second critical's test feels what the first did (its wound, the strife kept)
        feeling = who if index == 0 else as_after(play, events).fighters[key(who.name)]
        if feeling.dead:
            break
        check, roll, bonus = play.check(
            feeling, "Fitness", ring, FITNESS_TN, dice, keep=command.keep,
            purpose="critical (Fitness)" + unnamed,
            parts=(TnPart(source="Forme", value=FITNESS_TN),),
            action=False,
        )  # fmt: skip
        final = lessened(value, bool(roll.success), bonus)
        events.append(check)
        events.append(
            play.event(
                CriticalSuffered, character=who.name, severity=value, lessened_to=final,
                result=severity(final, play.state.critical_table).name,
            )
        )  # fmt: skip
        events.extend(effects_of(play, who, final, ring, so_far))
    return events


def decide_breathe(play: Play, command: c.Breathe, dice: Dice | None) -> list[Event]:
    """« éliminez 1 point de Conflit si votre Conflit est supérieur à la moitié de votre
    Sang-froid. Éliminez 1 point de Fatigue si votre Fatigue est supérieure à la moitié
    de votre Endurance. »"""
    who = play.acting_for(command.character)
    play.action(who, "support", checked=False, name="breathe")
    strife = 1 if 2 * who.strife > composure(who.sheet) else 0
    fatigue = 1 if 2 * who.fatigue > endurance(who.sheet) else 0
    return [play.event(Recovered, character=who.name, fatigue=fatigue, strife=strife, how="breath")]


def decide_prepare(play: Play, command: c.Prepare, dice: Dice | None) -> list[Event]:
    who = play.acting_for(command.character)
    if play.state.confrontation is not None and play.state.confrontation.round:
        play.action(who, "support", checked=False, name="prepare")
    weapon = _weapon(who, command.weapon) if command.weapon else None
    return [play.event(WeaponReadied, character=who.name, weapon=weapon.name if weapon else None)]


def decide_unmask(play: Play, command: c.Unmask, dice: Dice | None) -> list[Event]:
    who = play.acting_for(command.character)
    if who.strife == 0:
        raise IllegalUnderRules(f"{who.name} has no strife to let out")
    return [play.event(Unmasked, character=who.name)]


def decide_strife(play: Play, command: c.GiveStrife, dice: Dice | None) -> list[Event]:
    play.core.gm_only(play.actor, "give strife")
    who = find(play.state.fighters, command.character)
    return [
        play.event(StrifeTaken, character=who.name, amount=command.amount, source=command.source)
    ]


def decide_fatigue(play: Play, command: c.GiveFatigue, dice: Dice | None) -> list[Event]:
    play.core.gm_only(play.actor, "give fatigue")
    who = find(play.state.fighters, command.character)
    return [
        play.event(FatigueTaken, character=who.name, amount=command.amount, source=command.source)
    ]


def decide_end_scene(play: Play, command: c.EndScene, dice: Dice | None) -> list[Event]:
    """« À la fin de chaque scène … tous les points de Fatigue dépassant la moitié de la
    valeur d'Endurance (arrondie à l'entier supérieur) sont éliminés » — endurance 7,
    fatigue 6: 2 come off, 4 stay; strife likewise against composure."""
    play.core.gm_only(play.actor, "end a scene")
    events: list[Event] = []
    for who in play.state.fighters.values():
        fatigue = max(0, who.fatigue - half_up(endurance(who.sheet)))
        strife = max(0, who.strife - half_up(composure(who.sheet)))
        if fatigue or strife:
            events.append(
                play.event(Recovered, character=who.name, fatigue=fatigue, strife=strife,
                           how="the scene's end")
            )  # fmt: skip
    return [*events, play.event(SceneEnded)]


def decide_sleep(play: Play, command: c.Sleep, dice: Dice | None) -> list[Event]:
    """« Une bonne nuit de sommeil permet … d'éliminer un nombre de points de Fatigue égal
    au double de son anneau d'Eau. »"""
    play.core.gm_only(play.actor, "let a night pass")
    who = find(play.state.fighters, command.character)
    if play.state.confrontation is not None:
        raise IllegalUnderRules("no one sleeps in a confrontation")
    amount = min(who.fatigue, 2 * who.sheet.rings.water)
    return [play.event(Recovered, character=who.name, fatigue=amount, how="a night's sleep")]


__all__ = ["Play"]


def decide_decline(play: Play, command: c.DeclineCoup, dice: Dice | None) -> list[Event]:
    who = play.acting_for(command.character)
    if key(who.name) not in play.confrontation().coups:
        raise IllegalUnderRules(f"{who.name} has no coup de grâce open to let pass")
    return [play.event(CoupDeclined, character=who.name)]


def decide_hit(play: Play, command: c.DealHit, dice: Dice | None) -> list[Event]:
    """« une chute ou un accident », « certains effets infligent directement un coup
    critique »: the GM's hit, met by ``kiroku resist`` like a strike's."""
    play.core.gm_only(play.actor, "deal damage or a critical")
    who = find(play.state.fighters, command.character)
    if not command.damage and command.critical is None:
        raise MalformedInput("give --damage (with --deadliness) or --critical")
    return [
        play.event(HitDealt, character=who.name, damage=command.damage,
                   deadliness=command.deadliness, critical=command.critical,
                   source=command.source)
    ]  # fmt: skip


def decide_recover(play: Play, command: c.Recover, dice: Dice | None) -> list[Event]:
    """Fatigue or strife taken off as the GM rules (« comme ceux octroyés par les tests
    de Médecine »)."""
    play.core.gm_only(play.actor, "take fatigue or strife off")
    who = find(play.state.fighters, command.character)
    fatigue, strife = min(command.fatigue, who.fatigue), min(command.strife, who.strife)
    if not (fatigue or strife):
        raise IllegalUnderRules(f"{who.name} has no such fatigue or strife to take off")
    return [
        play.event(Recovered, character=who.name, fatigue=fatigue, strife=strife,
                   how=command.how or "the GM's ruling")
    ]  # fmt: skip
