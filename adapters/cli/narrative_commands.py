"""``kiroku roll 3r2s`` and ``kiroku odds 3r2s``: the narrative dice at the shell.

A roll keeps the dice ``--keep`` names (indices from 0, ring dice first), or those the
odds' policy keeps (the best chance at ``--tn``, then the least strife); its explosion
dice are kept while short of the TN. ``--faces`` takes the dice rolled at the table:
the faces in the order thrown, as every narrative command takes them (``5,3,1,12,9,4``:
the ring dice, the skill dice, then each explosion as it is rolled); the older
``6+5,3/12,9`` (ring dice, a slash, skill dice; an explosion after ``+``) is still read.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from adapters.cli.render import print_json
from domain.dice.given import plain_faces
from domain.dice.narrative.faces import face
from domain.dice.narrative.odds import policy_keep
from domain.dice.narrative.roll import (
    ExplosionSource,
    NarrativeRoll,
    Pool,
    check_explosion_keeps,
    chosen_explosions,
    counted,
    parse_faces,
    parse_pool,
    resolve_check,
    throw,
)
from domain.dice.narrative.shown import narrative_as_json
from domain.dice.source import TableFaces
from domain.errors import MalformedInput


def keep_indices(text: str | None) -> list[int] | None:
    """``--keep 0,2``: the indices of the dice kept (``--keep none``: none, Compromised)."""
    if text is None:
        return None
    if text.strip().lower() == "none":
        return []
    indices = []
    for bit in text.split(","):
        bit = bit.strip()
        if not (bit.isascii() and bit.isdigit() and len(bit) <= 3):
            raise MalformedInput(f"--keep {text!r}: die indices from 0, as 0,2 (or none)")
        indices.append(int(bit))
    return indices


def narrative_roll(args: argparse.Namespace) -> NarrativeRoll:
    pool = parse_pool(args.expression)
    if args.raises or args.free_raises or args.unskilled or args.emphasis or args.void:
        raise MalformedInput(
            f"{args.expression!r} is a narrative check: raises, --unskilled, --emphasis and "
            "--void are roll & keep options"
        )
    keep = keep_indices(args.keep)
    if args.faces is not None:
        if args.seed is not None:
            raise MalformedInput("give either --faces or --seed, not both")
        if "/" not in args.faces and "+" not in args.faces:
            return _thrown_in_order(pool, args, keep)
        first, explosions = parse_faces(pool, args.faces)
        roll = resolve_check(
            pool, first, *_keeps(pool, first, keep, args.tn), explosions, tn=args.tn,
            compromised=args.compromised, keep_explosion=_explosion_keeps(pool, keep),
        )  # fmt: skip
        explosions.check_used()
        if keep is not None:
            check_explosion_keeps(roll, keep)
        return roll
    rng = random.Random(args.seed)
    first = throw(pool, rng)
    roll = resolve_check(
        pool, first, *_keeps(pool, first, keep, args.tn), ExplosionSource(rng), tn=args.tn,
        compromised=args.compromised, keep_explosion=_explosion_keeps(pool, keep),
    )  # fmt: skip
    if keep is not None:
        check_explosion_keeps(roll, keep)
    return roll


def _thrown_in_order(pool: Pool, args: argparse.Namespace, keep: list[int] | None) -> NarrativeRoll:
    """``--faces 5,3,1,12,9,4``: the faces in the order thrown, as every command of the
    family takes them (:data:`domain.dice.given.FACES_SYNTAX`): the pool's, then each
    explosion as the check draws it; a face left over is refused, never dropped."""
    table = TableFaces(plain_faces(args.faces))
    first = throw(pool, table)
    roll = resolve_check(
        pool, first, *_keeps(pool, first, keep, args.tn), ExplosionSource(table), tn=args.tn,
        compromised=args.compromised, keep_explosion=_explosion_keeps(pool, keep),
    )  # fmt: skip
    if table.left:
        raise MalformedInput(
            f"--faces {args.faces!r}: {len(table.left)} of the faces given were not rolled "
            f"({', '.join(map(str, table.left))})"
        )
    if keep is not None:
        check_explosion_keeps(roll, keep)
    return roll


def _keeps(
    pool: Pool, first: list[tuple[Any, int]], keep: list[int] | None, tn: int | None
) -> tuple[list[int]]:
    """The pool dice kept: those of ``--keep`` below the pool's size, else the policy's."""
    if keep is None:
        return (policy_keep(pool, first, tn),)
    return ([i for i in keep if i < pool.ring + pool.skill],)


def _explosion_keeps(pool: Pool, keep: list[int] | None) -> Any:
    """``--keep`` past the pool names explosion dice kept (none named: none kept); without
    ``--keep``, the policy's (kept while short of the TN)."""
    return None if keep is None else chosen_explosions(keep, pool.ring + pool.skill)


def describe_narrative(roll: NarrativeRoll) -> str:
    lines = [f"{roll.expression}: {roll.ring} ring dice, {roll.skill} skill dice"]
    for index, die in enumerate(roll.dice):
        origin = f" (explosion of die {die.parent})" if die.parent >= 0 else ""
        mark = "kept" if die.kept else "    "
        lines.append(
            f"  {mark} {index}: {die.kind} {die.face} — {face(die.kind, die.face).name}{origin}"
        )
    lines.append(f"  {counted(roll)}")
    if roll.tn is not None:
        verdict = f"success, {roll.bonus_successes} bonus" if roll.success else "failure"
        lines.append(f"  against TN {roll.tn}: {verdict}")
    return "\n".join(lines)


def narrative_roll_command(args: argparse.Namespace) -> int:
    roll = narrative_roll(args)
    print_json(narrative_as_json(roll)) if args.json else print(describe_narrative(roll))
    return 0


def describe_narrative_odds(data: dict[str, Any]) -> str:
    if "table" in data:
        rows = [f"{data['expression']}: chance of success by TN (expected strife)"]
        for tn, row in data["table"].items():
            chance, strife = 100 * row["probability"], row["expected_strife"]
            rows.append(f"  TN {int(tn):>2}  {chance:7.2f}%  ({strife:.3f})")
        return "\n".join(rows)
    return (
        f"{data['expression']} against TN {data['tn']}: {100 * data['probability']:.4f}% "
        f"(expected strife {data['expected_strife']:.4f})"
    )


__all__ = ["Pool", "narrative_roll_command"]
