"""curator.lazyre compiles on first use and behaves like `re` for the API subset curator uses."""

from __future__ import annotations

import importlib
import pickle
import pkgutil
import re

import pytest

import curator
from curator import lazyre
from curator.lazyre import LazyPattern


def test_compile_defers_until_first_use() -> None:
    pattern = lazyre.compile(r"(\d+) (apples|pears)", lazyre.IGNORECASE)
    assert isinstance(pattern, LazyPattern)
    assert "_compiled" not in pattern.__dict__
    assert pattern.pattern == r"(\d+) (apples|pears)"
    assert "_compiled" not in pattern.__dict__
    found = pattern.search("We have 3 APPLES")
    assert found is not None and found.groups() == ("3", "APPLES")
    assert "_compiled" in pattern.__dict__


def test_methods_and_attributes_match_re() -> None:
    source, flags = r"(?P<n>\d+)\s*(?P<unit>km|mi)", re.IGNORECASE
    lazy, real = lazyre.compile(source, flags), re.compile(source, flags)
    text = "5 km, 7 MI and 12km"
    assert lazy.findall(text) == real.findall(text)
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in real.finditer(text)]
    assert lazy.sub(r"\g<unit>", text) == real.sub(r"\g<unit>", text)
    assert lazy.subn("x", text) == real.subn("x", text)
    assert lazy.split(text) == real.split(text)
    assert lazy.match(text) is not None and lazy.fullmatch("12km") is not None
    assert lazy.fullmatch(text) is None
    assert lazy.groupindex == real.groupindex and lazy.groups == real.groups and lazy.flags == real.flags


def test_module_functions_accept_lazy_patterns_and_strings() -> None:
    lazy = lazyre.compile(r"b+")
    assert lazyre.sub(lazy, "-", "abbbc") == "a-c"
    assert lazyre.search(lazy, "abc") is not None
    assert lazyre.findall(r"\d", "a1b2") == ["1", "2"]
    assert lazyre.split(lazy, "abbcbd") == ["a", "c", "d"]
    assert lazyre.fullmatch(lazy, "bbb") is not None
    assert lazyre.match(lazy, "abc") is None
    assert [m.group() for m in lazyre.finditer(lazy, "ab-bb")] == ["b", "bb"]
    assert lazyre.subn(lazy, "", "abcb") == ("ac", 2)
    assert lazyre.compile(lazy) is lazy


def test_a_bad_pattern_raises_re_error_on_first_use() -> None:
    broken = lazyre.compile(r"(unclosed")
    with pytest.raises(lazyre.error):
        broken.search("text")


def test_a_lazy_pattern_pickles_and_compares_like_its_compiled_form() -> None:
    lazy = lazyre.compile(r"\bword\b", lazyre.MULTILINE)
    copy = pickle.loads(pickle.dumps(lazy))
    assert copy.pattern == lazy.pattern and copy.flags == lazy.flags
    assert lazy == re.compile(r"\bword\b", re.MULTILINE)
    assert hash(lazy) == hash(re.compile(r"\bword\b", re.MULTILINE))


def test_every_lazy_pattern_in_curator_compiles() -> None:
    checked = 0
    for info in pkgutil.walk_packages(curator.__path__, "curator."):
        if info.name.startswith(("curator.tui", "curator.screenshots")):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            candidates = value if isinstance(value, (list, tuple)) else (value,)
            for candidate in candidates:
                if isinstance(candidate, LazyPattern):
                    candidate.compiled()
                    checked += 1
    assert checked > 100
