"""The floor a scan cannot beat: read every memory file, YAML-parse its frontmatter, run one `git log` pass.

Run: python benchmarks/floor.py STORE
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def floor(store: Path) -> int:
    """Read and parse every .md file under `store`, then consume one `git log --name-status -M -z`; return the file count."""
    count = 0
    for folder, dirs, files in os.walk(store):
        dirs[:] = [name for name in dirs if name != ".git"]
        for name in files:
            if not name.endswith(".md"):
                continue
            text = (Path(folder) / name).read_text(encoding="utf-8", errors="replace")
            if text.startswith("---\n"):
                end = text.find("\n---", 4)
                if end > 0:
                    try:
                        yaml.load(text[4:end], Loader=LOADER)  # noqa: S506 - a safe loader
                    except yaml.YAMLError:
                        pass
            count += 1
    subprocess.run(
        ["git", "log", "--name-status", "-M", "-z", "--format=%H%x00%at%x00%an", "--", "."],
        cwd=store,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        check=False,
    )
    return count


if __name__ == "__main__":
    print(floor(Path(sys.argv[1])))
