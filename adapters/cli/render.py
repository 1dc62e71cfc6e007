"""Readable tables of the projections for ``kiroku state`` and ``kiroku replay``, and JSON."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any


def print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def print_json_array(items: Iterable[object]) -> None:
    """``print_json(list(items))``, the same bytes, written an item at a time."""
    write = sys.stdout.write
    write("[")
    for index, item in enumerate(items):
        if index:
            write(", ")
        write(json.dumps(item, ensure_ascii=False))
    write("]\n")


def _table(headers: list[str], rows: list[list[str]]) -> list[str]:
    widths = [len(h) for h in headers]
    for row in rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]
    line = "  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip()
    out = [line, "  ".join("-" * w for w in widths)]
    out += [
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
    ]
    return out


def render_state(projections: dict[str, Any]) -> str:
    session = projections["session"]
    lines = [
        f"Session {session['id']} ({session['ruleset']}) — GM {session['gm']}"
        + (f" — {session['title']}" if session["title"] else ""),
        f"position {session['position']}, {session['rolls']} rolls, {session['combats']} combats",
        "",
    ]
    rows = []
    for name in projections["characters"]:
        wounds = projections["wounds"][name]
        xp = projections["experience"][name]
        void = projections["void"][name]
        standing = projections["standing"][name]
        penalty = wounds["penalty"]
        armour = projections.get("armour", {}).get(name)
        conditions = projections.get("conditions", {}).get(name, {})
        rows.append(
            [
                name,
                "-" if armour is None else str(armour["tn"]),
                ", ".join(f"{c} {v['level']}" if v["level"] else c for c, v in conditions.items())
                or "-",
                f"{wounds['wounds']} ({wounds['rank']}"
                + (", cannot act)" if penalty is None else f", +{penalty} TN)"),
                f"{void['left']}/{void['ring']}",
                projections["stances"][name] or "-",
                f"{xp['available']} ({xp['spent']} spent)",
                str(xp["insight_rank"]),
                f"H {standing['honour']} G {standing['glory']} "
                f"S {standing['status']} T {standing['taint']}",
            ]
        )
    headers = [
        "character",
        "armour TN",
        "conditions",
        "wounds",
        "void",
        "stance",
        "xp",
        "insight",
        "standing",
    ]
    lines += _table(headers, rows)
    initiative = projections["initiative"]
    if initiative["in_combat"]:
        lines += ["", f"Combat, round {initiative['round']}; turn: {initiative['current'] or '-'}"]
        lines += _table(
            ["#", "character", "initiative", "acted"],
            [
                [str(i), e["character"], str(e["total"]), "yes" if e["acted"] else ""]
                for i, e in enumerate(initiative["order"], 1)
            ],
        )
    return "\n".join(lines)


def render_timeline(rows: list[dict[str, Any]]) -> str:
    out = []
    for row in rows:
        mark = " (retracted)" if row["retracted"] else ""
        reason = f" — {row['reason']}" if row["reason"] else ""
        out.append(
            f"#{row['position']:<4} {row['at'][:19]}  {row['actor']}: {row['summary']}"
            f"{reason}{mark}"
        )
    return "\n".join(out)
