"""Terminal charts of a memory trend, drawn with plotext (shared by `curator trend` and the TUI)."""

from __future__ import annotations

import threading
from typing import Any

from curator.model import INDEX_MAX_LINES

_PLOTEXT_LOCK = threading.Lock()
TICKS = 5


def _ticks(points: list[Any]) -> tuple[list[int], list[str]]:
    if not points:
        return [], []
    step = max(1, (len(points) - 1) // (TICKS - 1) or 1)
    positions = list(range(0, len(points), step))
    if positions[-1] != len(points) - 1:
        positions.append(len(points) - 1)
    return [position + 1 for position in positions], [points[position].date.strftime("%m-%d") for position in positions]


def line_chart(
    points: list[Any],
    series: dict[str, list[float]],
    *,
    title: str,
    width: int,
    height: int,
    limit: float | None = None,
    color: bool = True,
) -> str:
    """A line chart of one or more series over the points, review points as vertical lines, a limit line."""
    import plotext as plt  # deferred: plotext loads only when a chart is drawn

    with _PLOTEXT_LOCK:
        plt.clear_figure()
        plt.limitsize(False, False)
        plt.plotsize(max(20, width), max(6, height))
        plt.theme("clear" if not color else "pro")
        xs = list(range(1, len(points) + 1))
        for label, values in series.items():
            plt.plot(xs, values, marker="hd", label=label)
        if limit is not None:
            plt.hline(limit, "red")
        for position, point in enumerate(points, start=1):
            if getattr(point, "review", False):
                plt.vline(position, "blue")
        positions, labels = _ticks(points)
        if positions:
            plt.xticks(positions, labels)
        plt.title(title)
        text = plt.build()
        return text if color else plt.uncolorize(text)


def trend_charts(trend: Any, *, width: int = 78, height: int = 12, color: bool = True) -> list[str]:
    """The three trend charts: always-loaded lines against the cut, entries, and bytes."""
    points = trend.points
    return [
        line_chart(
            points,
            {"index lines": [point.index_lines for point in points]},
            title=f"always-loaded index lines (cut at {INDEX_MAX_LINES}; blue: reviews)",
            width=width,
            height=height,
            limit=INDEX_MAX_LINES,
            color=color,
        ),
        line_chart(
            points,
            {"active": [point.active for point in points], "archived": [point.archived for point in points]},
            title="entries",
            width=width,
            height=height,
            color=color,
        ),
        line_chart(
            points,
            {"KB": [round(point.total_bytes / 1024, 1) for point in points]},
            title="memory size (KB)",
            width=width,
            height=height,
            color=color,
        ),
    ]


AGE_BUCKETS = ((30, "<30 d"), (90, "30-90 d"), (180, "90-180 d"), (365, "180-365 d"), (float("inf"), ">1 y"))


def age_buckets(ages_by_type: dict[str, list[float]]) -> dict[str, list[int]]:
    """Entry counts per age bucket, one list per type."""
    counts: dict[str, list[int]] = {}
    for memory_type, ages in sorted(ages_by_type.items()):
        row = [0] * len(AGE_BUCKETS)
        for age in ages:
            row[next(index for index, (limit, _) in enumerate(AGE_BUCKETS) if age < limit)] += 1
        counts[memory_type] = row
    return counts


def age_histogram(
    ages_by_type: dict[str, list[float]], *, width: int = 78, height: int = 10, color: bool = True
) -> str:
    """How old the active entries are, by type: a stacked bar per age bucket."""
    import plotext as plt  # deferred: plotext loads only when a chart is drawn

    counts = age_buckets(ages_by_type)
    with _PLOTEXT_LOCK:
        plt.clear_figure()
        plt.limitsize(False, False)
        plt.plotsize(max(20, width), max(6, height))
        plt.theme("clear" if not color else "pro")
        labels = [label for _, label in AGE_BUCKETS]
        if counts:
            plt.stacked_bar(labels, list(counts.values()), labels=list(counts))
        else:
            plt.bar(labels, [0] * len(labels))
        plt.title("entries by age and type")
        text = plt.build()
        return text if color else plt.uncolorize(text)


SPARK_BLOCKS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[float], *, cells: int = 16) -> str:
    """The last `cells` values as block characters scaled to their own range."""
    recent = values[-cells:]
    if not recent:
        return ""
    low, high = min(recent), max(recent)
    span = (high - low) or 1
    return "".join(
        SPARK_BLOCKS[min(len(SPARK_BLOCKS) - 1, int((value - low) / span * (len(SPARK_BLOCKS) - 1)))]
        for value in recent
    )
