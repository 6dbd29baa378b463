"""expired-date: deadlines and validity dates in the past ("before 2026-04-15", "2026-04-15 前", `expires:`)."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from curator.config import Config
from curator.model import Finding
from curator.rules.docs import Doc, Docs, quote
from curator.rules.registry import Rule, RuleContext

_MONTHS = {name: number for number, names in enumerate(
    ("jan january", "feb february", "mar march", "apr april", "may", "jun june", "jul july", "aug august",
     "sep sept september", "oct october", "nov november", "dec december"), start=1) for name in names.split()}
_MONTH = r"(?P<{name}>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_WEEKDAYS_EN = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
_WEEKDAYS_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_DATE = re.compile(
    r"(?P<iso>(?P<y>20\d\d)[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2}))(?![\d])"
    r"|(?P<zh>(?:(?P<zy>20\d\d)\s*年\s*)?(?P<zm>\d{1,2})\s*月\s*(?P<zd>\d{1,2})\s*[日号])"
    rf"|(?P<en1>\b{_MONTH.format(name='e1m')}\s+(?P<e1d>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(?P<e1y>20\d\d))?)"
    rf"|(?P<en2>\b(?P<e2d>\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH.format(name='e2m')}\b(?:,?\s+(?P<e2y>20\d\d))?)"
    r"|(?P<rel>\b(?:next|this)\s+(?P<rwd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
    r"|(?P<zrel>下|本|这)(?:周|星期|礼拜)(?P<zwd>[一二三四五六日天])|\bend of (?:the )?(?P<eom>month|week)\b|(?P<zeom>月底|本月底|周末))"
    r"|(?P<zme>(?P<zmy>20\d\d)?\s*年?\s*(?P<zmm>\d{1,2})\s*月底)"
    rf"|(?P<eme>\bend of {_MONTH.format(name='emm')}(?:,?\s+(?P<emy>20\d\d))?)"
)
_DEADLINE_BEFORE = re.compile(
    r"(?:\bbefore|\buntil|\btill|\btil|\bby|\bthrough|\bthru|\bno later than|\bdeadline|\bdue(?: date| on| by)?|\bexpir\w*(?: on)?"
    r"|\bvalid (?:until|through|till|to)|\bends? on|\bfrozen? (?:until|till|through)|\bonly (?:until|till)|\bcutoff"
    r"|截止(?:日期|时间|到)?|截至|直到|(?<![迁移换切转改升降级新滚署布推加放存写传])到|到期(?:日)?|有效期(?:至|到)?|之前|\bpaused until)[\s:：]*(?:on\s+|the\s+)?$"
)
_DEADLINE_AFTER = re.compile(r"^\s*(?:前|之前|以前|为止|截止|到期|结束前|内)")


_PAST = re.compile(
    r"\b(?:was|were|had been|has been|have been|did|happened|removed|deleted|migrated|moved|went out|shipped|released)\b"
    r"|已经|已(?:完成|迁移|删除|上线|移除)|了[，。,.]?$|了(?:\s|，|。)"
)
_BREAK = re.compile(r"[,，;；。!?！？]|\.\s")


def _clause(lowered: str, start: int, end: int) -> str:
    breaks = [match.start() for match in _BREAK.finditer(lowered)]
    clause_start = max([b + 1 for b in breaks if b < start], default=0)
    clause_end = min([b for b in breaks if b >= end], default=len(lowered))
    return lowered[clause_start:clause_end]


def _resolve(match: re.Match[str], anchor: date) -> date | None:
    """The calendar date a match names; dates without a year take the anchor's year (or the next)."""
    try:
        return _calendar_date(match, anchor)
    except (ValueError, KeyError, OverflowError):
        return None


def _calendar_date(match: re.Match[str], anchor: date) -> date | None:
    """The date named by one match of _DATE (may raise on impossible dates)."""
    if match.group("iso"):
        return date(int(match.group("y")), int(match.group("m")), int(match.group("d")))
    if match.group("zh"):
        year = match.group("zy")
        return _with_year(year, int(match.group("zm")), int(match.group("zd")), anchor)
    if match.group("en1") or match.group("en2"):
        month_name = match.group("e1m") or match.group("e2m") or ""
        day = match.group("e1d") or match.group("e2d")
        year = match.group("e1y") or match.group("e2y")
        return _with_year(year, _MONTHS[month_name.rstrip(".")[:3]], int(day), anchor)
    if match.group("zme") or match.group("eme"):
        month = int(match.group("zmm")) if match.group("zme") else _MONTHS[match.group("emm").rstrip(".")[:3]]
        year = match.group("zmy") or match.group("emy")
        first = _with_year(year, month, 1, anchor)
        return date(first.year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)
    if match.group("rwd") or match.group("zwd"):
        weekday = _WEEKDAYS_EN[match.group("rwd")] if match.group("rwd") else _WEEKDAYS_ZH[match.group("zwd")]
        is_next = (match.group(0).startswith("next")) or match.group("zrel") == "下"
        monday = anchor - timedelta(days=anchor.weekday())
        return monday + timedelta(days=weekday + (7 if is_next else 0))
    if match.group("eom") == "week" or match.group("zeom") == "周末":
        return anchor + timedelta(days=6 - anchor.weekday())
    if match.group("eom") or match.group("zeom"):
        following = date(anchor.year + (anchor.month == 12), anchor.month % 12 + 1, 1)
        return following - timedelta(days=1)
    return None


def _with_year(year: str | None, month: int, day: int, anchor: date) -> date:
    if year:
        return date(int(year), month, day)
    guess = date(anchor.year, month, day)
    return date(anchor.year + 1, month, day) if guess < anchor - timedelta(days=60) else guess


_MAY_HOLD_DATE = re.compile(r"\d|next |this |end of|下周|本周|这周|月底|周末", re.I)


def deadlines(statement: str, anchor: date) -> list[tuple[date, str]]:
    """Deadline or validity dates a statement names, with the matched text."""
    if not _MAY_HOLD_DATE.search(statement):
        return []
    lowered = statement.lower()
    found: list[tuple[date, str]] = []
    for match in _DATE.finditer(lowered):
        before = lowered[max(0, match.start() - 30) : match.start()]
        after = lowered[match.end() : match.end() + 6]
        if not (_DEADLINE_BEFORE.search(before) or _DEADLINE_AFTER.match(after)):
            continue
        if _PAST.search(_clause(lowered, match.start(), match.end())):
            continue
        resolved = _resolve(match, anchor)
        if resolved is not None:
            found.append((resolved, statement[max(0, match.start() - 20) : match.end() + 8].strip()))
    return found


def analyze(docs: Docs, config: Config, now: datetime) -> list[Finding]:
    today = now.date()
    findings: list[Finding] = []
    for doc in docs.memory:
        expired = _expires_field(doc)
        if expired is not None and expired < today:
            findings.append(_finding(doc, expired, f"expires: {expired.isoformat()}", "its expires: field", today))
            continue
        anchor = (doc.written or now).date()
        named = [(due, span, statement) for statement in doc.statements for due, span in deadlines(statement, anchor)]
        past = [item for item in named if item[0] < today]
        future = [item for item in named if item[0] >= today]
        if past and not future:
            due, span, statement = max(past, key=lambda item: item[0])
            finding = _finding(doc, due, statement, "the deadline", today)
            finding.evidence["dates"] = sorted({d.isoformat() for d, _, _ in past})
            finding.evidence["span"] = span
            findings.append(finding)
    return findings


def _expires_field(doc: Doc) -> date | None:
    if doc.entry.expires is not None:
        return doc.entry.expires.date()
    raw = doc.entry.fields.get("expires")
    if isinstance(raw, datetime):
        return raw.date()
    if isinstance(raw, date):
        return raw
    if isinstance(raw, str):
        try:
            return datetime.fromisoformat(raw.strip()).date()
        except ValueError:
            return None
    return None


def _finding(doc: Doc, due: date, said: str, what: str, today: date) -> Finding:
    days = (today - due).days
    return Finding(
        "expired-date",
        "warning",
        [doc.id],
        f"{doc.id}: {quote(said)} — {what} {due.isoformat()} passed {days} days ago; expire the entry "
        "(it no longer applies) or update the date.",
        {"date": due.isoformat(), "days_past": days, "said": said},
    )


def _run(ctx: RuleContext) -> list[Finding]:
    return analyze(ctx.docs, ctx.settings, ctx.now)


RULE = Rule(
    id="expired-date",
    severity="warning",
    summary="a deadline or dated plan that has passed",
    analyze=_run,
    order=40,
    reason_to_expire=True,
)
