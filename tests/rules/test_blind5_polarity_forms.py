"""Polarity and tool-choice forms the fifth blind round showed the rules missing, with invented EN/ZH variants and look-alikes.

Every row is a small store of topic files (e0.md oldest) and, where given, instruction-file rules
(CLAUDE.md:L…); the expected pair is found, and a look-alike gets no conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.choices import ChoiceTable
from curator.rules.facts import statement_facts
from curator.rules.migrations import learned_sets
from curator.rules.tool_moves import abandoned
from tests.rules.test_blind2_forms import PAIR, findings

RULE_PAIR = ("CLAUDE.md:L1", "e0.md")

LEFT_TOOLS = [
    ("We moved off goose in October; Atlas writes the files now.", ["goose"]),
    ("Dropped Yarn last sprint.", ["yarn"]),
    ("We stopped using cron, systemd timers are simpler.", ["cron"]),
    ("We got rid of Redis entirely.", ["redis"]),
    ("我们停用 Jenkins 了，改用 Buildkite。", ["jenkins"]),
    ("Travis CI 已经废弃了。", ["travis ci"]),
    ("We moved off the monolith last year.", []),
    ("We dropped support for IE11.", []),
    ("dropped the ball on that release", []),
]


@pytest.mark.parametrize(("statement", "tools"), LEFT_TOOLS)
def test_tools_a_statement_says_were_left(statement: str, tools: list[str]) -> None:
    assert abandoned(statement) == tools


def test_a_left_tool_is_a_set_of_its_own() -> None:
    assert learned_sets(["We moved off sqlc in May.", "We moved off Koin to Hilt."]) == [["hilt", "koin"], ["sqlc"]]


LEFT_TOOL_CONFLICTS = [
    (("We moved off goose in March, the schema lives in HCL now.",), ("Schema migrations are written with goose.",)),
    (("We log with zerolog.", "We moved off zerolog in June, it is slog now."), ()),
    (("Cron jobs are run with cron on the box.", "We stopped using cron, every job is a systemd timer now."), ()),
    (("我们停用 Jenkins 了。",), ("CI 用 Jenkins 跑。",)),
]


@pytest.mark.parametrize(("texts", "rules_text"), LEFT_TOOL_CONFLICTS)
def test_a_tool_one_entry_left_conflicts_with_an_entry_using_it(
    tmp_path: Path, texts: tuple[str, ...], rules_text: tuple[str, ...]
) -> None:
    expected = RULE_PAIR if rules_text else PAIR
    assert ("conflict", expected) in findings(tmp_path, *texts, rules_text=rules_text)


LEFT_TOOL_LOOK_ALIKES = [
    ("We moved off goose in March.", "Atlas writes the schema migrations."),
    ("We moved off the monolith last year.", "The monolith is read-only."),
    ("We dropped support for IE11.", "Support tickets go to Zendesk."),
]


@pytest.mark.parametrize(("older", "newer"), LEFT_TOOL_LOOK_ALIKES)
def test_a_left_tool_alone_or_a_common_word_is_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("statement", "member"),
    [
        ("Before pushing run `npm run test:unit` (Jest).", "jest"),
        ("合并前跑 `pnpm test`（Vitest）。", "vitest"),
        ("Unit tests (mocha) run in CI.", "mocha"),
    ],
)
def test_a_tool_named_in_parentheses_after_what_it_runs_is_asserted(statement: str, member: str) -> None:
    stances = statement_facts(statement).stances(ChoiceTable())
    assert any(stance.member == member and stance.polarity == "pos" for stance in stances)


@pytest.mark.parametrize(
    "statement", ["We removed the old runner (Jest).", "Legacy suites (Jest) are frozen.", "不要再跑单测（Jest）。"]
)
def test_a_tool_in_parentheses_beside_a_rejection_is_not_asserted(statement: str) -> None:
    stances = statement_facts(statement).stances(ChoiceTable())
    assert not any(stance.member == "jest" and stance.polarity == "pos" for stance in stances)


INSTRUMENT_CONFLICTS = [
    ("Use mockery for interface mocks.", "Write interface mocks by hand with testify/mock."),
    ("Use sqlc for database queries.", "Database queries are written with sqlx."),
    ("Use Storybook for component docs.", "Component docs are built with Docusaurus."),
    ("Generate API clients with openapi-generator.", "Use oapi-codegen for API clients."),
    ("状态管理用 Pinia。", "状态管理统一用 Vuex。"),
    ("We use mockgen to generate interface mocks.", "Interface mocks are written with counterfeiter."),
    ("We now use Atlas for schema migrations.", "Use goose to write schema migrations."),
    ("Format Go code with gofmt.", "We format Go code with gofumpt."),
]


@pytest.mark.parametrize(("older", "newer"), INSTRUMENT_CONFLICTS)
def test_two_tools_named_for_one_job_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


INSTRUMENT_LOOK_ALIKES = [
    ("Use mockery for interface mocks.", "Use testify/assert for test assertions."),
    ("Use sqlc for database queries.", "Use goose for database migrations."),
    ("Use mockery for interface mocks.", "Use mockery for interface mocks, testify/mock for one-off fakes."),
    ("Use mockery for interface mocks.", "Don't use testify/mock for interface mocks."),
    ("状态管理用 Pinia。", "路由管理用 vue-router。"),
    ("We use mockgen to generate interface mocks.", "We use faker to generate test fixtures."),
]


@pytest.mark.parametrize(("older", "newer"), INSTRUMENT_LOOK_ALIKES)
def test_tools_for_other_jobs_or_compared_in_one_entry_are_no_choice(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


PRACTICE_CONFLICTS = [
    (("After every rebase I force-push to main.",), ("Never force-push to main.",)),
    (("紧急修数时直接在 prod 上对订单表手动执行 UPDATE，事后补工单。",), ("永远不要在生产库上手动执行 UPDATE。",)),
    (("For hotfixes we deploy straight from a laptop with `make ship`.",), ("Don't deploy straight from a laptop.",)),
    (
        ("Quarter close: finance asks and the on-call engineer edits invoices by hand in the admin.",),
        ("Never edit invoices by hand.",),
    ),
    (("退款失败时直接在生产库上手动改数据，再通知财务。",), ("不要在生产库上手动改数据。",)),
    (("Search results are cached for ten minutes in Redis.",), ("Never cache the search results.",)),
    (
        ("The nightly Jenkins job restarts the queue workers after the backup.",),
        ("Don't restart the queue workers from Jenkins.",),
    ),
]


@pytest.mark.parametrize(("texts", "rules_text"), PRACTICE_CONFLICTS)
def test_a_memory_describing_what_a_rule_forbids_conflicts(
    tmp_path: Path, texts: tuple[str, ...], rules_text: tuple[str, ...]
) -> None:
    assert ("conflict", RULE_PAIR) in findings(tmp_path, *texts, rules_text=rules_text)


PRACTICE_LOOK_ALIKES = [
    ("The pre-commit hook blocks anyone who tries to force-push to main.", "Never force-push to main."),
    ("If someone force-push to main by mistake, restore from the reflog.", "Never force-push to main."),
    ("为了防止有人在生产库上手动执行 UPDATE，DBA 收回了写权限。", "永远不要在生产库上手动执行 UPDATE。"),
    ("We never deploy straight from a laptop.", "Don't deploy straight from a laptop."),
    ("Search results are never cached.", "Never cache the search results."),
    ("Autocomplete results are cached for ten minutes.", "Never cache the search results."),
    (
        "Jenkins never restarts the queue workers; the on-call restarts the queue workers by hand.",
        "Don't restart the queue workers from Jenkins.",
    ),
    ("为了避免在生产库上手动改数据，我们加了审批流程。", "不要在生产库上手动改数据。"),
]


@pytest.mark.parametrize(("memory", "rule"), PRACTICE_LOOK_ALIKES)
def test_a_forbidden_phrase_in_a_guard_a_condition_or_a_negation_is_no_practice(
    tmp_path: Path, memory: str, rule: str
) -> None:
    assert ("conflict", RULE_PAIR) not in findings(tmp_path, memory, rules_text=(rule,))


SINGLE_OBJECT_LOOK_ALIKES = [
    ("改完代码先跑相关测试，不要全量跑。", "快照表每次都全量比对 `updated_at`。"),
    ("Don't rebuild fully on every commit.", "Always fully compare the lockfile hashes."),
]


@pytest.mark.parametrize(("older", "newer"), SINGLE_OBJECT_LOOK_ALIKES)
def test_one_shared_modifier_with_another_verb_is_no_opposite_action(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)


PURPOSE_AND_MANNER_CONFLICTS = [
    ("详情页一律不要用 localStorage 存储。", "详情页都包一层 `localStorage` 封装，刷新后恢复表单。"),
    ("弹窗里不要用 v-if 切换。", "弹窗里一律用 `v-if` 控制显隐。"),
    (
        "Never re-send a failed payout automatically.",
        "Bank timeouts: always queue one automatic re-send an hour later.",
    ),
    ("Don't rotate the signing keys automatically.", "Always schedule an automatic rotate at the end of the quarter."),
]


@pytest.mark.parametrize(("older", "newer"), PURPOSE_AND_MANNER_CONFLICTS)
def test_a_rejected_tool_or_automatic_action_asked_for_elsewhere_conflicts(
    tmp_path: Path, older: str, newer: str
) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


PURPOSE_AND_MANNER_LOOK_ALIKES = [
    ("详情页一律不要用 localStorage 存储。", "列表页都用 sessionStorage 记住筛选条件。"),
    ("Never re-send a failed payout automatically.", "Always re-send failed webhook deliveries automatically."),
    ("Never re-send a failed payout automatically.", "Failed payouts are re-sent by hand after a review."),
]


@pytest.mark.parametrize(("older", "newer"), PURPOSE_AND_MANNER_LOOK_ALIKES)
def test_another_tool_or_an_automatic_action_on_another_object_is_no_conflict(
    tmp_path: Path, older: str, newer: str
) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, older, newer)
