"""A lock-free `cached_property`: Python 3.11's takes an RLock on every first access, a measurable cost per statement."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

Value = TypeVar("Value")


class cached(Generic[Value]):  # noqa: N801 - used as a decorator, like functools.cached_property
    """Compute an attribute on first access and store it on the instance; later reads are plain attribute reads."""

    def __init__(self, compute: Callable[[Any], Value]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached[Value]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> Value: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> Value | cached[Value]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value
