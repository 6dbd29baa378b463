"""The facts layer: number words, named values, units, subjects, scopes, dates and counts, read once per statement."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from curator import rules
from curator.rules.dates import deadlines
from curator.rules.docs import Docs
from curator.rules.facts import statement_facts
from curator.rules.facts.numwords import normalise
from curator.rules.facts.scope import scope_tokens
from curator.rules.quantities import incompatible, same_subject
from tests.support.topic_stores import topic_store

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


def scan(tmp_path: Path, *texts: str, days: tuple[int, ...] = ()) -> list[tuple[str, list[str]]]:
    """(rule, entries) of the drift findings on a store of topic files e0.md, e1.md …, e0 the oldest."""
    ages = days or tuple(20 - position for position in range(len(texts)))
    store = topic_store(tmp_path, texts, ages, NOW, "project")
    return [(f.rule, sorted(f.entries)) for f in rules.analyze(store, now=NOW).findings if f.rule in rules.RULE_IDS]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We have two editors", "We have 2 editors"),
        ("a dozen retries", "12 retries"),
        ("deploy twice a week", "deploy 2 times a week"),
        ("retry only once", "retry only 1 time"),
        ("Once the build passes, merge", "Once the build passes, merge"),
        ("a half-hour timeout", "a 30 minutes timeout"),
        ("twenty-five posts", "25 posts"),
        ("a single NAT gateway", "1 NAT gateway"),
        ("single quotes", "single quotes"),
        ("博客每周发布两篇", "博客每周发布2篇"),
        ("重试一次就够", "重试1次就够"),
        ("半小时", "30分钟"),
        ("一个半小时", "90分钟"),
        ("第一次上线", "第一次上线"),
        ("一次性脚本", "一次性脚本"),
        ("三千字以内", "3000字以内"),
        ("训练 4 万步", "训练 40000步"),
        ("40k steps", "40000 steps"),
        ("someone else", "someone else"),
    ],
)
def test_number_words(text: str, expected: str) -> None:
    assert normalise(text) == expected


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("The crawler runs with `max_workers=4`.", [("exact", 4.0, "worker"), ("exact", 4.0, "worker")]),
        ("`timeout: 30s` for the API client", [("exact", 30.0, "duration")]),
        ("RETRIES = 2", [("exact", 2.0, "retry")]),
        ("Run the suite with --jobs 8", [("exact", 8.0, "value:jobs")]),
        ("run `pytest -n 4` locally", [("exact", 4.0, "value:pytest -n")]),
        ("spark.executor.memory 8g", [("exact", 8.0 * 1024**3, "byte")]),
        ("Sentry tracesSampleRate is 0.2 in production", [("exact", 0.2, "value:tracessamplerate")]),
        ("Open localhost:3000 after you start it", []),
        ("The nightly build takes 2h", [("exact", 7200.0, "duration")]),
        ("Max 3 concurrent builds", [("upper", 3.0, "build"), ("upper", 3.0, "concurrency")]),
        ("Retry 3x", [("exact", 3.0, "time"), ("exact", 3.0, "retry")]),
        ("5 attempts before giving up", [("exact", 4.0, "retry")]),
        ("数据中台 10 月 15 日切换", []),
        ("peak lr 3e-4 for the 350M model", []),
    ],
)
def test_named_values_and_units(statement: str, expected: list[tuple]) -> None:
    found = [(q.kind, q.high if q.kind == "upper" else q.low, q.unit) for q in statement_facts(statement).quantities]
    assert found == expected


@pytest.mark.parametrize(
    ("left", "right", "conflicts"),
    [
        ("The request timeout is 2h.", "The request timeout is 90 min.", True),
        ("The request timeout is 2h.", "The request timeout is 120 minutes.", False),
        ("Sprints are 2 weeks long.", "Sprint review is 1 hour.", False),
        ("At most 3 retries for the payment webhook.", "Retry the payment webhook up to 5 times.", True),
        ("3 retries for the payment callback.", "5 retries for the mail job.", False),
    ],
)
def test_quantities_after_conversion(left: str, right: str, conflicts: bool) -> None:
    pairs = [
        (a, b)
        for a in statement_facts(left).quantities
        for b in statement_facts(right).quantities
        if a.unit == b.unit
        and incompatible(a, b)
        and same_subject(a, b)
        and not (a.scope and b.scope and a.scope.isdisjoint(b.scope))
    ]
    assert bool(pairs) == conflicts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 retries for the payment callback", {"payment", "callback"}),
        ("Never use blue-green for the billing service", {"bill", "servic"}),
        ("Run the e2e suite on CI", {"ci"}),
        ("On Switch, the texture budget is 1.5 GB", {"switch"}),
        ("在测试环境最多重试 3 次", {"测试"}),
        ("order-svc 接口灰度先切 30% 流量", {"order", "svc"}),
        ("Publish at most 4 posts per week", set()),
        ("For now use pnpm", set()),
    ],
)
def test_scope_qualifiers(text: str, expected: set[str]) -> None:
    assert set(scope_tokens(text)) == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (("We have two editors on the blog.", "We have one editor on the blog."), [("conflict", ["e0.md", "e1.md"])]),
        (("博客每周发布两篇", "博客每周发布一篇"), [("conflict", ["e0.md", "e1.md"])]),
        (("每个关卡提交前至少 playtest 两次。", "关卡提交前 playtest 一次就行。"), [("conflict", ["e0.md", "e1.md"])]),
        (("At most 3 retries for the payment callback.", "At most 5 retries for the mail job."), []),
        (("支付回调最多重试 3 次", "邮件任务最多重试 5 次"), []),
        (("在测试环境最多重试 3 次", "在生产环境最多重试 5 次"), []),
        (
            ("At most 3 retries for the payment webhook.", "Retry the payment webhook up to 5 times."),
            [("conflict", ["e0.md", "e1.md"])],
        ),
        (
            ("The webhook dispatcher runs with `max_workers=4`.", "Use 8 workers for the webhook dispatcher."),
            [("conflict", ["e0.md", "e1.md"])],
        ),
        (("Always rebase-merge PRs.", "Never rebase when merging."), [("conflict", ["e0.md", "e1.md"])]),
        (
            ("Never push straight to main.", "Always push hotfixes directly to main."),
            [("conflict", ["e0.md", "e1.md"])],
        ),
        (("不要直接推到 main 分支", "热修复总是直接推到 main 分支"), [("conflict", ["e0.md", "e1.md"])]),
        (("On Switch, the texture budget is 1.5 GB.", "On PC, the texture budget is 4 GB."), []),
        (("Shipping to Germany: free above 50 EUR.", "Shipping to Austria: free above 70 EUR."), []),
        (
            ("Experiment tracking: everything goes to wandb.", "We moved experiment tracking to self-hosted mlflow."),
            [("conflict", ["e0.md", "e1.md"])],
        ),
        (("API 请求超时 15 秒。", "Network timeout is 30s for all API calls."), [("conflict", ["e0.md", "e1.md"])]),
    ],
)
def test_subject_aware_conflicts(tmp_path: Path, texts: tuple[str, ...], expected: list) -> None:
    assert [found for found in scan(tmp_path, *texts) if found[0] in ("conflict", "duplicate")] == expected


def test_scoped_exception_is_reported_as_such(tmp_path: Path) -> None:
    texts = ("Deploy with the blue-green script.", "Never use blue-green for the billing service.")
    store = topic_store(tmp_path, texts, (10, 9), NOW, "project")
    conflicts = [f for f in rules.analyze(store, now=NOW).findings if f.rule == "conflict"]
    assert len(conflicts) == 1
    assert conflicts[0].evidence["scoped_exception"] == {"entry": "e1.md", "general": "e0.md", "scope": "bill servic"}
    assert "scoped exception" in conflicts[0].message


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("Ship the migration by end of Q2 2026.", ["2026-06-30"]),
        ("Finish before Q3.", ["2026-09-30"]),
        ("Freeze until H1.", ["2026-06-30"]),
        ("2026 年第三季度前完成迁移", ["2026-09-30"]),
        ("H1 2026 目标：跑完复现", ["2026-06-30"]),
        ("Keep the flag until March.", ["2026-03-31"]),
        ("Send the report by Friday.", ["2026-03-06"]),
        ("周五前提交", ["2026-03-06"]),
        ("Don't touch peering until the window closes on September 30.", ["2026-09-30"]),
        ("The March release was late.", []),
        ("We may ship soon.", []),
    ],
)
def test_deadline_forms(statement: str, expected: list[str]) -> None:
    anchor = date(2026, 3, 4)
    assert [due.isoformat() for due, _ in deadlines(statement, anchor)] == expected


@pytest.mark.parametrize(
    "text",
    [
        "The launch is on 2026-03-01. 在那之前必须完成迁移。",
        "We ship on March 3, 2026. Before then, freeze the schema.",
    ],
)
def test_deadline_referred_back(tmp_path: Path, text: str) -> None:
    assert scan(tmp_path, text) == [("expired-date", ["e0.md"])]


@pytest.mark.parametrize(
    ("statement", "counted"),
    [
        ("12 integration tests still fail on Windows.", True),
        ("3 warnings remain in the build.", True),
        ("The sweep has 212 runs now.", True),
        ("目录下面现在有 12 个页面", True),
        ("Test coverage of the `data/` package is 61 %.", True),
        ("F1 0.71 on the dev set.", True),
        ("Keep coverage above 80%.", False),
        ("The target F1 is 0.8.", False),
        ("Throughput is about 180k tokens/s per node.", False),
        ("Catalog page size is 16 products now.", False),
    ],
)
def test_point_in_time_forms(statement: str, counted: bool) -> None:
    assert bool(statement_facts(statement).counts) == counted


def test_facts_are_computed_once_per_statement(tmp_path: Path) -> None:
    store = topic_store(tmp_path, ["Publish at most 4 posts per week."] * 2, (0, 0), NOW, "project")
    docs = Docs.from_store(store)
    assert docs.items[0].facts[0] is docs.items[1].facts[0]
    assert docs.items[0].facts[0].quantities is docs.items[1].facts[0].quantities


_NUMBER_PHRASES = [
    "Retry twice, then a couple of times more",
    "Wait half an hour, or a minute and a half, or an hour and a half",
    "Three quarters of an hour; a quarter of an hour",
    "Half a dozen editors, 2 dozen posts, a dozen tags",
    "Run it ONCE a week and only once.",
    "A single reviewer signs off; single quotes stay",
    "Builds take a day; deploys wait an hour",
    "Thrice is too many; TWICE is fine",
    "Ha\u0130f an hour with a Turkish capital",
    "No number words here at all",
]


@pytest.mark.parametrize("text", _NUMBER_PHRASES)
def test_english_number_words_skip_only_patterns_that_cannot_match(text: str) -> None:
    from curator.rules.facts import numwords

    every = text
    for pattern, replacement in [
        (numwords._COUPLE, "2 "),
        (numwords._QUARTER_HOUR, lambda m: "45 minutes" if m.group("three") else "15 minutes"),
        (numwords._HOUR_AND_HALF, lambda m: f"{int(m.group('n')) * 60 + 30 if m.group('n') else 90} minutes"),
        (numwords._HALF_HOUR, "30 minutes"),
        (numwords._HALF_UNIT, numwords._half_unit),
        (numwords._DOZEN, lambda m: str(6 if m.group("half") else 12 * int(m.group("n") or 1))),
        (numwords._TIMES, lambda m: "2 times" if m.group("word").lower() == "twice" else "3 times"),
        (numwords._ONCE, lambda m: (m.group("lead") + " " if m.group("lead") else "") + "1 time"),
        (numwords._EN_NUMBER, lambda m: str(numwords._en_value(m))),
        (numwords._SINGLE, "1 "),
        (numwords._A_UNIT, lambda m: m.group("lead") + " 1 "),
    ]:
        every = pattern.sub(replacement, every)
    assert numwords._english(text) == every
