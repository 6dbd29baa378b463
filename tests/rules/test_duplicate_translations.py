"""English↔Chinese translations that illustrate a rule with different examples are still one rule.

A code span given as an example ("e.g. `feat(auth): add login retry`", "比如 `fix(api): …`") illustrates the rule;
two entries stating one rule pick their own examples. Look-alikes state another limit or another language.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.translations import example_words
from tests.rules.test_blind2_forms import PAIR, findings

TRANSLATIONS = [
    (
        "Commit messages in English, Conventional Commits style: `type(scope): short summary` (e.g. `feat(auth): add login retry`); the body explains why.",
        "commit message 用英文，Conventional Commits 风格 `类型(范围): 简短描述`，比如 `fix(api): handle empty cursor`，正文写清楚为什么改。",
    ),
    (
        'API errors return a problem+json body with `type`, `title` and `detail` (e.g. `{"type":"quota","title":"Quota exceeded"}`); the detail says why.',
        'API 错误统一返回 problem+json，包含 `type`、`title`、`detail`，比如 `{"type":"auth","title":"Token expired"}`，detail 写清楚为什么。',
    ),
]

OTHER_RULES = [
    (
        "Commit subject lines are at most 50 characters, in English (e.g. `ble: fix adv restart`).",
        "commit 标题最多 72 个字符，用英文，比如 `sensor: fix CRC check`。",
    ),
    (
        "Commit messages in English, Conventional Commits style (e.g. `feat(auth): add login retry`); the body explains why.",
        "commit message 用中文，Conventional Commits 风格，比如 `fix(api): 处理空游标`，正文写清楚为什么改。",
    ),
]


@pytest.mark.parametrize(("older", "newer"), TRANSLATIONS)
def test_a_translation_with_its_own_examples_is_a_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), OTHER_RULES)
def test_another_limit_or_language_is_no_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("prose", "words"),
    [
        ("Style: `area: summary` (e.g. `ble: fix adv`).", {"ble", "fix", "adv"}),
        ("风格 `子系统: 描述`，比如 `sensor: fix crc`。", {"sensor", "fix", "crc"}),
        ("Run `make lint` before `make deploy`.", set()),
    ],
)
def test_example_words(prose: str, words: set[str]) -> None:
    assert example_words(prose) == frozenset(words)
