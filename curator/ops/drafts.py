"""Text a person typed for a refused edit, kept as a draft file next to the store instead of lost."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from curator.model import Store
from curator.ops.core import OpResult, file_dir
from curator.ops.editing import edit
from curator.ops.io import OpError, atomic_write, confined

DRAFTS_DIR = ".curator-drafts"


class RefusedWithDraft(OpError):
    """An edit was refused; the typed text is in `draft`."""

    def __init__(self, message: str, draft: Path | None) -> None:
        super().__init__(message)
        self.draft = draft


def save_draft(store: Store, entry_id: str, text: str) -> Path:
    """Write `text` to `<store>/.curator-drafts/<id>-<UTC time>.md` (a dot directory no reader loads) and return it."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    safe_id = re.sub(r"[^\w.-]+", "_", entry_id).strip("._")[:60] or "entry"
    directory = file_dir(store) / DRAFTS_DIR
    target = directory / f"{safe_id}-{stamp}.md"
    confined(target, [file_dir(store)], f"{DRAFTS_DIR}/{target.name}")
    directory.mkdir(exist_ok=True)
    atomic_write(target, text.encode("utf-8"), expected=None)
    return target


def edit_keeping_draft(store: Store, entry_id: str, text: str, **kwargs: Any) -> OpResult:
    """`ops.edit(..., text=text)`; when it refuses, the text is saved as a draft and the message says where."""
    try:
        return edit(store, entry_id, text=text, **kwargs)
    except OpError as error:
        try:
            draft: Path | None = save_draft(store, entry_id, text)
        except (OSError, OpError) as draft_error:
            raise RefusedWithDraft(f"{error}; your text could not be saved as a draft ({draft_error})", None) from None
        raise RefusedWithDraft(f"{error}; your text is kept in {draft}", draft) from None
