"""Line endings through an edit: each unchanged line keeps its own ending in mixed CRLF/LF files."""

from __future__ import annotations

from collections import Counter
from difflib import SequenceMatcher

from curator.ops.archive import split_lines


def _ending(line: str) -> str:
    if line.endswith("\r\n"):
        return "\r\n"
    return "\n" if line.endswith("\n") else ""


def keep_line_endings(old: str, new: str) -> str:
    """`new` with each line that was already in `old` ending as it did there, new lines with `old`'s usual ending.

    Editors (a TextArea, many $EDITORs) write one newline style for the whole text; a file that mixed
    CRLF and LF would otherwise change on every line the person never touched.
    """
    if "\r" not in old:
        return new
    old_lines = split_lines(old)
    old_keys = [line.rstrip("\r\n") for line in old_lines]
    endings = Counter(_ending(line) for line in old_lines if _ending(line))
    usual = endings.most_common(1)[0][0] if endings else "\n"
    new_lines = split_lines(new.replace("\r\n", "\n"))
    new_keys = [line.rstrip("\n") for line in new_lines]
    chosen = [usual if line.endswith("\n") else "" for line in new_lines]
    for block in SequenceMatcher(None, old_keys, new_keys, autojunk=False).get_matching_blocks():
        for offset in range(block.size):
            position = block.b + offset
            if chosen[position]:
                chosen[position] = _ending(old_lines[block.a + offset]) or usual
    return "".join(key + ending for key, ending in zip(new_keys, chosen))
