"""The one masking function: at most four characters at each end, fewer for short values, never the whole value."""

from __future__ import annotations

import pytest

from curator.secrets.mask import Masker, mask_value


@pytest.mark.parametrize(
    "value,masked",
    [
        ("ghp_" + "a" * 8 + "0123456789abcdefghijklmnopqr" + "a1b2", "ghp_…a1b2"),
        ("abcdefghijklmnopqrstuvwx", "abcd…uvwx"),
        ("abcdefghijklmnop", "ab…op"),
        ("abcdefghi", "a…i"),
        ("hunter22", "…"),
        ("abc", "…"),
        ("-----BEGIN KEY-----\nAAAABBBBCCCC\n-----END KEY-----", "----…----"),
    ],
)
def test_mask_value(value: str, masked: str) -> None:
    assert mask_value(value) == masked
    assert value not in mask_value(value)


def test_masker_masks_values_their_lines_and_truncated_quotes() -> None:
    key = "-----BEGIN KEY-----\nQWERTYUIOPASDFGH1234\n-----END KEY-----"
    masker = Masker(["s3cr3tValue1234567890", key])
    text = "a s3cr3tValue1234567890 b\n+QWERTYUIOPASDFGH1234\nquote “s3cr3tValue12345…”\nplain words stay"
    assert masker.mask(text) == "a s3c…890 b\n+QWE…234\nquote “s3…45…”\nplain words stay"


def test_masker_masks_json_keys_and_values_keeping_shapes() -> None:
    masker = Masker(["s3cr3tValue1234567890"])
    data = {"s3cr3tValue1234567890": ["x s3cr3tValue1234567890", 3, ("s3cr3tValue1234567890",)], "n": None}
    assert masker.mask_json(data) == {"s3c…890": ["x s3c…890", 3, ("s3c…890",)], "n": None}


def test_an_empty_masker_changes_nothing() -> None:
    assert not Masker([]) and Masker([]).mask("anything at all") == "anything at all"
