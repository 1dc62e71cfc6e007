"""Critical strikes: the published game's critical table, as data — its severity bands
and what each does to the character (issue 12: « the published severity table … loaded
as data »; issue 31: its effects applied) — and the Fitness test that lessens them.

« Lorsqu'il subit un coup critique, le personnage doit effectuer un test de Forme ND 1
pour y résister … En cas de réussite, la gravité est réduite de 1, plus 1 par succès
bonus obtenu lors du test (minimum 0). Les Résultats des coups critiques selon leur
gravité sont notés dans la table idoine. » The house text does not hold that table; the
published 5th edition's stands for it (DESIGN: a table a text refers to but does not
contain is data: a GM loads their own with ``kiroku critical-table FILE``, or sets
option ``critical_table=gm`` to rule each effect, ``kiroku afflict``, an instant
death's aside):

====== ==================== ============================================================
0–2    Close call           the worn armour is Damaged (−2 to its resistance); Damaged
                            twice, Destroyed
3–4    Flesh wound          Lightly Wounded on the ring of the resist check
5–6    Debilitating gash    Severely Wounded on that ring
7–8    Permanent injury     Bleeding, and a scar of that ring (a disadvantage)
9–11   Maiming blow         Bleeding, and a worse scar: maimed (a disadvantage)
12–13  Agonizing death      Severely Wounded, Bleeding, Dying in 3 rounds
14–15  Swift death          Severely Wounded, Bleeding, Dying in 1 round — not dead at
                            once: the table can still save the victim
16+    Instant death        dead
====== ==================== ============================================================

« The ring » is the ring of the Fitness test that resisted the critical (« l'anneau de
son choix au cours d'une scène narrative, ou bien l'anneau lié à sa posture dans une
scène de confrontation »). How the wounds stack, and what each condition does, is
:mod:`.afflictions`'.
"""

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from domain.errors import MalformedInput

Effect = Literal[
    "armour-damaged", "lightly-wounded", "severely-wounded", "bleeding", "scar", "maimed",
    "dying", "dead",
]  # fmt: skip
EFFECTS: tuple[Effect, ...] = (
    "armour-damaged", "lightly-wounded", "severely-wounded", "bleeding", "scar", "maimed",
    "dying", "dead",
)  # fmt: skip


Bound = Annotated[int, Meta(ge=0, le=100)]


class Severity(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One band of the table: its severities (``high`` None: and above), names, and
    effects in the order applied (``dying``: in ``dying_rounds`` rounds). A GM's own
    table (``kiroku critical-table FILE``) is a JSON list of them, ``french`` and
    ``effect`` (a description) optional."""

    low: Bound
    high: Bound | None
    name: Annotated[str, Meta(min_length=1, max_length=100)]
    french: Annotated[str, Meta(max_length=100)] = ""
    effect: Annotated[str, Meta(max_length=200)] = ""
    effects: Annotated[tuple[Effect, ...], Meta(max_length=8)] = ()
    dying_rounds: Annotated[int, Meta(ge=0, le=10)] = 0


SEVERITIES: tuple[Severity, ...] = (
    Severity(0, 2, "Close call", "De justesse", "the worn armour is Damaged (−2 resistance)",
             ("armour-damaged",)),
    Severity(3, 4, "Flesh wound", "Égratignure", "Lightly Wounded on the ring",
             ("lightly-wounded",)),
    Severity(5, 6, "Debilitating gash", "Entaille handicapante", "Severely Wounded on the ring",
             ("severely-wounded",)),
    Severity(7, 8, "Permanent injury", "Blessure permanente", "Bleeding and a scar of the ring",
             ("bleeding", "scar")),
    Severity(9, 11, "Maiming blow", "Coup mutilant", "Bleeding and a worse scar (maimed)",
             ("bleeding", "maimed")),
    Severity(12, 13, "Agonizing death", "Mort lente",
             "Severely Wounded, Bleeding, Dying in 3 rounds",
             ("severely-wounded", "bleeding", "dying"), 3),
    Severity(14, 15, "Swift death", "Mort rapide", "Severely Wounded, Bleeding, Dying in 1 round",
             ("severely-wounded", "bleeding", "dying"), 1),
    Severity(16, None, "Instant death", "Mort instantanée", "dies at once", ("dead",)),
)  # fmt: skip
"""The published game's critical table (0–2 close call, 3–4 flesh wound, 5–6
debilitating gash, 7–8 permanent injury, 9–11 maiming blow, 12–13 agonizing death,
14–15 swift death, 16+ instant death), with each band's effects."""

PERMANENT_INJURY = 7
"""The permanent injury's band begins at 7: a wound on a Severely Wounded ring takes
the effects of severity 8 (Bleeding and a scar)."""


def severity(value: int, table: tuple[Severity, ...] | None = None) -> Severity:
    """The band ``value`` falls in: of the GM's table if one is loaded, else the
    published game's."""
    for band in table or SEVERITIES:
        if value >= band.low and (band.high is None or value <= band.high):
            return band
    return (table or SEVERITIES)[0]


def kills(value: int, table: tuple[Severity, ...] | None = None) -> bool:
    """Whether a critical of ``value`` kills at once (its band's effects say « dead »)."""
    return "dead" in severity(value, table).effects


def check_table(rows: tuple[Severity, ...]) -> None:
    """A GM's critical table covers every severity once, from 0 up, its last band open
    (« 16+ »); a band that makes dying says in how many rounds."""
    if not rows:
        raise MalformedInput("a critical table needs at least one band")
    expected = 0
    for index, band in enumerate(rows):
        last = index == len(rows) - 1
        quoted = msgspec.json.encode(band).decode()
        if band.low != expected:
            raise MalformedInput(f"critical table band {quoted}: it should start at {expected}")
        if (band.high is None) != last or (band.high is not None and band.high < band.low):
            raise MalformedInput(
                f"critical table band {quoted}: each band ends at or above its start, and "
                "only the last is open (high: null)"
            )
        if ("dying" in band.effects) != (band.dying_rounds > 0):
            raise MalformedInput(
                f"critical table band {quoted}: dying_rounds (1 to 10) with « dying », "
                "and only with it"
            )
        expected = (band.high or 0) + 1


def lessened(severity_value: int, success: bool, bonus: int) -> int:
    """The severity after the Fitness test: 1 less, and 1 more a bonus success, on a
    success; never below 0."""
    if not success:
        return severity_value
    return max(0, severity_value - 1 - bonus)
