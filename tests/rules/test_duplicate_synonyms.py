"""Duplicates told in other English words: a synonym for each concept ("upset" for "angry", "retrieve" for
"fetch"), and one path written whole on one side and from a later directory on the other.

Each positive restates one instruction with synonyms, checked in both directions; each look-alike keeps the topic
and changes the instruction, a number, its stance or the thing it is about, and must stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.duplicate_synonyms import english_concept, folded
from curator.rules.duplicate_vetoes import different_actions, shared_place
from curator.rules.facts.subject import subject_tokens
from tests.rules.test_blind2_forms import PAIR, findings

SAME_INSTRUCTION = [
    (
        "When a client is upset, empathize before proposing a solution, and don't dispute who was at fault.",
        "- Angry customer: acknowledge the frustration first, then the fix; never argue about blame.",
    ),
    (
        "Store the payment provider's API keys in the vault and fetch them when the worker boots; never hardcode them.",
        "- Payment provider API keys: save them in the vault, retrieve them at worker boot, no hardcoding.",
    ),
    (
        "Big product pictures must be resized before the upload, and the listing page should display thumbnails.",
        "- Large product images: resize prior to uploading; the listing page shows thumbnails only.",
    ),
    (
        "Any request to the partner sandbox that lacks a correlation header is refused by the sandbox.",
        "- Partner sandbox: calls missing the correlation header get rejected.",
    ),
    (
        "The sandbox base URL is `https://api.partner.example.com/v2/test`; every call needs a signed header.",
        "- Partner test calls go to v2/test on api.partner.example.com, and each request needs a signed header.",
    ),
    (
        "Jest 运行慢的时候，先检查是否开了 `--runInBand`，再考虑加 worker。",
        "- Jest 跑得慢：先看有没有开 `--runInBand`，然后再考虑加 worker。",
    ),
]

OTHER_INSTRUCTION = [
    (
        "When a client is upset, empathize before proposing a solution, and don't dispute who was at fault.",
        "- Angry customer: escalate to the duty manager right away and offer a refund voucher.",
    ),
    (
        "Store the payment provider's API keys in the vault and fetch them when the worker boots; never hardcode them.",
        "- Payment provider API keys: save them in the vault, rotate them every 90 days, audit each retrieval.",
    ),
    (
        "Store the payment provider's API keys in the vault and rotate them every 30 days.",
        "- Payment provider API keys: save them in the vault and rotate them every 90 days.",
    ),
    (
        "Big product pictures must be resized before the upload, and the listing page should display thumbnails.",
        "- Large product images: never resize them before upload; the listing page shows full images.",
    ),
    (
        "Before tagging a release, run `make release-check` and fix every error it reports.",
        "- Before tagging a release: run `make docs-check` and fix every error it reports.",
    ),
    (
        "The sandbox base URL is `https://api.partner.example.com/v2/test`; every call needs a signed header.",
        "- Partner test calls go to `v3/test` on api.partner.example.com, and each request needs a signed header.",
    ),
    (
        "企业版客户的退款申请自动标记为加急。",
        "- 企业版客户的退款申请自动转给财务组审核。",
    ),
    (
        "Refund requests from enterprise customers are automatically marked urgent.",
        "- Refund requests from enterprise customers are automatically forwarded to the finance team for review.",
    ),
]


@pytest.mark.parametrize("swapped", [False, True])
@pytest.mark.parametrize(("one", "other"), SAME_INSTRUCTION)
def test_one_instruction_in_other_words_is_a_duplicate(tmp_path: Path, one: str, other: str, swapped: bool) -> None:
    older, newer = (other, one) if swapped else (one, other)
    assert ("duplicate", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize("swapped", [False, True])
@pytest.mark.parametrize(("one", "other"), OTHER_INSTRUCTION)
def test_same_topic_other_instruction_is_no_duplicate(tmp_path: Path, one: str, other: str, swapped: bool) -> None:
    older, newer = (other, one) if swapped else (one, other)
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("one", "other"),
    [("upset", "angry"), ("retrieved", "fetching"), ("empathize", "acknowledges"), ("blame", "fault")],
)
def test_synonyms_fold_into_one_concept(one: str, other: str) -> None:
    assert english_concept(subject_tokens(one)[0]) == english_concept(subject_tokens(other)[0])


def test_unrelated_words_keep_their_own_concept() -> None:
    assert folded(frozenset(subject_tokens("resize upload thumbnail"))) == frozenset(
        subject_tokens("resize upload thumbnail")
    )
    assert english_concept("refund") != english_concept("fix")


@pytest.mark.parametrize(
    ("left", "right", "same"),
    [
        ({"express.api.dhl.com/mydhlapi/test"}, {"mydhlapi/test"}, True),
        ({"src/app/config.py"}, {"app/config.py"}, True),
        ({"api.example.com/v2/test"}, {"v3/test"}, False),
        ({"src/app/config.py"}, {"config.py"}, False),
        ({"prompts/summarize.md"}, {"prompts/classify.md"}, False),
    ],
)
def test_a_path_from_a_later_directory_names_the_same_place(left: set[str], right: set[str], same: bool) -> None:
    assert shared_place(frozenset(left), frozenset(right)) is same
    assert shared_place(frozenset(right), frozenset(left)) is same


@pytest.mark.parametrize(
    ("left", "right", "differ"),
    [
        ("企业版客户的退款申请自动标记为加急。", "企业版客户的退款申请自动转给财务组审核。", True),
        ("Enterprise refund requests are marked urgent.", "Enterprise refund requests go to the finance team.", True),
        ("Enterprise refund requests are marked urgent.", "Enterprise refund requests get an urgent mark.", False),
        ("The user prefers short answers.", "The user likes brief replies.", False),
        ("企业版客户的退款申请自动标记为加急。", "企业版客户的退款申请一律自动加急处理。", False),
    ],
)
def test_one_subject_with_different_actions(left: str, right: str, differ: bool) -> None:
    assert different_actions(subject_tokens(left), subject_tokens(right)) is differ
    assert different_actions(subject_tokens(right), subject_tokens(left)) is differ
