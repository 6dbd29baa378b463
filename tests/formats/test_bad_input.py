"""Bad input: every broken file becomes an unreadable entry plus a parse-error finding, untouched."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from curator import formats
from curator.formats.source import MAX_FILE_BYTES

GOOD = "---\nname: good\ndescription: fine\ntype: user\n---\nok\n"

BAD_FILES: dict[str, tuple[bytes, str, int | None]] = {
    "malformed-yaml": (b"---\nname: x\ndescription: [unclosed\ntype: user\n---\nbody\n", "not valid YAML", 4),
    "yaml-not-mapping": (b"---\n- a\n- b\n---\nbody\n", "not a mapping", 2),
    "unclosed-frontmatter": (b"---\nname: x\nbody\n", "never closed", 1),
    "binary": (b"---\nname: x\n---\n\x00\x01\x02", "binary", 4),
    "non-utf8": (b"---\nname: caf\xe9\n---\n", "not valid UTF-8", 2),
    "empty": (b"", "empty", None),
    "whitespace-only": (b"  \n\n", "only whitespace", None),
    "huge": (b"x" * (MAX_FILE_BYTES + 1), "1 MB", None),
}


def _store_with(tmp_path: Path, name: str, data: bytes) -> Path:
    store = tmp_path / "store"
    store.mkdir()
    (store / "MEMORY.md").write_text("- [Good](good.md)\n- [Bad](bad.md)\n", encoding="utf-8")
    (store / "good.md").write_text(GOOD, encoding="utf-8")
    (store / "bad.md").write_bytes(data)
    return store


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_topic_file_is_unreadable_with_a_parse_error(tmp_path: Path, case: str) -> None:
    data, reason, line = BAD_FILES[case]
    store_dir = _store_with(tmp_path, case, data)
    store = formats.detect(store_dir)
    bad = store.get("bad.md")
    assert bad.status == "unreadable"
    assert store.get("good.md").status == "active"
    errors = [finding for finding in store.findings if finding.rule == "parse-error"]
    assert len(errors) == 1 and errors[0].entries == ["bad.md"] and errors[0].severity == "error"
    assert reason in errors[0].evidence["reason"] and errors[0].evidence["line"] == line
    assert "bad.md" in errors[0].message
    assert (store_dir / "bad.md").read_bytes() == data


@pytest.mark.parametrize("reader", ["notes", "openclaw", "instructions"])
@pytest.mark.parametrize("case", ["binary", "non-utf8", "empty", "huge"])
def test_bad_files_in_every_reader(tmp_path: Path, reader: str, case: str) -> None:
    data = BAD_FILES[case][0]
    rel = {"notes": "notes.md", "openclaw": "memory/2026-01-01.md", "instructions": "CLAUDE.md"}[reader]
    target = tmp_path / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    store = formats.detect(target, format_name=reader)
    assert [entry.status for entry in store.entries] == ["unreadable"]
    assert [finding.rule for finding in store.findings] == ["parse-error"]
    assert target.read_bytes() == data


def test_symlink_outside_the_store_and_symlink_loop(tmp_path: Path) -> None:
    outside = tmp_path / "secret.md"
    outside.write_text(GOOD, encoding="utf-8")
    store_dir = tmp_path / "store"
    store_dir.mkdir()
    (store_dir / "MEMORY.md").write_text("- [Out](out.md)\n", encoding="utf-8")
    (store_dir / "out.md").symlink_to(outside)
    (store_dir / "loop.md").symlink_to(store_dir / "loop.md")
    (store_dir / "inside.md").symlink_to(store_dir / "MEMORY.md")
    (store_dir / "sub").symlink_to(store_dir)
    store = formats.detect(store_dir)
    reasons = {f.entries[0]: f.evidence["reason"] for f in store.findings if f.rule == "parse-error"}
    assert "outside the store" in reasons["out.md"]
    assert "loop" in reasons["loop.md"]
    assert store.get("out.md").status == "unreadable" and store.get("inside.md").status == "active"
    assert not any(entry.id.startswith("sub/") for entry in store.entries)


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read chmod 000 files")
def test_unreadable_file_and_directory(tmp_path: Path) -> None:
    store_dir = _store_with(tmp_path, "perm", GOOD.encode())
    locked_dir = store_dir / "team"
    locked_dir.mkdir()
    (locked_dir / "x.md").write_text(GOOD, encoding="utf-8")
    os.chmod(store_dir / "bad.md", 0)
    os.chmod(locked_dir, 0)
    try:
        store = formats.detect(store_dir)
        reasons = {f.entries[0]: f.evidence["reason"] for f in store.findings if f.rule == "parse-error"}
        assert "permission denied" in reasons["bad.md"]
        assert "permission denied" in reasons["team/"]
    finally:
        os.chmod(locked_dir, 0o755)
        os.chmod(store_dir / "bad.md", 0o644)


def test_directory_symlink_loops_are_skipped(tmp_path: Path) -> None:
    store_dir = _store_with(tmp_path, "dirs", GOOD.encode())
    (store_dir / "a").symlink_to(store_dir / "b")
    (store_dir / "b").symlink_to(store_dir / "a")
    store = formats.detect(store_dir)
    assert store.get("good.md").status == "active"
    assert not any(entry.id.startswith(("a/", "b/")) for entry in store.entries)


def test_permission_errors_simulated_for_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Root reads chmod 000 files, so the OS refusal is simulated at the two calls that would raise it."""
    from curator.formats import common, source

    store_dir = _store_with(tmp_path, "perm", GOOD.encode())
    locked_dir = store_dir / "team"
    locked_dir.mkdir()
    (locked_dir / "x.md").write_text(GOOD, encoding="utf-8")
    real_scandir, real_open = os.scandir, open

    def scandir(path):
        if Path(path) == locked_dir:
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    def guarded_open(path, *args, **kwargs):
        if Path(path).name == "bad.md":
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(common.os, "scandir", scandir)
    monkeypatch.setattr(source, "open", guarded_open, raising=False)
    store = formats.detect(store_dir)
    reasons = {f.entries[0]: f.evidence["reason"] for f in store.findings if f.rule == "parse-error"}
    assert reasons["bad.md"] == "permission denied"
    assert "permission denied" in reasons["team/"]
    assert store.get("team/").status == "unreadable" and store.get("good.md").status == "active"


def test_broken_symlink_path_is_a_detect_error(tmp_path: Path) -> None:
    (tmp_path / "link.md").symlink_to(tmp_path / "nowhere.md")
    with pytest.raises(formats.DetectError, match="broken symlink"):
        formats.detect(tmp_path / "link.md")


# ---- hypothesis: arbitrary bytes and arbitrary frontmatter never crash a reader -------------------

READER_FILES = {
    "claude-code": "topic.md",
    "notes": "notes.md",
    "openclaw": "memory/2026-01-01.md",
    "instructions": ".cursor/rules/x.mdc",
}

yaml_ish = st.text(
    alphabet=st.sampled_from(list("abc:-*&!|>'\"#{}[], \n\t%@`?.0123456789\r") + ["\u00e9", "中"]), max_size=80
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=400), reader=st.sampled_from(sorted(READER_FILES)))
def test_arbitrary_bytes_never_crash(tmp_path_factory, data: bytes, reader: str) -> None:
    root = tmp_path_factory.mktemp("bytes")
    target = root / READER_FILES[reader]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    store = formats.detect(target, format_name=reader)
    assert store.format == reader
    assert target.read_bytes() == data
    for source in store.files.values():
        if source.text is not None:
            assert source.encode(source.text) == source.raw
    auto = formats.detect(target)
    assert auto.format in formats.FORMATS


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(front=yaml_ish, body=st.text(max_size=120), reader=st.sampled_from(sorted(READER_FILES)))
def test_arbitrary_frontmatter_never_crashes(tmp_path_factory, front: str, body: str, reader: str) -> None:
    root = tmp_path_factory.mktemp("front")
    target = root / READER_FILES[reader]
    target.parent.mkdir(parents=True, exist_ok=True)
    data = f"---\n{front}\n---\n{body}".encode("utf-8", errors="surrogatepass")
    target.write_bytes(data)
    store = formats.detect(target, format_name=reader)
    assert target.read_bytes() == data
    for entry in store.entries:
        assert entry.status in ("active", "unreadable", "expired")
        if entry.span is not None and entry.status == "active":
            assert store.files[entry.path].text[entry.span[0] : entry.span[1]] == entry.text


def test_os_errors_during_detection_become_detect_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unlistable directory (simulated: root can list anything) is a DetectError, not a traceback."""
    from curator.formats import detection

    (tmp_path / "MEMORY.md").write_text("- x\n", encoding="utf-8")

    def refuse(directory):
        raise PermissionError(13, "Permission denied", str(directory))

    monkeypatch.setattr(detection, "plan_store_dir", refuse)
    with pytest.raises(formats.DetectError, match="cannot be read"):
        formats.detect(tmp_path)
    assert formats.discover(tmp_path, home=tmp_path / "home") == []
