"""A claude-code store of topic entries e0.md, e1.md … built in memory from their texts, for rule tests and probes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path

from curator.model import Entry, Store


def topic_store(root: Path, texts: Sequence[str], ages_in_days: Sequence[int], now: datetime, entry_type: str) -> Store:
    """Entry `eK.md` holds texts[K], created and modified ages_in_days[K] days before `now`."""
    store = Store(root=root, format="claude-code")
    for position, (text, age) in enumerate(zip(texts, ages_in_days, strict=True)):
        moment = now - timedelta(days=age)
        store.entries.append(
            Entry(
                id=f"e{position}.md",
                path=f"e{position}.md",
                kind="file",
                name=f"e{position}",
                description="",
                type=entry_type,
                body=text,
                text=text,
                fields={},
                created=moment,
                modified=moment,
            )
        )
    return store
