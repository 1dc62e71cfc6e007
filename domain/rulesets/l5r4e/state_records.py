"""The mutable records the 4e fold accumulates into (see :mod:`domain.rulesets.l5r4e.state`).

Nothing outside the fold changes them; commands read them to validate, projections read
them to show.
"""

from dataclasses import dataclass, field

from domain.names import key as key  # re-exported for the 4e modules
from domain.rulesets.l5r4e.events import (
    ArmyStatus,
    AttackResolved,
    BattleEntry,
    DuelKind,
    Engagement,
)
from domain.rulesets.roll_keep_kit.character import CharacterSheet
from domain.rulesets.roll_keep_kit.standing import Standing
from domain.rulesets.roll_keep_kit.turn_order import Place, descending, next_up, with_delays


def add_key(keys: list[str], name: str) -> None:
    """``name`` among ``keys``, once: a set of names kept as a list in the order the fold
    met them, so that a snapshot's bytes — and the order the names are read in — are the
    same in every process (a set's order follows the process's string hashes)."""
    if name not in keys:
        keys.append(name)


@dataclass
class ConditionState:
    level: int = 0
    note: str = ""
    failures: int = 0
    since_round: int = 0


@dataclass
class CharacterState:
    sheet: CharacterSheet
    player: str
    joined: int
    void_spent: int = 0
    wounds: int = 0
    stance: str | None = None
    standing: dict[Standing, int] = field(default_factory=dict)
    xp_awarded: int = 0
    xp_spent: int = 0
    conditions: dict[str, ConditionState] = field(default_factory=dict)
    void_round: int = -1
    """The combat round in which this character last spent a (non-technique) Void point."""
    armour_void_round: int = -1
    center_round: int = -1
    """The round this character spent in the Center stance (the bonus is the next round)."""
    center_bonus_used: bool = False
    full_defense_bonus: int = 0
    full_defense_round: int = -1
    """The round of this character's Full Defense roll (its bonus: :func:`until_next_turn`)."""
    guarding: str | None = None
    guard_round: int = -1
    """The round this character took the guard (it holds: :func:`until_next_turn`)."""
    kit_uses: int = 0
    treated_today: bool = False
    zeni: int = 0
    slots_used: dict[str, int] = field(default_factory=dict)
    wielding: str | None = None
    """The weapon this character last attacked with: the one in their hands."""
    rested_at: int = -1
    """The story's hour (:attr:`FourEState.hours`) of their last night's rest (-1: none)."""
    awake_hours: int = 0
    """Hours awake since the last Willpower roll to stay awake, once fatigued for as many
    days as the Stamina (:mod:`domain.rulesets.l5r4e.fatigue`)."""
    spells_cast: list[str] = field(default_factory=list)
    """The spells this character has cast successfully: the ones they may keep going."""
    casting: str | None = None
    """The spell this character is casting in combat, through round ``casting_until``."""
    casting_until: int = -1
    concentration_due: bool = False
    """A wound larger than the Earth ring came while concentrating: the check is due."""
    engagement: Engagement | None = None
    revealed: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.sheet.name

    @property
    def void_points(self) -> int:
        """Void points left: the Void ring's worth, less those spent and not regained."""
        return self.sheet.void - self.void_spent

    def has(self, condition: str) -> bool:
        return condition in self.conditions


@dataclass
class InitiativeEntry:
    character: str
    total: int
    reflexes: int
    joined: int
    bonus: int = 0
    """+10 for the rest of the combat for a Void point (« pour le reste du combat »)."""


@dataclass
class CombatState:
    round: int = 0
    initiative: dict[str, InitiativeEntry] = field(default_factory=dict)
    acted: list[str] = field(default_factory=list)
    delayed: dict[str, str | None] = field(default_factory=dict)
    actions: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    """This turn's (kind, action) pairs, by character."""
    pending: dict[str, AttackResolved] = field(default_factory=dict)
    """A hit waiting for its damage roll, by attacker."""
    extra_attacks: list[str] = field(default_factory=list)
    """Who earned an extra attack (5 raises) whose damage is rolled: the next attack
    this turn costs no action."""
    centered: list[str] = field(default_factory=list)
    """Who held the Center stance last round: +10 initiative this round only."""
    begun: list[str] = field(default_factory=list)
    """Who gave their turn away this round (keys): delayed it or traded their
    initiative — their turn had come, though they are neither done nor current."""
    skipped: dict[str, str] = field(default_factory=dict)
    """Whose turn passed by itself this round (keys), and why: Out, Dead, stunned…"""

    def score(self, entry: InitiativeEntry) -> int:
        """The figure the order is taken on: the roll's total and its parts."""
        return sum(value for _, value in self.score_parts(entry))

    def score_parts(self, entry: InitiativeEntry) -> list[tuple[str, int]]:
        """The initiative roll, then +10 for a Void point spent on it (« pour le reste du
        combat ») and +10 for last round's Center stance (« +10 à l'Initiative »)."""
        parts = [("roll", entry.total)]
        if entry.bonus:
            parts.append(("Void point", entry.bonus))
        if key(entry.character) in self.centered:
            parts.append(("Center stance", 10))
        return parts

    def order(self) -> list[InitiativeEntry]:
        """One pass a round (the kit's :mod:`~domain.rulesets.roll_keep_kit.turn_order`):
        highest initiative first, ties to the higher Reflexes, then to who joined first
        (the ``l5r4e`` reading, stated in its docstring); then delayed turns move behind
        the character they wait for, or to the end of the round."""
        entries = {e.character: e for e in self.initiative.values()}
        places = [Place(e.character, self.score(e), e.reflexes, e.joined) for e in entries.values()]
        return [entries[p.character] for p in with_delays(descending(places), self.delayed)]

    def current(self) -> str | None:
        """Whose turn it is: the first in order who has not passed this round."""
        if self.round == 0:
            return None
        order = [Place(e.character, 0, 0, 0) for e in self.order()]
        return next_up(order, self.acted)


@dataclass
class DuelState:
    duel: str
    challenger: str
    defender: str
    kind: DuelKind
    phase: str = "assessment"
    assessed: dict[str, int] = field(default_factory=dict)
    """Each duellist's assessment total."""
    focus_bonus: list[str] = field(default_factory=list)
    first: str | None = None
    free_raises: int = 0
    struck: list[str] = field(default_factory=list)
    hits: list[str] = field(default_factory=list)
    winner: str | None = None
    outcome: str | None = None

    def duellists(self) -> tuple[str, str]:
        return (self.challenger, self.defender)

    def other(self, name: str) -> str:
        return self.defender if key(name) == key(self.challenger) else self.challenger


@dataclass
class BattleState:
    name: str
    armies: tuple[int, int]
    turns: int
    table: tuple[BattleEntry, ...]
    turn: int = 0
    status: ArmyStatus | None = None
    results: dict[str, int] = field(default_factory=dict)
    ended: bool = False


HOURS_PER_ROLL = 2
"""« toutes les deux heures » (Fatigué): see :mod:`domain.rulesets.l5r4e.fatigue`."""


def worn_out(who: CharacterState) -> bool:
    """Fatigued for at least Stamina days, and awake: the session's clock counts for
    them (« Après un nombre de jour égal à sa Constitution … toutes les deux heures »)."""
    fatigue = who.conditions.get("fatigued")
    return (
        fatigue is not None
        and fatigue.level >= who.sheet.trait("stamina")
        and "asleep" not in who.conditions
    )


def rolls_due(who: CharacterState) -> int:
    """How many Willpower rolls to stay awake ``who`` owes now."""
    return who.awake_hours // HOURS_PER_ROLL if worn_out(who) else 0


def until_next_turn(combat: CombatState | None, who: CharacterState, since: int) -> bool:
    """Whether what ``who`` did in round ``since`` still holds « jusqu'au tour suivant »
    (Esquive) or « jusqu'à son prochain tour » (Garde): through the rest of that round,
    and in the next one until ``who``'s turn comes (:attr:`CombatState.begun`: once it
    has come, a delay or a trade of initiative does not bring the bonus back; a round
    they never reach their turn in keeps it to its end)."""
    if combat is None or since < 1:
        return False
    if combat.round == since:
        return True
    if combat.round != since + 1:
        return False
    mine = key(who.name)
    if mine in combat.begun or any(key(name) == mine for name in combat.acted):
        return False
    current = combat.current()
    return current is None or key(current) != mine
