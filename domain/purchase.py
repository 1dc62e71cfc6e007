"""What XP buys (4e « Expérience »): a trait, the Void ring, a skill rank or an emphasis."""

from __future__ import annotations

from typing import Literal

import msgspec

PurchaseKind = Literal["trait", "void", "skill", "emphasis"]
PURCHASE_KINDS: tuple[PurchaseKind, ...] = ("trait", "void", "skill", "emphasis")


class Purchase(msgspec.Struct, frozen=True):
    kind: PurchaseKind
    name: str = ""
    emphasis: str = ""
