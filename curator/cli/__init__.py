"""The `curator` command line: a click group whose bare form opens the TUI."""

from __future__ import annotations

import click

from curator import __version__
from curator.cli import changes_cmd, check_cmd, demo_cmd, history_cmd, inbox_cmds, index_cmd, ops_cmds, scan_cmd, trend_cmd, tui_cmd

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


GROUP_OPTIONS = ("-h", "--help", "-V", "--version")


class DefaultToTui(click.Group):
    """A group where `curator PATH` or `curator --now ISO` (no known command) means `curator tui ...`."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in GROUP_OPTIONS:
            args = ["tui", *args]
        return super().parse_args(ctx, args)


@click.group(cls=DefaultToTui, invoke_without_command=True, context_settings=CONTEXT_SETTINGS)
@click.version_option(__version__, "-V", "--version", prog_name="curator")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Curate an AI coding agent's long-term memory.

    Bare `curator` opens the memory of the current directory in the TUI;
    `curator PATH` opens the memory at PATH.
    """
    if ctx.invoked_subcommand is None:
        ctx.invoke(tui_cmd.tui)


for command_module in (scan_cmd, check_cmd, history_cmd, ops_cmds, index_cmd, changes_cmd, inbox_cmds, trend_cmd, demo_cmd, tui_cmd):
    command_module.register(main)
