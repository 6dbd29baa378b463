"""Amounts of money as quantities: "$5M", "8 million USD", "€250k", "300 万元", "2 亿美元" compare in one currency unit."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_comparators import _LOWER_LEFT, _UPPER_LEFT, FLOOR_BEFORE
from curator.rules.facts.quantity_subjects import _clause_bounds, _subject, with_head
from curator.rules.facts.scope import component_tokens, scope_tokens
from curator.rules.facts.subject import proper_names

_MAGNITUDE = r"(?P<mag>k|m|mm|mn|b|bn|thousand|million|billion|万|亿)?"
_SYMBOL = re.compile(r"(?P<cur>[$€£¥￥])\s*(?P<num>\d+(?:[.,]\d+)*)\s*" + _MAGNITUDE + r"(?![a-z\d])", re.I)
_WORD = re.compile(
    r"(?<![\w.])(?P<num>\d+(?:[.,]\d+)*)\s*" + _MAGNITUDE + r"\s*"
    r"(?P<cur>usd|us dollars?|dollars?|eur|euros?|gbp|pounds?|cny|rmb|美元|欧元|英镑|元|人民币)(?![a-z])",
    re.I,
)
_CURRENCIES = {
    "$": "usd",
    "usd": "usd",
    "dollar": "usd",
    "us dollar": "usd",
    "美元": "usd",
    "€": "eur",
    "eur": "eur",
    "euro": "eur",
    "欧元": "eur",
    "£": "gbp",
    "gbp": "gbp",
    "pound": "gbp",
    "英镑": "gbp",
    "¥": "cny",
    "￥": "cny",
    "cny": "cny",
    "rmb": "cny",
    "元": "cny",
    "人民币": "cny",
}
_MAGNITUDES = {
    "k": 1e3,
    "thousand": 1e3,
    "m": 1e6,
    "mm": 1e6,
    "mn": 1e6,
    "million": 1e6,
    "b": 1e9,
    "bn": 1e9,
    "billion": 1e9,
    "万": 1e4,
    "亿": 1e8,
}
_DIGIT = re.compile(r"\d")
_CEILING = re.compile(
    r"\b(?:cap|caps|capped|limit|limits|max|maximum|ceiling|budget|quota)\b|上限|封顶|最多|不超过", re.I
)
_MONEY_WORDS = frozenset("usd dollar eur euro gbp pound cny rmb million billion thousand k m b mn bn".split())


def money(statement: str) -> list[Quantity]:
    """Amounts with a currency symbol or word; a plain "300 元" is left to the general reader unless scaled (万/亿)."""
    if not _DIGIT.search(statement):
        return []
    lowered = statement.lower()
    found: list[Quantity] = []
    for pattern in (_SYMBOL, _WORD):
        for match in pattern.finditer(statement):
            written = match.group("cur").lower()
            currency = _CURRENCIES.get(written) or _CURRENCIES.get(written.removesuffix("s"))
            magnitude = (match.group("mag") or "").lower()
            if currency is None or (pattern is _WORD and match.group("cur") == "元" and not magnitude):
                continue
            number = match.group("num").replace(",", "")
            if number.count(".") > 1:
                continue
            value = float(number) * _MAGNITUDES.get(magnitude, 1.0)
            found.append(_quantity(statement, lowered, match, value, f"money:{currency}"))
    return found


def _quantity(statement: str, lowered: str, match: re.Match[str], value: float, unit: str) -> Quantity:
    start, end = match.span()
    before = lowered[_clause_bounds(lowered, start, end)[0] : start]
    kind, low, high = "exact", value, value
    if _LOWER_LEFT.search(before) or FLOOR_BEFORE.search(before):
        kind, high = "lower", float("inf")
    elif _UPPER_LEFT.search(before) or _CEILING.search(before):
        kind, low = "upper", float("-inf")
    scope = scope_tokens(statement)
    clause_start = _clause_bounds(lowered, start, end)[0]
    own = tuple(token for token in _subject(lowered, start, end) if token not in scope and token not in _MONEY_WORDS)
    sequence = tuple(token for token in with_head(lowered, clause_start, own, scope) if token not in _MONEY_WORDS)
    span = statement[max(0, start - 12) : min(len(statement), end + 12)].strip()
    return Quantity(
        statement,
        span,
        kind,
        low,
        high,
        unit,
        None,
        frozenset(sequence) - {""},
        sequence,
        scope | component_tokens(statement),
        proper_names(statement) - {"usd", "eur", "gbp", "cny", "rmb"},
    )
