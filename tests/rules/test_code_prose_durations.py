"""A duration or step count set in code (a call with a unit argument, a flag in HH:MM:SS, a constant with its unit in
its name, a loop key followed by its unit) conflicts with prose giving the same setting another value, EN and ZH.

Sentences are written here, not copied from any store. Each look-alike has the same shape and must stay silent: the
same value written two ways, two settings of one client, a different file's limit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from tests.rules.test_blind2_forms import PAIR, findings

CODE_AND_PROSE_DISAGREE = [
    (
        "We raised the write timeout on the shared HTTP client to two minutes (`writeTimeout(2, MINUTES)`).",
        "Shared HTTP client timeouts: `connectTimeout(5, SECONDS)` and `writeTimeout(45, SECONDS)`.",
    ),
    (
        "`scripts/train.sbatch` 里写的是 `--time=12:00:00`。",
        "`scripts/train.sbatch` 的时限改成三天（`#SBATCH -t 3-00:00:00`）。",
    ),
    (
        "Eval: `eval_every: 250` steps in `configs/eval.yaml`.",
        "评估每 1000 step 跑一次。",
    ),
    (
        "Every account starts with a 7-day trial (`trial_period_days: 7`).",
        "所有账号的免费试用统一改为十四天。",
    ),
    ("Checkpointing: `save_every: 200` steps in `configs/run.yaml`.", "checkpoint 每 1000 step 保存一次。"),
    ("The shared client's call timeout is 10 s.", "`callTimeout(30, TimeUnit.SECONDS)` on the shared client."),
    (
        "The kiosk signs the user out after 2 minutes of inactivity.",
        "`InactivityTimer.TIMEOUT_MS = 300_000` in `:kiosk`.",
    ),
]

SAME_VALUE_OR_TWO_SETTINGS = [
    (
        "We raised the write timeout on the shared HTTP client to two minutes (`writeTimeout(2, MINUTES)`).",
        "Shared HTTP client write timeout: `writeTimeout(120, SECONDS)`.",
    ),
    (
        "We raised the write timeout on the shared HTTP client to two minutes (`writeTimeout(2, MINUTES)`).",
        "Shared HTTP client connect timeout: `connectTimeout(10, SECONDS)`.",
    ),
    (
        "共享 HTTP 客户端的读超时是 30 秒，连接超时 10 秒。",
        "`connectTimeout(10, TimeUnit.SECONDS)` and `readTimeout(30_000, TimeUnit.MILLISECONDS)` on the shared client.",
    ),
    (
        "`scripts/train.sbatch` 里写的是 `--time=48:00:00`。",
        "`scripts/train.sbatch` 的时限是两天。",
    ),
    (
        "`scripts/train.sbatch` 里写的是 `--time=12:00:00`。",
        "`scripts/eval.sbatch` 的时限改成三天。",
    ),
    (
        "Eval: `eval_every: 1000` steps in `configs/eval.yaml`.",
        "评估每 1000 step 跑一次。",
    ),
    (
        "Every account starts with a 14-day trial (`trial_period_days: 14`).",
        "所有账号的免费试用是两周。",
    ),
    (
        "Every account starts with a 7-day trial (`trial_period_days: 7`).",
        "The billing retry window is 14 days.",
    ),
    ("Logging: `log_every: 50` steps in `configs/run.yaml`.", "checkpoint 每 1000 step 保存一次。"),
    ("Checkpointing: `save_every: 1000` steps in `configs/run.yaml`.", "checkpoint 每 1000 step 保存一次。"),
    (
        "Outbound calls to the maps provider time out after 5 s.",
        "`callTimeout(30, TimeUnit.SECONDS)` on the upload client.",
    ),
    (
        "The kiosk signs the user out after 5 minutes of inactivity.",
        "`InactivityTimer.TIMEOUT_MS = 300_000` in `:kiosk`.",
    ),
    ("The kiosk signs the user out after 2 minutes of inactivity.", "`RetryTimer.DELAY_MS = 300_000` in `:network`."),
]


@pytest.mark.parametrize("texts", CODE_AND_PROSE_DISAGREE)
def test_a_setting_in_code_and_another_value_in_prose_conflict(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", SAME_VALUE_OR_TWO_SETTINGS)
def test_one_value_written_twice_or_two_settings_stay_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)


@pytest.mark.parametrize(
    ("statement", "seconds"),
    [
        ("Set `readTimeout(30, SECONDS)` on the client.", 30.0),
        ("客户端设置 `callTimeout(2, TimeUnit.MINUTES)`。", 120.0),
        ("`setIdleTimeout(500, MILLISECONDS)` on the pool.", 0.5),
    ],
)
def test_a_call_with_a_unit_argument_reads_as_a_duration(statement: str, seconds: float) -> None:
    durations = [q for q in statement_facts(statement).quantities if q.unit == "duration"]
    assert [q.low for q in durations] == [seconds]
