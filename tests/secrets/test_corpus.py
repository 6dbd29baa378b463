"""The secret rules over every store of the shared corpus of real memory files: no secret is claimed."""

from __future__ import annotations

from pathlib import Path

from curator import formats
from curator.secrets import scan_store
from tests.rules.test_corpus import _rebuild


def test_no_secret_and_no_noisy_private_data_on_the_corpus(corpus: Path, tmp_path: Path) -> None:
    secrets = []
    private_kinds = set()
    for folder in sorted(_rebuild(corpus, tmp_path)):
        found = scan_store(formats.detect(folder))
        secrets.extend((str(folder.relative_to(tmp_path)), item.entry_id, item.hit.kind) for item in found.secrets)
        private_kinds.update(getattr(item.hit, "kind", "") for item in found.private)
    assert secrets == []
    assert private_kinds <= {"email", "private-ip"}
