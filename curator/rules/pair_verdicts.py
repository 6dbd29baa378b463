"""Per-pair verdicts kept in the scan memo, keyed by both entries' every field and the store-wide inputs they read."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from curator.rules.docs import Doc
from curator.scanmemo import active, string


def entry_key(doc: Doc) -> str:
    """A digest of everything a doc is built from: its entry's every field and whether it is instruction-file context."""
    held = doc.__dict__.get("_entry_key")
    if held is None:
        fields = json.dumps(vars(doc.entry), default=str, sort_keys=True, ensure_ascii=False)
        digest = hashlib.blake2b(f"{int(doc.is_context)}\0{fields}".encode("utf-8", "surrogatepass"), digest_size=16)
        held = doc.__dict__["_entry_key"] = digest.hexdigest()
    return held


def remembered_verdict(kind: str, left: Doc, right: Doc, shared: str, compute: Callable[[], str]) -> str:
    """`compute()` for one ordered pair, or the verdict the active memo holds for the same two entries and `shared`.

    `shared` must name every store-wide input the verdict reads (a choice table's digest, a flag): with it and
    both entries' fields, the verdict is a pure function, so a kept one is what a cold scan would compute.
    """
    memo = active()
    if memo is None:
        return compute()
    return memo.value(kind, f"{shared}\0{entry_key(left)}\0{entry_key(right)}", compute, str, string)
