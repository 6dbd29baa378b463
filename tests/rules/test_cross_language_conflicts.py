"""Conflicts whose two sides name a tool differently (package identifier vs product name) or speak different languages.

Every store row is a small store of topic files (e0.md oldest); the expected pair is a conflict, and a
look-alike gets no conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.choices import ChoiceTable
from curator.rules.tool_moves import abandoned
from tests.rules.test_blind2_forms import PAIR, findings

TOOL_NAMED_BY_PACKAGE_AND_BY_PRODUCT = [
    ("Charts: `apple_charts_kit` draws the weekly stats.", "We replaced Apple Charts with Recharts last month."),
    ("Payments go through `stripe_react_native`.", "支付从 Stripe 换成了 Adyen，合规要求。"),
    ("Analytics events are sent with `firebase_analytics`.", "埋点从 Firebase Analytics 迁到 Amplitude 了。"),
    ("Search box uses `algolia_helper` for instant results.", "Algolia was replaced by Typesense in the web app."),
    ("Crash reports go to Firebase Crashlytics.", "崩溃上报换成 Bugsnag 了，Crashlytics SDK 已经移除。"),
    ("Errors are reported via `sentry_dart`.", "We moved error reporting off Sentry to Bugsnag."),
]


@pytest.mark.parametrize("texts", TOOL_NAMED_BY_PACKAGE_AND_BY_PRODUCT)
def test_a_package_and_the_product_it_wraps_are_one_tool(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


REMOVED_PACKAGE_LEAVES = [
    ("Deep links handled by `uni_links`.", "`uni_links` 已经从 pubspec.yaml 删除了，别再引入。"),
    ("Deep links handled by `uni_links`.", "The `uni_links` package was removed in 3.2."),
    ("Image picking via `image_picker_plus`.", "`image_picker_plus` 已移除，改为系统相册。"),
    ("Feature flags through `flagsmith_client`.", "Removed: `flagsmith_client` package was uninstalled last week."),
]


@pytest.mark.parametrize("texts", REMOVED_PACKAGE_LEAVES)
def test_a_package_the_store_removed_conflicts_with_using_it(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    "texts",
    [
        ("Charts: `apple_charts_kit` draws the weekly stats.", "Apple Charts needs iOS 16."),
        ("Deep links handled by `uni_links`.", "旧的 `link_cache` 已经从 pubspec.yaml 删除了。"),
        ("Deep links handled by `uni_links`.", "The stale link cache was removed in 3.2."),
        ("Read `SENTRY_DSN` from the environment.", "We moved error reporting off Sentry to Bugsnag."),
        ("Crash reports go to Firebase Crashlytics.", "Crashlytics 的 dSYM 上传放到 fastlane 里了。"),
        ("Errors are reported via `sentry_dart`.", "Sentry alerts go to #mobile-alerts."),
    ],
)
def test_look_alikes_of_renamed_or_removed_tools_stay_quiet(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, *texts))


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("`uni_links` 已经从 pubspec.yaml 删除了。", ["uni_links"]),
        ("Crashlytics SDK 已经在 4.1 移除了。", ["crashlytics"]),
        ("The `uni_links` package was removed in 3.2.", ["uni_links"]),
        ("Bugsnag SDK removed.", ["bugsnag"]),
        ("The stale link cache was removed.", []),
        ("`page_size` 参数已经删除了。", []),
        ("旧的 cache 目录已经删掉了。", []),
    ],
)
def test_removed_tools_are_read_as_left(statement: str, expected: list[str]) -> None:
    assert abandoned(statement) == expected


@pytest.mark.parametrize(
    ("statement", "stance"),
    [
        ("Maps: `google_maps_flutter` everywhere.", ("google maps", "pos")),
        ("We replaced Google Maps with Mapbox.", ("google maps", "neg")),
        ("Crash reporting is Firebase Crashlytics.", ("crashlytics", "pos")),
        ("Crashlytics SDK 已经在 4.1 移除了。", ("crashlytics", "neg")),
        ("`firebase_crashlytics` 已经从 pubspec 删掉。", ("crashlytics", "neg")),
    ],
)
def test_package_identifiers_and_vendor_prefixes_name_the_member(statement: str, stance: tuple[str, str]) -> None:
    table = ChoiceTable([["google maps", "mapbox"]])
    assert stance in [(found.member, found.polarity) for found in table.stances(statement)]


@pytest.mark.parametrize(
    "statement",
    ["Read `SENTRY_DSN` from the environment.", "Maps: `googlemapsflutter` everywhere.", "Call `maps_google_x`."],
)
def test_identifiers_that_only_resemble_a_member_name_nothing(statement: str) -> None:
    table = ChoiceTable([["google maps", "mapbox"]])
    assert table.stances(statement) == []


NUMBERS_ACROSS_LANGUAGES = [
    (
        "Shoppers can cancel an order within 3 minutes of paying.",
        "下单后的取消时限改成 5 分钟了 (`kOrderCancelLimit`)。",
    ),
    ("Guests may cancel an order within 10 minutes.", "取消订单的窗口缩短为 4 分钟，`kCancelWindowMinutes = 4`。"),
    ("The driver app cancels a trip after 45 s without a response.", "司机端取消行程的等待时间改成 60 秒了。"),
]


@pytest.mark.parametrize("texts", NUMBERS_ACROSS_LANGUAGES)
def test_a_number_in_english_and_in_chinese_on_one_subject_conflicts(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    "texts",
    [
        ("Shoppers can cancel an order within 3 minutes of paying.", "骑手接单后 90 秒内必须确认 (`kAcceptWindow`)。"),
        ("Guests may cancel an order within 10 minutes.", "退款审核窗口是 30 分钟，`kRefundReviewWindow = 30`。"),
        ("Drivers must accept a trip within 45 s.", "上传头像的超时改成 60 秒了 (`kAvatarUploadTimeout`)。"),
    ],
)
def test_numbers_on_two_subjects_in_two_languages_stay_apart(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, *texts))


CHINESE_FAILURES_AND_SETUPS_LEFT = [
    ("Manage Python deps with poetry.", "依赖改用 uv 了：poetry 装不了我们的私有轮子。"),
    ("JS packages: install with yarn.", "换回 npm 了，yarn 解析不了 workspace 协议。"),
    ("Benchmarks: `criterion` suites in `benches/`.", "基准测试换成 divan 了，criterion 那套已经删掉。"),
    ("Load tests: `locust` files in `perf/`.", "压测改用 k6，locust 这套已经移除了。"),
]


@pytest.mark.parametrize("texts", CHINESE_FAILURES_AND_SETUPS_LEFT)
def test_a_tool_said_to_fail_or_be_deleted_in_chinese_conflicts(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    "texts",
    [
        ("Manage Python deps with poetry.", "poetry 的锁文件别手改。"),
        ("Load tests: `locust` files in `perf/`.", "把 log 那套已经删掉了。"),
        ("Load tests: `locust` files in `perf/`.", "locust 报告目录已经删掉了。"),
    ],
)
def test_look_alikes_of_failing_or_deleted_tools_stay_quiet(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, *texts))


@pytest.mark.parametrize(
    "texts",
    [
        ("Per-user upload rate limit is 30 messages/s.", "上传限速改成每秒 10 条了。"),
        ("Webhook rate limit: 200 events/m.", "webhook 限流改成每分钟 50 个。"),
    ],
)
def test_a_rate_written_with_a_slash_meets_a_chinese_rate(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    ("statement", "rate"),
    [
        ("Per-user upload rate limit is 30 messages/s.", "second"),
        ("The sync task is capped at 10/m.", "minute"),
        ("Cruise at 90 km/h.", "hour"),
        ("Mount 5 volumes under /s/data.", None),
        ("Copy 3 files to s3://bucket/s.", None),
    ],
)
def test_a_slash_unit_after_a_number_is_a_rate(statement: str, rate: str | None) -> None:
    from curator.rules.facts import statement_facts

    assert [quantity.rate for quantity in statement_facts(statement).quantities][:1] == ([rate] if rate else [None])


@pytest.mark.parametrize(
    ("statement", "days"),
    [
        ("Sprint demo happens every other Friday.", 14.0),
        ("We tag a release candidate every second week.", 14.0),
        ("Dependency bumps are fortnightly.", 14.0),
        ("Backups rotate biweekly.", 14.0),
        ("周报改成隔周发一次。", 14.0),
        ("Sprint demo happens every Friday.", 7.0),
        ("Board review is the second Tuesday of every month.", None),
    ],
)
def test_fortnightly_schedules_are_two_weeks(statement: str, days: float | None) -> None:
    from curator.rules.facts.schedules import schedules

    found = sorted({quantity.low / 86400 for quantity in schedules(statement) if quantity.low == quantity.high})
    assert found == ([days] if days else [])


def test_a_fortnightly_release_conflicts_with_a_weekly_one_in_chinese(tmp_path: Path) -> None:
    assert ("conflict", PAIR) in findings(
        tmp_path, "Sprint demo happens every other Friday.", "迭代演示改成每周五一次。"
    )


QUALIFIED_UNIT_ACROSS_LANGUAGES = [
    ("博客每周最多发 3 篇，周二、周四、周六各 1 篇。", "Publish at most 2 blog posts per week from now on."),
    ("Ship at most 4 blog posts a week.", "每周最多发 6 篇博客。"),
    ("每天最多 2 条视频更新。", "Post at most 3 video updates per day."),
]


@pytest.mark.parametrize("texts", QUALIFIED_UNIT_ACROSS_LANGUAGES)
def test_a_qualified_unit_meets_its_translation(tmp_path: Path, texts: tuple[str, str]) -> None:
    """A unit qualified by blog ("2 blog posts") meets a Chinese subject that names 博客 instead."""
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    "texts",
    [
        ("视频每周最多发 3 条。", "Publish at most 2 blog posts per week."),
        ("公众号每周最多发 3 篇。", "Publish at most 2 blog posts per week."),
        ("Ship at most 4 blog posts a week.", "Newsletter 每周最多发 6 篇。"),
    ],
)
def test_a_qualified_unit_stays_apart_from_other_channels(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, *texts))
