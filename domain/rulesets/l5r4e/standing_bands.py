"""4e honour and taint bands, and money (« Honneur et société », Annex 1): what the
table shows of a character's standing, apart from the society rules that change it
(:mod:`domain.rulesets.l5r4e.society`), so that reading a session loads no decider.

- Honour bands: 0–1 « Chien sans honneur », 2–3 « Pas digne de confiance », 4–5 « Ce qui
  est attendu », 6–7 « Exceptionnel », 8–9 « Une âme au dessus de tout reproche », 10
  « La force d'un millier d'ancêtres ». Taint: 0 « Germes des ténèbres » … 5
  « Damnation ».
- Money: 1 koku = 5 bu, 1 bu = 10 zeni (50 zeni = 1 koku).
"""

from domain.rulesets.roll_keep_kit.standing import whole_rank

ZENI_PER_BU = 10
ZENI_PER_KOKU = 50
HONOUR_BANDS = ((0, "Dog without honour"), (2, "Untrustworthy"), (4, "What is expected"),
                (6, "Exceptional"), (8, "A soul beyond reproach"),
                (10, "The strength of a thousand ancestors"))  # fmt: skip
TAINT_BANDS = ("Seeds of darkness", "Passive corruption", "Active corruption",
               "Consuming corruption", "Deadly corruption", "Damnation")  # fmt: skip


def honour_band(tenths: int) -> str:
    """The band of an honour given in tenths (a rank of 4.5 is 45): by its whole rank."""
    rank = whole_rank(tenths)
    return [name for low, name in HONOUR_BANDS if rank >= low][-1]


def taint_band(tenths: int) -> str:
    """The band of a taint given in tenths, by its whole rank (5 and up: Damnation)."""
    return TAINT_BANDS[min(len(TAINT_BANDS) - 1, max(0, whole_rank(tenths)))]


def money(zeni: int) -> dict[str, int]:
    """A sum in zeni as koku, bu and zeni."""
    koku, rest = divmod(zeni, ZENI_PER_KOKU)
    bu, zeni = divmod(rest, ZENI_PER_BU)
    return {"koku": koku, "bu": bu, "zeni": zeni}
