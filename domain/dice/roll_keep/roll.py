"""Rolling and resolving a roll & keep roll, face by face.

Rules (4e summary):
- « Règle de base du jet de dés »: throw X dice, keep Y — the highest, chosen after
  explosions — and add them up.
- « ND »: the roll succeeds when the kept total reaches the TN. The summary says
  « excéder »; the published game (and every table) succeeds on equal, and so does this.
- « Augmentations »: each called raise adds 5 to the TN, at most the Void ring's value
  per roll; free raises add 5 to the total (the same as taking 5 off the TN) and do not
  count against that limit.
- « Jet de compétence non-maîtrisée »: 10s do not explode and no raises, free or called.
- « Utilisation des points de Vide »: a Void point gives +1k1, before the ten-dice rule.

:func:`roll` draws faces from the dice port and hands them to :func:`resolve`; a replay
calls :func:`resolve` with the recorded faces. One function computes every outcome.
"""

from collections.abc import Sequence

import msgspec

from domain.dice.roll_keep.die import Die, FaceBudget, check_die, roll_die
from domain.dice.roll_keep.expression import parse_expression
from domain.dice.roll_keep.ten_dice import Pool, TenDiceRule
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules, MalformedInput

RAISE_STEP = 5
#: Faces one roll may draw: ten dice each exploding nine times is already ~1e-90.
ROLL_BUDGET = 200


class RollOptions(msgspec.Struct, frozen=True, kw_only=True):
    """Everything about a roll besides its expression and its faces."""

    tn: int | None = None
    raises: int = 0
    free_raises: int = 0
    unskilled: bool = False
    emphasis: bool = False
    void: bool = False
    #: The roller's Void ring, which caps called raises; ``None`` when unknown.
    max_raises: int | None = None


class RollResult(
    msgspec.Struct, frozen=True, kw_only=True, gc=False, tag_field="family", tag="roll_keep"
):
    """A resolved roll: the expression as given, the pool thrown, every face, the outcome.

    Tagged ``"family": "roll_keep"`` among the families' recorded rolls
    (:mod:`domain.dice.recorded`); a roll recorded before the tag existed reads as one."""

    expression: str
    rolled: int
    kept: int
    modifier: int
    ten_dice_bonus: int
    dice: tuple[Die, ...]
    kept_dice: tuple[int, ...]
    total: int
    tn: int | None
    raises: int
    free_raises: int
    unskilled: bool = False
    emphasis: bool = False
    void: bool = False
    success: bool | None = None

    @property
    def bonus(self) -> int:
        return self.modifier + self.ten_dice_bonus

    @property
    def effective_tn(self) -> int | None:
        """The TN the dice had to reach: called raises add 5 each, free raises take 5 off."""
        if self.tn is None:
            return None
        return self.tn + RAISE_STEP * (self.raises - self.free_raises)

    @property
    def margin(self) -> int | None:
        """How far the total passed (or missed) the effective TN."""
        tn = self.effective_tn
        return None if tn is None else self.total - tn

    @property
    def options(self) -> RollOptions:
        return RollOptions(
            tn=self.tn,
            raises=self.raises,
            free_raises=self.free_raises,
            unskilled=self.unskilled,
            emphasis=self.emphasis,
            void=self.void,
        )


MAX_TN = 300
"""The highest TN a roll or its odds take: the summary's « impossible » is 60, and twenty
raises with every penalty stay far below."""
MAX_RAISES = 20
MAX_ADDED_TN = 1_000
"""What a roll's parts (wound penalties, armour, stances, conditions) may add to a TN
given in bounds, at the very most."""


def check_tn(tn: int | None) -> None:
    """A TN is a whole number from 0 to :data:`MAX_TN`, for a roll and for its odds alike."""
    if tn is not None and not 0 <= tn <= MAX_TN:
        raise MalformedInput(f"TN {tn} is not between 0 and {MAX_TN:,}")


def plan(expression: str, options: RollOptions, rule: TenDiceRule) -> Pool:
    """Validate a roll before any die is thrown and return the pool after the ten-dice rule."""
    parsed = parse_expression(expression)
    for name in ("raises", "free_raises"):
        value = getattr(options, name)
        if value < 0:
            raise MalformedInput(f"{name.replace('_', ' ')} {value} is negative")
    if options.tn is not None and not 0 <= options.tn <= MAX_TN + MAX_ADDED_TN:
        raise MalformedInput(f"TN {options.tn} is not between 0 and {MAX_TN + MAX_ADDED_TN:,}")
    for name in ("raises", "free_raises"):
        if getattr(options, name) > MAX_RAISES:
            raise MalformedInput(
                f"{getattr(options, name)} {name.replace('_', ' ')}: at most {MAX_RAISES}"
            )
    if options.unskilled and (options.raises or options.free_raises):
        raise IllegalUnderRules(
            f"an unskilled roll ({expression!r}) may not call raises or use free raises"
        )
    if options.max_raises is not None and options.raises > options.max_raises:
        raise IllegalUnderRules(
            f"{options.raises} raises on {expression!r}: at most {options.max_raises} "
            "(the Void ring) may be called on one roll"
        )
    if options.void:
        parsed = parsed.plus(1, 1)
    return rule(parsed)


def roll(
    expression: str,
    options: RollOptions,
    source: DiceSource,
    rule: TenDiceRule,
    budget: int = ROLL_BUDGET,
    *,
    ties_succeed: bool = True,
) -> RollResult:
    """Roll ``expression`` with faces from ``source`` and resolve it."""
    pool = plan(expression, options, rule)
    faces = FaceBudget(source, budget)
    dice = tuple(
        roll_die(faces, explodes=not options.unskilled, emphasis=options.emphasis)
        for _ in range(pool.rolled)
    )
    return _resolve_pool(expression, options, pool, dice, ties_succeed)


def resolve(
    expression: str,
    options: RollOptions,
    dice: Sequence[Die],
    rule: TenDiceRule,
    *,
    ties_succeed: bool = True,
) -> RollResult:
    """Resolve a roll from faces already rolled; faces that do not fit are refused."""
    pool = plan(expression, options, rule)
    if len(dice) != pool.rolled:
        raise MalformedInput(
            f"{expression!r} throws {pool.rolled} dice (as {pool}) but {len(dice)} were given"
        )
    for index, die in enumerate(dice):
        check_die(die, index, explodes=not options.unskilled, emphasis=options.emphasis)
    return _resolve_pool(expression, options, pool, tuple(dice), ties_succeed)


def recompute(result: RollResult, rule: TenDiceRule, *, ties_succeed: bool = True) -> RollResult:
    """Recompute a recorded roll from its recorded faces under the current rules."""
    return resolve(result.expression, result.options, result.dice, rule, ties_succeed=ties_succeed)


def keep_highest(dice: Sequence[Die], kept: int) -> tuple[int, ...]:
    """Indices of the ``kept`` highest dice; ties go to the die rolled first."""
    order = sorted(range(len(dice)), key=lambda i: (-dice[i].value, i))
    return tuple(sorted(order[:kept]))


def _resolve_pool(
    expression: str,
    options: RollOptions,
    pool: Pool,
    dice: tuple[Die, ...],
    ties_succeed: bool = True,
) -> RollResult:
    """The kept dice, the total and, against a TN, the outcome: a total that meets the
    TN succeeds, or (``ties_succeed`` false) only one that exceeds it."""
    kept_dice = keep_highest(dice, pool.kept)
    total = sum(dice[i].value for i in kept_dice) + pool.bonus
    success: bool | None = None
    if options.tn is not None:
        margin = total + RAISE_STEP * options.free_raises - options.tn - RAISE_STEP * options.raises
        success = margin >= 0 if ties_succeed else margin > 0
    return RollResult(
        expression=expression,
        rolled=pool.rolled,
        kept=pool.kept,
        modifier=pool.modifier,
        ten_dice_bonus=pool.ten_dice_bonus,
        dice=dice,
        kept_dice=kept_dice,
        total=total,
        tn=options.tn,
        raises=options.raises,
        free_raises=options.free_raises,
        unskilled=options.unskilled,
        emphasis=options.emphasis,
        void=options.void,
        success=success,
    )
