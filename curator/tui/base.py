"""What screens may ask of the app, typed: the app's API as a Protocol, and the base of the curator screens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, cast

from textual.screen import Screen

from curator.model import Store
from curator.ops import OpResult
from curator.scan import CheckStage
from curator.tui.session import Session


class CuratorAppAPI(Protocol):
    """The part of CuratorApp that screens use (the app module imports the screens, so they cannot import it)."""

    session: Session
    op_running: bool

    def say(self, message: str, *, severity: str = "information", timeout: float | None = None) -> None: ...

    def run_op(
        self,
        operation: Callable[[Store], OpResult],
        *,
        after: Callable[[], None] | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> None: ...

    def reload(self) -> None: ...

    def adopt(self, store: Store, signature: tuple) -> None: ...

    def replace_entry_checks(self, entry_id: str, stage: CheckStage) -> None: ...

    @property
    def main_screen(self) -> Any: ...


class CuratorScreen(Screen[None]):
    """A screen over the open session: the main screen, conflicts, review."""

    @property
    def curator(self) -> CuratorAppAPI:
        return cast(CuratorAppAPI, self.app)

    @property
    def session(self) -> Session:
        return self.curator.session
