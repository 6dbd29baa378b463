"""Polarity forms between two entries: permissions, dash-split clauses, plural PRs and every-environment rules, EN/ZH.

Every row is a pair of topic files (e0.md older); a phrasing row is a conflict, a look-alike row is none.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.span_stance import span_stances
from curator.rules.tool_moves import abandoned
from tests.rules.test_blind2_forms import PAIR, findings

OPPOSITE = [
    ("训练数据直接从 Lustre 读就行。", "训练数据一律先拷到节点本地 NVMe 再读，别直接读 Lustre。"),
    ("迁移脚本在本地直接跑 migrate 即可。", "不要在本地直接跑 migrate，交给流水线。"),
    ("图片直接传到 OSS 也可以。", "别把图片直接传到 OSS。"),
    ("PR 合并不要用 squash —— 用 rebase merge，保留每一个 commit。", "Always squash-merge PRs into `main`."),
    ("Don't squash MRs — rebase them.", "Always squash MRs into main."),
    ("任何环境（包括沙箱和本地）都不要打开 `wxali_debug_log`。", "在支付宝沙箱联调时一定要打开 `wxali_debug_log`。"),
    ("Never enable `verbose_sql` in any environment.", "On staging always enable `verbose_sql` while debugging."),
]


@pytest.mark.parametrize(("older", "newer"), OPPOSITE)
def test_opposite_stances_on_one_action_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


LOOK_ALIKES = [
    ("日志直接看 Grafana 就行。", "别直接读 Lustre。"),
    ("训练数据从 NFS 读就行。", "别直接读 Lustre。"),
    ("PR 合并不要用 squash —— 用 rebase merge，保留每一个 commit。", "Always rebase-merge PRs into `main`."),
    ("Don't squash MRs — rebase them.", "Always rebase MRs onto main."),
    ("生产环境不要打开 `wxali_debug_log`。", "在沙箱联调时一定要打开 `wxali_debug_log`。"),
]


@pytest.mark.parametrize(("older", "newer"), LOOK_ALIKES)
def test_other_objects_agreeing_actions_and_other_environments_make_no_conflict(
    tmp_path: Path, older: str, newer: str
) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


ABANDONED = [
    ("Use `Req` for all outbound HTTP.", "出站 HTTP 统一改用 `Tesla`，不要再用 `Req` 了。"),
    ("本地统一用 `wp-env`。", "本地开发改用 LocalWP；`wp-env` 不再用了。"),
    ("板子固件统一用 PlatformIO 编译。", "固件构建改成 CMake 直接编，PlatformIO 那套不要再用了。"),
    ("Newsletter is sent through Mailchimp.", "newsletter 改从 Buttondown 发，Mailchimp 账号不再用。"),
    ("The Flutter app uses Riverpod for state management.", "状态管理定了用 Bloc，Riverpod 那套别再加了。"),
    ("Don't squash — keep the full commit history.", "Squash-merge everything into main, one commit per PR."),
]


@pytest.mark.parametrize(("older", "newer"), ABANDONED)
def test_a_tool_one_entry_stops_using_conflicts_with_an_entry_using_it(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


ABANDONED_LOOK_ALIKES = [
    ("这个接口不要再用了。", "Use `Req` for outbound HTTP."),
    ("LocalWP 的站点名是 `wxali-dev`。", "`wp-env` 不再用了。"),
    ("PlatformIO 的旧配置留在 legacy 目录。", "PlatformIO 那套不要再用了。"),
    ("Riverpod 那套别再加了。", "Riverpod 的旧代码等有空再迁。"),
    ("Don't rebase feature branches.", "Squash-merge everything into main."),
]


@pytest.mark.parametrize(("older", "newer"), ABANDONED_LOOK_ALIKES)
def test_no_tool_named_or_a_tool_only_mentioned_makes_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("statement", "tools"),
    [
        ("出站 HTTP 统一改用 `Tesla`，不要再用 `Req` 了。", ["req"]),
        ("`wp-env` 不再用了。", ["wp-env"]),
        ("PlatformIO 那套不要再用了，依赖版本锁不住。", ["platformio"]),
        ("Mailchimp 账号不再用。", ["mailchimp"]),
        ("这个接口不要再用了。", []),
        ("不要再用 console 了。", []),
    ],
)
def test_tools_a_chinese_statement_says_to_stop_using(statement: str, tools: list[str]) -> None:
    assert abandoned(statement) == tools


SAME_JOB_CHOICES = [
    (
        "Compose 截图测试用 Paparazzi，`./gradlew recordPaparazziDebug` 更新基准图。",
        "截图测试现在统一用 Roborazzi（跑在 Robolectric 上）。",
    ),
    (
        "工单系统用 Zendesk，宏和触发器都在 Zendesk 后台维护。",
        "工单已经迁到 Freshdesk，新宏都建在 Freshdesk，Zendesk 后台别再改。",
    ),
    ("客服 bot 默认模型用 `gpt-4o-mini`，便宜够用。", "默认模型已换成 `claude-3-5-haiku`，4o-mini 只留作 fallback。"),
    ("新服务默认部署在 `ap-southeast-1`（新加坡）。", "新服务一律放东京 ap-northeast-1。"),
    ("机票一律订经济舱，报销标准卡得严。", "机票默认订商务舱，公司已经批了。"),
]


@pytest.mark.parametrize(("older", "newer"), SAME_JOB_CHOICES)
def test_two_tools_for_one_job_named_by_the_sentence_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


SAME_JOB_LOOK_ALIKES = [
    ("以前告警走 PagerDuty，去年年底整体迁到了 Opsgenie。", "以前音频用 FMOD，去年已经整体迁到 Wwise。"),
    ("日志统一用 zap。", "日志默认放 Loki。"),
    ("截图测试用 Paparazzi。", "单元测试现在统一用 Robolectric。"),
    ("默认模型用 `gpt-4o-mini`。", "embedding 模型统一用 `bge-m3`。"),
    ("工单系统用 Zendesk。", "工单系统的宏用 Zendesk 后台维护，报表用 Metabase。"),
    ("截图测试用 Paparazzi。", "截图测试用 Paparazzi 配合 Roborazzi 的规则。"),
]


@pytest.mark.parametrize(("older", "newer"), SAME_JOB_LOOK_ALIKES)
def test_tools_for_other_jobs_or_used_together_make_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


RETIRED_IN_ENGLISH = [
    (
        "New Vue components in the admin app are written with the Options API.",
        "Admin app: Composition API for all new components; no new Options API code.",
    ),
    ("Docs site is MkDocs Material.", "Write new pages as MDX for Docusaurus; the MkDocs build is switched off."),
    ("Error reports go to Rollbar.", "Our Rollbar account was cancelled last week."),
    (
        "Release notes are generated by release-please from conventional commits.",
        "changelog 和 release notes 改用 changesets 生成。",
    ),
    ("Feature previews are hosted on Netlify.", "Feature previews are now hosted on Vercel."),
]


@pytest.mark.parametrize(("older", "newer"), RETIRED_IN_ENGLISH)
def test_a_retired_tool_or_another_tool_for_the_job_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


RETIRED_LOOK_ALIKES = [
    ("Staging runs on Kubernetes.", "Staging was shut down overnight."),
    ("E2E tests run with Cypress.", "Don't add new tests to the Cypress suite."),
    ("Release notes are generated by release-please.", "Docs pages are generated by MkDocs."),
    ("Feature previews are hosted on Netlify.", "The marketing site is hosted on Vercel."),
]


@pytest.mark.parametrize(("older", "newer"), RETIRED_LOOK_ALIKES)
def test_a_retired_environment_or_another_job_makes_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("statement", "tools"),
    [
        ("no new Options API code.", ["options api"]),
        ("Don't add new RTK slices.", ["rtk"]),
        ("the MkDocs build is switched off.", ["mkdocs"]),
        ("The Jenkins server was shut down in May.", ["jenkins"]),
        ("The meeting was cancelled.", []),
        ("Staging was shut down overnight.", []),
        ("no new code in the legacy folder", []),
    ],
)
def test_tools_an_english_statement_retires(statement: str, tools: list[str]) -> None:
    assert abandoned(statement) == tools


@pytest.mark.parametrize(
    ("prose", "name", "stance"),
    [
        ("千万别跑 `make seed`，会清库。", "make seed", "neg"),
        ("No more `npm link` for local packages.", "npm link", "neg"),
        ("We stopped `git push --force` on shared branches.", "git push --force", "neg"),
        ("Run `make seed` after migrations.", "make seed", "pos"),
    ],
)
def test_one_list_of_refusing_words_reads_a_code_span_stance(prose: str, name: str, stance: str) -> None:
    assert span_stances(prose)[name] == frozenset({stance})


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Always pass `--no-verify` when amending a commit.", "提交时不能带 `--no-verify`。"),
        ("Always call `flush_cache()` after a deploy.", "部署后勿调用 `flush_cache()`。"),
    ],
)
def test_a_code_name_refused_with_any_listed_word_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)
