"""outdated-number: point-in-time counts (backlogs, items still to do, open PRs) older than the freshness window."""

from __future__ import annotations

import re
from datetime import datetime

from curator.config import Config
from curator.model import Finding
from curator.rules.docs import Doc, Docs, quote
from curator.rules.registry import Rule, RuleContext

_N = r"(\d{1,3}(?:,\d{3})+|\d+)"
_TODO_VERBS = (
    r"delete|fix|migrate|review|remove|clean(?: up)?|convert|update|triage|merge|do|write|publish|process"
    r"|rewrite|translate|move|close|check|test|label|tag|upload|import|archive|deploy|resolve|triage|go"
)
_POINT_IN_TIME = [
    re.compile(
        rf"(?<![\w.#/-]){_N}\s+(?:more\s+)?(?:(?!and\b|or\b|but\b|then\b|to\b|are\b|is\b|was\b|were\b)[^\s\d]+\s+){{0,4}}?(?:still\s+)?"
        rf"(?:left|remaining|to go|pending|outstanding|open|unmerged|unresolved|unfixed|waiting|awaiting|in review"
        rf"|in progress|in (?:the )?(?:queue|backlog)|(?:still )?(?:need(?:s|ing)? )?to (?:be )?(?:{_TODO_VERBS})(?:d|ed)?)\b"
    ),
    re.compile(
        rf"(?<![\w.#/-]){_N}\s+(?:currently\s+|still\s+)?(?:open|unmerged|unresolved|failing|flaky|broken|pending|outstanding"
        r"|remaining|unread|unanswered|unreviewed|queued|blocked|undeployed|unfixed|unmigrated)\s+[a-z]"
    ),
    re.compile(rf"\b(?:still|currently|right now|at the moment|so far)\s+(?:have\s+|has\s+|are\s+|is\s+|at\s+|got\s+)?{_N}\s+[a-z]"),
    re.compile(rf"\b(?:backlog|queue|todo list)\s+(?:of|is|has|at|holds|contains)\s+(?:about\s+|around\s+)?{_N}\b"),
    re.compile(rf"(?<![\w.#/-]){_N}\s*(?:/|of|out of)\s*\d+\s+(?:[a-z]+\s+)?(?:done|migrated|complete|completed|finished|converted|fixed)"),
    re.compile(rf"(?:还有|还剩|剩下|剩余|尚有|仍有|目前有|目前还有|现有|积压|累计积压)[了着]?\s*(?:约|大约)?\s*{_N}"),
    re.compile(rf"{_N}\s*(?:个|条|篇|项|份|处|张|次|页|家|位|人|台)?\s*(?:[\u4e00-\u9fff]{{0,4}})?(?:待|未|没有?|尚未|还没)"
               r"(?:删|处理|修|迁移|合并|完成|审|发|解决|关闭|回复|上线|部署|清理|跟进|review|重写|翻译)"),
    re.compile(rf"(?:待处理|待删除?|待修复?|待迁移|待合并|未完成|未合并|未关闭|未处理|待办)[^\d，。；,;]{{0,12}}?(?:约|大约)?\s*{_N}"),
]


_DIGIT = re.compile(r"\d")


def _spans(statement: str) -> list[tuple[str, str]]:
    if not _DIGIT.search(statement):
        return []
    lowered = statement.lower()
    found: list[tuple[str, str]] = []
    for pattern in _POINT_IN_TIME:
        for match in pattern.finditer(lowered):
            number = next(group for group in match.groups() if group)
            if _in_code(statement, match.start()):
                continue
            found.append((number, statement[max(0, match.start() - 10) : match.end() + 12].strip()))
    return found


def _in_code(statement: str, position: int) -> bool:
    return statement.count("`", 0, position) % 2 == 1


def analyze(docs: Docs, config: Config, now: datetime) -> list[Finding]:
    findings: list[Finding] = []
    for doc in docs.memory:
        age = _age(doc, now)
        window = config.freshness_window(doc.entry.type)
        if age is None or age <= window:
            continue
        counts = [(number, span, statement) for statement in doc.statements for number, span in _spans(statement)]
        if not counts:
            continue
        stated = doc.stated_at.date().isoformat() if doc.stated_at else doc.day()
        unique = list({span: (number, span, statement) for number, span, statement in counts}.values())
        number, _, statement = unique[0]
        findings.append(
            Finding(
                "outdated-number",
                "warning",
                [doc.id],
                f"{doc.id} says {quote(statement)} — a point-in-time count written {stated} ({age:.0f} days ago, "
                f"past the {window}-day window for {doc.entry.type or 'untyped'} entries); re-count it in the project "
                "(ls/grep) and update or drop the number.",
                {"counts": [{"number": n, "span": s} for n, s, _ in unique], "age_days": round(age, 1),
                 "window_days": window, "last_changed": doc.day(), "stated": stated},
            )
        )
    return findings


def _age(doc: Doc, now: datetime) -> float | None:
    moment = doc.stated_at
    if moment is None:
        return None
    return (now - moment).total_seconds() / 86400


def _run(ctx: RuleContext) -> list[Finding]:
    return analyze(ctx.docs, ctx.settings, ctx.now)


RULE = Rule(
    id="outdated-number",
    severity="warning",
    summary="a point-in-time count older than the freshness window",
    analyze=_run,
    config_keys=frozenset({"freshness"}),
    order=30,
    reason_to_expire=True,
)
