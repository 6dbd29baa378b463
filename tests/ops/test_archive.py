"""The archive transforms are exact inverses, whatever the text (property tests)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from curator.ops import archive as ops_archive

line_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"), max_size=30)
eols = st.sampled_from(["\n", "\r\n"])


@st.composite
def documents(draw: st.DrawFn) -> str:
    eol = draw(eols)
    lines = draw(st.lists(line_text, max_size=8))
    frontmatter = draw(st.booleans())
    head = (
        ["---", *draw(st.lists(line_text.filter(lambda text: text.strip() not in ("---", "...")), max_size=4)), "---"]
        if frontmatter
        else []
    )
    text = eol.join(head + lines)
    return text + (eol if draw(st.booleans()) else "")


@settings(max_examples=200, deadline=None)
@given(documents(), st.text(max_size=40), line_text)
def test_stamp_then_unstamp_gives_back_the_text(text: str, reason: str, source: str) -> None:
    stamped = ops_archive.stamp_archived(
        text, {"expired": "2026-11-29", "expired_reason": reason}, {"from": source, "index": []}
    )
    assert ops_archive.read_archive_meta(stamped)["from"] == source
    assert ops_archive.unstamp_archived(stamped) == text


@st.composite
def index_with_target(draw: st.DrawFn) -> tuple[str, str]:
    eol = draw(eols)
    target = "topic.md"
    lines = draw(
        st.lists(
            st.one_of(
                line_text.map(lambda text: text.replace("](", "] (")),
                st.just(f"- [Topic]({target}) — hook"),
                st.just("- [Other](other.md) — hook"),
            ),
            max_size=10,
        )
    )
    text = eol.join(lines)
    return text + (eol if draw(st.booleans()) else ""), target


@settings(max_examples=200, deadline=None)
@given(index_with_target())
def test_remove_then_restore_index_lines_gives_back_the_index(case: tuple[str, str]) -> None:
    text, target = case
    removed, records = ops_archive.remove_index_lines(text, target)
    assert f"]({target})" not in removed
    assert ops_archive.restore_index_lines(removed, records) == text


@st.composite
def sectioned(draw: st.DrawFn) -> tuple[str, int, int]:
    eol = draw(eols)
    count = draw(st.integers(min_value=1, max_value=5))
    sections = []
    for number in range(count):
        body = draw(st.lists(line_text.filter(lambda text: not text.startswith("#")), max_size=3))
        sections.append(eol.join([f"## 2026-07-0{number + 1} - S{number}", *body]) + eol)
    if draw(st.booleans()):
        sections[-1] = sections[-1].rstrip("\r\n")
    preamble = "# Notes" + eol + eol
    return preamble + "".join(sections), count, draw(st.integers(min_value=0, max_value=count - 1))


@settings(max_examples=200, deadline=None)
@given(sectioned(), st.text(max_size=20))
def test_section_archive_record_gives_back_the_section(case: tuple[str, int, int], archive_before: str) -> None:
    text, count, pick = case
    starts = [
        index for index in range(len(text)) if text.startswith("## ", index) and (index == 0 or text[index - 1] == "\n")
    ]
    bounds = starts + [len(text)]
    start, end = bounds[pick], bounds[pick + 1]
    section = text[start:end]
    eol = "\r\n" if "\r\n" in text else "\n"
    line = text.count("\n", 0, start) + 1
    safe_before = archive_before.replace("<!--", "")
    archive = ops_archive.append_to_archive(
        safe_before, ops_archive.archive_section_record(section, {"line": line, "id": "x"}, eol), eol
    )
    record = ops_archive.parse_section_archive(archive)[-1]
    assert record.original == section
    remaining = text[:start] + text[end:]
    assert ops_archive.insert_section(remaining, record.original, line) == text
