"""The `curator` command line: a click group whose bare form opens the TUI."""

from __future__ import annotations

import importlib

import click

from curator import __version__

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

GROUP_OPTIONS = ("-h", "--help", "-V", "--version")
COMMAND_MODULES = {
    "scan": ("scan_cmd", "scan"),
    "check": ("check_cmd", "check"),
    "history": ("history_cmd", "history_command"),
    "edit": ("ops_cmds", "edit"),
    "expire": ("ops_cmds", "expire"),
    "merge": ("ops_cmds", "merge"),
    "restore": ("ops_cmds", "restore"),
    "redact": ("redact_cmd", "redact_command"),
    "review": ("ops_cmds", "review"),
    "undo": ("ops_cmds", "undo"),
    "redo": ("ops_cmds", "redo"),
    "track": ("ops_cmds", "track"),
    "index": ("index_cmd", "index"),
    "changes": ("changes_cmd", "changes"),
    "snapshot": ("inbox_cmds", "snapshot"),
    "hook": ("inbox_cmds", "hook"),
    "trend": ("trend_cmd", "trend"),
    "sync": ("sync_cmds", "sync"),
    "merge-index": ("sync_cmds", "merge_index_cmd"),
    "promote": ("sync_cmds", "promote"),
    "export": ("sync_cmds", "export_cmd"),
    "import": ("sync_cmds", "import_cmd"),
    "projects": ("sync_cmds", "projects"),
    "demo": ("demo_cmd", "demo"),
    "tui": ("tui_cmd", "tui"),
}


class LazyGroup(click.Group):
    """A group that imports a subcommand's module only when that subcommand runs or help lists it."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMAND_MODULES})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        known = super().get_command(ctx, cmd_name)
        if known is not None or cmd_name not in COMMAND_MODULES:
            return known
        module_name, attribute = COMMAND_MODULES[cmd_name]
        command = getattr(importlib.import_module(f"curator.cli.{module_name}"), attribute)
        self.add_command(command, cmd_name)
        return command


class DefaultToTui(LazyGroup):
    """A group where `curator PATH` or `curator --now ISO` (no known command) means `curator tui ...`."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in COMMAND_MODULES and args[0] not in self.commands and args[0] not in GROUP_OPTIONS:
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
        tui = main.get_command(ctx, "tui")
        assert tui is not None
        ctx.invoke(tui)
