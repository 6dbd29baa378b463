"""The scan cache: a cached scan equals a cold scan after any change, survives hostile files, never dirties the store."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator import rules, scanmemo
from curator.cli import main
from curator.demo import build_demo
from curator.rules import embed
from curator.rules.facts import statement_facts, subject
from curator.scan import load_store, run_scan
from curator.scancache import FILE_NAME, PairwiseCache, cache_dir
from curator.scanmemo import FILE_PREFIX as MEMO_PREFIX
from curator.scanmemo import signing_key
from tests.conftest import NOW

NOW_ARG = NOW.isoformat()


def scan_json(store: Path, *cache_flag: str) -> dict:
    result = CliRunner().invoke(main, ["scan", str(store), "--format", "json", "--now", NOW_ARG, *cache_flag])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def assert_cached_equals_cold(store: Path) -> None:
    cached = scan_json(store)
    cold = scan_json(store, "--no-cache")
    assert cached["findings"] == cold["findings"]
    assert cached["entries"] == cold["entries"]


def _edit(store: Path) -> None:
    path = store / "blog_cadence.md"
    path.write_text(path.read_text(encoding="utf-8").replace("at most 4 posts", "at most 9 posts"), encoding="utf-8")


def _rename(store: Path) -> None:
    os.rename(store / "newsletter.md", store / "newsletter_weekly.md")


def _delete(store: Path) -> None:
    (store / "blog_cadence_q4.md").unlink()


def _add(store: Path) -> None:
    text = (store / "deploy_freeze.md").read_text(encoding="utf-8")
    (store / "deploy_freeze_copy.md").write_text(text.replace("name:", "name: Copy of"), encoding="utf-8")


def _commit(store: Path) -> None:
    subprocess.run(["git", "add", "-A", "--", "."], cwd=store, check=True, capture_output=True)
    subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "commit", "-q", "-m", "between scans"],
        cwd=store,
        check=True,
        capture_output=True,
    )


@pytest.fixture
def demo_store(tmp_path: Path) -> Path:
    return build_demo(tmp_path / "demo", NOW).claude_store


def test_cached_scan_matches_cold_scan_after_every_kind_of_change(demo_store: Path) -> None:
    assert_cached_equals_cold(demo_store)
    first = scan_json(demo_store)
    assert any(finding["rule"] == "conflict" for finding in first["findings"])
    for change in (_edit, _rename, _delete, _add, _commit):
        change(demo_store)
        assert_cached_equals_cold(demo_store)
    assert scan_json(demo_store)["findings"] != first["findings"]


def test_an_unchanged_store_reuses_the_pairwise_stage(demo_store: Path) -> None:
    store = load_store(demo_store)
    first, second = PairwiseCache.for_store(store), PairwiseCache.for_store(store)
    rules.analyze(store, now=NOW, cache=first)
    again = rules.analyze(store, now=NOW, cache=second)
    cold = run_scan(demo_store, now=NOW, cache=False)
    assert (first.misses, second.hits) == (1, 1)
    assert sorted(map(repr, again.findings)) == sorted(map(repr, cold.findings))
    assert (cache_dir(demo_store) / FILE_NAME).is_file()


HOSTILE = [
    "not json at all {",
    json.dumps({"version": "0.1.0", "digest": "x", "payload": {}}),
    json.dumps([1, 2, 3]),
]


@pytest.mark.parametrize("content", HOSTILE, ids=["garbage", "wrong-digest", "wrong-shape"])
def test_a_corrupt_cache_file_is_ignored_and_rebuilt(demo_store: Path, content: str) -> None:
    scan_json(demo_store)
    target = cache_dir(demo_store) / FILE_NAME
    target.write_text(content, encoding="utf-8")
    assert_cached_equals_cold(demo_store)
    assert json.loads(target.read_text(encoding="utf-8"))["digest"] != "x"


def test_a_forged_cache_with_the_right_digest_but_bad_values_is_ignored(demo_store: Path) -> None:
    scan_json(demo_store)
    target = cache_dir(demo_store) / FILE_NAME
    data = json.loads(target.read_text(encoding="utf-8"))
    data["payload"]["restated"] = [[0, 10**9, 1.0]]
    data["payload"]["conflicts"] = [{"rule": "conflict", "severity": "error", "entries": "x", "message": 3}]
    target.write_text(json.dumps(data), encoding="utf-8")
    assert_cached_equals_cold(demo_store)


def test_cache_lives_in_the_git_dir_and_leaves_git_status_clean(demo_store: Path, monkeypatch) -> None:
    monkeypatch.delenv("CURATOR_CACHE_DIR")
    before = subprocess.run(["git", "status", "--porcelain"], cwd=demo_store, capture_output=True, text=True).stdout
    scan_json(demo_store)
    top = Path(
        subprocess.run(
            ["git", "rev-parse", "--git-dir"], cwd=demo_store, capture_output=True, text=True, check=True
        ).stdout.strip()
    )
    top = top if top.is_absolute() else demo_store / top
    assert list((top / "curator").glob(f"*/{FILE_NAME}"))
    after = subprocess.run(["git", "status", "--porcelain"], cwd=demo_store, capture_output=True, text=True).stdout
    assert after == before


def test_a_store_outside_git_caches_in_the_user_cache_dir(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("CURATOR_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    store = tmp_path / "plain" / "memory"
    store.mkdir(parents=True)
    (store / "MEMORY.md").write_text("- [A](a.md) — a\n- [B](b.md) — b\n", encoding="utf-8")
    for name in ("a", "b"):
        (store / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: d\ntype: project\n---\n\nPublish at most 4 posts per week.\n",
            encoding="utf-8",
        )
    listing = sorted(os.listdir(store))
    assert_cached_equals_cold(store)
    assert sorted(os.listdir(store)) == listing
    assert list((tmp_path / "xdg" / "curator").glob(f"*/{FILE_NAME}"))


def _memo_files(store: Path) -> list[Path]:
    return sorted(cache_dir(store).glob(f"{MEMO_PREFIX}*.json"))


def test_the_scan_memo_is_filled_and_a_second_scan_equals_a_cold_one(demo_store: Path) -> None:
    clear_process_caches()
    scan_json(demo_store)
    kinds = {path.name for path in _memo_files(demo_store)}
    assert {"memo-subject.json", "memo-fingerprint.json", "memo-secrets.json"} <= kinds
    assert_cached_equals_cold(demo_store)


@pytest.mark.parametrize("bad_key", [b"0123456789abcdef0123456789abcdef", b"", b"z" * 64])
def test_a_malformed_key_file_is_replaced_and_the_memo_still_fills(tmp_path: Path, monkeypatch, bad_key: bytes) -> None:
    cache_root = tmp_path / "own-cache"
    cache_root.mkdir()
    (cache_root / scanmemo.KEY_FILE).write_bytes(bad_key)
    monkeypatch.setenv("CURATOR_CACHE_DIR", str(cache_root))
    scanmemo._signing_key.cache_clear()
    store = build_demo(tmp_path / "demo", NOW).claude_store
    try:
        clear_process_caches()
        scan_json(store)
        key = (cache_root / scanmemo.KEY_FILE).read_bytes()
        assert key != bad_key and len(key) == 2 * scanmemo.KEY_BYTES
        assert (cache_root / scanmemo.KEY_FILE).stat().st_mode & 0o777 == 0o600
        assert {"memo-subject.json", "memo-secrets.json"} <= {path.name for path in _memo_files(store)}
        assert_cached_equals_cold(store)
    finally:
        scanmemo._signing_key.cache_clear()


def _rewrite(store: Path, change, *, sign: bool) -> None:
    """Rewrite every memo file through `change(data)`, signed with this user's key or keeping the old signature."""
    for path in _memo_files(store):
        signature, _, body = path.read_bytes().partition(b"\n")
        data = json.loads(body)
        change(data)
        body = json.dumps(data).encode()
        if sign:
            signature = hmac.new(signing_key(), body, hashlib.sha256).hexdigest().encode()
        path.write_bytes(signature + b"\n" + body)


def _plausible(data: dict) -> None:
    data["values"] = {key: "x" if isinstance(value, str) else [] for key, value in data["values"].items()}


def test_a_memo_file_changed_by_anyone_but_curator_is_ignored(demo_store: Path) -> None:
    clear_process_caches()
    scan_json(demo_store)
    _rewrite(demo_store, _plausible, sign=False)
    clear_process_caches()
    assert_cached_equals_cold(demo_store)


BAD_VALUES = [3, None, [1, 2], {"a": 1}, [[True, 2, 3, 4]], ["é" * 3, 5]]


@pytest.mark.parametrize("bad", BAD_VALUES, ids=[repr(value) for value in BAD_VALUES])
def test_signed_memo_values_of_the_wrong_shape_are_ignored(demo_store: Path, bad) -> None:
    clear_process_caches()
    scan_json(demo_store)
    _rewrite(demo_store, lambda data: data.update(values=dict.fromkeys(data["values"], bad)), sign=True)
    for _second in range(2):
        clear_process_caches()
        assert_cached_equals_cold(demo_store)


def test_a_memo_from_other_code_is_ignored_even_when_signed(demo_store: Path) -> None:
    clear_process_caches()
    scan_json(demo_store)
    _rewrite(demo_store, lambda data: (_plausible(data), data.update(code="0" * 64)), sign=True)
    clear_process_caches()
    assert_cached_equals_cold(demo_store)


def test_after_one_edit_only_the_edited_entry_is_segmented_and_embedded(demo_store: Path, monkeypatch) -> None:
    segmented: list[str] = []
    embedded: list[str] = []
    real_segment, real_encode = subject._segment, embed.encode

    def counting_segment(run: str) -> tuple[str, ...]:
        segmented.append(run)
        return real_segment(run)

    def counting_encode(texts: list[str]):
        embedded.extend(texts)
        return real_encode(texts)

    monkeypatch.setattr(subject, "_segment", counting_segment)
    monkeypatch.setattr(embed, "encode", counting_encode)
    clear_process_caches()
    scan_json(demo_store)
    assert len(embedded) > 5
    segmented.clear()
    embedded.clear()
    path = demo_store / "blog_cadence.md"
    path.write_text(path.read_text(encoding="utf-8") + "\n博客文章发布之前先请编辑审核一遍。\n", encoding="utf-8")
    clear_process_caches()
    scan_json(demo_store)
    assert len(embedded) == 1 and "博客文章发布之前" in embedded[0]
    assert segmented and all(run in "博客文章发布之前先请编辑审核一遍" for run in segmented)
    clear_process_caches()
    assert_cached_equals_cold(demo_store)


def _stored_values(path: Path) -> dict:
    return json.loads(path.read_bytes().partition(b"\n")[2])["values"]


def test_a_second_scan_in_one_process_keeps_the_memo_of_unchanged_entries(demo_store: Path, monkeypatch) -> None:
    monkeypatch.setattr(scanmemo, "KEPT_UNUSED", 0)
    clear_process_caches()
    scan_json(demo_store)
    before = {path.name: set(_stored_values(path)) for path in _memo_files(demo_store)}
    path = demo_store / "blog_cadence.md"
    path.write_text(path.read_text(encoding="utf-8") + "\nThe editor reviews every post before it goes out.\n", "utf-8")
    scan_json(demo_store)  # this process remembers the unchanged statements, so the memo sees only the new ones
    after = {path.name: set(_stored_values(path)) for path in _memo_files(demo_store)}
    assert all(before[name] <= after[name] for name in before)
    assert any(after[name] - before[name] for name in before)


def clear_process_caches() -> None:
    """Forget what this test process computed, so the next scan reads the memo (or computes) afresh."""
    statement_facts.cache_clear()
    subject.segment.cache_clear()
    subject.subject_tokens.cache_clear()


def test_the_memo_stamp_reads_the_same_library_versions_importlib_metadata_reports() -> None:
    from importlib import metadata

    installed = scanmemo.installed_versions()
    for library in (*scanmemo._LIBRARIES, "textual", "GitPython", "python-frontmatter"):
        assert installed[scanmemo._normalised(library)] == metadata.version(library)


def _segments(store: Path) -> list[Path]:
    return sorted(cache_dir(store).glob(f"{MEMO_PREFIX}*{scanmemo.SEGMENT_SUFFIX}"))


def _append_line(store: Path, line: str) -> None:
    path = store / "blog_cadence.md"
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")


def _counting_encode(monkeypatch) -> list[str]:
    embedded: list[str] = []
    real_encode = embed.encode

    def counting_encode(texts: list[str]):
        embedded.extend(texts)
        return real_encode(texts)

    monkeypatch.setattr(embed, "encode", counting_encode)
    return embedded


def test_a_big_memo_gains_a_segment_after_an_edit_and_a_later_scan_reads_it(demo_store: Path, monkeypatch) -> None:
    monkeypatch.setattr(scanmemo, "SEGMENT_MIN_VALUES", 1)
    monkeypatch.setattr(scanmemo, "SEGMENT_SHARE", 1)
    embedded = _counting_encode(monkeypatch)
    clear_process_caches()
    scan_json(demo_store)
    whole = {path: path.read_bytes() for path in _memo_files(demo_store)}
    assert not _segments(demo_store)
    _append_line(demo_store, "The editor reviews every post before it goes out.")
    clear_process_caches()
    embedded.clear()
    scan_json(demo_store)
    assert embedded and _segments(demo_store)
    assert {path: path.read_bytes() for path in _memo_files(demo_store)} == whole
    clear_process_caches()
    embedded.clear()
    cached = scan_json(demo_store)
    assert embedded == []  # the edited entry's embedding came from the segment
    assert cached["findings"] == scan_json(demo_store, "--no-cache")["findings"]


def test_segments_are_folded_into_the_whole_file_when_there_are_too_many(demo_store: Path, monkeypatch) -> None:
    monkeypatch.setattr(scanmemo, "SEGMENT_MIN_VALUES", 1)
    monkeypatch.setattr(scanmemo, "SEGMENT_SHARE", 1)
    monkeypatch.setattr(scanmemo, "MAX_SEGMENTS", 2)
    clear_process_caches()
    scan_json(demo_store)
    whole = cache_dir(demo_store) / f"{MEMO_PREFIX}embedding.json"
    first = whole.read_bytes()
    counts = []
    for number in range(3):
        _append_line(demo_store, f"Every post number {number + 3} gets a second reader.")
        clear_process_caches()
        scan_json(demo_store)
        counts.append(len([path for path in _segments(demo_store) if path.name.startswith(f"{whole.stem}.")]))
    assert counts == [1, 2, 0]
    assert whole.read_bytes() != first
    clear_process_caches()
    assert_cached_equals_cold(demo_store)


@pytest.mark.parametrize("forgery", ["unsigned", "wrong-shape"])
def test_a_forged_segment_is_ignored(demo_store: Path, monkeypatch, forgery: str) -> None:
    monkeypatch.setattr(scanmemo, "SEGMENT_MIN_VALUES", 1)
    monkeypatch.setattr(scanmemo, "SEGMENT_SHARE", 1)
    clear_process_caches()
    scan_json(demo_store)
    _append_line(demo_store, "The editor reviews every post before it goes out.")
    clear_process_caches()
    scan_json(demo_store)
    assert _segments(demo_store)
    for path in _segments(demo_store):
        signature, _, body = path.read_bytes().partition(b"\n")
        data = json.loads(body)
        _plausible(data) if forgery == "unsigned" else data.update(values=dict.fromkeys(data["values"], [[True, 2]]))
        body = json.dumps(data).encode()
        if forgery == "wrong-shape":
            signature = hmac.new(signing_key(), body, hashlib.sha256).hexdigest().encode()
        path.write_bytes(signature + b"\n" + body)
    clear_process_caches()
    assert_cached_equals_cold(demo_store)
