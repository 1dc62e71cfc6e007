"""4e conditions and what they do to rolls, stances and actions (« Effets conditionnels »).

- fasting (À jeun, level = days): no Void regained by rest; from the second day +5 TN to
  skill, trait and spell rolls, +5 more each further day; from Stamina days, 2k1 wounds
  a day.
- prone (Au sol): −10 armour TN against melee; only the Defense and Attack stances; no
  large weapons, −2k0 with medium and small ones; a simple action to stand.
- blinded (Aveuglé): −3k3 to ranged attacks, −1k1 in melee; armour TN = Reflexes + 5 (+
  armour); Water two ranks lower for movement.
- in_melee (Corps-à-corps): −10 to a ranged attack while foes are in melee.
- entangled (Enchevêtré): no action but getting free (Strength against the GM's TN).
- grappled (Empoigné): armour TN 5 + armour.
- stunned (Étourdi): no action; armour TN 5 + armour; Earth TN 20 in the reaction phase,
  and out of it at the next reaction phase in any case.
- fatigued (Fatigué, level = days): +5 TN to skill, trait and spell rolls, +5 more each
  further day; no Full Attack.
- dazed (Hébété): −3k0 to every action; only Defense and Full Defense; Earth TN 20 at
  the end of the round, 5 lower after each failure.
- mounted / high_ground (Monté / Surélevé): +1k0 to attack rolls; no Full Attack.
- afraid (Peur, level = fear rank): −XkX while near the source.
- disarmed: the weapon lies on the ground until picked up (a simple action).
- concentrating: a shugenja keeping a spell going.
- asleep: fallen asleep from fatigue (« tomber de sommeil »): no action until woken (the
  GM ends it) or a night's rest.
"""

from __future__ import annotations

from typing import Literal

from domain.errors import MalformedInput

Condition = Literal[
    "fasting", "prone", "blinded", "in_melee", "entangled", "grappled", "stunned",
    "fatigued", "dazed", "mounted", "high_ground", "afraid", "fleeing", "disarmed",
    "concentrating", "asleep",
]  # fmt: skip
CONDITIONS: tuple[Condition, ...] = (
    "fasting", "prone", "blinded", "in_melee", "entangled", "grappled", "stunned",
    "fatigued", "dazed", "mounted", "high_ground", "afraid", "fleeing", "disarmed",
    "concentrating", "asleep",
)  # fmt: skip
LEVELLED: tuple[Condition, ...] = ("fasting", "fatigued", "afraid")
NO_ACTIONS: tuple[Condition, ...] = ("stunned", "asleep")

STANCES_ALLOWED: dict[Condition, tuple[str, ...]] = {
    "prone": ("defense", "attack"),
    "dazed": ("defense", "full_defense"),
}
NO_FULL_ATTACK: tuple[Condition, ...] = ("mounted", "high_ground", "fatigued")


def parse_condition(text: str) -> Condition:
    name = text.strip().casefold().replace(" ", "_").replace("-", "_")
    for condition in CONDITIONS:
        if condition == name:
            return condition
    raise MalformedInput(f"condition {text!r}; choose from {', '.join(CONDITIONS)}")
