"""The "Solve a CNF" panel, used as a person would (files chosen in the file
input): a satisfiable file whose model is checked here against the file, the
same file gzipped, an unsatisfiable one, a malformed one, a cancelled hard
one; then the page offline (server stopped) after one visit."""

import gzip
import pathlib
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


def cnf_panel(driver, binary, tmp, shots):
    steps = [solve_sat(driver, SAT_FILE, shots)]
    gz = pathlib.Path(tmp) / "queens-8.cnf.gz"
    gz.write_bytes(gzip.compress(SAT_FILE.read_bytes()))
    steps += [solve_sat(driver, gz), solve_unsat(driver), solve_malformed(driver), cancel_hard(driver, binary, tmp)]
    steps.append(solve_unsat(driver))  # the engine stays usable after a cancel
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
