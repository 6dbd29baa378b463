"""Choices named in prose that no exclusive-set table lists: two entries that pick different names for one role, one of
them saying the pick is settled or new ("now", "moved to", 统一, 改用).

Sentences are written here, not copied from any store. Each look-alike has the same shape but two roles, a role
qualified apart, a pick nobody settles, or one name, and must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts.named_choices import named_choices
from tests.rules.test_blind2_forms import PAIR, findings

ONE_ROLE_TWO_NAMES = [
    (
        "Preview environments: use `Netlify` for every branch.",
        "Every branch gets its preview environment on Render now.",
    ),
    ("Feature flags are served through LaunchDarkly.", "Feature flags moved to Unleash last sprint."),
    ("New Android screens use Koin for dependency injection.", "For new Android screens we're on Hilt now."),
    ("日志采集用 Fluentd，配置在 `ops/logging/` 里。", "日志采集统一改用 Vector，Fluentd 的镜像已经删了。"),
    ("错误监控接的是 Bugsnag，告警发到值班群。", "错误监控统一接 Rollbar，新项目别再建 Bugsnag 项目。"),
    (
        "Search indexing: use Elasticsearch for product search.",
        "商品搜索统一改用 Meilisearch，索引脚本在 `search/` 下。",
    ),
]

SILENT = [
    (
        "Preview environments: use Netlify for every branch.",
        "Every branch gets its preview environment on Netlify now.",
    ),
    ("Feature flags are served through LaunchDarkly.", "Error tracking moved to Sentry last sprint."),
    ("UI 动画统一用 Tweener。", "角色动画统一用 Spine。"),
    ("Preview environments: use Netlify for every branch.", "Preview environments run on Render for the docs site."),
    ("New admin pages use Tabulator for data grids.", "Old admin pages now use Handsontable for data grids."),
    ("The storefront serves images through Imgix.", "The admin app now serves images through Cloudinary."),
    ("前台页面的表格用 Tabulator。", "后台的表格现在统一用 Handsontable。"),
    ("日志采集用 Fluentd。", "日志查询用 Grafana。"),
    ("Release builds are signed on Friday.", "Release builds now run on Monday."),
]


@pytest.mark.parametrize("texts", ONE_ROLE_TWO_NAMES)
def test_two_names_for_one_role_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", SILENT)
def test_other_roles_one_name_or_unsettled_picks_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


def test_an_instruction_needs_no_settling_word(tmp_path: Path) -> None:
    found = findings(
        tmp_path,
        "Docs examples: use HTTPie for every API call shown.",
        rules_text=("- Docs examples must use cURL for every API call shown.",),
    )
    assert ("conflict", ("CLAUDE.md:L1", "e0.md")) in found


@pytest.mark.parametrize(
    ("statement", "names"),
    [
        ("Everyone runs the local cluster on k3d now: `k3d cluster create dev`.", {"k3d"}),
        ("评论系统用 Giscus（GitHub Discussions），审核在后台做。", {"Giscus"}),
        ("Use CSS Modules for component styles.", {"CSS Modules"}),
        ("Workers run with `max_attempts: 10` now.", set()),
        ("Don't add Tesla as a dependency.", set()),
        ("The on-call sync is on Friday now.", set()),
        ("Base images are built with `docker build --pull` now.", set()),
    ],
)
def test_names_are_read_only_where_a_clause_chooses_them(statement: str, names: set[str]) -> None:
    assert {choice.name for choice in named_choices(statement) if not choice.refused} == names


CHOSEN_AND_TURNED_DOWN = [
    ("Use `Ky` for all outbound HTTP calls in the web app.", "出站 HTTP 统一改用 `ofetch`，不要再用 `Ky` 了。"),
    (
        "Profiling runs go through Pyroscope.",
        "Don't send profiling runs to Pyroscope any more; the retention is too short.",
    ),
]

TURNED_DOWN_ELSEWHERE = [
    ("Log every run to the Comet project `ranker`.", "Don't log checkpoints as Comet artifacts — too big."),
    ("Use `Ky` for all outbound HTTP calls in the web app.", "以前用 `Ky`，后来换成了 `ofetch`。"),
    ("组件里的请求统一用 `Ky`。", "单元测试里不要用 `Ky` 发真实请求，用 mock。"),
]


@pytest.mark.parametrize("texts", CHOSEN_AND_TURNED_DOWN)
def test_a_name_chosen_and_turned_down_for_one_role_conflicts(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", TURNED_DOWN_ELSEWHERE)
def test_a_name_turned_down_for_another_thing_or_in_the_past_stays_silent(
    tmp_path: Path, texts: tuple[str, str]
) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


def test_a_name_with_its_version_is_left_to_the_version_check(tmp_path: Path) -> None:
    found = findings(
        tmp_path, "The repo is pinned to Deno 1.46 for every service.", "The repo now uses Bun for every service."
    )
    assert ("conflict", PAIR) not in found
