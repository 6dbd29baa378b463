"""Dates a statement names (see date_forms) and which of them are deadlines: a deadline word, a plan's or a goal's
date, not a recurring one, one done, or one that tells how things stood by then."""

from __future__ import annotations

from datetime import date

from curator import lazyre as re
from curator.casefold import Folded
from curator.rules.facts import date_periods as periods
from curator.rules.facts import date_plans as plans
from curator.rules.facts import date_tense as tense
from curator.rules.facts.date_forms import _EXTRA_CUES, _date_pattern, _may_hold_date, _resolve

_DEADLINE_BEFORE = re.compile(
    r"(?:(?<!from )\bbefore|\buntil|\btill|\btil|\bby|\bthrough|\bthru|\bno later than|\bdeadline|\bdue(?: date| on| by)?|\bexpir\w*(?: on)?"
    r"|\bvalid (?:until|through|till|to)|\b(?:ends?|closes?|closing|expires?|runs? out)(?: on)?|\bfrozen? (?:until|till|through)|\bonly (?:until|till)|\bcutoff|\beol (?:is|on)|\bsunsets?(?: on)?|\bend[- ]of[- ]life (?:is |on )?|最晚|最迟|\bddl(?:\s*(?:是|为|在|定在|is))?|\bdeadline (?:is|是)|截止(?:日期|时间)?(?:是|为)"
    r"|截止(?:日期|时间|到)?|截至|直到|(?<![迁移换切转改升降级新滚署布推加放存写传])到|到期(?:日)?|有效期(?:至|到)?|之前|(?<=[\u4e00-\u9fff])前(?=\s*[(（])|\bpaused until|\bat(?=\s+(?:the\s+)?end[-\s]of))[\s:：(（]*(?:on\s+|the\s+)?(?:(?:the\s+)?end[-\s]of[-\s]+)?$"
)
_DEADLINE_AFTER = re.compile(
    r"^\s*(?:[(（][^)）]{1,8}[)）]\s*|[)）]\s*)?(?:(?:[末底]\s*)?(?:(?:上午|下午|中午|晚上|早上|凌晨|傍晚)?\s*\d{1,2}\s*[点:：]\s*(?:半|\d{1,2}\s*分?)?\s*"
    r"|(?:[a-z][\w-]*|下班|上班|开会|例会|站会|周会)\s*)?(?:前|之前|以前)(?![的后])|(?:假期|长假|假|节)?\s*(?:之后|以后|后)\s*再|为止|截止|到期|结束之?前|[之以]?内|目标|的目标|(?:goals?|targets?|okrs?)\b)"
)


_DONE = re.compile(r"\[x\]|✅|✔|☑")
_AT_THE_END = re.compile(r"\bat\s+(?:the\s+)?$")
_EVENT_ON = re.compile(
    r"\b(?:is|are)\s+(?:on|set for|booked for|fixed for)\s*(?:the\s+)?$"
    r"|(?:会议?|评审|答辩|审计|发布会|演示|面试|考试)[^，。；,;]{0,6}?(?:是|在|于|定在)\s*$"
)
_BREAK = re.compile(r"[,，](?!\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)|[;；。!?！？]|\.\s")


def _clause(lowered: str, start: int, end: int) -> tuple[int, int]:
    """The bounds of the clause (between commas, semicolons and sentence ends) holding lowered[start:end]."""
    breaks = [match.start() for match in _BREAK.finditer(lowered)]
    clause_start = max([b + 1 for b in breaks if b < start], default=0)
    clause_end = min([b for b in breaks if b >= end], default=len(lowered))
    return clause_start, clause_end


RELATIVE_GRACE_DAYS = 7
_RELATIVE_SPAN = Folded(
    r"\beo[dwm]\b|\bend of (?:the )?(?:next )?(?:day|week|month)\b|\b(?:next|this) (?:week|month)\b|\btoday\b|\btomorrow\b"
    r"|(?:下个?|本|这个?)(?:周|星期|礼拜|月)(?!底|[一二三四五六日天])|今天|今日|明天"
    r"|(?:本|这个?|下个?)月\s*(?:上旬|中旬|下旬|初|中)|\b(?:early|mid|late|later)[- ](?:this|next) month|of (?:this|next) month"
    r"|\bwithin \d|\b(?:in the|over the) (?:next|coming) \d|\d \w+ from (?:now|today)|\d\s*个?\s*(?:工作日|天|日|周|星期|礼拜|月)\s*(?:之内|以内|内)"
    r"|\bin (?:\d+|an?|one) (?:business |working )?(?:day|week|month)s?\b|\d\s*个?\s*(?:周|星期|礼拜|月)\s*[之以]?后"
)


def grace_days(span: str) -> int:
    """Days a deadline may be past before it counts: a week for spans named loosely ("this week", "本周内")."""
    return RELATIVE_GRACE_DAYS if _RELATIVE_SPAN.search(span) else 0


def mentioned_dates(statement: str, anchor: date) -> list[date]:
    """Every calendar date a statement names, whether or not as a deadline."""
    return dated(statement, anchor)[1]


_RELATIVE_GROUPS = ("rel", "span", "zspan", "weekday", "eom", "zeom", "rpart", "rquarter", "dom")


def deadlines(statement: str, anchor: date) -> list[tuple[date, str]]:
    """Deadline or validity dates a statement names, with the matched text.

    A weekday or relative span in a statement that recurs ("every Thursday before 6 pm, else next week") names no one date.
    """
    return dated(statement, anchor)[0]


def dated(statement: str, anchor: date) -> tuple[list[tuple[date, str]], list[date]]:
    """The statement's deadlines (with the matched text) and every date it names, from one pass over its dates."""
    if not _may_hold_date(statement):
        return [], []
    lowered = statement.lower()
    recurring = bool(plans.RECURRING.search(lowered))
    yearly = recurring or bool(plans.YEARLY.search(lowered))
    every_year = bool(periods.EVERY_YEAR.search(lowered))
    done = bool(_DONE.search(lowered))
    named: list[tuple[date, str]] = []
    mentioned: list[date] = []
    previous_day_end = -1
    forms = tuple(cue.search(lowered) is not None for cue in _EXTRA_CUES)
    for match in _date_pattern(forms).finditer(lowered):
        resolved = _resolve(match, anchor)
        if resolved is None:
            continue
        start, end = match.span()
        before = lowered[max(0, start - 30) : start]
        after = lowered[end : end + 12]
        if match.group("numeric") and not periods.numeric_date_said(match, before, after):
            continue
        if match.group("range") and match.group("nrd") and not periods.numeric_range_said(before):
            continue
        resolved = periods.in_named_year(match, resolved, anchor, before, after)
        day_precise = any(match.group(group) for group in _DAY_PRECISE)
        range_end = (
            day_precise and previous_day_end >= 0 and bool(_RANGE_JOIN.fullmatch(lowered[previous_day_end:start]))
        )
        previous_day_end = end if day_precise else -1
        undated_month = (match.group("month") and not match.group("my")) or (
            match.group("mpart") and not (match.group("mpy") or match.group("zpy"))
        )
        if not (match.group("weekday") or match.group("within") or undated_month):
            mentioned.append(resolved)
        if recurring and any(match.group(group) for group in _RELATIVE_GROUPS):
            continue
        if every_year and not periods.YEAR_SAID.search(match.group(0)) and not match.group("within"):
            continue
        within = bool(match.group("within"))
        worded = not within and bool(
            _DEADLINE_BEFORE.search(before)
            or _DEADLINE_AFTER.match(after)
            or (match.group(0).startswith(("end", "the end")) and _AT_THE_END.search(before))
        )
        period = any(match.group(group) for group in _PERIODS)
        relative_day = bool(match.group("rwd") or match.group("zwd"))
        if done or not (within or worded or ((day_precise or period or relative_day) and not yearly)):
            continue
        clause_start, clause_end = _clause(lowered, start, end)
        clause, clause_before = lowered[clause_start:clause_end], lowered[clause_start:start]
        if tense.no_longer_due(clause) or plans.cohort(before, after) or _told_then(lowered, before, end, clause_end):
            continue
        if within and (
            plans.general_span(clause_before, clause, after)
            or plans.told_as_reason(lowered[:start])
            or plans.unplanned_span(match, clause)
            or plans.RECURRING.search(clause)
        ):
            continue
        if match.group("weekday") and plans.standing_rule(clause_before):
            continue
        if not (within or worded or _implied(match, range_end, clause_before, clause, after)):
            continue
        named.append((resolved, statement[max(0, start - 20) : end + 8].strip()))
    return named, mentioned


_BEFORE_WORD = re.compile(r"\s*(?:之前|以前|前)")
_FRONTED = re.compile(r"(?:^|[,;:.!?，；：。]\s*)(?:before|until|till|up (?:un)?to|prior to)\s+(?:the\s+)?$")
_UNTIL = re.compile(r"\b(?:before|until|till|up (?:un)?to|prior to)\s+(?:the\s+)?$")
_WHEN_AFTER = re.compile(r"\s*[,，]\s*(?:when|at which point|after which|那时|当时|那会儿?|之后)")
_STORY_END = re.compile(r"[.!?](?:\s|$)|[。！？\n]")
_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|[。；！？\n]")


def _told_then(lowered: str, before: str, end: int, clause_end: int) -> bool:
    """Whether the words after a date tell how things stood by then ("2026 年 3 月之前构建跑在 X 上", "Before March, builds ran on X",
    "截至 11 月 29 日，还有 4 台没升级", "through March, when we migrated"), not what is due by then."""
    following = _SENTENCE_END.search(lowered, end)
    rest = lowered[end : following.start() if following else len(lowered)]
    if tense.as_of(before, rest):
        return True
    word = _BEFORE_WORD.match(rest)
    if word and tense.history_before(rest[word.end() :]):
        return True
    told_on = _STORY_END.search(lowered, end)
    if (word or _UNTIL.search(before)) and tense.turned_after(lowered[end : told_on.start() if told_on else None]):
        return True
    if _WHEN_AFTER.match(rest) and tense.told_as_past(rest):
        return True
    fronted = _FRONTED.search(before) and not lowered[end:clause_end].strip()
    if fronted and clause_end < len(lowered) and lowered[clause_end] in ",，":
        next_start, next_end = _clause(lowered, clause_end + 1, clause_end + 1)
        return tense.told_as_past(lowered[next_start:next_end])
    return False


_DAY_PRECISE = ("range", "festival", "iso", "dmy", "zh", "en1", "en2", "numeric")
_PERIODS = ("quarter", "half", "zme", "eme", "mpart", "ypart", "rquarter", "rpart")
_RANGE_JOIN = re.compile(r"\s*(?:-|–|—|~|～|→|->|to|through|thru|until|至|到)\s*")


def _implied(match: re.Match[str], range_end: bool, clause_before: str, clause: str, after: str) -> bool:
    """Whether a date with no deadline word is still one: the end of a window a rule holds for, a plan's, a goal's period, an event's, a weekday of the entry's week."""
    if match.group("range") or range_end:
        return plans.window_date(clause)
    if any(match.group(group) for group in _PERIODS):
        return plans.period_goal(clause_before, clause, after)
    if match.group("rwd") or match.group("zwd"):
        return not plans.not_a_plan(clause_before, after)
    return plans.plan_date(clause_before, clause, after) or bool(_EVENT_ON.search(clause_before))
