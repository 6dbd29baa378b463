"""Numbers that bound, change or plan something: a cap is a ceiling, a gain is a change, a version "when the upgrade lands" is a plan.

Sentences are written here, not copied from any store; each group has sentences that must still be read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from curator.rules.facts.glossary import concept
from curator.rules.facts.scope import scope_tokens
from tests.rules.test_blind2_forms import PAIR, findings

CAPS = [
    ("Play caps the compressed download size of the base module at 200 MB.", 200 * 1024 * 1024),
    ("The gateway limits request bodies to 10 MB.", 10 * 1024 * 1024),
    ("Nginx is capped at 20 MB per upload.", 20 * 1024 * 1024),
]


@pytest.mark.parametrize(("statement", "ceiling"), CAPS)
def test_a_cap_is_a_ceiling_not_a_measurement(statement: str, ceiling: int) -> None:
    facts = statement_facts(statement)
    assert [(quantity.low, quantity.high) for quantity in facts.quantities] == [(float("-inf"), ceiling)]
    assert not facts.counts


@pytest.mark.parametrize(
    "texts",
    [
        ("Play caps the compressed download size of the base module at 200 MB.", "Play reports a 27 MB download size."),
        ("The gateway limits request bodies to 10 MB.", "Typical request bodies are 2 MB."),
    ],
)
def test_a_value_under_the_cap_is_no_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


def test_a_value_over_the_cap_conflicts(tmp_path: Path) -> None:
    texts = ("The gateway limits request bodies to 10 MB.", "The gateway accepts request bodies of 25 MB.")
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    "texts",
    [
        ("Newsletter 目前 1,240 个订阅者。", "那篇文章上了首页，当天 Newsletter 涨了 900 个订阅。"),
        ("仓库现在 3,000 个 star。", "发布当天仓库新增了 400 个 star。"),
        ("The mailing list has 1,240 subscribers.", "The launch post gained 900 subscribers in a day."),
    ],
)
def test_a_gain_is_no_level(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    "statement",
    [
        "When the Elixir 1.18 / OTP 27 upgrade lands, drop the compatibility shim.",
        "Once the Node 22 + pnpm 9 bump is merged, update the CI image.",
        "After the Postgres 17 migration goes out, re-run the benchmarks.",
    ],
)
def test_a_version_an_upgrade_plan_names_is_no_claim(statement: str) -> None:
    assert not statement_facts(statement).versions


def test_a_version_in_use_is_still_a_claim() -> None:
    assert statement_facts("We run Elixir 1.18 now.").versions


@pytest.mark.parametrize(
    "texts",
    [
        ("调微信支付接口时 HTTP 超时设为 10 秒。", "调支付宝接口时 HTTP 超时设为 15 秒。"),
        ("请求物流接口的时候超时设为 8 秒。", "访问短信网关时超时设为 3 秒。"),
    ],
)
def test_settings_for_calls_to_different_services_do_not_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    """A Chinese "when calling X" clause (调 X 时) scopes the setting to X."""
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    "texts",
    [
        ("调支付宝接口时 HTTP 超时设为 10 秒。", "调支付宝接口时 HTTP 超时设为 15 秒。"),
        ("HTTP 超时统一设为 10 秒。", "HTTP 超时统一改成 15 秒了。"),
    ],
)
def test_one_service_or_no_scope_still_conflicts(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize(("word", "name"), [("支付宝", "alipay"), ("钉钉", "dingtalk"), ("飞书", "feishu")])
def test_a_vendor_written_in_chinese_is_its_name_not_a_generic_concept(word: str, name: str) -> None:
    assert concept(word) == name


FENCED = "Queue limits live in `config/runtime.exs`:\n\n```elixir\nqueues: [default: 10, media: {media}, mail: 2]\n```\n\nThumbnailing is CPU-bound."


def test_entries_whose_code_gives_a_setting_another_value_are_no_duplicate(tmp_path: Path) -> None:
    """Alike in every word, but the fenced code sets media to 4 on one side and 8 on the other."""
    found = findings(tmp_path, FENCED.format(media=4), FENCED.format(media=8))
    assert ("duplicate", PAIR) not in found


def test_entries_with_the_same_code_values_are_still_a_duplicate(tmp_path: Path) -> None:
    found = findings(tmp_path, FENCED.format(media=4), FENCED.format(media=4).replace("CPU-bound", "bound by CPU"))
    assert ("duplicate", PAIR) in found


@pytest.mark.parametrize("statement", ["API 请求超时 15 秒。", "请求时间超过 3 秒就告警。", "访问超时 5 秒。"])
def test_a_timeout_or_duration_word_is_no_call_scope(statement: str) -> None:
    """超时 and 时间 hold the character 时 but open no "when calling X" clause."""
    assert not scope_tokens(statement)
