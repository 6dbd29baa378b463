"""Classes of sentence the third round of blind memory showed the rules missing, each with invented EN/ZH variants and look-alikes.

Every row is a small store of topic files (e0.md oldest); the expected pair is found, and a look-alike gets
no finding of that rule.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from curator.rules.quantities import incompatible
from tests.rules.test_blind2_forms import PAIR, findings

THRESHOLDS_CHANGED = [
    ("Reviewers need at least 2 approvals on every PR.", "Every PR needs at least 3 approvals now."),
    ("Test coverage must stay at least 80%.", "Keep test coverage at least 70%."),
    ("风险分不低于 650 直接拦截。", "风险分不低于 700 才拦截。"),
    ("Coverage must be ≥ 20 percent on new modules.", "New modules: min 30% coverage."),
    ("每个 PR 至少两人 review。", "每个 PR 至少一人 review 即可。"),
    ("Passwords need a minimum of 12 characters.", "Passwords need no less than 16 characters."),
]


@pytest.mark.parametrize(("older", "newer"), THRESHOLDS_CHANGED)
def test_two_thresholds_of_one_direction_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


THRESHOLD_LOOK_ALIKES = [
    ("We have 4000+ users on the beta.", "The beta needs >= 3000 users before launch."),
    ("Long-form posts are 4000+ words.", "A long-form post must be at least 3000 words."),
    ("Reviewers need at least 2 approvals on every PR.", "Releases need at least 3 approvals."),
    ("Keep at least 2 replicas of the web pod.", "Keep at least 3 replicas of the worker pod."),
    ("每个 PR 至少两人 review。", "发布单至少三人审批。"),
    ("Passwords need at least 12 characters.", "Usernames need at least 3 characters."),
    ("Coverage must stay above 80%.", "Coverage must stay above 70%."),
]


@pytest.mark.parametrize(("older", "newer"), THRESHOLD_LOOK_ALIKES)
def test_sizes_described_and_other_subjects_are_no_changed_threshold(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


RATES_CHANGED = [
    ("Public API rate limit is 60/min.", "Public API rate limit raised to 200 req/min."),
    (
        "Public API: no more than 60 requests per minute per key.",
        "Raised the public API per-key rate limit to 200 req/min.",
    ),
    ("搜索接口限流每分钟 60 次。", "Search API rate limit raised to 120 per minute."),
    (
        "Crawler limit against partner sites: 1 rps.",
        "Crawler limit against partner sites: up to 5 requests per second.",
    ),
    ("Webhook sender: max 10 calls per second.", "Webhook sender is throttled to 1200 calls per minute."),
    ("Crawler rate: 60 per minute.", "Crawler rate: 2 per second."),
    ("搜索接口限流每秒 5 次。", "搜索接口每分钟最多 100 次请求。"),
]


@pytest.mark.parametrize(("older", "newer"), RATES_CHANGED)
def test_rates_on_one_time_base_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


RATE_LOOK_ALIKES = [
    ("Public API rate limit is 60/min.", "Public API rate limit is 1 rps."),
    ("Public API rate limit is 60/min.", "Admin API rate limit is 200 req/min."),
    ("搜索接口限流每分钟 60 次。", "Search API rate limit is 1 per second."),
    ("Crawler rate: 60 per minute.", "Crawler rate: 1 per second."),
    ("Webhook sender: max 10 calls per second.", "Webhook sender is throttled to 600 calls per minute."),
    ("搜索接口限流每秒 5 次。", "搜索接口每分钟最多 300 次请求。"),
    ("Crawler limit against partner sites: 5 rps.", "The crawler makes about 1 request per second."),
]


@pytest.mark.parametrize(("older", "newer"), RATE_LOOK_ALIKES)
def test_equal_rates_and_rates_within_a_limit_do_not_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


def test_one_number_over_two_windows_is_two_windows_of_one_policy() -> None:
    burst, sustained = (
        statement_facts(text).quantities[0] for text in ("60 requests per second", "60 requests per minute")
    )
    assert not incompatible(burst, sustained)
    assert incompatible(
        statement_facts("60 requests per minute").quantities[0], statement_facts("2 requests per second").quantities[0]
    )


BOUND_VALUES_CHANGED = [
    ("Filter out reads with MAPQ below 20.", "The MAPQ cutoff for variant calling is 30 now."),
    ("Open API rate limit is 60 per minute.", "Open API rate limit raised to 120 per minute."),
    ("召回阈值是 0.8。", "召回阈值调到 0.6 了。"),
    ("The retry budget is 5.", "We lowered the retry budget to 3."),
]


@pytest.mark.parametrize(("older", "newer"), BOUND_VALUES_CHANGED)
def test_a_bare_number_bound_to_a_named_measure_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


BOUND_LOOK_ALIKES = [
    ("Filter out reads with MAPQ below 20.", "MAPQ 60 means a unique alignment."),
    ("The MAPQ cutoff for variant calling is 30 now.", "The BQ cutoff for variant calling is 20."),
    ("召回阈值是 0.8。", "精排阈值调到 0.6 了。"),
    ("The answer is 42.", "The team is 5."),
    ("Log level threshold is 3.", "Alert score threshold is 7."),
    (
        "Plan output is uploaded to s3://infra-plans/ and kept for 30 days.",
        "ALB access logs go to s3://infra-alb-logs/ and are kept for 90 days.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), BOUND_LOOK_ALIKES)
def test_bound_numbers_of_other_measures_do_not_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("statement", "unit"),
    [("风险分不低于 650 直接拦截。", "count"), ("风险分不低于 700 才拦截。", "count"), ("阈值 650 分。", "分")],
)
def test_a_word_after_a_number_is_a_measure_word_only_when_it_stands_alone(statement: str, unit: str) -> None:
    assert statement_facts(statement).quantities[0].unit == unit


CHART_VERSIONS = [
    ("Ingress controller is ingress-nginx (chart 4.10).", "Five Helm releases still need the common chart v2."),
    ("cert-manager (chart 1.14) runs in every cluster.", "还剩 3 个服务没升到 base chart v3。"),
    ("Pin the Google provider to 5.x.", "The AWS provider is pinned to ~> 4.67."),
    ("The payments plugin 2.3 is installed on prod.", "Our search plugin 3.1 ships next week."),
]


@pytest.mark.parametrize(("older", "newer"), CHART_VERSIONS)
def test_one_generic_name_with_two_qualifiers_is_two_things(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Pin the AWS provider to ~> 4.67.", "The AWS provider is on 5.x now."),
        ("Ingress uses ingress-nginx (chart 4.10).", "Ingress uses ingress-nginx (chart 4.11)."),
        ("Pin the AWS provider to ~> 4.67.", "Terraform now pins the new provider 5.x."),
    ],
)
def test_one_generic_name_with_one_qualifier_still_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


PROHIBITION_AGAINST_PERMISSION = [
    (
        "Never call `runBlocking` in app code. Unit tests are the exception — there it's fine (prefer `runTest` though).",
        "In unit tests it's fine to use `runBlocking` for one-off setup; use `runTest` for anything with delays.",
    ),
    (
        "Never use `unsafe` in the parser crate. Benchmarks are the exception; there it's fine.",
        "In benchmarks it's fine to use `unsafe` for raw buffer reads; keep them small.",
    ),
    (
        "业务代码里不要调用 `Thread.sleep`，测试里可以。",
        "测试里可以用 `Thread.sleep` 等待异步结果。",
    ),
]


@pytest.mark.parametrize(("older", "newer"), PROHIBITION_AGAINST_PERMISSION)
def test_a_prohibition_with_an_exception_is_no_duplicate_of_the_exception(
    tmp_path: Path, older: str, newer: str
) -> None:
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "Never force-push to main; on your own feature branches it's fine.",
            "Don't force-push main. Force-pushing your own feature branches is fine.",
        ),
        ("Never commit `.env` files to the repo.", "Do not commit `.env` files to the repository, ever."),
    ],
)
def test_two_entries_that_both_forbid_stay_duplicates(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) in findings(tmp_path, older, newer)


CLAUSE_AND_SYNONYM_CONFLICTS = [
    # 最大/最小 are bounds; 放到/默认 are no subject words
    ("列表默认每页 20 条，最大 100 条。", "列表每页最多放到 300 条，运营要一次看全。"),
    ("导出文件最大 50 MB。", "导出文件上限调到 200 MB 了。"),
    # a Chinese parenthetical aside is its own clause
    ("草稿超过 7 天没人编辑就自动删除。", "没人编辑的草稿，3 天后自动删除（产品新定的规则，怕占空间）。"),
    # coordinated clauses: "…, and the server drops …" binds the number to its own clause
    (
        "The client pings every 15 s and the server closes the connection after 45 s without a ping.",
        "Server-side connection timeout is 120 seconds now.",
    ),
    # Chinese synonyms compared as one concept (位置/定位)
    ("司机位置每 30 秒上报一次。", "司机端定位上报改成每 10 秒一次了。"),
]


@pytest.mark.parametrize(("older", "newer"), CLAUSE_AND_SYNONYM_CONFLICTS)
def test_bounds_clauses_and_synonyms_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


CLAUSE_AND_SYNONYM_LOOK_ALIKES = [
    ("会员价缓存 5 分钟。", "会员等级缓存 1 小时，升级后主动失效。"),
    (
        "The client pings every 15 s and the server closes the connection after 45 s without a ping.",
        "The load balancer drops idle TCP connections after 350 seconds.",
    ),
    ("司机位置每 30 秒上报一次。", "订单状态每 10 秒刷新一次。"),
    ("草稿超过 7 天没人编辑就自动删除。", "回收站里的文件 30 天后自动清空（存储成本）。"),
]


@pytest.mark.parametrize(("older", "newer"), CLAUSE_AND_SYNONYM_LOOK_ALIKES)
def test_other_measures_other_clauses_and_other_nouns_do_not_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


COUNTS_MONEY_AND_HEARTBEATS = [
    # a heartbeat or keep-alive is periodic: its duration is an interval
    ("长连接的心跳间隔是 30 秒。", "长连接的心跳改成 10s 了。"),
    ("MQTT keep-alive interval is 60 seconds.", "The MQTT keepalive is 30 s now."),
    # a bare count names the noun it stands after (优惠券每单最多 3 = 3 coupons)
    ("优惠券每单最多能用 3 张了。", "一单最多叠加两张优惠券。"),
    ("Coupons per order: at most 3.", "An order may stack up to 2 coupons."),
    # money in symbols, words and scales
    ("Max gross exposure per desk: $5M.", "Gross exposure cap per desk is 8 million USD now."),
    ("Monthly cloud budget for the data team is €20k.", "The data team's monthly cloud budget is 35,000 EUR now."),
    ("单笔退款上限 2 万元。", "单笔退款上限改成 5 万元了。"),
]


@pytest.mark.parametrize(("older", "newer"), COUNTS_MONEY_AND_HEARTBEATS)
def test_heartbeats_counted_nouns_and_money_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


COUNTS_MONEY_AND_HEARTBEATS_LOOK_ALIKES = [
    ("长连接的心跳间隔是 30 秒。", "长连接断开 10 秒后重连。"),
    ("优惠券每单最多能用 3 张了。", "每单最多 2 个赠品。"),
    ("Max gross exposure per desk: $5M.", "Max gross exposure per desk: 5 million USD."),
    ("Max gross exposure per desk: $5M.", "Max order size for the options desk: $2M."),
    (
        "Shipping to Germany: free above 50 EUR, otherwise 4.90 EUR.",
        "Shipping to Austria: free above 70 EUR, otherwise 6.90 EUR.",
    ),
    ("The data team's monthly cloud budget is €20k.", "The web team's monthly cloud budget is €35k."),
]


@pytest.mark.parametrize(("older", "newer"), COUNTS_MONEY_AND_HEARTBEATS_LOOK_ALIKES)
def test_equal_amounts_and_other_things_do_not_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)
