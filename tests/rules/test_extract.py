"""Core extraction tables: quantities and comparators, tool stances, deadlines, point-in-time counts, statements."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from curator import rules
from curator.model import Entry, Store
from curator.rules import numbers
from curator.rules.choices import ChoiceTable
from curator.rules.dates import deadlines
from curator.rules.quantities import extract, incompatible, same_subject
from curator.rules.text import statements, tokens

INF = float("inf")


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("Publish at most 4 posts per week.", [("upper", 4.0, "post", "week")]),
        ("We publish up to 6 posts per week.", [("upper", 6.0, "post", "week")]),
        ("博客每周最多发 4 篇", [("upper", 4.0, "post", "week")]),
        ("每周可以发 6 篇", [("exact", 6.0, "post", "week")]),
        ("系列每篇控制在 3000 字左右", [("approx", 3000.0, "word", "post")]),
        ("标准改成 4000+ 字", [("lower", 4000.0, "word", None)]),
        ("Articles should be >= 3000 words", [("lower", 3000.0, "word", None)]),
        ("3-5 reviewers per PR", [("range", 3.0, "reviewer", "pr")]),
        ("Release 2026-04-15, Node 18.2.1, v0.5 and blog02", []),
        ("Use `retry(times=3)` for flaky calls", []),
        ("coverage went from 83% toward 95%", [("exact", 95.0, "percent", None)]),
    ],
)
def test_quantity_extraction(statement: str, expected: list[tuple]) -> None:
    found = [
        (q.kind, q.high if q.kind == "upper" else q.low if q.kind != "approx" else (q.low + q.high) / 2, q.unit, q.rate)
        for q in extract(statement)
    ]
    assert [(kind, round(value), unit, rate) for kind, value, unit, rate in found] == [
        (kind, round(value), unit, rate) for kind, value, unit, rate in expected
    ]


@pytest.mark.parametrize(
    ("left", "right", "clash"),
    [
        ("at most 4 posts per week", "up to 6 posts per week", True),
        ("at most 4 posts per week", "publish 3 posts per week", False),
        ("at most 4 posts per week", "publish 6 posts per week", True),
        ("posts are 4000+ words", "posts are >= 3000 words", False),
        ("posts are about 3000 words", "posts are 4000+ words", True),
        ("posts are about 3000 words", "posts are 3100 words", False),
        ("at least 6 reviewers", "at most 4 reviewers", True),
        ("60 requests per minute", "60 requests per second", False),
    ],
)
def test_comparators(left: str, right: str, clash: bool) -> None:
    assert incompatible(extract(left)[0], extract(right)[0]) is clash


@pytest.mark.parametrize(
    ("left", "right", "same"),
    [
        (
            "Publish at most 4 posts per week; quality first.",
            "For the Q4 push we publish up to 6 posts per week.",
            True,
        ),
        ("The search API allows 60 requests per minute.", "The billing API allows 100 requests per minute.", False),
        ("搜索接口每分钟最多 60 次调用。", "支付接口每分钟最多 100 次调用。", False),
        ("Keep PR descriptions under 200 words.", "Blog posts are about 3000 words.", False),
    ],
)
def test_subject_matching(left: str, right: str, same: bool) -> None:
    assert same_subject(extract(left)[0], extract(right)[0]) is same


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("这个项目用 pnpm 不要用 npm", [("pnpm", "pos"), ("npm", "neg")]),
        ("We migrated from npm to pnpm last month", [("npm", "neg"), ("pnpm", "pos")]),
        ("Run unit tests with `pnpm test`", [("pnpm", "pos")]),
        ("Never use yarn or npm here", [("npm", "neg"), ("yarn", "neg")]),
        ("publish the package to the npm registry", []),
        ("No spaces in file names", []),
        ("Indent with tabs, not spaces", [("spaces", "neg"), ("tabs", "pos")]),
        ("yarn is deprecated in this repo", [("yarn", "neg")]),
        ("remove yarn.lock before switching", []),
        ("commit message 用中文", [("chinese", "pos")]),
        ("State lives in zustand stores, not redux", [("redux", "neg"), ("zustand", "pos")]),
    ],
)
def test_tool_stances(statement: str, expected: list[tuple[str, str]]) -> None:
    found = sorted((stance.member, stance.polarity) for stance in ChoiceTable().stances(statement))
    assert found == sorted(expected)


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("Do not merge non-critical PRs before 2026-04-15", ["2026-04-15"]),
        ("2026-04-15 前不合并非关键 PR", ["2026-04-15"]),
        ("Freeze until April 15", ["2026-04-15"]),
        ("下周三之前不要合并非关键 PR", ["2026-03-04"]),
        ("截止 4月15日 提交材料", ["2026-04-15"]),
        ("valid until 15 May 2027", ["2027-05-15"]),
        ("We migrated on 2026-04-15", []),
        ("Logs before 2026-01-19 were removed in the cleanup", []),
        ("2026-03-02 上线了新的评论系统", []),
        ("活动到 6 月底结束", ["2026-06-30"]),
        ("The beta runs until end of June", ["2026-06-30"]),
        ("升级到 2026-04-01 发布的版本", []),
    ],
)
def test_deadlines(statement: str, expected: list[str]) -> None:
    anchor = date(2026, 3, 1)
    assert [due.isoformat() for due, _ in deadlines(statement, anchor)] == expected


@pytest.mark.parametrize(
    ("statement", "count"),
    [
        ("58 old posts under `posts/short/` still to delete", "58"),
        ("posts/short/ 下还有 58 篇待删。", "58"),
        ("3 open PRs against the release branch", "3"),
        ("GitHub 上待处理的 issue 有 17 个", "17"),
        ("The dev server listens on port 5173 and proxies /api to port 8080.", None),
        ("每个 PR 至少 2 人评审", None),
        ("3 PRs still open against main", "3"),
        ("工单积压了 120 个，优先处理退款", "120"),
        ("Ports 3000 and 8080 are open in the firewall", None),
    ],
)
def test_point_in_time_counts(statement: str, count: str | None) -> None:
    spans = numbers._spans(statement)
    assert (spans[0][0] if spans else None) == count


def test_statements_join_wrapped_lines_and_split_sentences() -> None:
    text = "- first bullet\n- second bullet that wraps\n  onto a second line. And a new sentence.\n\n第一句。第二句！"
    assert statements(text) == [
        "first bullet",
        "second bullet that wraps onto a second line.",
        "And a new sentence.",
        "第一句。",
        "第二句！",
    ]


def test_tokens_use_words_and_cjk_bigrams() -> None:
    assert tokens("Use pnpm 不要用 npm, 58 posts") == ["use", "pnpm", "npm", "#", "post", "不要", "要用"]


_ALPHABET = "abc XYZ 0123456789 .,;:!?-+~<>=()[]`*#/\n 每周最多发篇字前还有待删不要用截止月日年底下三 npm pnpm jest vitest tabs spaces before until at most up to"


@settings(max_examples=60, deadline=None)
@given(texts=st.lists(st.text(alphabet=_ALPHABET, max_size=160), min_size=1, max_size=6))
def test_rules_never_raise_on_arbitrary_text(texts: list[str]) -> None:
    moment = datetime(2026, 11, 29, tzinfo=timezone.utc)
    entries = [
        Entry(
            id=f"e{index}.md", path=f"e{index}.md", body=text, text=text, modified=moment - timedelta(days=index * 40)
        )
        for index, text in enumerate(texts)
    ]
    outcome = rules.analyze(Store(root=Path("/nonexistent-store"), format="notes", entries=entries), now=moment)
    assert all(finding.message for finding in outcome.findings)
