"""Dice expressions: ``XkY`` (French ``XgY``) pools with flat modifiers.

Rule (4e summary, « Règle de base du jet de dés »): a roll ``XgY`` throws X ten-sided
dice and keeps Y of them. Pools add (a Void point is written ``+1k1``), and a flat
modifier adds to the total: ``7k3+5``, ``6g3-2``, ``5k2+1k1``.

Parsing goes text → tokens → tree (:class:`PoolTerm` / :class:`FlatTerm`) → a
:class:`RollExpression`; a malformed expression raises :class:`MalformedExpression`,
which quotes the input and points at where it went wrong.
"""

from functools import lru_cache

import msgspec

from domain.errors import MalformedInput

#: No expression may ask for more dice than this before the ten-dice rule; a guard
#: against typos like ``1000000k3`` rather than a rule of the game.
MAX_DICE_IN_EXPRESSION = 1000
#: Flat modifiers beyond this are typos, not rulings.
MAX_FLAT_MODIFIER = 10_000
MAX_EXPRESSION_LENGTH = 100
"""An expression is at most this many characters (the longest a table writes is ~20)."""
MAX_DIGITS = 6
"""A number in an expression has at most this many digits (Python's int() refuses, with a
traceback, past 4,300; nothing in a roll needs seven)."""


class MalformedExpression(MalformedInput):
    """A dice expression that cannot be read; says where and why."""

    def __init__(self, text: str, position: int, reason: str) -> None:
        self.text = text
        self.position = position
        self.reason = reason
        super().__init__(f"malformed dice expression {text!r}: {reason} at position {position + 1}")

    def __reduce__(self) -> tuple[type["MalformedExpression"], tuple[str, int, str]]:
        """Pickled with its own arguments: the server computes odds in a process of its
        own, whose refusal comes back to the server this way."""
        return (type(self), (self.text, self.position, self.reason))


class RollExpression(msgspec.Struct, frozen=True):
    """A parsed roll: dice rolled, dice kept and the flat modifier, before the ten-dice rule."""

    rolled: int
    kept: int
    modifier: int = 0

    def __str__(self) -> str:
        return f"{self.rolled}k{self.kept}{_signed(self.modifier)}"

    def plus(self, rolled: int, kept: int, modifier: int = 0) -> "RollExpression":
        """This expression with more dice (a Void point's +1k1) or a larger modifier."""
        return RollExpression(self.rolled + rolled, self.kept + kept, self.modifier + modifier)


def _signed(value: int) -> str:
    if value == 0:
        return ""
    return f"+{value}" if value > 0 else str(value)


class _Token(msgspec.Struct, frozen=True):
    kind: str  # "number", "keep", "plus", "minus"
    text: str
    position: int


class PoolTerm(msgspec.Struct, frozen=True):
    """``XkY`` in the tree."""

    rolled: int
    kept: int
    position: int


class FlatTerm(msgspec.Struct, frozen=True):
    """A flat number in the tree."""

    value: int
    position: int


Term = PoolTerm | FlatTerm


def _tokenize(text: str) -> list[_Token]:
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise MalformedInput(
            f"dice expression {text[:30]!r}… is {len(text):,} characters long "
            f"(at most {MAX_EXPRESSION_LENGTH})"
        )
    tokens: list[_Token] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch.isascii() and ch.isdigit():
            start = i
            while i < len(text) and text[i].isascii() and text[i].isdigit():
                i += 1
            if i - start > MAX_DIGITS:
                raise MalformedExpression(
                    text, start, f"a number of {i - start} digits (at most {MAX_DIGITS})"
                )
            tokens.append(_Token("number", text[start:i], start))
        elif ch in "kKgG":
            tokens.append(_Token("keep", ch, i))
            i += 1
        elif ch == "+":
            tokens.append(_Token("plus", ch, i))
            i += 1
        elif ch in "-−":
            tokens.append(_Token("minus", ch, i))
            i += 1
        else:
            raise MalformedExpression(text, i, f"unexpected character {ch!r}")
    return tokens


def parse_terms(text: str) -> list[tuple[int, Term]]:
    """Parse ``text`` into signed terms: ``[(+1, PoolTerm), (-1, FlatTerm), …]``."""
    tokens = _tokenize(text)
    if not tokens:
        raise MalformedExpression(text, 0, "expected a dice pool such as '6k3'")
    terms: list[tuple[int, Term]] = []
    i = 0
    sign = 1
    while True:
        if i >= len(tokens):
            raise MalformedExpression(text, len(text), "expected a number")
        token = tokens[i]
        if token.kind != "number":
            raise MalformedExpression(
                text, token.position, f"expected a number, found {token.text!r}"
            )
        first = int(token.text)
        i += 1
        if i < len(tokens) and tokens[i].kind == "keep":
            keep_token = tokens[i]
            i += 1
            if i >= len(tokens) or tokens[i].kind != "number":
                where = tokens[i].position if i < len(tokens) else len(text)
                raise MalformedExpression(
                    text, where, f"expected the number of kept dice after {keep_token.text!r}"
                )
            kept = int(tokens[i].text)
            i += 1
            if sign < 0:
                raise MalformedExpression(
                    text, token.position, "a pool of dice cannot be subtracted"
                )
            terms.append((sign, PoolTerm(first, kept, token.position)))
        else:
            terms.append((sign, FlatTerm(first, token.position)))
        if i >= len(tokens):
            return terms
        op = tokens[i]
        if op.kind == "plus":
            sign = 1
        elif op.kind == "minus":
            sign = -1
        else:
            raise MalformedExpression(text, op.position, f"expected '+' or '-', found {op.text!r}")
        i += 1


def parse_pool(text: str) -> RollExpression:
    """A pool that is part of a roll, such as a weapon's damage: ``0k1`` (unarmed) is
    fine here, since Strength's rolled dice are added before anything is thrown."""
    rolled = kept = modifier = 0
    for sign, term in parse_terms(text):
        if isinstance(term, PoolTerm):
            rolled, kept = rolled + term.rolled, kept + term.kept
        else:
            modifier += sign * term.value
    return RollExpression(rolled, kept, modifier)


@lru_cache(maxsize=1024)
def parse_expression(text: str) -> RollExpression:
    """Parse a roll & keep expression such as ``7k3+5`` or ``6g3-2``.

    At least one pool is required; the pools' sum must keep at least one die and no
    more dice than it rolls (``3k4`` is refused, since one cannot keep dice one did not
    throw). ``0k1`` is fine as a part (unarmed damage, 4e « Jet de dommages »).

    Cached: a session rolls the same few expressions thousands of times, and replaying
    it re-reads every one.
    """
    terms = parse_terms(text)
    rolled = kept = modifier = 0
    has_pool = False
    for sign, term in terms:
        if isinstance(term, PoolTerm):
            has_pool = True
            rolled += term.rolled
            kept += term.kept
        else:
            modifier += sign * term.value
    if not has_pool:
        raise MalformedExpression(text, 0, "expected a dice pool such as '6k3'")
    if rolled > MAX_DICE_IN_EXPRESSION:
        raise MalformedExpression(
            text,
            0,
            f"{rolled} dice is more than the {MAX_DICE_IN_EXPRESSION} an expression may roll",
        )
    if abs(modifier) > MAX_FLAT_MODIFIER:
        raise MalformedExpression(text, 0, f"flat modifier {modifier} is out of range")
    if kept < 1:
        raise MalformedExpression(text, 0, "a roll must keep at least one die")
    if kept > rolled:
        raise MalformedExpression(text, 0, f"cannot keep {kept} dice when only {rolled} are rolled")
    return RollExpression(rolled, kept, modifier)
