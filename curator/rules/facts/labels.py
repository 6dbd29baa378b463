"""Bare numbers whose label names their unit: "波特率统一用 921600", "最大线程数 40", "baud rate 921600", "shard count 6"."""

from __future__ import annotations

from curator import lazyre as re
from curator.casefold import Folded
from curator.rules.facts.glossary import concept
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_subjects import _subject
from curator.rules.facts.quantity_units import _canonical_unit
from curator.rules.facts.scope import scope_tokens
from curator.rules.facts.subject import proper_names, segment, stem
from curator.rules.text import CJK_CHAR

_SETTING_VERBS = r"(?:统一)?(?:调到|调成|调整为|改成|改为|设成|设为|设置为|定为|是|为|用|[:：=])?"
_NOT_UNIT_AFTER = r"(?!\s*(?:[\d.%]|[A-Za-z]|秒|分钟|小时|毫秒|天|个月|年|月|周|倍|岁|号|日|次))"
_ZH_LABEL = re.compile(
    rf"(?P<label>[{CJK_CHAR}]{{0,10}}?(?:率|数))\s*{_SETTING_VERBS}\s*(?P<num>\d+(?:\.\d+)?)\s*(?:个|条)?{_NOT_UNIT_AFTER}"
)
_EN_LABEL = re.compile(
    r"\b(?P<head>[a-z]+)\s+(?:rate|count)\b(?:\s+(?:is|of|at|to|was set to|set to|=|:))?\s*(?P<num>\d+(?:\.\d+)?)\b"
    r"(?!\s*(?:%|[a-z])|[.,]\d)",
    re.I,
)
_DIGIT = re.compile(r"\d")
_ZH_LABEL_WORDS = re.compile("[率数]")  # what each pattern needs, found faster than the pattern
_EN_LABEL_WORDS = Folded("rate|count")
_NOT_HEADS = frozenset("error success failure hit miss conversion churn retention growth the a an".split())


def labelled(statement: str) -> list[Quantity]:
    """Quantities whose unit is named by the label before a bare number (the head noun of 波特率, 线程数, "baud rate")."""
    found: list[Quantity] = []
    if not _DIGIT.search(statement):
        return found
    lowered = statement.lower()
    for match in _ZH_LABEL.finditer(statement) if _ZH_LABEL_WORDS.search(statement) else ():
        words = [word for word in segment(match.group("label")) if word not in ("数", "率")]
        head = _head(words[-1]) if words else ""
        if not head or head in _NOT_HEADS:
            continue
        found.append(_quantity(statement, lowered, match, head, frozenset(concept(word) for word in words[:-1])))
    for match in _EN_LABEL.finditer(statement) if _EN_LABEL_WORDS.search(statement, lowered) else ():
        head = stem(match.group("head").lower())
        if head in _NOT_HEADS:
            continue
        found.append(_quantity(statement, lowered, match, head, frozenset()))
    return found


def _head(word: str) -> str:
    """The English unit a Chinese label word names (波特率 → baud, 线程数 → thread), or ''."""
    for candidate in (word, word.rstrip("数率")):
        english = concept(candidate) if candidate else ""
        if english and english.isascii():
            return english
    return ""


def _quantity(statement: str, lowered: str, match: re.Match[str], head: str, modifiers: frozenset[str]) -> Quantity:
    unit, factor = _canonical_unit(head)
    value = float(match.group("num")) * factor
    start, end = match.span("num")
    scope = scope_tokens(statement)
    sequence = tuple(token for token in _subject(lowered, match.start(), end) if token not in scope and token != head)
    subject = (frozenset(sequence) | modifiers) - {"", head, unit}
    span = statement[max(0, start - 12) : min(len(statement), end + 12)].strip()
    return Quantity(
        statement, span, "exact", value, value, unit, None, subject, sequence, scope, proper_names(statement)
    )
