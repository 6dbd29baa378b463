"""Entry point for `python -m curator`."""

from curator.cli import main

if __name__ == "__main__":
    main()
