"""Quantity claims in a statement: value, comparator, unit and rate ("at most 4 posts per week", "每周最多发 4 篇")."""

from __future__ import annotations

from dataclasses import dataclass

from curator import lazyre as re
from curator.rules.facts.binding import bound_value, names_ceiling
from curator.rules.facts.clock import clock_matches
from curator.rules.facts.glossary import GLOSSARY, concept
from curator.rules.facts.quantity_comparators import (
    _APPROX_LEFT,
    _APPROX_RIGHT,
    _LIMIT_LABEL,
    _LOWER_LEFT,
    _LOWER_RIGHT,
    _THRESHOLD_LEFT,
    _TRIGGER,
    _UPPER_LEFT,
    _UPPER_RIGHT,
    FLOOR_BEFORE,
)
from curator.rules.facts.quantity_rates import _EVERY, _INTERVAL, _ONCE_AFTER, _PER_TIME, _REQUEST_CONTEXT, _rate
from curator.rules.facts.quantity_subjects import (
    _action_before,
    _cjk_action_before,
    _clause_bounds,
    _first_phrase_end,
    _measured,
    _measured_for,
    _purpose,
    _segment_of,
    _subject,
    with_head,
)
from curator.rules.facts.quantity_units import (
    _BARE_CLASSIFIERS,
    _CALENDAR_SPANS,
    _CLASSIFIERS,
    _CONCURRENCY_UNITS,
    _KNOWN_UNITS,
    _UNIT_ALIASES,
    _canonical_unit,
    _classified_nouns,
    _head_noun,
    _singular,
    _unit,
)
from curator.rules.facts.scope import component_tokens, language_scope, scope_tokens
from curator.rules.facts.subject import proper_names, stem
from curator.rules.text import CJK_CHAR, IS_CJK, STOPWORDS

_NUMBER = re.compile(
    r"(?P<num>\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?=\s?[^\W\d_])|\d+(?:\.\d+)?)(?P<suffix>[kK](?![a-zA-Z]))?(?P<plus>\+)?"
    r"(?:\s*(?:-|–|~|～|to|到|至)\s*(?P<num2>\d+(?:\.\d+)?)(?P<suffix2>[kK](?![a-zA-Z]))?)?"
)
_LEFT_OK = re.compile(f"(?:^|[\\s(~≈<>=≤≥:：,，、（{CJK_CHAR}])$")


@dataclass(frozen=True)
class Quantity:
    """A number stated in a statement, as an interval with the comparator that produced it; `ceiling` marks one value
    set under a name that makes it a cap (`max_retries: 3`, "PRs per reviewer: 3")."""

    statement: str
    span: str
    kind: str
    low: float
    high: float
    unit: str
    rate: str | None
    subject: frozenset[str]
    sequence: tuple[str, ...] = ()
    scope: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    qualifier: str | None = None
    measure: str | None = None
    ceiling: bool = False

    @property
    def key(self) -> str:
        return self.unit

    def display(self) -> str:
        return self.span


_ANY_DIGIT = re.compile(r"\d")


def extract(statement: str) -> list[Quantity]:
    """Quantities with a unit in one statement; dates, versions, times, ids and code are skipped."""
    if not _ANY_DIGIT.search(statement):
        return []
    lowered = statement.lower()
    code_spans = [match.span() for match in re.finditer(r"`[^`]*`", statement)]
    code_spans += [match.span() for match in _CALENDAR.finditer(lowered)]
    code_spans += [(start, end) for start, end, _, _ in clock_matches(lowered)]
    found: list[Quantity] = []
    for match in _NUMBER.finditer(lowered):
        start, end = match.span()
        if any(left <= start < right for left, right in code_spans):
            continue
        if not _LEFT_OK.search(lowered[:start]) or _FROM_VALUE.search(lowered[max(0, start - 12) : start]):
            continue
        after = lowered[end:]
        memory_suffix = (
            re.match(r"([kmgt])(?![a-z])", after)
            and _MEMORY_CONTEXT.search(lowered)
            and not _CODE_KEY_BEFORE.search(lowered[max(0, start - 60) : start])
        )
        if memory_suffix:
            after = after[0] + "b" + after[1:]
        if re.match(r"[.:/\-]\d|[a-z_]|\.\d", after) and not re.match(
            r"(?:ms|s|h|m|d|kb|mb|gb|[kmg]ib?|x|[kmg]?hz|px|dp|fps)\b", after
        ):
            continue
        if match.group("num").count(".") > 1 or (match.group("num") in _STATUS_CODES and after[:1] == "s"):
            continue
        value = _value(match.group("num"), match.group("suffix"))
        if re.match(r"[MBT](?![a-zA-Z])", statement[end : end + 2]):
            continue
        unit, unit_length = _unit(after)
        if unit is not None and _OUT_OF.match(after, unit_length):
            continue
        if unit is None and _PER_TIME.match(after) and _REQUEST_CONTEXT.search(lowered):
            unit = "request"
        year_like = re.fullmatch(r"(19|20)\d\d", match.group("num")) and not re.match(
            r"\s*(?:[a-z]+s\b|[步个次条篇])", after
        )
        if year_like and unit not in _KNOWN_UNITS - {"year", "month"}:
            continue
        if unit in ("year", "month") and value > 12 and unit_length and after[:1] in "年月":
            continue
        nouns = _classified_nouns(after[unit_length:]) if unit in _CLASSIFIERS else []
        if unit in _CLASSIFIERS:
            unit = nouns[0] if nouns else _BARE_CLASSIFIERS.get(unit, "count")
        limited = _LIMIT_OBJECT.search(lowered[:start]) if unit is None else None
        if limited:
            unit = _UNIT_ALIASES.get(_singular(limited.group(1)), _singular(limited.group(1)))
        changed = _CHANGED_TO.search(lowered[:start]) if unit is None and not limited else None
        if changed:
            noun = (
                changed.group(2) if changed.group(2) not in ("count", "number", "total", "size") else changed.group(1)
            )
            if noun and noun not in STOPWORDS:
                unit = _UNIT_ALIASES.get(_singular(noun), _singular(noun))
        bound = None
        if unit is None and not (_UPPER_LEFT.search(lowered[:start]) or _LOWER_LEFT.search(lowered[:start])):
            bound = bound_value(lowered[_clause_bounds(lowered, start, end)[0] : start], after)
            if bound is None:
                continue
        if unit is None:
            unit = "count"
        kind, low, high = "exact", value, value
        if bound == "upper" or (changed and names_ceiling(lowered[_clause_bounds(lowered, start, end)[0] : start])):
            kind, low = "upper", float("-inf")
        if match.group("num2"):
            kind, high = "range", _value(match.group("num2"), match.group("suffix2"))
        elif match.group("plus") or _LOWER_RIGHT.match(after[unit_length:]) or _LOWER_LEFT.search(lowered[:start]):
            kind, high = "lower", float("inf")
        elif limited or _UPPER_LEFT.search(lowered[:start]) or _UPPER_RIGHT.match(after[unit_length:]):
            kind, low = "upper", float("-inf")
        elif _APPROX_LEFT.search(lowered[:start]) or _APPROX_RIGHT.match(after[unit_length:]):
            kind, low, high = "approx", value * 0.9, value * 1.1
        elif _LIMIT_LABEL.search(lowered[_clause_bounds(lowered, start, end)[0] : start]):
            kind, low = "upper", float("-inf")
        if _THRESHOLD_LEFT.search(lowered[:start]) and _TRIGGER.search(lowered):
            kind, low, high = "exact", value, value
        if kind == "exact" and unit.startswith("money:") and FLOOR_BEFORE.search(lowered[:start]):
            kind, high = "lower", float("inf")
        bounds = _clause_bounds(lowered, start, end + unit_length)
        interval = (
            _EVERY.search(lowered[max(0, start - 12) : start])
            or _INTERVAL.search(lowered[bounds[0] : bounds[1]])
            or (_ONCE_AFTER.match(after, unit_length) and _canonical_unit(unit)[0] == "duration")
        )
        rate = "interval" if interval else _rate(lowered[bounds[0] : bounds[1]], unit)
        span = statement[max(0, start - 12) : min(len(statement), end + unit_length + 12)].strip()
        if unit in _CALENDAR_SPANS and kind == "exact":
            shortest, longest = _CALENDAR_SPANS[unit]
            unit, kind, low, high = "duration", "approx", value * shortest, value * longest
        elif unit in _CALENDAR_SPANS:
            unit, low, high = "duration", low * sum(_CALENDAR_SPANS[unit]) / 2, high * sum(_CALENDAR_SPANS[unit]) / 2
        unit, factor = _canonical_unit(unit)
        low, high = low * factor, high * factor
        clause = _clause_bounds(lowered, start, end + unit_length)
        scope = scope_tokens(_segment_of(statement, start))
        sequence = with_head(
            lowered,
            clause[0],
            tuple(token for token in _subject(lowered, start, end + unit_length) if token not in scope),
            scope,
        )
        subject = frozenset(sequence) - {""}
        if nouns and all(concept(token) == unit for token in subject):
            subject = frozenset()
        if unit == "space":
            subject |= {"indent"}
        scope |= component_tokens(statement) | _purpose(after[unit_length:]) | _measured_for(lowered)
        scope |= language_scope(lowered[clause[0] : start])
        names = proper_names(statement)
        measure = _measured(lowered[clause[0] : start]) if unit == "duration" else None
        found.append(
            Quantity(statement, span, kind, low, high, unit, rate, subject, sequence, scope, names, None, measure)
        )
        if unit in _CONCURRENCY_UNITS or _CONCURRENT.match(after):
            doing = subject | ({unit} - _CONCURRENCY_UNITS)
            found.append(Quantity(statement, span, kind, low, high, "concurrency", rate, doing, sequence, scope, names))
        head = (
            nouns[1] if len(nouns) > 1 else _head_noun(after, unit_length, statement[end : end + unit_length].strip())
        )
        if unit == "count" and [token for token in sequence if token]:
            words = [token for token in sequence if token]
            for noun in dict.fromkeys((words[-1], words[0], _first_phrase_end(sequence))):
                counted = concept(noun) if IS_CJK.match(noun) and noun in GLOSSARY else noun
                found.append(
                    Quantity(statement, span, kind, low, high, counted, rate, subject - {noun}, sequence, scope, names)
                )
        if head and head != unit:
            qualifier = unit if unit != "time" else None
            found.append(
                Quantity(
                    statement,
                    span,
                    kind,
                    low,
                    high,
                    head,
                    rate,
                    (subject - {head}) | ({stem(qualifier)} if qualifier else set()),
                    sequence,
                    scope,
                    names,
                    qualifier,
                )
            )
        if unit in _COUNT_UNITS:
            action = _action_before(lowered[:start]) or _cjk_action_before(lowered[:start])
            if action:
                found.append(
                    Quantity(statement, span, kind, low, high, action, rate, subject - {action}, sequence, scope)
                )
    return found


_OUT_OF = re.compile(r"\s*/\s*\d")
_MONTH_NAME = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_CALENDAR = re.compile(
    r"(?:20\d\d\s*年\s*)?\d{1,2}\s*月\s*\d{1,2}\s*[日号]|20\d\d\s*年(?:\s*\d{1,2}\s*月)?|\d{1,2}\s*月(?:底|初|中旬|上旬|下旬|份)"
    r"|(?:每月|每个月)\s*\d{1,2}\s*[日号]|\b20\d\d[-/.]\d{1,2}(?:[-/.]\d{1,2})?\b"
    rf"|\b{_MONTH_NAME}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+20\d\d)?|\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH_NAME}\b"
    r"|\b\d{1,2}:\d{2}\b"
)
_CHANGED_TO = re.compile(
    r"\b(?:bump|rais|increas|set|chang|lower|reduc|drop|cut|scal)\w*\s+(?:the\s+|our\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:([a-z][\w-]*)\s+)?([a-z][\w-]*)\s+to\s*$"
)
_LIMIT_OBJECT = re.compile(
    r"\b(?:limit|cap|throttle)(?:ed|s)?\s+(?:the\s+|our\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?!(?:rais|lower|increas|reduc|bump|set|chang|drop|cut|mov|tighten|loosen|adjust|updat)\w*\s)([a-z][\w-]*)\s+(?:to|at)\s*$"
)
_STATUS_CODES = frozenset("400 401 403 404 409 410 422 429 500 502 503 504".split())
_FROM_VALUE = re.compile(r"(?:\bfrom|从|由)\s*$")
_COUNT_UNITS = frozenset({"time"})


def _value(number: str, suffix: str | None) -> float:
    value = float(number.replace(",", "").replace(" ", "").replace("\u00a0", "").replace("\u202f", ""))
    return value * 1000 if suffix else value


_CONCURRENT = re.compile(r"\s*(?:concurrent|parallel|simultaneous)\b")
_MEMORY_CONTEXT = re.compile(r"mem|heap|ram\b|xmx|内存|显存|堆")
_CODE_KEY_BEFORE = re.compile(r"[a-z_][\w]*[._][\w.]*[`'\"]?\s*(?:[=:]|\s)\s*[`'\"]?$")
