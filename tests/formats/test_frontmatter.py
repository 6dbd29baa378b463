"""Frontmatter primitives: split, tolerant parse, and set_fields that changes only the lines it must."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
import yaml

from curator import formats
from curator.formats import frontmatter
from curator.formats.source import read_source

TOPIC = """---
name: blog-cadence
# how often we post
description: "At most 4 posts per week"
metadata: 
  node_type: memory
  type: feedback
  originSessionId: abc-123
tags:
- writing
- cadence
---

Post at most 4 times a week.
"""


def _changed_lines(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.ndiff(before.splitlines(keepends=True), after.splitlines(keepends=True))
        if line[:2] in ("- ", "+ ")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("---\na: 1\n---\nbody", {"a": 1}),
        ("---\r\na: 1\r\n---\r\nbody", {"a": 1}),
        ("---\n---\nbody", {}),
        ("---\nglobs: *.tsx,*.ts\nalwaysApply: false\n---\n", {"globs": "*.tsx,*.ts", "alwaysApply": "false"}),
        (
            "---\ndescription: \nglobs: \nalwaysApply: true\n---\nx",
            {"description": None, "globs": None, "alwaysApply": True},
        ),
        ("---\npaths: ['tests/**/*.py']\n---\n", {"paths": ["tests/**/*.py"]}),
        ("---\nreviewed: 2026-05-01\n---\n", {"reviewed": "2026-05-01"}),
    ],
)
def test_parse_is_tolerant(text: str, expected: dict) -> None:
    fields, _problem = frontmatter.parse(text)
    assert fields == expected


def test_invalid_yaml_reports_line_and_column_and_falls_back() -> None:
    fields, problem = frontmatter.parse("---\nname: x\nglobs: *.tsx,*.ts\n---\nbody\n")
    assert fields == {"name": "x", "globs": "*.tsx,*.ts"}
    assert problem is not None and problem.line == 3 and problem.column is not None
    assert "YAML" in problem.reason


def test_unclosed_block_is_a_problem() -> None:
    fields, problem = frontmatter.parse("---\nname: x\nbody without a fence\n")
    assert fields == {} and problem is not None and "never closed" in problem.reason


def test_split_gives_raw_and_spans() -> None:
    block = frontmatter.split(TOPIC)
    assert block is not None
    assert TOPIC[block.raw_span[0] : block.raw_span[1]] == block.raw
    assert TOPIC[block.body_start :].startswith("\nPost at most")
    assert frontmatter.split("no frontmatter\n---\n") is None
    assert frontmatter.split("----\nx\n----\n") is None


@pytest.mark.parametrize(
    ("updates", "expected_changes"),
    [
        ({"description": "At most 6 posts per week"}, 2),
        ({"reviewed": "2026-11-29"}, 1),
        ({"tags": None}, 3),
        ({"name": None}, 1),
        ({"metadata.type": "project"}, 2),
        ({"expired": True, "expired_reason": "deadline passed"}, 2),
    ],
)
def test_set_fields_changes_only_the_updated_lines(updates: dict, expected_changes: int) -> None:
    after = frontmatter.set_fields(TOPIC, updates)
    assert len(_changed_lines(TOPIC, after)) == expected_changes
    fields, problem = frontmatter.parse(after)
    assert problem is None
    for key, value in updates.items():
        if "." in key:
            parent, child = key.split(".")
            assert fields[parent][child] == value
        elif value is None:
            assert key not in fields
        else:
            assert fields[key] == value
    assert "# how often we post" in after
    assert after.endswith("\nPost at most 4 times a week.\n")


def test_set_fields_keeps_quoting_order_and_unknown_keys() -> None:
    after = frontmatter.set_fields(TOPIC, {"description": "Six: per week"})
    assert 'description: "Six: per week"\n' in after
    keys = [line.split(":")[0] for line in after.splitlines()[1:9] if line and not line.startswith((" ", "#", "-"))]
    assert keys == ["name", "description", "metadata", "tags"]
    assert "originSessionId: abc-123" in after


def test_set_fields_creates_a_block_when_there_is_none() -> None:
    after = frontmatter.set_fields("Just a body.\n", {"reviewed": "2026-11-29"})
    assert after == "---\nreviewed: 2026-11-29\n---\nJust a body.\n"


def test_set_fields_appends_new_keys_at_the_end_of_the_block() -> None:
    after = frontmatter.set_fields("---\na: 1\n---\nbody\n", {"b": "two", "c": [1, 2]})
    assert after.startswith("---\na: 1\nb: two\nc:\n- 1\n- 2\n---\nbody\n")
    assert yaml.safe_load(frontmatter.split(after).raw) == {"a": 1, "b": "two", "c": [1, 2]}


def test_set_fields_quotes_values_yaml_would_misread() -> None:
    for value in ("yes", "123", "a: b", "- dash", "", " padded", "#hash", "2026-01-01 maybe"):
        after = frontmatter.set_fields("---\nx: 1\n---\n", {"x": value})
        assert frontmatter.parse(after)[0]["x"] == value


# ---- byte preservation on generated CRLF / BOM / no-final-newline files --------------------

VARIANTS = {
    "lf": TOPIC.encode("utf-8"),
    "crlf": TOPIC.replace("\n", "\r\n").encode("utf-8"),
    "bom": b"\xef\xbb\xbf" + TOPIC.encode("utf-8"),
    "bom-crlf": b"\xef\xbb\xbf" + TOPIC.replace("\n", "\r\n").encode("utf-8"),
    "no-final-newline": TOPIC.rstrip("\n").encode("utf-8"),
    "crlf-no-final-newline": TOPIC.rstrip("\n").replace("\n", "\r\n").encode("utf-8"),
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_generated_variants_round_trip_and_edit_in_place(tmp_path: Path, variant: str) -> None:
    data = VARIANTS[variant]
    store_dir = tmp_path / "store"
    store_dir.mkdir()
    (store_dir / "blog_cadence.md").write_bytes(data)
    (store_dir / "MEMORY.md").write_bytes(data.replace(b"Post at most", b"- [Cadence](blog_cadence.md)"))
    store = formats.detect(store_dir)
    source = store.files["blog_cadence.md"]
    assert source.encode(source.text) == data
    assert store.files["MEMORY.md"].encode(store.files["MEMORY.md"].text) == store.files["MEMORY.md"].raw
    assert source.bom == variant.startswith("bom")
    assert source.newline == ("\r\n" if "crlf" in variant else "\n")
    entry = store.get("blog_cadence.md")
    assert entry.type == "feedback" and entry.description == "At most 4 posts per week"

    edited = source.encode(frontmatter.set_fields(source.text, {"description": "At most 6 posts per week"}))
    old_lines, new_lines = data.splitlines(keepends=True), edited.splitlines(keepends=True)
    assert len(old_lines) == len(new_lines)
    differing = [index for index, (old, new) in enumerate(zip(old_lines, new_lines)) if old != new]
    assert differing == [3]
    assert new_lines[3] == 'description: "At most 6 posts per week"'.encode() + (
        b"\r\n" if "crlf" in variant else b"\n"
    )
    assert edited.startswith(b"\xef\xbb\xbf") == variant.startswith("bom")
    assert edited.endswith(b"\n") == data.endswith(b"\n")

    stamped = frontmatter.set_fields(source.text, {"reviewed": "2026-11-29"})
    assert ("reviewed: 2026-11-29\r\n" if "crlf" in variant else "reviewed: 2026-11-29\n") in stamped


def test_read_source_reports_newline_style(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_bytes(b"x\r\ny\r\n")
    (tmp_path / "b.md").write_bytes(b"x")
    assert read_source(tmp_path, "a.md").newline == "\r\n"
    assert read_source(tmp_path, "b.md").newline == "\n"


# ---- the fast path agrees with the YAML parser --------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_scalar_text = st.one_of(
    st.text(alphabet=st.sampled_from(list("abz AZ_-./:#'\"0123456789(),!?*&中é")), max_size=20),
    st.sampled_from(
        ["true", "false", "yes", "No", "null", "~", "12", "012", "1.5", "2026-01-01", "0x1F", "-3", "'q'", '"q"']
        + ["2026-12-31", "2026-02-30", "2026-5-02", "0000-01-01", "2024-02-29", "2026-01-01 ", "2026-01-01x"]
    ),
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["name", "description", "type", "tags", "x_y", "a-b"]), _scalar_text), max_size=5
    ),
    st.booleans(),
)
def test_fast_parse_matches_yaml_when_it_answers(pairs: list[tuple[str, str]], nest: bool) -> None:
    lines = [f"{key}: {value}" for key, value in pairs]
    if nest and pairs:
        lines = ["metadata:"] + [f"  {line}" for line in lines]
    raw = "\n".join(lines) + "\n"
    quick = frontmatter.fast_parse(raw)
    if quick is None:
        return
    try:
        expected = yaml.safe_load(raw) or {}
    except yaml.YAMLError:
        raise AssertionError(f"fast path accepted YAML the parser rejects: {raw!r}") from None
    assert quick == frontmatter.jsonable(expected), raw


_keys = st.sampled_from(["name", "description", "type", "reviewed", "expires", "tags", "metadata"])
_values = st.one_of(
    st.text(alphabet=st.sampled_from(list("ab :#-'\"[]{},*&!|>%@`?\\中é0123456789")), max_size=16),
    st.booleans(),
    st.integers(-5, 99),
    st.lists(st.text(alphabet="abc -", max_size=5), max_size=3),
    st.none(),
)
_documents = st.sampled_from(
    [TOPIC, TOPIC.replace("\n", "\r\n"), "---\n---\nbody\n", "no block\n", "---\ntags: [a, b]\nx: 1\n---\n"]
)


@settings(max_examples=300, deadline=None)
@given(_documents, st.dictionaries(_keys, _values, max_size=3))
def test_set_fields_result_always_parses_to_the_update(document: str, updates: dict) -> None:
    before, _ = frontmatter.parse(document)
    after = frontmatter.set_fields(document, updates)
    block = frontmatter.split(after)
    fields = (yaml.safe_load(block.raw) or {}) if block else {}
    fields = frontmatter.jsonable(fields)
    for key, value in updates.items():
        if value is None:
            assert key not in fields
        else:
            assert fields[key] == frontmatter.jsonable(value)
    for key, value in before.items():
        if key not in updates:
            assert fields[key] == value
    assert after.endswith(
        document[frontmatter.split(document).body_start :] if frontmatter.split(document) else document
    )


@pytest.mark.parametrize("value", ["1:0", "12:30:00", "0x1F", "0o17", "1e3", "~", "null", "Yes"])
def test_a_string_that_yaml_would_read_as_something_else_is_quoted(value: str) -> None:
    after = frontmatter.set_fields("---\nname: blog\n---\nx\n", {"name": value})
    block = frontmatter.split(after)
    assert block is not None and yaml.safe_load(block.raw) == {"name": value}
