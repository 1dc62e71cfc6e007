"""The l5r5e-house folded state: each character's fatigue, strife, Void points, stance and
what they owe (damage to meet, a critical to suffer), and the confrontation under way.

Conditions are read, not stored: « Hors de combat » (Incapacitated) while fatigue is
above endurance, « Compromis » while strife is above composure.
"""

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from domain.events import CharacterJoined, Event
from domain.names import key
from domain.rulesets.l5r5e_house.criticals import Severity, kills
from domain.rulesets.l5r5e_house.derived import composure, endurance
from domain.rulesets.l5r5e_house.events import (
    Centered,
    ChallengeAnswered,
    Challenged,
    CheckRolled,
    ConfrontationEnded,
    ConfrontationStarted,
    CoupDeclined,
    CriticalSuffered,
    DamageResolved,
    FatigueTaken,
    HitDealt,
    InitiativeSet,
    Kind,
    Moved,
    Placed,
    Predicted,
    PredictionRevealed,
    Protecting,
    Recovered,
    RoundBegan,
    SceneEnded,
    SingleCombatWon,
    StanceTaken,
    StandingChanged,
    StareDown,
    StrifeTaken,
    StruckAt,
    TurnEnded,
    Unmasked,
    VoidPointSpent,
    Waiting,
    WeaponReadied,
)
from domain.rulesets.l5r5e_house.sheet import FifthSheet, Ring
from domain.rulesets.l5r5e_house.waiting import takes_held
from domain.rulesets.table_kit.seats import next_in, seat


class Owed(msgspec.Struct, kw_only=True):
    """A hit the character has yet to meet: its damage, its deadliness, any critical it
    carries on top (two opportunities), and whether it is a coup de grâce (a critical
    in place of damage)."""

    source: str
    damage: int
    deadliness: int
    critical: int | None = None
    struck: bool = False
    """Owed by a strike (:class:`StruckAt`), not another source (:class:`HitDealt`)."""
    bled: bool = False
    """Owed by bleeding (:class:`~.injury_events.Bled`): no resistance against it."""


class Fighter(msgspec.Struct, kw_only=True):
    name: str
    player: str
    sheet: FifthSheet
    joined: int
    fatigue: int = 0
    strife: int = 0
    void_points: int = 0
    stance: Ring | None = None
    readied: str | None = None
    owed: list[Owed] = msgspec.field(default_factory=list)
    """Hits not yet met, oldest first (each one met by ``kiroku resist``)."""
    criticals: list[tuple[int, str]] = msgspec.field(default_factory=list)
    unconscious: bool = False
    knocked_out: int = -1
    """Which of ``criticals`` left them unconscious (its index; -1: none has)."""
    dead: bool = False
    opened: bool = False
    """Compromised or unmasked once in this duel: the opponent's coup de grâce is open."""
    band: int = 0
    """Where the character stands on the line of range bands (the GM places them)."""
    side: str = ""
    honour: int = 0
    glory: int = 0
    reserved: tuple[str, tuple[int, ...]] | None = None
    """« Centrer »: the skill and the skill dice's faces reserved for its next check."""
    barred_stance: Ring | None = None
    staked: str | None = None
    """A challenge accepted against this challenger: an Attack before the single combat
    costs 10 honour and 5 glory."""
    wounds: dict[str, str] = msgspec.field(default_factory=dict)
    """The rings wounded by criticals → « lightly » or « severely » (:mod:`.afflictions`)."""
    bleeding: bool = False
    dying: int = -1
    """Rounds left to live while Dying; -1: not dying."""
    dying_hidden: bool = False
    """The Dying was given by a ruling the GM kept hidden: its count is kept too."""
    armour_damage: int = 0
    """The worn armour: 0 whole, 1 Damaged (−2 resistance), 2 Destroyed."""
    scars: list[tuple[str, str]] = msgspec.field(default_factory=list)
    """Scars taken this session, as disadvantages: (name, ring)."""

    @property
    def incapacitated(self) -> bool:
        """« Quand … son total de points de Fatigue dépasse sa valeur d'Endurance »."""
        return self.fatigue > endurance(self.sheet)

    @property
    def compromised(self) -> bool:
        return self.strife > composure(self.sheet)


class Protection(msgspec.Struct, kw_only=True):
    protector: str
    protected: str
    tn: int
    round: int


class Prediction(msgspec.Struct, kw_only=True):
    by: str
    target: str
    element: Ring
    round: int


class Confrontation(msgspec.Struct, kw_only=True):
    kind: Kind
    round: int = 0
    initiative: dict[str, int] = msgspec.field(default_factory=dict)
    bids: dict[str, int] = msgspec.field(default_factory=dict)
    order: list[str] = msgspec.field(default_factory=list)
    acted: list[str] = msgspec.field(default_factory=list)
    stance_chosen: list[str] = msgspec.field(default_factory=list)
    actions: dict[str, list[str]] = msgspec.field(default_factory=dict)
    """The kinds of action each took this turn (« Attaque », « Soutien » …)."""
    coups: dict[str, str] = msgspec.field(default_factory=dict)
    """Who may strike a coup de grâce (key) → at whom (key)."""
    coups_struck: list[str] = msgspec.field(default_factory=list)
    coup_rounds: dict[str, int] = msgspec.field(default_factory=dict)
    """The round each open coup de grâce opened in (by the striker's key)."""
    moved: list[str] = msgspec.field(default_factory=list)
    """Who has taken the turn's free move (keys)."""
    protections: list[Protection] = msgspec.field(default_factory=list)
    waiting: list[str] = msgspec.field(default_factory=list)
    held: dict[str, str] = msgspec.field(default_factory=dict)
    """« Attendre »: who waits (key) → the action they hold (:mod:`.waiting`)."""
    challenges: dict[str, tuple[str, int]] = msgspec.field(default_factory=dict)
    """A challenged character (key) → (the challenger's key, the check's bonus successes)."""
    predictions: list[Prediction] = msgspec.field(default_factory=list)
    accepted: list[tuple[str, str]] = msgspec.field(default_factory=list)
    """Challenges accepted, (challenger, challenged), their single combat to come."""

    def current(self) -> str | None:
        if self.round == 0:
            return None
        return next_in(self.order, self.acted)


class FifthState(msgspec.Struct, kw_only=True):
    fighters: dict[str, Fighter] = msgspec.field(default_factory=dict)
    confrontation: Confrontation | None = None
    vigilance_up: bool = True
    stare_cap: bool = True
    critical_table: tuple[Severity, ...] | None = None
    """The GM's own critical table, once loaded (else the published game's)."""


def _joined(state: FifthState, event: CharacterJoined[FifthSheet]) -> None:
    sheet = event.sheet
    seat(
        state.fighters, event, Fighter,
        void_points=sheet.rings.void if sheet.void_points is None else sheet.void_points,
        fatigue=sheet.fatigue, strife=sheet.strife, criticals=list(sheet.criticals),
    )  # fmt: skip


def _check(state: FifthState, event: CheckRolled) -> None:
    fighter = state.fighters[key(event.character)]
    _add_strife(state, fighter, event.strife_taken)
    if event.replaced:
        fighter.reserved = None


def _add_strife(state: FifthState, fighter: Fighter, amount: int) -> None:
    fighter.strife += amount
    if fighter.compromised:
        _opened(state, fighter)


def _opened(state: FifthState, fighter: Fighter) -> None:
    """« La première fois que le personnage est Compromis ou tombe le masque au cours
    d'un duel, son adversaire peut immédiatement porter un coup de grâce »."""
    conf = state.confrontation
    if conf is None or conf.kind != "duel" or fighter.opened:
        return
    fighter.opened = True
    for other in conf.initiative:
        if other != key(fighter.name):
            conf.coups[other] = key(fighter.name)
            conf.coup_rounds[other] = conf.round


def _started(state: FifthState, event: ConfrontationStarted) -> None:
    state.confrontation = Confrontation(kind=event.kind)
    for fighter in state.fighters.values():
        fighter.opened = False


def _ended(state: FifthState, event: ConfrontationEnded) -> None:
    state.confrontation = None


def _initiative(state: FifthState, event: InitiativeSet) -> None:
    conf = state.confrontation
    assert conf is not None
    fighter = state.fighters[key(event.character)]
    conf.initiative[key(fighter.name)] = event.initiative
    fighter.stance = event.stance
    fighter.side = event.side
    if event.readied is not None:
        fighter.readied = event.readied
    if conf.round:
        _set_order(state)


def _set_order(state: FifthState) -> None:
    """Highest initiative first (with the round's stare-down bids); « Si plusieurs
    personnages ont la même valeur d'initiative, celui qui dispose de la valeur d'Honneur
    la plus basse commence »; then who joined first."""
    conf = state.confrontation
    assert conf is not None
    rows = []
    for who, value in conf.initiative.items():
        fighter = state.fighters[who]
        if fighter.dead:
            continue
        now = value + conf.bids.get(who, 0)
        rows.append((-now, fighter.sheet.honour + fighter.honour, fighter.joined, fighter.name))
    conf.order = [row[3] for row in sorted(rows)]


def _round(state: FifthState, event: RoundBegan) -> None:
    conf = state.confrontation
    assert conf is not None
    conf.round = event.number
    conf.acted.clear()
    conf.stance_chosen.clear()
    conf.actions.clear()
    conf.bids.clear()
    conf.moved.clear()
    conf.waiting.clear()
    conf.held.clear()
    _set_order(state)
    _turn_begins(state)


def _turn_begins(state: FifthState) -> None:
    """The character now up: their protections of others end (« jusqu'au début de votre
    prochain tour »), as do last turn's free move and a barred stance."""
    conf = state.confrontation
    assert conf is not None
    current = conf.current()
    if current is None:
        return
    who = key(current)
    conf.protections = [
        p for p in conf.protections if not (p.protector == who and p.round < conf.round)
    ]
    if who in conf.moved:
        conf.moved.remove(who)
    state.fighters[who].barred_stance = None


def _act(state: FifthState, who: str, kinds: str, checked: bool, name: str = "") -> None:
    """An action (``name``, its command) taken, recorded as ``kinds|checked`` (« Attaque »,
    « Soutien » … joined by +): counted in the turn — unless it is the one « Attendre »
    holds, which Attendre paid for (:mod:`.waiting`)."""
    conf = state.confrontation
    if conf is None or not conf.round:
        return
    held = conf.held.get(who)
    if held is not None and takes_held(held, name, round_over=conf.current() is None):
        conf.waiting.remove(who)
        del conf.held[who]
        return
    conf.actions.setdefault(who, []).append(f"{kinds}|{int(checked)}")
    if who in conf.waiting and who not in conf.held:  # a wait with no action named
        conf.waiting.remove(who)


def _stare(state: FifthState, event: StareDown) -> None:
    conf = state.confrontation
    assert conf is not None
    for name, bid in event.bids:
        fighter = state.fighters[key(name)]
        conf.bids[key(name)] = bid
        _add_strife(state, fighter, event.round + bid)
    _set_order(state)


def _stance(state: FifthState, event: StanceTaken) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.stance = event.stance
    if state.confrontation is not None:
        state.confrontation.stance_chosen.append(key(fighter.name))


def _turn(state: FifthState, event: TurnEnded) -> None:
    """« Prédire » lasts « jusqu'à la fin de votre prochain tour »."""
    conf = state.confrontation
    assert conf is not None
    who = key(event.character)
    conf.acted.append(who)
    conf.predictions = [p for p in conf.predictions if not (p.by == who and p.round < conf.round)]
    _turn_begins(state)


def _struck(state: FifthState, event: StruckAt) -> None:
    conf = state.confrontation
    attacker = state.fighters[key(event.character)]
    if conf is not None:
        if not event.coup_de_grace:  # a coup de grâce is struck outside the turn
            _act(state, key(attacker.name), "attack", True, "strike")
        if event.coup_de_grace:
            conf.coups.pop(key(attacker.name), None)
            conf.coups_struck.append(key(attacker.name))
    if not event.hit:
        return
    weapon = attacker.sheet.weapon(event.weapon)
    deadliness = weapon.deadliness if weapon is not None else 0
    target = state.fighters[key(event.target)]
    target.owed.append(
        Owed(
            source=attacker.name, damage=event.damage, deadliness=deadliness,
            critical=event.critical, struck=True,
        )
    )  # fmt: skip


def _damage(state: FifthState, event: DamageResolved) -> None:
    """The hit is met (its criticals, if any, follow in the same batch)."""
    fighter = state.fighters[key(event.character)]
    fighter.fatigue += event.fatigue
    if event.void_spent:
        fighter.void_points -= 1
    if fighter.owed:
        fighter.owed.pop(0)


def _critical(state: FifthState, event: CriticalSuffered) -> None:
    fighter = state.fighters[key(event.character)]
    if fighter.incapacitated and not fighter.unconscious:
        fighter.unconscious = True  # « il perd connaissance et subit l'état Inconscient »
        fighter.knocked_out = len(fighter.criticals)
    fighter.criticals.append((event.lessened_to, event.result))
    if kills(event.lessened_to, state.critical_table) and not fighter.dead:
        fighter.dead = True
        conf = state.confrontation
        if conf is not None and fighter.name in conf.order and key(fighter.name) not in conf.acted:
            conf.acted.append(key(fighter.name))  # the dead take no more turns


def _strife(state: FifthState, event: StrifeTaken) -> None:
    _add_strife(state, state.fighters[key(event.character)], event.amount)


def _fatigue(state: FifthState, event: FatigueTaken) -> None:
    state.fighters[key(event.character)].fatigue += event.amount


def _unmasked(state: FifthState, event: Unmasked) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.strife = 0
    _opened(state, fighter)


def _recovered(state: FifthState, event: Recovered) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.fatigue = max(0, fighter.fatigue - event.fatigue)
    fighter.strife = max(0, fighter.strife - event.strife)
    if event.how == "breath":
        _act(state, key(fighter.name), "support", False, "breathe")


def _readied(state: FifthState, event: WeaponReadied) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.readied = event.weapon
    _act(state, key(fighter.name), "support", False, "prepare")


def _void(state: FifthState, event: VoidPointSpent) -> None:
    state.fighters[key(event.character)].void_points -= 1


def _scene(state: FifthState, event: SceneEnded) -> None:
    """« pendant cette scène »: what « Centrer » reserved goes with it."""
    state.confrontation = None
    for fighter in state.fighters.values():
        fighter.reserved = None


HANDLERS: Mapping[type[Event], Callable[[Any, Any], None]] = {
    CharacterJoined: _joined,
    CheckRolled: _check,
    ConfrontationStarted: _started,
    ConfrontationEnded: _ended,
    InitiativeSet: _initiative,
    RoundBegan: _round,
    StareDown: _stare,
    StanceTaken: _stance,
    TurnEnded: _turn,
    StruckAt: _struck,
    DamageResolved: _damage,
    CriticalSuffered: _critical,
    StrifeTaken: _strife,
    FatigueTaken: _fatigue,
    Unmasked: _unmasked,
    Recovered: _recovered,
    WeaponReadied: _readied,
    VoidPointSpent: _void,
    SceneEnded: _scene,
}


def _moved(state: FifthState, event: Moved) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.band = event.to_band
    conf = state.confrontation
    if conf is None:
        return
    if event.manoeuvre:
        _act(state, key(fighter.name), "movement", event.checked, "manoeuvre")
    else:
        conf.moved.append(key(fighter.name))


def _placed(state: FifthState, event: Placed) -> None:
    state.fighters[key(event.character)].band = event.band


def _protecting(state: FifthState, event: Protecting) -> None:
    conf = state.confrontation
    assert conf is not None
    _act(state, key(event.character), "support", True, "protect")
    if event.tn:
        conf.protections.append(
            Protection(protector=key(event.character), protected=key(event.protected),
                       tn=event.tn, round=conf.round)
        )  # fmt: skip


def _waiting(state: FifthState, event: Waiting) -> None:
    conf = state.confrontation
    assert conf is not None
    _act(state, key(event.character), "support+manipulation+attack", False, "wait")
    conf.waiting.append(key(event.character))
    if event.action:
        conf.held[key(event.character)] = event.action


def _challenged(state: FifthState, event: Challenged) -> None:
    conf = state.confrontation
    assert conf is not None
    _act(state, key(event.character), "manipulation", True, "challenge")
    if event.success:
        conf.challenges[key(event.target)] = (key(event.character), event.bonus)


def _answered(state: FifthState, event: ChallengeAnswered) -> None:
    conf = state.confrontation
    target = state.fighters[key(event.character)]
    challenger = state.fighters[key(event.challenger)]
    if conf is not None:
        conf.challenges.pop(key(target.name), None)
    if event.accepted:
        target.staked = key(challenger.name)
        if conf is not None:
            conf.accepted.append((key(challenger.name), key(target.name)))
        return
    target.glory -= event.glory_lost
    for name in event.strife_to:
        _add_strife(state, state.fighters[key(name)], 2)
    challenger.void_points = min(challenger.void_points + 1, challenger.sheet.rings.void)


def _single_combat(state: FifthState, event: SingleCombatWon) -> None:
    pair = {key(event.winner), key(event.loser)}
    conf = state.confrontation
    if conf is not None:
        conf.accepted = [p for p in conf.accepted if set(p) != pair]
    for who in pair:
        state.fighters[who].staked = None
    for name in event.strife_to:
        _add_strife(state, state.fighters[key(name)], 3)


def _standing(state: FifthState, event: StandingChanged) -> None:
    fighter = state.fighters[key(event.character)]
    fighter.honour += event.honour
    fighter.glory += event.glory
    if event.honour < 0 and fighter.staked is not None:
        fighter.staked = None  # the stake is paid


def _centered(state: FifthState, event: Centered) -> None:
    fighter = state.fighters[key(event.character)]
    _act(state, key(fighter.name), "support", False, "center")
    faces = tuple(event.faces[i] for i in event.reserved)
    fighter.reserved = (event.skill, faces) if faces else None


def _predicted(state: FifthState, event: Predicted) -> None:
    conf = state.confrontation
    assert conf is not None
    _act(state, key(event.character), "attack+manipulation", False, "predict")
    conf.predictions.append(
        Prediction(by=key(event.character), target=key(event.target), element=event.element,
                   round=conf.round)
    )  # fmt: skip


def _revealed(state: FifthState, event: PredictionRevealed) -> None:
    conf = state.confrontation
    assert conf is not None
    conf.predictions = [
        p for p in conf.predictions
        if not (p.by == key(event.character) and p.target == key(event.target))
    ]  # fmt: skip
    if event.matched:
        state.fighters[key(event.target)].barred_stance = event.element


MORE_HANDLERS: Mapping[type[Event], Callable[[Any, Any], None]] = {
    Moved: _moved,
    Placed: _placed,
    Protecting: _protecting,
    Waiting: _waiting,
    Challenged: _challenged,
    ChallengeAnswered: _answered,
    SingleCombatWon: _single_combat,
    StandingChanged: _standing,
    Centered: _centered,
    Predicted: _predicted,
    PredictionRevealed: _revealed,
}
HANDLERS = {**HANDLERS, **MORE_HANDLERS}


def _declined(state: FifthState, event: CoupDeclined) -> None:
    conf = state.confrontation
    if conf is not None:
        conf.coups.pop(key(event.character), None)


def _hit(state: FifthState, event: HitDealt) -> None:
    state.fighters[key(event.character)].owed.append(
        Owed(source=event.source or "the GM", damage=event.damage, deadliness=event.deadliness,
             critical=event.critical)
    )  # fmt: skip


HANDLERS = {**HANDLERS, CoupDeclined: _declined, HitDealt: _hit}
