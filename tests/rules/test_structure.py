"""Format-level rules, each with a case that fires and a case that stays quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator import formats
from curator.rules import structure


def build(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def topic(name: str = "a", description: str = "what a is", memory_type: str | None = "user", extra: str = "") -> str:
    lines = [f"name: {name}", f"description: {description}"]
    if memory_type is not None:
        lines.append(f"type: {memory_type}")
    return "---\n" + "\n".join(lines) + "\n" + extra + "---\nBody.\n"


def findings(root: Path, rule: str):
    store = formats.detect(root)
    return [finding for finding in structure.analyze(store) if finding.rule == rule]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (topic(memory_type="opinion"), "`type: opinion` is not one of"),
        (topic(memory_type=None), "`type:` is missing"),
        (topic(description=""), "`description:` is empty"),
        ("---\ndescription: d\ntype: user\n---\nx\n", "`name:` is missing"),
        ("Just text, no frontmatter.\n", "has no frontmatter"),
    ],
)
def test_invalid_field_fires(tmp_path: Path, text: str, problem: str) -> None:
    build(tmp_path, {"MEMORY.md": "- [A](a.md)\n", "a.md": text})
    found = findings(tmp_path, "invalid-field")
    assert len(found) == 1 and found[0].entries == ["a.md"] and found[0].severity == "warning"
    assert any(problem in item for item in found[0].evidence["problems"])
    assert "a.md" in found[0].message


@pytest.mark.parametrize(
    "text",
    [
        topic(memory_type="feedback"),
        "---\nname: a\ndescription: d\nmetadata: \n  node_type: memory\n  type: project\n---\nx\n",
        "---\nname: a\ndescription: d\nmetadata:\n  pinned: true\n---\nx\n",
    ],
)
def test_invalid_field_quiet_for_valid_shapes(tmp_path: Path, text: str) -> None:
    build(tmp_path, {"MEMORY.md": "- [A](a.md)\n", "a.md": text, ".archive/old.md": "no frontmatter\n"})
    assert findings(tmp_path, "invalid-field") == []


def test_index_overflow_lists_what_is_past_the_cut(tmp_path: Path) -> None:
    lines = [f"- [M{number}](m{number}.md) — hook\n" for number in range(205)]
    files = {"MEMORY.md": "".join(lines)}
    files.update({f"m{number}.md": topic(name=f"m{number}") for number in range(205)})
    build(tmp_path, files)
    (overflow,) = findings(tmp_path, "index-overflow")
    assert overflow.severity == "error"
    assert overflow.entries == [f"m{number}.md" for number in range(200, 205)]
    assert [item["line"] for item in overflow.evidence["past_cut"]] == [201, 202, 203, 204, 205]
    assert overflow.evidence["loaded_lines"] == 200 and overflow.evidence["cut_by"] == "200-line"
    assert "line 200" in overflow.message and "m200.md" in overflow.message


def test_index_overflow_by_bytes(tmp_path: Path) -> None:
    lines = [f"- [M{number}](m{number}.md) — {'x' * 400}\n" for number in range(80)]
    build(tmp_path, {"MEMORY.md": "".join(lines)})
    (overflow,) = findings(tmp_path, "index-overflow")
    assert overflow.evidence["cut_by"] == "25 KB" and overflow.evidence["loaded_bytes"] <= 25 * 1024


def test_index_overflow_quiet_at_the_limit(tmp_path: Path) -> None:
    build(tmp_path, {"MEMORY.md": "".join(f"- line {number}\n" for number in range(200))})
    assert findings(tmp_path, "index-overflow") == []


def test_index_line_too_long(tmp_path: Path) -> None:
    long_line = f"- [A](a.md) — {'y' * 150}\n"
    build(tmp_path, {"MEMORY.md": long_line + "- [B](b.md) — short\n", "a.md": topic(), "b.md": topic(name="b")})
    (found,) = findings(tmp_path, "index-line-too-long")
    assert found.severity == "info" and found.entries == ["a.md"] and found.evidence["line"] == 1
    assert found.evidence["chars"] == len(long_line) - 1


def test_dangling_links(tmp_path: Path) -> None:
    build(
        tmp_path,
        {
            "MEMORY.md": "- [A](a.md)\n- [Gone](gone.md) — hook\n- [Old](old.md)\n",
            "a.md": topic(extra="") + "See [[b-note]], [[missing]] and `[[not-a-link]]`.\n",
            "b_note.md": topic(name="b-note"),
            ".archive/old.md": topic(name="old"),
        },
    )
    found = findings(tmp_path, "dangling-link")
    targets = sorted(finding.evidence["target"] for finding in found)
    assert targets == ["[[missing]]", "gone.md", "old.md"]
    by_target = {finding.evidence["target"]: finding for finding in found}
    assert by_target["[[missing]]"].entries == ["a.md"] and by_target["gone.md"].evidence["line"] == 2
    assert "archived" in by_target["old.md"].message and by_target["old.md"].entries == [".archive/old.md"]
    assert all(finding.severity == "error" for finding in found)


def test_dangling_quiet_when_everything_resolves(tmp_path: Path) -> None:
    build(
        tmp_path,
        {
            "MEMORY.md": "- [A](a.md)\n- [B](./b%20c.md)\n- [Site](https://example.com)\n",
            "a.md": topic() + "See [[B C]].\n",
            "b c.md": topic(name="b"),
        },
    )
    assert findings(tmp_path, "dangling-link") == []


def test_orphans(tmp_path: Path) -> None:
    build(
        tmp_path,
        {
            "MEMORY.md": "- [A](a.md)\n- see [[b]]\n",
            "a.md": topic(),
            "b.md": topic(name="b"),
            "c.md": topic(name="c"),
            ".archive/d.md": topic(name="d"),
        },
    )
    found = findings(tmp_path, "orphan")
    assert [finding.entries for finding in found] == [["c.md"]]
    assert found[0].severity == "warning" and "MEMORY.md" in found[0].message


def test_orphans_without_an_index(tmp_path: Path) -> None:
    build(tmp_path, {"a.md": topic(), "b.md": topic(name="b")})
    (found,) = findings(tmp_path, "orphan")
    assert found.entries == ["a.md", "b.md"] and "no MEMORY.md" in found.message


def test_rules_are_quiet_for_other_formats(tmp_path: Path) -> None:
    build(tmp_path, {"CLAUDE.md": "- [Gone](gone.md) " + "z" * 200 + "\n"})
    store = formats.detect(tmp_path / "CLAUDE.md")
    assert structure.analyze(store) == []


def test_parse_errors_are_not_duplicated(tmp_path: Path) -> None:
    build(tmp_path, {"MEMORY.md": "- [A](a.md)\n", "a.md": "---\nname: [\n---\n"})
    store = formats.detect(tmp_path)
    assert [finding.rule for finding in store.findings] == ["parse-error"]
    assert "parse-error" not in {finding.rule for finding in structure.analyze(store)}


def test_dangling_index_link_names_the_index_section_holding_it(tmp_path: Path) -> None:
    build(tmp_path, {"MEMORY.md": "# Memory\n\n## Stack\n- Node 20\n- [Gone](gone.md)\n"})
    (found,) = findings(tmp_path, "dangling-link")
    assert found.entries == ["MEMORY.md#1"] and found.evidence["line"] == 5
