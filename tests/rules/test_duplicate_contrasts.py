"""Look-alikes one contrasting word apart (before/after, client/server, enable/disable, 上传/下载) are no duplicates.

Each look-alike keeps the sentence and swaps one side of a contrasting pair; each positive words the same side (or one
side only) differently and stays a duplicate.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.contrasts import contrast_differs, contrasts
from tests.rules.test_blind2_forms import PAIR, findings

ONE_SIDE = [
    (
        "发布前一定要在 staging 上跑一遍冒烟测试，不然线上容易出事。",
        "在 staging 上跑完冒烟测试再发布，发布前必须做，否则线上容易出事。",
    ),
    (
        "改完 `schema.graphql` 之后要跑 `pnpm codegen`，不然前端的类型还是旧的。",
        "`schema.graphql` 一改就得执行 `pnpm codegen` 重新生成，否则前端类型不会更新。",
    ),
    (
        "Always run `make lint` before pushing, otherwise CI rejects the branch.",
        "Run `make lint` before every push; CI rejects branches that skip it.",
    ),
]

OTHER_SIDE = [
    (
        "发布前先在 staging 上跑一遍冒烟测试。",
        "发布后先在 staging 上跑一遍冒烟测试。",
    ),
    (
        "改完 proto 要重新生成客户端代码，否则接口对不上。",
        "改完 proto 要重新生成服务端代码，否则接口对不上。",
    ),
    (
        "Always squash-merge feature branches into main so history stays linear.",
        "Always rebase feature branches onto main so history stays linear.",
    ),
    (
        "Cache invalidation runs after every deploy through the purge endpoint.",
        "Cache warming runs before every deploy through the purge endpoint.",
    ),
    (
        "Upload the nightly build artifacts to the `artifacts` S3 bucket after the CI pipeline passes.",
        "CI 流水线通过后，从 `artifacts` S3 桶下载每晚的构建产物。",
    ),
    (
        "Enable the `strict_mode` flag in the ingest service config when the schema changes.",
        "Disable the `strict_mode` flag in the ingest service config when the schema changes.",
    ),
    (
        "上传头像时先在前端压缩到 500KB 以内。",
        "上传头像时先在后端压缩到 500KB 以内。",
    ),
]


@pytest.mark.parametrize(("older", "newer"), ONE_SIDE)
def test_the_same_side_in_other_words_is_a_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) in findings(tmp_path, older, newer)


@pytest.mark.parametrize(("older", "newer"), OTHER_SIDE)
def test_the_other_side_of_a_contrast_is_no_duplicate(tmp_path: Path, older: str, newer: str) -> None:
    assert ("duplicate", PAIR) not in findings(tmp_path, older, newer)


@pytest.mark.parametrize(
    ("left", "right", "differ"),
    [
        ("发布前先跑冒烟测试", "发布后先跑冒烟测试", True),
        ("先构建，然后上传", "先构建，最后上传", False),
        ("前端目前用 Vite", "前端提前编译", False),
        ("升级后会崩", "Crashes after upgrading", False),
        ("Run it before the deploy", "Run it after the deploy", True),
        ("Read and write through the primary", "Reads go through the primary", False),
        ("`--enable-x` is set", "`--disable-x` is set", False),
    ],
)
def test_contrasts(left: str, right: str, differ: bool) -> None:
    assert contrast_differs(contrasts(left), contrasts(right)) is differ
