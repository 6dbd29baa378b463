"""Point-in-time numbers and deadlines the fifth round of blind memory showed the rules missing, each with invented EN/ZH variants and look-alikes.

Sentences are written here, not copied from the blind stores; every positive has look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from curator.rules.facts.numwords import normalise
from curator.rules.facts.subject import subject_tokens
from curator.rules.templates import different_subjects
from tests.rules.test_blind2_forms import findings

POINT_IN_TIME = [
    "31 tickets from the spring import still lack an owner.",
    "12 pods in the old node pool still run the 1.27 image.",
    "There are roughly 300 jobs stuck in the retry queue.",
    "There are still 40 messages sitting in the outbox table.",
    "The data volume is at 83 % right after the backfill.",
    "Disk on the runner sits at 92%.",
    "The cache disk: 410 of 500 GB used.",
    "A cold start of the API takes about 9 seconds.",
    "The full e2e suite takes 38 minutes on CI.",
    "全量回归要跑 52 分钟，大头是导出相关的用例。",
    "冷启动要 3 秒多，主要是字体加载。",
    "打包后主包 2.4 MB，懒加载后好一些。",
    "本月 GPU 机时用了 2,300 个小时，超预算了。",
    "We burned 1,900 credits this month on the BI refreshes.",
    "lint 现在还报 58 个警告，老代码里的居多。",
    "还有三十来个接口没补类型。",
    "接口 P95 目前 420 毫秒，慢在数据库。",
    "Page load is currently 3.1 s on a throttled connection.",
]


@pytest.mark.parametrize("statement", POINT_IN_TIME)
def test_point_in_time_counts_and_metrics_are_read(statement: str) -> None:
    assert statement_facts(statement).counts


FIXED_OR_SETTING = [
    "The edge box has 16 GB RAM and 4 cores.",
    "Tiers: Free has 1 project, Pro 10, Enterprise unlimited.",
    "The alert pages us when the data volume is at 90 %.",
    "Keep 3 replicas so the service still answers during a deploy.",
    "The maintenance window starts at 02:00 and lasts 2 hours.",
    "A deploy should take at most 10 minutes.",
    "The sync job took 40 minutes back when it had no index.",
    "超时目前设为 30 秒，重试 3 次。",
    "订单类型一共 6 种，枚举里都列了。",
    "列表每页 20 条，最多 100 条。",
    "Each item takes 2 seconds per retry at most.",
]


@pytest.mark.parametrize("statement", FIXED_OR_SETTING)
def test_specs_settings_and_conditions_are_no_point_in_time_count(statement: str) -> None:
    assert not statement_facts(statement).counts


def test_an_old_measured_duration_is_an_outdated_number(tmp_path: Path) -> None:
    found = findings(tmp_path, "The nightly integration run takes about 70 minutes.", age=200)
    assert ("outdated-number", ("e0.md",)) in found


def test_a_fresh_measured_duration_is_not(tmp_path: Path) -> None:
    found = findings(tmp_path, "The nightly integration run takes about 70 minutes.", age=5)
    assert ("outdated-number", ("e0.md",)) not in found


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("还有二十来个页面", "20来个"),
        ("三十多个告警", "30多个"),
        ("每天凌晨四点跑备份", "4点"),
        ("十二点前下线", "12点"),
    ],
)
def test_approximate_and_clock_numerals_become_digits(text: str, digits: str) -> None:
    assert digits in normalise(text)


def test_a_little_stays_words() -> None:
    assert normalise("接口有一点慢") == "接口有一点慢"


HOLIDAY_DEADLINES = [
    ("报表改版要在国庆前上线。", date(2026, 8, 3), date(2026, 10, 1)),
    ("双十二前把优惠券模板换掉。", date(2026, 10, 20), date(2026, 12, 12)),
    ("Ship the gift-card flow before Christmas.", date(2026, 9, 1), date(2026, 12, 25)),
    ("Code freeze until Thanksgiving.", date(2026, 9, 1), date(2026, 11, 26)),
    ("春节前把证书续上。", date(2026, 12, 1), date(2027, 2, 6)),
    ("大促前（10 月 20 日）压测完。", date(2026, 9, 1), date(2026, 10, 20)),
]


@pytest.mark.parametrize(("statement", "written", "due"), HOLIDAY_DEADLINES)
def test_holidays_and_parenthesised_dates_are_deadlines(statement: str, written: date, due: date) -> None:
    assert due in [day for day, _ in statement_facts(statement).deadlines(written)]


RECURRING = [
    ("每周二中午前交周报，晚了顺延到下周。", date(2026, 10, 6)),
    ("Every Friday before 4pm, tag the release; a missed one waits until next week.", date(2026, 10, 6)),
    ("Each sprint ends on Wednesday; demo before then.", date(2026, 10, 6)),
    ("We moved the warehouse to Airbyte before Christmas.", date(2026, 3, 1)),
]


@pytest.mark.parametrize(("statement", "written"), RECURRING)
def test_recurring_deadlines_and_past_events_name_no_deadline(statement: str, written: date) -> None:
    assert not statement_facts(statement).deadlines(written)


def test_a_passed_holiday_deadline_expires_the_entry(tmp_path: Path) -> None:
    found = findings(tmp_path, "新版结算页必须在国庆前全量上线。", age=150)
    assert ("expired-date", ("e0.md",)) in found


def test_a_weekly_deadline_never_expires(tmp_path: Path) -> None:
    found = findings(tmp_path, "每周五下午 5 点前提交周报，晚了就顺延到下周。", age=150)
    assert ("expired-date", ("e0.md",)) not in found


SAME_NUMBERS_WRITTEN_DIFFERENTLY = [
    ("数据库每天凌晨 2 点全量备份到对象存储，保留一周。", "每天凌晨两点，数据库全量备份会推到对象存储，留 7 天。"),
    (
        "The sandbox API key sits in 1Password; the live key only exists in the k8s secret `pay-live`.",
        "Sandbox key: in 1Password. The live key lives only in the `pay-live` Kubernetes secret.",
    ),
    (
        "订单状态以服务端回调为准，前端拿到成功页也不能直接改成已支付。",
        "前端看到成功页也不能自己把订单改成已支付，一律以服务端回调为准。",
    ),
]


@pytest.mark.parametrize(("older", "newer"), SAME_NUMBERS_WRITTEN_DIFFERENTLY)
def test_rewrites_with_converted_numbers_or_identifiers_are_duplicates(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", ("e0.md", "e1.md")) in findings(tmp_path, older, newer)


OTHER_NUMBERS = [
    ("数据库每天凌晨 2 点全量备份到对象存储，保留一周。", "每天凌晨两点，数据库全量备份会推到对象存储，留 5 天。"),
    ("数据库每天凌晨 2 点全量备份到对象存储，保留一周。", "每天凌晨四点，数据库全量备份会推到对象存储，保留一周。"),
    (
        "The sandbox API key sits in 1Password; the live key only exists in the k8s secret `pay-live`.",
        "The sandbox API key sits in Vault; the live key only exists in the AWS secret `pay-live`.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), OTHER_NUMBERS)
def test_rewrites_with_other_numbers_or_other_names_are_no_duplicates(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", ("e0.md", "e1.md")) not in findings(tmp_path, older, newer)


def test_a_translation_naming_a_person_in_pinyin_is_a_duplicate(tmp_path: Path) -> None:
    english = (
        "Zhang Wei is the product owner of the admin console. He doesn't code; show him UI changes as screenshots."
    )
    chinese = "张伟是后台的产品负责人，不写代码。给他看界面改动要用截图。"
    assert ("duplicate", ("e0.md", "e1.md")) in findings(tmp_path, english, chinese)


def test_entries_naming_two_different_search_engines_are_no_duplicate(tmp_path: Path) -> None:
    assert ("duplicate", ("e0.md", "e1.md")) not in findings(
        tmp_path, "日志检索用 Loki 实现。", "日志检索用 Elasticsearch 实现。"
    )


ONE_TEMPLATE_TWO_SUBJECTS = [
    (
        "Invoice PDFs: max 10 MB, kept for 7 years, watermark added.",
        "Receipt PDFs: max 10 MB, kept for 7 years, watermark added.",
    ),
    ("上海仓的发货时间是每天 16:00，之后的单次日发。", "广州仓的发货时间是每天 16:00，之后的单次日发。"),
    (
        "eslint settings for web/: eslint runs on `web/` with the `import/*` rules as errors.",
        "eslint settings for api/: eslint runs on `api/` with the `import/*` rules as warnings.",
    ),
    (
        "Release builds: `make release`, then `make sign`.",
        "Release builds: `make release`, then `make sign`. Debug builds use `make debug` with sanitizers on; never "
        "benchmark a debug build and never ship one to customers, the installer refuses them anyway.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), ONE_TEMPLATE_TWO_SUBJECTS)
def test_one_template_about_two_subjects_or_a_longer_superset_is_no_duplicate(
    tmp_path: Path, older: str, newer: str
) -> None:
    assert ("duplicate", ("e0.md", "e1.md")) not in findings(tmp_path, older, newer)


STILL_DUPLICATES = [
    ("The staging database is reset every night at 2am.", "Every night at 2am the staging database gets reset."),
    ("Never force-push to main; open a PR instead.", "Never force push to the main branch, open a PR instead."),
    ("上海仓的发货时间是每天 16:00，之后的单次日发。", "上海仓每天 16:00 截止发货，之后的单次日发。"),
    (
        "城市列表直接读本地的 `data/cities.json`，别每次都调接口拿。",
        "城市列表的数据用本地 JSON（`data/cities.json`），不要每次请求接口。",
    ),
]


@pytest.mark.parametrize(("older", "newer"), STILL_DUPLICATES)
def test_reworded_copies_stay_duplicates(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", ("e0.md", "e1.md")) in findings(tmp_path, older, newer)


def test_one_choice_over_the_same_rival_in_other_words_is_a_duplicate(tmp_path: Path) -> None:
    older = "前端日期统一用 date-fns，不要再引 moment，包体积差很多。"
    newer = "别再用 moment.js 了，太大；时间格式化一律走 date-fns。"
    assert ("duplicate", ("e0.md", "e1.md")) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("日期格式化统一用 date-fns，别再装 moment，包太大了。", "表格里的时间列用 date-fns 的 format 函数显示。"),
        ("日期格式化统一用 date-fns，别再装 moment，包太大了。", "日期格式化统一用 luxon，别再装 moment，时区好处理。"),
    ],
)
def test_a_choice_without_the_rival_or_another_choice_is_no_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", ("e0.md", "e1.md")) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("安卓推送用的证书文件放在 CI 的密钥库里，本地别存。", "iOS 推送证书放在 CI 的密钥库里，本地别存。"),
        ("微信支付的回调地址配在网关里，不要写死在代码里。", "支付宝回调地址也配在网关，不要写死在代码。"),
    ],
)
def test_one_rule_for_two_platforms_named_in_chinese_is_no_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", ("e0.md", "e1.md")) not in findings(tmp_path, older, newer)


def test_one_rule_for_one_platform_reworded_stays_a_duplicate(tmp_path: Path) -> None:
    older = "安卓正式包的签名文件放在 CI 的密钥库里，本地不要放。"
    newer = "安卓打包用的签名文件只存 CI 密钥库，本地别放。"
    assert ("duplicate", ("e0.md", "e1.md")) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("The staging DB is reset every night.", "The staging database is reset every night."),
        ("DB backups run nightly.", "Database backups run nightly."),
        ("Use k8s secrets for API keys.", "Use Kubernetes secrets for API keys."),
        ("测试环境的数据库每晚重置。", "测试环境的 DB 每晚重置。"),
        ("Never push to main directly.", "Never push to master directly."),
        ("Don't log request bodies.", "Don't log request payloads."),
    ],
)
def test_a_short_form_or_a_swapped_word_mid_sentence_is_no_other_subject(left: str, right: str) -> None:
    assert not different_subjects(subject_tokens(left), subject_tokens(right))


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("Staging deploys need one approval.", "Prod deploys need one approval."),
        ("Invoice PDFs: max 10 MB, kept for 7 years.", "Receipt PDFs: max 10 MB, kept for 7 years."),
    ],
)
def test_a_swapped_head_word_is_another_subject(left: str, right: str) -> None:
    assert different_subjects(subject_tokens(left), subject_tokens(right))
