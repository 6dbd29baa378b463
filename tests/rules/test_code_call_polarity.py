"""Code names always used in one entry and refused in another: single-word flags (`--recover`), calls in code
(`printk()`, `renv::snapshot()`) and the same call named bare later in the entry, with 以后…都 / from now on as "always".

Each positive pair is a conflict; each look-alike (two names, a mention without a rule, the same stance) is none.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.code_polarity import stances
from curator.rules.facts import statement_facts
from tests.rules.test_blind2_forms import PAIR, findings


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Always run `renv::snapshot()` before committing.", {("pos", "snapshot")}),
        ("不要再手动跑 `renv::snapshot()` 了。", {("neg", "snapshot")}),
        ("Never run `west flash --recover` on the rack boards.", {("neg", "--recover")}),
        ("烧录前总是先 `west flash --recover`。", {("pos", "--recover")}),
        ("`kernel/` 下禁止使用 `printk()`。", {("neg", "printk")}),
        ("From now on debug with `dbg_dump()` first.", {("pos", "dbg_dump")}),
        ("以后排查问题都先用 `trace_dump()`。", {("pos", "trace_dump")}),
    ],
)
def test_flags_and_calls_get_a_stance(text: str, expected: set[tuple[str, str]]) -> None:
    assert {(stance.polarity, stance.name) for stance in stances([statement_facts(text)])} == expected


def test_a_call_named_bare_later_in_the_entry_keeps_its_stance() -> None:
    texts = ["调试直接用 `printk()`。", "以后 `drivers/` 下排查问题都先用 printk。"]
    assert ("pos", "printk") in {
        (stance.polarity, stance.name) for stance in stances([statement_facts(text) for text in texts])
    }


@pytest.mark.parametrize(
    "text",
    [
        "The `--recover` flag mass-erases the chip.",
        "`printk()` output goes to the UART console.",
        "Use -x for short runs.",
        "The report says to put `library(dplyr)` at the top.",
    ],
)
def test_a_mention_without_a_rule_has_no_stance(text: str) -> None:
    assert stances([statement_facts(text)]) == []


CALL_CLASHES = [
    (
        "Always run `renv::snapshot()` yourself when you add a package.",
        "不要再手动跑 `renv::snapshot()` 了，只由 release 脚本更新。",
    ),
    ("跑 HIL 测试之前总是先 `west flash --recover`。", "Never run `west flash --recover` before HIL tests."),
    ("Never call `printk()` in driver code.", "Driver debugging: from now on always use `printk()`."),
    ("Never call `library()` inside package code.", "Put `library(dplyr)` at the top of the module file."),
]


@pytest.mark.parametrize(("older", "newer"), CALL_CLASHES)
def test_a_call_always_used_and_refused_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Always run `renv::snapshot()` when you add a package.", "Always run `renv::restore()` after pulling."),
        ("Never run `west flash --recover` on rack boards.", "Never run `west flash --erase` on rack boards."),
        ("统一用 `--output=json` 输出。", "别再用 `--output=table` 了。"),
        ("Always use `log_inf()` in drivers.", "Never call `printk()` in drivers."),
    ],
)
def test_different_calls_or_the_same_stance_do_not_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, older, newer))
