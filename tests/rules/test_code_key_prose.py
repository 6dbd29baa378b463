"""A code key (`MAX_REFUND_RETRIES = 4`) and a sentence that names the key's words only as what the number is scoped
to ("退款接口失败时自动重试两次") state one setting.

Sentences are written here, not copied from any store. Each look-alike scopes the number to another thing, or states
the key's value, and must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rules.test_blind2_forms import PAIR, findings

KEY_AND_SCOPED_PROSE = [
    ("退款接口失败时自动重试两次。", "refund.ts: `const MAX_REFUND_RETRIES = 4;`"),
    ("调用发票接口超时时自动重试 3 次。", "invoice client: `MAX_INVOICE_RETRIES = 5`"),
    ("When the refund API fails, the client retries twice.", "refund.ts: `const MAX_REFUND_RETRIES = 4;`"),
]

OTHER_SCOPE_OR_ONE_VALUE = [
    ("支付回调失败时自动重试两次。", "refund.ts: `const MAX_REFUND_RETRIES = 4;`"),
    ("退款接口失败时自动重试四次。", "refund.ts: `const MAX_REFUND_RETRIES = 4;`"),
    ("调用发票接口超时时自动重试 3 次。", "payment client: `MAX_PAYMENT_RETRIES = 5`"),
    ("When the payment webhook fails, the client retries twice.", "refund.ts: `const MAX_REFUND_RETRIES = 4;`"),
]


@pytest.mark.parametrize("texts", KEY_AND_SCOPED_PROSE)
def test_a_key_named_by_the_prose_scope_conflicts(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, *texts)


@pytest.mark.parametrize("texts", OTHER_SCOPE_OR_ONE_VALUE)
def test_another_scope_or_one_value_stays_silent(tmp_path: Path, texts: tuple[str, str]) -> None:
    assert ("conflict", PAIR) not in findings(tmp_path, *texts)
