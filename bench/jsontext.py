"""The JSON pre-check on hostile text: ``python bench/jsontext.py``.

Times gaia_ai.jsontext.nesting_depth on an unterminated string of escaped quotes ('"' + '\\"' * N, issue
38) at 12 kB, 48 kB and 1 MiB, beside the regex it replaced (which restarted at every quote; timed up to
48 kB, the 1 MiB figure extrapolated from its quadratic growth). Prints seconds, best of 3."""

from __future__ import annotations

import re
import time

from gaia_ai.jsontext import nesting_depth

_OLD_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


def old_strip(text: str) -> str:
    return _OLD_STRING.sub('""', text)


def best(fn: object, text: str, repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn(text)  # type: ignore[operator]
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    print(f"{'size':>9} {'chars':>9} {'now s':>9} {'old regex s':>12}")
    old_48 = None
    for label, chars in (("12 kB", 12_000), ("48 kB", 48_000), ("1 MiB", 1 << 20)):
        text = '"' + '\\"' * ((chars - 1) // 2)
        now = best(nesting_depth, text)
        if chars <= 48_000:
            old = best(old_strip, text, repeats=1)
            old_48 = (old, len(text))
            old_txt = f"{old:12.3f}"
        else:
            assert old_48 is not None
            old_txt = f"{old_48[0] * (len(text) / old_48[1]) ** 2:11.0f}~"
        print(f"{label:>9} {len(text):>9} {now:9.4f} {old_txt}")


if __name__ == "__main__":
    main()
