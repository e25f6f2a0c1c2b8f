"""The browser test of web/: serves the built page from 127.0.0.1, drives
headless Chromium through it as a person would, and fails with a clear
message, a screenshot and the browser console. `--bench` measures instead
(wasm size, first paint, the SAT path's speed in the browser);
`--screenshots DIR` also saves the documentation's screenshots.

    python3 web/tests/page_test.py --satoku target/debug/satoku [--bench] [--screenshots docs/img]

web/tests/run.sh builds everything first and is what CI runs."""

import argparse
import pathlib
import re
import sys
import tempfile

from selenium.webdriver.common.by import By

import bench
import cnf_steps
import layout_steps
import play_steps
from harness import StaticServer, TestFailure, fail_with_screenshot, open_page, start_browser

WEB = pathlib.Path(__file__).resolve().parents[1]
# cnf/sudoku/puzzles.txt: line 7 breaks a rule (two 5s in box 5), line 8 is the 16x16 sample.
PUZZLES = (WEB.parent / "cnf" / "sudoku" / "puzzles.txt").read_text().splitlines()


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--satoku", required=True, help="the satoku CLI, the reference for hints and solutions")
    p.add_argument("--web", default=str(WEB), help="the folder to serve (default: web/)")
    p.add_argument("--bench", action="store_true", help="measure instead of testing")
    p.add_argument("--native", help="with --bench: native_bench, run alternately with the browser")
    p.add_argument("--bench-limit", type=int, default=1000, help="puzzles per set for --bench")
    p.add_argument("--screenshots", help="save the documentation's screenshots into this folder")
    p.add_argument("--failures", default=str(pathlib.Path(tempfile.gettempdir()) / "satoku-web-test"),
                   help="where a failure's screenshot and console go")
    p.add_argument("--chromium", default="/usr/bin/chromium")
    p.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    return p.parse_args()


def offline_list_is_complete(web):
    """Every file the page loads is in the service worker's list (else offline it breaks)."""
    listed = set(re.findall(r'^\s*"([^"]+)",$', (web / "sw.js").read_text(), re.M))
    needed = {f"app/{p.name}" for p in (web / "app").glob("*.js")}
    needed |= {"index.html", "style.css", "engine.js", "worker.js", "pkg/satoku_web.js", "pkg/satoku_web_bg.wasm"}
    missing = sorted(needed - listed)
    if missing:
        raise TestFailure(f"web/sw.js does not cache {', '.join(missing)}: the page would break offline")
    return f"sw.js caches all {len(needed)} files the page loads"


UNIT_JS = """
const done = arguments[arguments.length - 1];
import("./tests/unit.js").then((m) => done(m.run()), (e) => done({ tests: 0, failures: [String(e)] }));
"""


def unit_tests(driver):
    """web/tests/unit.js: the page's modules without DOM, run in the browser."""
    r = driver.execute_async_script(UNIT_JS)
    if r["failures"]:
        raise TestFailure("unit tests failed:\n  " + "\n  ".join(r["failures"]))
    return f"{r['tests']} unit tests of board.js, rules.js, replay.js, cnf.js"


def section_shooter(driver, out_dir):
    """A function that saves a screenshot of one section (by id) into out_dir, or does nothing."""
    if out_dir:
        pathlib.Path(out_dir).mkdir(parents=True, exist_ok=True)

    def shoot(name, section):
        if out_dir:
            el = driver.find_element(By.ID, section)
            driver.execute_script("arguments[0].scrollIntoView()", el)
            el.screenshot(str(pathlib.Path(out_dir) / name))
    return shoot


def play(driver, server, args, tmp):
    shots = section_shooter(driver, args.screenshots)
    yield offline_list_is_complete(pathlib.Path(args.web))
    open_page(driver, server.url)
    yield "page loaded, engine started"
    yield layout_steps.sample_names_the_grid(driver)
    yield unit_tests(driver)
    yield play_steps.generate_matches_cli(driver, args.satoku)
    solution = play_steps.direct_solution(args.satoku, play_steps.PUZZLE)
    yield play_steps.load_pasted(driver)
    yield play_steps.hint_matches_explain(driver, args.satoku, shots)
    yield play_steps.fill_by_click_and_key(driver, solution)
    shots("web-play.png", "play")
    yield play_steps.solve_matches_direct(driver, solution)
    yield play_steps.watch_a_few_steps(driver, shots)
    yield layout_steps.watch_candidates_keep_their_places(driver)
    yield play_steps.illegal_givens_refused(driver, PUZZLES[6])
    yield layout_steps.lone_mark_stays_in_place(driver)
    yield play_steps.hint_in_the_grids_symbols(driver, args.satoku, PUZZLES[7])
    yield layout_steps.no_sideways_scrolling(driver, lambda text: play_steps.paste_and_load(driver, text))
    yield from cnf_steps.cnf_panel(driver, args.satoku, tmp, shots)
    if args.screenshots:
        yield bench.phone_screenshot(driver, args.screenshots)
    yield cnf_steps.works_offline(driver, server)


def main():
    args = parse_args()
    server = StaticServer(args.web)
    driver = start_browser(args.chromium, args.chromedriver)
    name = "bench" if args.bench else "play"
    try:
        with tempfile.TemporaryDirectory() as tmp:
            steps = bench.run(driver, server, args) if args.bench else play(driver, server, args, tmp)
            for line in steps:
                print(f"ok: {line}", flush=True)
    except (TestFailure, AssertionError, Exception) as e:
        print(f"FAILED: {fail_with_screenshot(driver, args.failures, name, e)}", file=sys.stderr)
        return 1
    finally:
        driver.quit()
        server.stop()
    print(f"web/tests: all {name} steps passed" if not args.bench else "web/tests: bench done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
