"""Critical strikes: the published severity table, as data (issue 12: « the published
severity table … loaded as data »), and the Fitness test that lessens them.

« Lorsqu'il subit un coup critique, le personnage doit effectuer un test de Forme ND 1
pour y résister … En cas de réussite, la gravité est réduite de 1, plus 1 par succès
bonus obtenu lors du test (minimum 0). »
"""

import msgspec


class Severity(msgspec.Struct, frozen=True):
    low: int
    high: int | None
    name: str
    french: str
    effect: str


SEVERITIES: tuple[Severity, ...] = (
    Severity(0, 2, "Close call", "De justesse", "no lasting harm"),
    Severity(3, 4, "Flesh wound", "Égratignure", "a wound that heals; a lasting reminder"),
    Severity(5, 6, "Debilitating gash", "Entaille handicapante", "Lightly Wounded or worse"),
    Severity(7, 8, "Permanent injury", "Blessure permanente", "a lasting injury"),
    Severity(9, 11, "Maiming blow", "Coup mutilant", "a limb lost or maimed"),
    Severity(12, 13, "Agonizing death", "Mort lente", "dies after a last act"),
    Severity(14, 15, "Swift death", "Mort rapide", "dies within moments"),
    Severity(16, None, "Instant death", "Mort instantanée", "dies at once"),
)
"""The published game's severity bands (0–2 close call, 3–4 flesh wound, 5–6
debilitating gash, 7–8 permanent injury, 9–11 maiming blow, 12–13 agonizing death,
14–15 swift death, 16+ instant death)."""

DEATHS = ("Agonizing death", "Swift death", "Instant death")


def severity(value: int) -> Severity:
    for band in SEVERITIES:
        if value >= band.low and (band.high is None or value <= band.high):
            return band
    return SEVERITIES[0]


def lessened(severity_value: int, success: bool, bonus: int) -> int:
    """The severity after the Fitness test: 1 less, and 1 more a bonus success, on a
    success; never below 0."""
    if not success:
        return severity_value
    return max(0, severity_value - 1 - bonus)
