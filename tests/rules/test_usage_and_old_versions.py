"""Numbers and versions that state no setting: usage written as a part over its whole ("用了 58.3 KB / 64 KB") and a
version called old ("旧的 R 4.3", "the old Node 16 runners").

Each look-alike raises no conflict with the spec or rule beside it; the positives still conflict.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.rules.facts import statement_facts
from tests.rules.test_blind2_forms import PAIR, findings


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("The board has 64 KB RAM and 512 KB flash.", "RAM 已经用了 58.3 KB / 64 KB，再加功能得先砍缓冲区。"),
        ("The volume is 100 GB.", "The volume has 83 GB / 100 GB used."),
        ("Node 20 on every CI runner.", "The old Node 16 runners are gone."),
        ("R 4.4.x everywhere.", "renv 升级后，旧的 R 4.3 镜像下周就没有了。"),
    ],
)
def test_usage_over_a_total_and_old_versions_are_no_conflict(tmp_path: Path, older: str, newer: str) -> None:
    assert not any(rule == "conflict" for rule, _ in findings(tmp_path, older, newer))


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("The volume is 100 GB.", "The volume was resized to 200 GB."),
        ("Node 20 on every CI runner.", "CI runners use Node 18."),
        ("R 4.4.x everywhere.", "服务器上的 R 是 4.3。"),
    ],
)
def test_a_stated_size_or_version_still_conflicts(tmp_path: Path, older: str, newer: str) -> None:
    assert ("conflict", PAIR) in findings(tmp_path, older, newer)


def test_an_old_version_is_not_read_as_a_claim() -> None:
    assert not [version for version in statement_facts("旧的 R 4.3 之后就没有了。").versions if version.name == "r"]
