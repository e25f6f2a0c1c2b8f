"""The "Solve a CNF" panel, used as a person would (files chosen in the file
input): a satisfiable file whose model is checked here against the file, the
same file gzipped, an unsatisfiable one, a malformed one, a cancelled hard
one, a big one cancelled while it loads; then the page offline (server
stopped) after one visit."""

import gzip
import pathlib
import random
import subprocess

from selenium.webdriver.common.by import By

from harness import check, open_page, text_of, wait_for

REPO = pathlib.Path(__file__).resolve().parents[2]
SAT_FILE = REPO / "cnf/sat/queens-8.cnf"
UNSAT_FILE = REPO / "cnf/unsat/php-7-6.cnf"
MALFORMED_FILE = REPO / "cnf/malformed/float-literal.cnf"


def clauses_of(path):
    """The clauses of a small DIMACS file, as lists of ints."""
    clauses, current = [], []
    for line in path.read_text().splitlines():
        if line.startswith(("c", "p", "%")) or not line.strip():
            continue
        for token in line.split():
            if token == "0":
                clauses.append(current)
                current = []
            else:
                current.append(int(token))
    return clauses


def model_of(output):
    """The literals of the `v` lines of a solver's answer."""
    lits = [int(t) for line in output.splitlines() if line.startswith("v ") for t in line.split()[1:]]
    check(lits and lits[-1] == 0, "the v lines do not end with 0")
    return set(lits[:-1])


def choose(driver, path):
    driver.find_element(By.ID, "cnf-file").send_keys(str(path))


def answer(driver, timeout=60):
    """Waits for the status line to leave "Solving…"; returns it."""
    return wait_for("the CNF answer",
                    lambda: (s := text_of(driver, "cnf-status")) and not s.startswith("Solving") and s, timeout)


def solve_sat(driver, path, shots=None):
    choose(driver, path)
    status = answer(driver)
    check(status == f"{path.name}: SATISFIABLE", f"{path.name}: status {status!r}, expected SATISFIABLE")
    output = driver.find_element(By.ID, "cnf-output").get_attribute("textContent")
    check(output.startswith("s SATISFIABLE"), f"{path.name}: the answer does not start with the s line: {output[:80]!r}")
    model = model_of(output)
    for clause in clauses_of(SAT_FILE):
        check(any(lit in model for lit in clause), f"{path.name}: the model falsifies clause {clause}")
    checked = text_of(driver, "cnf-checked")
    check(checked.startswith("Model checked"), f"{path.name}: the page says {checked!r} about the model")
    check(driver.find_element(By.ID, "cnf-download").is_enabled(), "the download button stays disabled")
    if shots:
        shots("web-cnf.png", "cnf")
    return f"{path.name}: SATISFIABLE, the model satisfies every clause of the file here too"


def solve_unsat(driver):
    choose(driver, UNSAT_FILE)
    status = answer(driver)
    check(status == f"{UNSAT_FILE.name}: UNSATISFIABLE", f"{UNSAT_FILE.name}: status {status!r}")
    output = driver.find_element(By.ID, "cnf-output").get_attribute("textContent")
    check(output.strip() == "s UNSATISFIABLE", f"{UNSAT_FILE.name}: answer {output!r}")
    return f"{UNSAT_FILE.name}: UNSATISFIABLE"


def solve_malformed(driver):
    choose(driver, MALFORMED_FILE)
    status = answer(driver)
    check(status.startswith(f"{MALFORMED_FILE.name}:2:"), f"a malformed file gives {status!r}, not name:line:col")
    check(driver.find_element(By.ID, "cnf-status").get_attribute("data-kind") == "error", "the parse error is not shown as an error")
    return f"malformed file: {status!r}"


def cancel_hard(driver, binary, tmp):
    hard = pathlib.Path(tmp) / "php-12.cnf"
    subprocess.run([binary, "gen", "php", "--holes", "11", "-o", str(hard)], check=True, capture_output=True)
    choose(driver, hard)
    wait_for("progress from the hard file", lambda: "conflicts" in text_of(driver, "cnf-progress"), timeout=30)
    driver.find_element(By.ID, "cnf-cancel").click()
    status = answer(driver, timeout=20)
    check(status == "Cancelled.", f"after Cancel the status is {status!r}")
    return "hard file: progress shown, then cancelled"


def big_cnf(path, clauses=1_500_000, variables=1_000_000):
    """Writes random 3-SAT of `clauses` clauses (about 24 bytes each); returns its size."""
    draw = random.Random(28).randrange
    with open(path, "w") as f:
        f.write(f"c random 3-SAT for the browser test\np cnf {variables} {clauses}\n")
        for start in range(0, clauses, 100_000):
            lines = []
            for _ in range(min(100_000, clauses - start)):
                a, b, c = draw(1, variables), draw(1, variables), draw(1, variables)
                lines.append(f"{a} -{b} {c} 0\n" if a & 1 else f"-{a} {b} -{c} 0\n")
            f.write("".join(lines))
    return path.stat().st_size


# Records every change of the CNF panel's progress and status lines with the
# page's clock, and presses Cancel on the second "Reading the formula" line:
# at once, where a WebDriver round trip may come after a short load is over.
WATCH_LOAD_JS = """
const progress = document.getElementById("cnf-progress");
const status = document.getElementById("cnf-status");
const log = [];
let readings = 0;
const record = (id, el) => {
  const text = el.textContent;
  const last = log.findLast((e) => e.id === id);
  if (last && last.text === text) return;
  log.push({ id, text, t: performance.now() });
  if (id === "progress" && text.startsWith("Reading the formula") && ++readings === 2) {
    log.push({ id: "cancel", text: "", t: performance.now() });
    document.getElementById("cnf-cancel").click();
  }
};
const watch = (id, el) => {
  const observer = new MutationObserver(() => record(id, el));
  observer.observe(el, { childList: true, characterData: true, subtree: true });
  return observer;
};
window.satokuLoadWatch = { log, observers: [watch("progress", progress), watch("status", status)] };
"""

STOP_WATCH_JS = """
const watch = window.satokuLoadWatch;
watch.observers.forEach((o) => o.disconnect());
return watch.log;
"""


def cancel_while_loading(driver, tmp):
    """A big file: its reading shows progress, Cancel stops the load itself within a second, a small file solves after."""
    big = pathlib.Path(tmp) / "big-3sat.cnf"
    size = big_cnf(big)
    driver.get_log("browser")  # the console so far
    driver.execute_script(WATCH_LOAD_JS)
    choose(driver, big)
    status = answer(driver, timeout=120)
    log = driver.execute_script(STOP_WATCH_JS)
    reading = [e["text"] for e in log if e["id"] == "progress" and e["text"].startswith("Reading the formula")]
    check(len(reading) >= 2, f"no progress while {big.name} ({size / 1e6:.0f} MB) was read: the progress line went "
          f"{[e['text'] for e in log if e['id'] == 'progress']}, then the status said {status!r}")
    check(status == "Cancelled.", f"after Cancel during the load the status is {status!r}")
    clicked = next(e["t"] for e in log if e["id"] == "cancel")
    said = next(e["t"] for e in log if e["id"] == "status" and e["text"] == "Cancelled.")
    last = text_of(driver, "cnf-progress")
    check(said - clicked < 1000, f"Cancel took {said - clicked:.0f} ms to take effect")
    check(last.startswith(("Reading the formula", "Loading the clauses")),
          f"the load was over before the cancel: the progress line says {last!r}")
    replaced = [e["message"] for e in driver.get_log("browser") if "worker was replaced" in e["message"]]
    check(not replaced, f"the load did not stop by itself: {replaced}")
    after = solve_sat(driver, SAT_FILE)
    return (f"{big.name} ({size / 1e6:.0f} MB): {len(reading)} progress lines while reading ({reading[0]!r}, ...), "
            f"Cancel took effect in {said - clicked:.0f} ms at {last!r}; then {after}")


def cnf_panel(driver, binary, tmp, shots):
    steps = [solve_sat(driver, SAT_FILE, shots)]
    gz = pathlib.Path(tmp) / "queens-8.cnf.gz"
    gz.write_bytes(gzip.compress(SAT_FILE.read_bytes()))
    steps += [solve_sat(driver, gz), solve_unsat(driver), solve_malformed(driver), cancel_hard(driver, binary, tmp)]
    steps.append(solve_unsat(driver))  # the engine stays usable after a cancel
    steps.append(cancel_while_loading(driver, tmp))
    return steps


def works_offline(driver, server):
    """After one visit the service worker serves the page: stop the server, reload, solve."""
    driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0](true))")
    wait_for("the service worker to control the page",
             lambda: driver.execute_script("return !!navigator.serviceWorker.controller"), timeout=20)
    url = driver.current_url
    server.stop()
    open_page(driver, url)
    driver.find_element(By.ID, "solve").click()
    status = wait_for("a solve offline", lambda: text_of(driver, "status").startswith("Solved") and text_of(driver, "status"))
    return f"offline (server stopped): page reloaded from the service worker's copy and solved ({status[:40]}…)"
