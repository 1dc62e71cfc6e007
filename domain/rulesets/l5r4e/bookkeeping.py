"""The l5r4e bookkeeping commands: Void spent and regained, wounds and healing,
honour/glory/status/taint, XP awarded and spent."""

from __future__ import annotations

from datetime import datetime

from domain.errors import IllegalUnderRules, MalformedInput
from domain.rulesets.l5r4e.events import (
    Event,
    ExperienceAwarded,
    ExperienceSpent,
    StandingChanged,
    VoidPointsRegained,
    VoidUse,
    WoundsHealed,
    WoundsTaken,
)
from domain.rulesets.l5r4e.play_base import PlayBase, positive_amount
from domain.rulesets.roll_keep_kit.purchase import Purchase
from domain.rulesets.roll_keep_kit.standing import STANDINGS, Standing, format_tenths


class Bookkeeping(PlayBase):
    """Commands that keep a session's books (see :class:`domain.rulesets.l5r4e.play.Play`)."""

    def spend_void(
        self,
        *,
        actor: str,
        at: datetime,
        character: str,
        purpose: str,
        use: VoidUse = "other",
    ) -> list[Event]:
        state = self.acting_for(actor, character)
        return self.void_events(actor, at, state, purpose, use)

    def regain_void(
        self, *, actor: str, at: datetime, character: str, amount: int | None, source: str
    ) -> list[Event]:
        """Void points come back (4e « Regain »: a full night's sleep restores them all)."""
        self.gm_only(actor, "restore Void points")
        state = self.character_named(character)
        missing = state.void_spent
        amount = missing if amount is None else positive_amount(amount, "Void points regained")
        if missing == 0:
            raise IllegalUnderRules(f"{state.name} has spent no Void point to regain")
        return [
            VoidPointsRegained(
                actor=actor, at=at, character=state.name, amount=min(amount, missing), source=source
            )
        ]

    def take_wounds(
        self, *, actor: str, at: datetime, character: str, amount: int, source: str = ""
    ) -> list[Event]:
        self.gm_only(actor, "deal wounds")
        state = self.character_named(character)
        positive_amount(amount, "wounds")
        return [WoundsTaken(actor=actor, at=at, character=state.name, amount=amount, source=source)]

    def heal(
        self, *, actor: str, at: datetime, character: str, amount: int, method: str = ""
    ) -> list[Event]:
        """Heal up to the wounds the character has; healing past zero heals nothing more."""
        self.gm_only(actor, "heal wounds")
        state = self.character_named(character)
        positive_amount(amount, "wounds healed")
        if state.wounds == 0:
            raise IllegalUnderRules(f"{state.name} has no wounds to heal")
        self.not_dead(state)
        healed = min(amount, state.wounds)
        return [
            WoundsHealed(actor=actor, at=at, character=state.name, amount=healed, method=method)
        ]

    def change_standing(
        self,
        *,
        actor: str,
        at: datetime,
        character: str,
        standing: str,
        delta: int,
        reason: str | None = None,
    ) -> list[Event]:
        """Honour, glory and taint stay within 0–10 ranks, status within −10–10 (the summary
        gives a geisha −1 and an eta −4 to −8)."""
        self.gm_only(actor, f"change {standing}")
        if standing not in STANDINGS:
            raise MalformedInput(f"{standing!r} is not one of {', '.join(STANDINGS)}")
        which: Standing = standing
        state = self.character_named(character)
        if delta == 0:
            raise MalformedInput(f"a {standing} change of 0 changes nothing")
        new = state.standing.get(which, 0) + delta
        low = -100 if which == "status" else 0
        if not low <= new <= 100:
            raise IllegalUnderRules(
                f"{state.name}'s {standing} would be {format_tenths(new)}, outside "
                f"{format_tenths(low)}–10.0"
            )
        return [
            StandingChanged(
                actor=actor, at=at, reason=reason, character=state.name, standing=which, delta=delta
            )
        ]

    def award_xp(
        self, *, actor: str, at: datetime, character: str, amount: int, reason: str | None = None
    ) -> list[Event]:
        self.gm_only(actor, "award XP")
        state = self.character_named(character)
        positive_amount(amount, "XP")
        return [
            ExperienceAwarded(
                actor=actor, at=at, reason=reason, character=state.name, amount=amount
            )
        ]

    def spend_xp(
        self, *, actor: str, at: datetime, character: str, purchase: Purchase
    ) -> list[Event]:
        """Buy a trait, the Void ring, a skill rank or an emphasis at the ruleset's price."""
        state = self.acting_for(actor, character)
        priced = self.ruleset.price(state.sheet, purchase)
        available = self.ruleset.xp_at_joining(state.sheet) + state.xp_awarded - state.xp_spent
        name = purchase.name.strip()
        if purchase.kind in ("skill", "emphasis"):
            skill = priced.sheet.skill(name)
            name = skill.name if skill else name
        elif purchase.kind == "trait":
            name = name.casefold()
        else:
            name = "void"
        if priced.cost > available:
            what = f"{name} ({purchase.emphasis.strip()})" if purchase.emphasis else name
            raise IllegalUnderRules(
                f"{state.name} has {available} XP; {purchase.kind} {what} → {priced.new_rank} "
                f"costs {priced.cost}"
            )
        before, after = state.sheet, priced.sheet
        raised = [r for r in before.rings if after.ring(r) > before.ring(r)]
        return [
            ExperienceSpent(
                actor=actor,
                at=at,
                character=state.name,
                kind=purchase.kind,
                name=name,
                emphasis=purchase.emphasis.strip(),
                new_rank=priced.new_rank,
                cost=priced.cost,
                insight_rank=(self.ruleset.insight_rank(before), self.ruleset.insight_rank(after)),
                ring_raised=raised[0] if raised else "",
            )
        ]
