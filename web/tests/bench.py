"""`page_test.py --bench`: the figures of docs/benchmarks.md's "In the
browser" section: the .wasm's size raw and gzipped, the time to first paint
and to a ready engine (Performance API), and the SAT path's µs per puzzle in
the browser (`benchSat`, timed inside wasm) on the first puzzles of the
17-clue and forum-hardest sets of ../shared/sudoku (examples/sudoku.txt,
with a note on stderr, where ../shared is absent)."""

import gzip
import pathlib
import re
import statistics
import subprocess
import sys

from harness import open_page

REPO = pathlib.Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "sudoku"
SETS = {
    "17-clue": "tdoku_puzzles2_17_clue.txt",
    "forum hardest": "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
}
RUNS = 5

PAINT_JS = """
const paint = Object.fromEntries(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]));
const ready = performance.getEntriesByName('satoku-ready')[0];
return { fp: paint['first-paint'], fcp: paint['first-contentful-paint'], ready: ready && ready.startTime };
"""

BENCH_JS = """
const done = arguments[arguments.length - 1];
window.satoku.engine.request('benchSat', { text: arguments[0], limit: arguments[1] })
  .then(done, (e) => done({ error: e.message }));
"""


def wasm_size(web):
    data = (pathlib.Path(web) / "pkg" / "satoku_web_bg.wasm").read_bytes()
    return len(data), len(gzip.compress(data, compresslevel=9))


def puzzle_sets():
    """(name, path) of the sets to time: the shared ones, or the in-repo sample."""
    paths = [(name, SHARED / file) for name, file in SETS.items()]
    if all(p.exists() for _, p in paths):
        return paths
    print(f"note: {SHARED} is absent; timing examples/sudoku.txt instead", file=sys.stderr)
    return [("examples/sudoku.txt", REPO / "examples" / "sudoku.txt")]


def first_puzzles(path, limit):
    """The file's comment lines and its first `limit` puzzle lines (all the engine reads)."""
    kept, puzzles = [], 0
    for line in path.read_text().splitlines():
        if puzzles >= limit:
            break
        kept.append(line)
        puzzles += bool(line.strip()) and not line.startswith("#")
    return "\n".join(kept) + "\n"


def run(driver, server, args):
    raw, packed = wasm_size(args.web)
    yield f"wasm size: {raw:,} bytes raw, {packed:,} bytes gzipped (-9) = {packed / 1024:.0f} KiB"
    open_page(driver, server.url)
    t = driver.execute_script(PAINT_JS)
    yield f"first paint {t['fp']:.0f} ms, first contentful paint {t['fcp']:.0f} ms, engine ready {t['ready']:.0f} ms (first visit)"
    for name, path in puzzle_sets():
        yield time_set(driver, args, name, path)


def time_set(driver, args, name, path):
    """benchSat in the browser, alternating with native_bench when given: medians and their ratio."""
    text = first_puzzles(path, args.bench_limit)
    browser_run(driver, text, args.bench_limit)  # warm-up: lets the wasm tier up
    browser, native = [], []
    for _ in range(RUNS):
        browser.append(browser_run(driver, text, args.bench_limit))
        if args.native:
            native.append(native_run(args.native, path, args.bench_limit))
    b = statistics.median(browser)
    line = f"{name} ({path.name}, first {args.bench_limit}): browser {b:.1f} µs/puzzle"
    if native:
        n = statistics.median(native)
        line += f", native {n:.1f} µs/puzzle, browser/native {b / n:.2f}"
    runs = ", ".join(f"{x:.0f}" for x in browser)
    return f"{line} (medians of {RUNS} alternating runs; browser runs {runs})"


def browser_run(driver, text, limit):
    r = driver.execute_async_script(BENCH_JS, text, limit)
    if "error" in r:
        raise RuntimeError(f"benchSat: {r['error']}")
    return r["microsPerPuzzle"]


def native_run(binary, path, limit):
    out = subprocess.run([binary, str(path), str(limit)], capture_output=True, text=True, check=True).stdout
    return float(re.search(r"([0-9.]+) µs per puzzle", out).group(1))


def phone_screenshot(driver, out_dir):
    """The page as a phone of 390 x 844 CSS pixels shows it, for docs/web.md."""
    metrics = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    driver.execute_script("window.scrollTo(0, document.getElementById('play').offsetTop)")
    path = pathlib.Path(out_dir) / "web-phone.png"
    driver.save_screenshot(str(path))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return f"phone-width screenshot: {path}"
