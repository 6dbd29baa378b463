"""The scan memo tells a text its files held before this scan from one new to them (which decides a segmenting child)."""

from __future__ import annotations

from pathlib import Path

from curator import scanmemo
from curator.scanmemo import TextMemo

CODE = "e" * 64


def test_held_before_means_held_by_the_memo_files_not_by_this_scan(tmp_path: Path) -> None:
    first = TextMemo(tmp_path, code=CODE)
    first.value("statements", "an old entry", lambda: "old", str, scanmemo.string)
    first.save()
    second = TextMemo(tmp_path, code=CODE)
    second.value("statements", "a new entry", lambda: "new", str, scanmemo.string)
    assert second.held_before("statements", "an old entry")
    assert not second.held_before("statements", "a new entry")
    assert second.holds("statements", "a new entry")
    assert not TextMemo(tmp_path, code="f" * 64).held_before("statements", "an old entry")
