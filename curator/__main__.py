"""Entry point for `python -m curator` and the `curator` script."""

from __future__ import annotations

import sys

from curator import __version__

VERSION_FLAGS = (["--version"], ["-V"])


def run() -> None:
    """Answer `--version` without importing click or any subcommand; hand everything else to the CLI."""
    if sys.argv[1:] in VERSION_FLAGS:
        print(f"curator, version {__version__}")
        return
    from curator.cli import main

    main()


if __name__ == "__main__":
    run()
