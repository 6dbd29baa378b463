"""Every real memory file of the shared corpus loads, names a format and round-trips byte for byte."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from curator import formats
from curator.formats import frontmatter
from curator.rules import structure


def _rebuild(corpus: Path, target: Path) -> dict[Path, bytes]:
    """Copy each corpus file to <target>/<owner__repo>/<original path>; return path -> bytes."""
    written: dict[Path, bytes] = {}
    with open(corpus / "SOURCES.tsv", encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            data = (corpus / row["saved_path"]).read_bytes()
            destination = target / row["repo"].replace("/", "__") / row["path"]
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_bytes(data)
            written[destination] = data
    return written


def _assert_round_trip(store) -> None:
    for rel, source in {**store.files, **store.context_files}.items():
        if source.text is None:
            continue
        assert source.encode(source.text) == source.raw, rel
        assert source.raw == source.abspath.read_bytes(), rel


def _assert_spans(store) -> None:
    for entry in store.entries:
        if entry.span is None or entry.status == "unreadable":
            continue
        source = store.files[entry.path]
        assert source.text[entry.span[0] : entry.span[1]] == entry.text, entry.id


def test_every_rebuilt_file_and_directory_loads(corpus: Path, tmp_path: Path) -> None:
    written = _rebuild(corpus, tmp_path)
    directories = {parent for path in written for parent in path.parents if tmp_path in parent.parents}
    for path in sorted(written) + sorted(directories):
        store = formats.detect(path)
        assert store.format in formats.FORMATS, path
        assert store.files or store.entries, path
        _assert_round_trip(store)
        _assert_spans(store)
        structure.analyze(store)
    for path, data in written.items():
        assert path.read_bytes() == data


@pytest.mark.parametrize(
    ("original", "expected_format"),
    [
        ("0WAQ__gsim-ops/.claude/memory/MEMORY.md", "claude-code"),
        ("0WAQ__gsim-ops/.claude/memory/feedback_reply_style.md", "claude-code"),
        ("1000ssam__claude-config/memory/MEMORY.md", "claude-code"),
        ("Kevin-Gary__claude-code-engineering/memory/notes.md", "notes"),
        ("MMJSUN__discord-Agents/memory/notes.md", "notes"),
        ("4078730__clawdbot-workspace/memory/2026-02-06.md", "openclaw"),
        ("4078730__clawdbot-workspace/MEMORY.md", "openclaw"),
        ("10up__block-components/.cursor/rules/typescript.mdc", "instructions"),
        ("AscAed__News_JavaWeb-/.windsurf/rules/rules.md", "instructions"),
        ("cybercog__laravel-love/CLAUDE.md", "instructions"),
        ("31103__MedFeeBot/memory-bank/activeContext.md", "instructions"),
    ],
)
def test_rebuilt_files_get_their_real_format(corpus: Path, tmp_path: Path, original: str, expected_format: str) -> None:
    _rebuild(corpus, tmp_path)
    assert formats.detect(tmp_path / original).format == expected_format


def test_every_corpus_file_and_directory_as_stored_loads(corpus: Path) -> None:
    before = {path: path.read_bytes() for path in corpus.rglob("*") if path.is_file()}
    for path in [corpus, *sorted(corpus.rglob("*"))]:
        store = formats.detect(path)
        assert store.format in formats.FORMATS, path
        _assert_round_trip(store)
        structure.analyze(store)
    assert {path: path.read_bytes() for path in before} == before


def test_corpus_quirks(corpus: Path, tmp_path: Path) -> None:
    _rebuild(corpus, tmp_path)
    gsim = formats.detect(tmp_path / "0WAQ__gsim-ops/.claude/memory")
    reply = gsim.get("feedback_reply_style.md")
    assert reply.type == "feedback" and reply.name == "feedback-reply-style"
    assert "feedback-commit-style" in reply.links
    assert len([line for line in gsim.index.entries if line.targets]) == 33
    assert "project-combo-test-pipeline.md" in {t for line in gsim.index.entries for t in line.targets}

    ssam = formats.detect(tmp_path / "1000ssam__claude-config/memory/MEMORY.md")
    assert ssam.index.lines == 247 and ssam.index.loaded_lines == 200
    assert [f.rule for f in structure.analyze(ssam)].count("index-overflow") == 1
    reference = ssam.get("reference_gws-account-actual.md")
    assert reference.type == "reference"

    rules = formats.detect(tmp_path / "10up__block-components/.cursor/rules/typescript.mdc")
    assert all(entry.status == "active" for entry in rules.entries)
    assert rules.entries[0].fields["globs"] == "*.tsx,*.ts"
    assert rules.entries[0].id.startswith(".cursor/rules/typescript.mdc:L")

    windsurf = formats.detect(tmp_path / "AscAed__News_JavaWeb-/.windsurf/rules/rules.md")
    first = windsurf.entries[0]
    assert first.fields["trigger"] == "always_on" and first.fields["description"].startswith("Instructions")
    assert first.line == 10

    slashed = formats.detect(tmp_path / "MMJSUN__discord-Agents/memory/notes.md")
    assert slashed.entries[0].name == "M0 打通"
    assert slashed.entries[0].date.isoformat().startswith("2026-07-09")

    newest_first = formats.detect(tmp_path / "Kevin-Gary__claude-code-engineering/memory/notes.md")
    assert newest_first.entries[0].name.startswith("Gotcha: keep vite")
    assert newest_first.entries[0].id == "notes.md#1"
    assert frontmatter.split(newest_first.files["notes.md"].text) is None

    workspace = formats.detect(tmp_path / "4078730__clawdbot-workspace")
    assert workspace.format == "openclaw"
    daily = workspace.get("memory/2026-02-06.md")
    assert daily.kind == "daily" and daily.date.isoformat().startswith("2026-02-06")
    assert any(entry.id.startswith("MEMORY.md#") and entry.always_loaded for entry in workspace.entries)
    assert any(entry.path == "AGENTS.md" for entry in workspace.context)
