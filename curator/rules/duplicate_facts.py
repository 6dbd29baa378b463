"""Each entry's facts signature for `duplicate`: what must be equal for two entries to say the same thing (numbers,
dates, choices, clock times, weekdays, whether it forbids or permits), and the scopes each limits itself to."""

from __future__ import annotations

from datetime import date, timedelta

from curator import lazyre as re
from curator.rules.choices import ChoiceTable
from curator.rules.docs import Doc
from curator.rules.facts.clock import clock_matches
from curator.rules.facts.glossary import concept
from curator.rules.facts.numwords import chinese_numeral

_NUMBER = re.compile(r"(?:(?<![A-Za-z\d.])|(?<=\b[vV]))\d+(?:\.\d+)?(?!\d|\.\d|\s*(?:[kK](?![A-Za-z])|万|千|亿))")
_NEGATION = re.compile(
    r"\b(?:never|don'?t|do not|does not|doesn'?t|no longer|avoid|must not|mustn'?t|should not|shouldn'?t|cannot|can'?t)\b"
    r"|不要|别|禁止|不能|不准|不许|切勿|不再|不得|不用|无需|不需要|不必"
    r"|\b(?:otherwise|or else)\b|\b(?:will|would)\s+(?:crash|break|fail|corrupt)"
    r"|否则|不然|会(?:让|导致|造成|使)?[^，。；,;！]{0,12}?(?:崩|闪退|挂掉|失败|出错|报错|丢失|损坏)",
    re.I,
)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_ORDINAL = re.compile(r"第\s*(\d+|[零〇一二两三四五六七八九十百]+)")
_CLOCK_ORIGIN = -1.0
_REJECTED_NUMBER = re.compile(r"(?:\bnot|\binstead of|\brather than|而不是|不是)\s*(?:port\s*|端口\s*)?\d+(?:\.\d+)?")
_WEEKDAY = re.compile(r"\b(mon|tues|wednes|thurs|fri|satur|sun)day|(?:周|星期|礼拜)([一二三四五六日天])", re.I)
_WEEKDAY_NUMBERS = {"mon": 0, "tues": 1, "wednes": 2, "thurs": 3, "fri": 4, "satur": 5, "sun": 6}
_CJK_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}


def _weekday(found: tuple[str, str]) -> int:
    english, chinese = found
    return _WEEKDAY_NUMBERS[english.lower()] if english else _CJK_WEEKDAYS[chinese]


_PERMISSION = re.compile(
    r"\b(?:can(?!'t|not)|may(?!\s+not)|always|must(?!\s+(?:not|never))|(?:is|are) (?:fine|ok|okay|allowed)|it'?s (?:fine|ok|okay)|allowed to)\b"
    r"|可以|允许|一律|必须|务必|总是",
    re.I,
)


def signature(doc: Doc, table: ChoiceTable | None) -> tuple:
    """What must be equal for two entries to say the same thing: numbers, dates, choices, and whether it negates."""
    facts = doc.facts + doc.code_facts
    anchor = doc.written.date() if doc.written else None
    read = [_numbers(text) for fact in facts for text in (fact.text, fact.normalized)]
    written = frozenset(number for plain, _ in read[::2] for number in plain)
    spelled = frozenset(number for plain, _ in read[1::2] for number in plain)
    marks = frozenset(mark for _, found in read for mark in found)
    numbers = written | (spelled - {1.0}) | marks
    dates = frozenset(day for fact in facts for day in fact.mentioned_dates(anchor)) if anchor else frozenset()
    relative = _relative_dates(facts, anchor, dates) if anchor and dates else None
    choices = frozenset(
        (stance.set_index, stance.member, stance.polarity)
        for fact in facts
        for stance in (fact.stances(table) if table else [])
    )
    prose = [_CODE_SPAN.sub(" ", fact.text) for fact in facts]
    negated = any(_NEGATION.search(text) for text in prose)
    permitted = any(_PERMISSION.search(text) for text in prose)
    stance = "neg" if negated and not permitted else "pos" if permitted and not negated else None
    weekdays = frozenset(_weekday(found) for fact in facts for found in _WEEKDAY.findall(fact.text))
    parts = [_CODE_SPAN.sub(" ", clause) for fact in doc.facts for clause in fact.clauses]
    prohibits = any(_NEGATION.search(clause) and not _PERMISSION.search(clause) for clause in parts)
    permits = any(_PERMISSION.search(clause) and not _NEGATION.search(clause) for clause in parts)
    measured = frozenset((quantity.unit, quantity.low, quantity.high) for fact in facts for quantity in fact.quantities)
    return numbers, dates, choices, stance, weekdays, (prohibits, permits), measured, marks, relative


_ONE_YEAR_OF_WEEKS = timedelta(weeks=52)
_REFERENCE_DAY = date(2001, 1, 1)


def _relative_dates(facts: list, anchor: date, dates: frozenset[date]) -> frozenset[date] | None:
    """The dates as read from a fixed reference day when every one is relative to the day written ("本周", "next
    Friday": each moves with it), so two entries saying "this week" on different days say the same; else None."""
    moved = frozenset(day for fact in facts for day in fact.mentioned_dates(anchor + _ONE_YEAR_OF_WEEKS))
    if not moved.isdisjoint(dates):
        return None
    return frozenset(day for fact in facts for day in fact.mentioned_dates(_REFERENCE_DAY))


def _numbers(text: str) -> tuple[set[float], set[float]]:
    """The plain numbers a statement writes, and its clock times and ordinals: a clock time as one value however
    written (14:00, 2 pm, 下午 2 点; below zero, apart from plain numbers), an ordinal (第二周) as its number, and a
    number it rejects ("on 5433, not 5432", "而不是 8080") left out."""
    lowered = text.lower()
    marks: set[float] = set()
    for start, end, low, high in reversed(clock_matches(lowered)):
        marks |= {_CLOCK_ORIGIN - low, _CLOCK_ORIGIN - high}
        lowered = f"{lowered[:start]} {lowered[end:]}"
    for numeral in _ORDINAL.findall(lowered):
        value = int(numeral) if numeral.isdigit() else chinese_numeral(numeral)
        if value is not None:
            marks.add(float(value))
    lowered = _REJECTED_NUMBER.sub(" ", lowered)
    return {float(number) for number in _NUMBER.findall(lowered)}, marks


def facts_differ(left: tuple, right: tuple) -> bool:
    """Two signatures disagree: different numbers, dates (relative ones such as "this week" compared as said),
    clock times or ordinals (when both state some), another member of a shared choice, a prohibition on one side and
    a permission or command on the other ("禁止…" vs "可以…"), a statement that forbids on one side only while the
    other permits, or different weekdays."""
    if not numbers_agree(left, right):
        return True
    if left[1] and right[1] and left[1] != right[1] and (left[8] is None or left[8] != right[8]):
        return True
    if left[7] and right[7] and left[7] != right[7]:
        return True
    if left[3] and right[3] and left[3] != right[3]:
        return True
    if left[4] and right[4] and left[4].isdisjoint(right[4]):
        return True
    if _only_one_prohibits(left[5], right[5]):
        return True
    left_choices = {(set_index, polarity): member for set_index, member, polarity in left[2]}
    right_choices = {(set_index, polarity): member for set_index, member, polarity in right[2]}
    return any(right_choices.get(key, member) != member for key, member in left_choices.items())


def numbers_agree(left: tuple, right: tuple) -> bool:
    """The numbers two signatures state are the same, as written or once converted ("一周" and "7 天", "2h" and "120 min")."""
    if not (left[0] and right[0]) or left[0] == right[0]:
        return True
    return same_measures(left, right)


def same_measures(left: tuple, right: tuple) -> bool:
    """Both signatures state quantities, and the same ones after unit conversion."""
    return bool(left[6]) and left[6] == right[6]


def _only_one_prohibits(left: tuple[bool, bool], right: tuple[bool, bool]) -> bool:
    """One entry forbids something and the other only permits ("never X in app code" vs "X is fine in tests")."""
    return any(one[0] and not other[0] and other[1] for one, other in ((left, right), (right, left)))


def scope_concepts(doc: Doc) -> frozenset[str]:
    """The scope words of an entry's statements, as glossary concepts."""
    return frozenset(concept(word) for fact in doc.facts for word in fact.scope)


def word_concepts(words: frozenset[str]) -> frozenset[str]:
    """Subject words plus the English concept of each Chinese one."""
    return words | frozenset(concept(word) for word in words)


def scopes_differ(
    left_scope: frozenset[str], right_scope: frozenset[str], left_words: frozenset[str], right_words: frozenset[str]
) -> bool:
    """Whether each entry limits itself to a scope the other never mentions ("for the billing service")."""
    return bool(left_scope - right_words - right_scope) and bool(right_scope - left_words - left_scope)
