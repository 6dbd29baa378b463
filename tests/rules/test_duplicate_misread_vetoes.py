"""Duplicate vetoes that must not fire on a misreading: a Chinese verb phrase before an English component noun
("避免阻塞 API 进程") or "在哪里" read as a scope, a Chinese scope word the glossary does not know set against its
English translation, a refusal carried by a pronoun in the next sentence ("… `x` … It must not be committed."), and
"this week" written on two different days.

Each positive restates one fact in other words; each look-alike keeps the wording and changes the scope, the stance
on the command, the week or a number, and must stay silent. Every pair is tried in both orders.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from curator import rules
from curator.model import Store
from curator.rules.facts.scope import scope_tokens
from curator.rules.span_stance import span_stances
from tests.rules.test_blind2_forms import NOW, _entry

PAIR = ("e0.md", "e1.md")

EXPORT_IN_WORKER = "报表导出用 openpyxl 生成 xlsx，放在 Celery worker 里跑，避免阻塞 API 进程；文件传到 S3，返回 1 小时有效的签名链接。"
EXPORT_NOT_IN_API = (
    "报表 xlsx 不在 API 进程里生成：由 Celery worker 调 openpyxl 生成，上传 S3 后返回一个一小时有效的签名 URL。"
)
SANDBOX_ZH = "Stripe 测试网关是 `https://api.stripe.test/v1`。测试买家账号在 1Password 的 `shop-pay` 保险库里。"
SANDBOX_EN = "The Stripe test gateway is `https://api.stripe.test/v1`. The test buyer account is in the 1Password vault `shop-pay`."
SIGNING_IT = (
    "The release signing key (`release.jks`) is decrypted by CI from the `ANDROID_KEYSTORE` secret before `bundleRelease`. "
    "It must not be committed to the repo."
)
SIGNING_NEVER = (
    "Never commit `release.jks` to the repo; CI decrypts it from the `ANDROID_KEYSTORE` secret before `bundleRelease`."
)
HANDOVER_STEPS = (
    "值班交接：① 在 #ops-oncall 贴出本周还没关的告警；② 在 Opsgenie 把排班改给下一个人；③ 检查 Jenkins 里还失败的构建。"
)
HANDOVER_ORDER = (
    "交接值班时：先看 Jenkins 里还失败的构建，再在 #ops-oncall 列出本周没关闭的告警，最后在 Opsgenie 把排班切给下一位。"
)
WEEKLY_EN = "At the on-call handover, post this week's open incidents in #ops-oncall and hand the PagerDuty rota to the next person."
WEEKLY_EN_AGAIN = "On-call handover: share the incidents still open this week in #ops-oncall, then pass the PagerDuty rota to whoever is next."

SAME_FACT = [
    (EXPORT_IN_WORKER, EXPORT_NOT_IN_API),
    (SANDBOX_ZH, SANDBOX_EN),
    (SIGNING_IT, SIGNING_NEVER),
    (HANDOVER_STEPS, HANDOVER_ORDER),
    (WEEKLY_EN, WEEKLY_EN_AGAIN),
]

ONE_FACT_APART = [
    (EXPORT_IN_WORKER, EXPORT_NOT_IN_API.replace("一小时", "一天")),
    (SANDBOX_ZH, SANDBOX_EN.replace("Stripe test gateway", "Stripe live gateway").replace("stripe.test", "stripe.com")),
    (SIGNING_IT, SIGNING_NEVER.replace("Never commit", "Always commit")),
    (HANDOVER_STEPS, HANDOVER_ORDER.replace("本周", "下周")),
    (WEEKLY_EN, WEEKLY_EN_AGAIN.replace("this week", "next week")),
]


def findings(tmp_path: Path, older: str, newer: str, days_apart: int = 60) -> set[tuple[str, tuple]]:
    """(rule, sorted entries) of the drift findings on two topic files written `days_apart` days apart."""
    store = Store(root=tmp_path, format="claude-code")
    for position, (text, age) in enumerate(((older, days_apart + 5), (newer, 5))):
        store.entries.append(_entry(f"e{position}.md", "file", text, NOW - timedelta(days=age)))
    found = rules.analyze(store, now=NOW).findings
    return {(f.rule, tuple(sorted(f.entries))) for f in found if f.rule in rules.RULE_IDS}


@pytest.mark.parametrize("swap", [False, True], ids=["forward", "backward"])
@pytest.mark.parametrize(("one", "other"), SAME_FACT)
def test_one_fact_misread_by_a_veto_is_a_duplicate(tmp_path: Path, one: str, other: str, swap: bool) -> None:
    older, newer = (other, one) if swap else (one, other)
    assert ("duplicate", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize("swap", [False, True], ids=["forward", "backward"])
@pytest.mark.parametrize(("one", "other"), ONE_FACT_APART)
def test_one_fact_apart_stays_silent(tmp_path: Path, one: str, other: str, swap: bool) -> None:
    older, newer = (other, one) if swap else (one, other)
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("text", "scope"),
    [
        ("放在 Celery worker 里跑，避免阻塞 API 进程。", {"celery", "worker"}),
        ("成绩单不在 API 进程里生成", set()),
        ("公开 API 的限流是每分钟 100 次。", {"公开", "api"}),
        ("测试账号在哪里", {"测试"}),
        ("配置文件在这里", set()),
        ("Retry in the billing service only.", {"bill", "servic"}),
        ("只在支付服务里加重试。", {"支付"}),
    ],
)
def test_scope_words_are_names_not_verbs_or_question_words(text: str, scope: set[str]) -> None:
    assert scope_tokens(text) == frozenset(scope)


@pytest.mark.parametrize(
    ("prose", "name", "stances"),
    [
        ("The key `release.jks` is decrypted by CI. It must not be committed.", "release.jks", {"pos", "neg"}),
        ("密钥 `release.jks` 由 CI 解密。它不能提交到仓库。", "release.jks", {"pos", "neg"}),
        ("Run `make seed` after migrations. It must not be skipped.", "make seed", {"pos"}),
        ("Use `uv` for installs. It avoids the lock race.", "uv", {"pos"}),
        ("Run `make seed` after migrations. The fixtures must not be edited.", "make seed", {"pos"}),
    ],
)
def test_a_refusal_by_pronoun_reaches_the_commands_of_the_sentence_before(
    prose: str, name: str, stances: set[str]
) -> None:
    assert span_stances(prose)[name] == frozenset(stances)
