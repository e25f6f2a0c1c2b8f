"""The game, played as a person would: paste a puzzle, ask for a hint and
compare it with `satoku sudoku explain`, fill cells by click and key, undo,
check, solve and compare with the direct solver (`satoku sudoku solve --via
direct`), then watch the search a few steps."""

import re
import subprocess
import tempfile
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import check, text_of, wait_for

# examples/sudoku.txt, the medium one: its first logical step is a hidden single.
PUZZLE = ".2.4..96...82...75.....8.....3.261...1975..862.6.....98..3756.23........6.....8.3"

GRID_JS = """
return [...document.querySelectorAll(arguments[0] + ' .cell')].map(c => ({
  text: c.querySelector('.marks') ? '' : c.textContent,
  label: c.getAttribute('aria-label'),
  cls: c.className }));
"""


def satoku(binary, *args, stdin=None):
    """Runs the CLI on a puzzle given as text; returns stdout."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write(stdin + "\n")
        f.flush()
        done = subprocess.run([binary, *args, f.name], capture_output=True, text=True, check=False)
    if done.returncode not in (0, 10, 20):  # the CLI exits 10 when solved
        raise RuntimeError(f"{binary} {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout


def explain_first_step(binary, puzzle):
    """The first sentence `satoku sudoku explain` gives for the puzzle."""
    for line in satoku(binary, "sudoku", "explain", stdin=puzzle).splitlines():
        m = re.match(r"\s*1\. (.*)$", line)
        if m:
            return m.group(1)
    raise RuntimeError("satoku sudoku explain printed no step 1")


def direct_solution(binary, puzzle):
    """The solution of the direct solver, as 81 digits."""
    return satoku(binary, "sudoku", "solve", "--via", "direct", stdin=puzzle).split()[0]


def grid_state(driver, selector="#grid"):
    return driver.execute_script(GRID_JS, selector)


def cell_el(driver, index, selector="#grid"):
    return driver.find_elements(By.CSS_SELECTOR, f"{selector} .cell")[index]


def click(driver, element_id):
    driver.find_element(By.ID, element_id).click()


def named_cells(sentence):
    """The cell indices an explain sentence names (r3c4 -> 2*9+3)."""
    return {(int(r) - 1) * 9 + int(c) - 1 for r, c in re.findall(r"r(\d)c(\d)", sentence)}


def load_pasted(driver):
    area = driver.find_element(By.ID, "paste")
    area.clear()
    area.send_keys(PUZZLE)
    click(driver, "paste-load")
    wait_for("the pasted puzzle's title", lambda: "Pasted puzzle" in text_of(driver, "puzzle-title"))
    cells = grid_state(driver)
    shown = "".join(c["text"] or "." for c in cells)
    check(shown == PUZZLE, f"the grid shows {shown}, not the pasted {PUZZLE}")
    givens = sum("given" in c["cls"].split() for c in cells)
    check(givens == 81 - PUZZLE.count("."), f"{givens} cells are drawn as givens")
    return "pasted puzzle on the grid, givens marked"


def unit_cells(kind, k):
    """The cells of row, column or box k (0-based) of a 9x9 grid."""
    if kind == "row":
        return {k * 9 + i for i in range(9)}
    if kind == "column":
        return {i * 9 + k for i in range(9)}
    return {(k // 3 * 3 + i // 3) * 9 + k % 3 * 3 + i % 3 for i in range(9)}


def hint_matches_explain(driver, binary, shots):
    expected = explain_first_step(binary, PUZZLE)
    click(driver, "hint")
    line = wait_for("the hint's sentence", lambda: text_of(driver, "hint-line"))
    check(line == expected, f"hint says {line!r}; satoku sudoku explain says {expected!r}")
    marked = {i for i, c in enumerate(grid_state(driver)) if {"highlight", "target"} & set(c["cls"].split())}
    named = named_cells(expected)
    check(named and named <= marked, f"cells named {sorted(named)}, highlighted {sorted(marked)}")
    unit = re.search(r"in (row|column|box) (\d)", expected)
    if unit:
        shaded = {i for i, c in enumerate(grid_state(driver)) if "area" in c["cls"].split()}
        want = unit_cells(unit[1], int(unit[2]) - 1)
        check(shaded == want, f"the {unit[0]} should be shaded: cells {sorted(want)}, shaded {sorted(shaded)}")
    shots("web-hint.png", "play-board")
    placed = re.search(r"so r(\d)c(\d) = (\d)$", expected)
    click(driver, "hint")
    wait_for("the hint to be applied", lambda: text_of(driver, "hint-help").startswith("Applied"))
    if placed:
        index = (int(placed[1]) - 1) * 9 + int(placed[2]) - 1
        text = grid_state(driver)[index]["text"]
        check(text == placed[3], f"after applying the hint r{placed[1]}c{placed[2]} shows {text!r}")
    return f"hint = explain's first step ({expected!r}), its cells highlighted, its unit shaded, applied by a second press"


def fill_by_click_and_key(driver, solution):
    cells = grid_state(driver)
    empty = [i for i, c in enumerate(cells) if c["text"] == ""]
    right, wrong = empty[0], empty[1]
    cell_el(driver, right).click()
    cell_el(driver, right).send_keys(solution[right])
    label = wait_for("the typed digit", lambda: grid_state(driver)[right]["label"])
    where = f"row {right // 9 + 1} column {right % 9 + 1}, {solution[right]}"
    check(label == where, f"after typing, the cell's label is {label!r}, not {where!r}")
    cell_el(driver, right).send_keys(Keys.ARROW_UP, Keys.ARROW_LEFT)
    focused = int(driver.execute_script("return document.activeElement.dataset.cell"))
    up_left = ((right // 9 + 8) % 9) * 9 + (right % 9 + 8) % 9
    check(focused == up_left, f"up and left from cell {right} focus cell {focused}, not {up_left} (wrapping)")
    # A digit that repeats in its row shows as a conflict, and undo takes it back.
    row_givens = [cells[(wrong // 9) * 9 + c]["text"] for c in range(9)]
    clash = next(d for d in row_givens if d)
    cell_el(driver, wrong).click()
    cell_el(driver, wrong).send_keys(clash)
    wait_for("the conflict to show", lambda: "conflict" in grid_state(driver)[wrong]["cls"])
    cell_el(driver, wrong).send_keys(Keys.CONTROL, "z")
    wait_for("undo to clear the cell", lambda: grid_state(driver)[wrong]["text"] == "")
    hint_finds_a_mistake(driver, wrong, solution)
    click(driver, "check")
    wait_for("the check's verdict", lambda: "No mistakes" in text_of(driver, "status"))
    marks = pencil_marks(driver, empty[2], solution)
    return ("digit typed into a clicked cell, a clashing digit shown as a conflict and undone, "
            f"a wrong digit found by Hint and cleared by its second press, check clean, pencil marks {marks}")


def pencil_marks(driver, cell, solution):
    """Pencil mode by its key: three marks (the right digit among them) show in the cell."""
    digits = sorted({solution[cell], *[d for d in "123456789" if d != solution[cell]][:2]})
    el = cell_el(driver, cell)
    el.click()
    el.send_keys("p", *digits, "p")
    shown = wait_for("the pencil marks", lambda: driver.execute_script(
        "return [...arguments[0].querySelectorAll('.marks span')].map(s => s.textContent).join('')", cell_el(driver, cell)))
    check(shown == "".join(digits), f"pencil marks {digits} show as {shown!r}")
    return "".join(digits)


def hint_finds_a_mistake(driver, cell, solution):
    """A digit that breaks no rule but is not the solution's: Hint names it, a second press clears it."""
    texts = [c["text"] for c in grid_state(driver)]
    r, c = divmod(cell, 9)
    peers = {i for i in range(81) if i // 9 == r or i % 9 == c or (i // 27 == r // 3 and i % 9 // 3 == c // 3)}
    digit = next(d for d in "123456789" if d != solution[cell] and all(texts[p] != d for p in peers))
    cell_el(driver, cell).send_keys(digit)
    click(driver, "hint")
    wait_for("the hint to name the mistake", lambda: driver.find_element(By.ID, "hint-line").get_attribute("data-kind") == "error")
    check("mistake" in grid_state(driver)[cell]["cls"], f"Hint did not mark r{r + 1}c{c + 1} (wrong {digit}) as a mistake")
    click(driver, "hint")
    wait_for("the second press to clear the wrong digit", lambda: grid_state(driver)[cell]["text"] == "")


def solve_matches_direct(driver, solution):
    click(driver, "download-cnf")
    cnf = wait_for("the CNF's size", lambda: text_of(driver, "status").startswith("CNF:") and text_of(driver, "status"))
    check(cnf.startswith("CNF: 729 variables"), f"Download CNF says {cnf!r}")
    click(driver, "count")
    counted = wait_for("the count", lambda: "solution" in text_of(driver, "status") and text_of(driver, "status"))
    check(counted.startswith("1 solution "), f"Count solutions says {counted!r} for a unique puzzle")
    click(driver, "solve")
    status = wait_for("the solve's status", lambda: text_of(driver, "status").startswith("Solved") and text_of(driver, "status"))
    shown = "".join(c["text"] for c in grid_state(driver))
    check(shown == solution, f"the solved grid {shown} differs from the direct solver's {solution}")
    check("conflicts" in status and "decisions" in status, f"the solve's status lacks its statistics: {status!r}")
    return f"solved through SAT, equal to the direct solver's solution ({status})"


def watch_a_few_steps(driver, shots):
    Select(driver.find_element(By.ID, "sample")).select_by_value("9x9 forum hardest")
    click(driver, "sample-load")
    wait_for("the sample", lambda: "forum hardest" in text_of(driver, "puzzle-title"))
    click(driver, "watch-load")
    status = wait_for("the trace", lambda: (s := driver.find_element(By.ID, "watch-status")).get_attribute("data-kind") == "error"
                      and f"error: {s.text}" or "Press Play" in s.text and s.text, timeout=60)
    check(not status.startswith("error"), f"the trace failed: {status}")
    rows = driver.find_elements(By.CSS_SELECTOR, "#watch-compare tr")
    check(len(rows) == 2, f"the comparison table has {len(rows)} rows, not 2 (CDCL, DPLL)")
    click(driver, "watch-next")
    first = counter_values(driver)
    check(first["decisions"] == 1 and first["propagations"] > 0, f"Next decision stopped at {first}")
    check(text_of(driver, "watch-event").startswith("Decision at level 1"), f"the event line says {text_of(driver, 'watch-event')!r}")
    for _ in range(8):
        click(driver, "watch-step")
    counters = counter_values(driver)
    check(sum(counters.values()) > sum(first.values()), f"Step did not move the counters: {counters}")
    kinds = [set(c["cls"].split()) & {"decide", "propagate"} for c in grid_state(driver, "#watch-grid")]
    check(any("decide" in k for k in kinds) and any("propagate" in k for k in kinds),
          "the watch grid has no decided and propagated cells coloured")
    click(driver, "watch-next")
    click(driver, "watch-play")
    time.sleep(0.5)
    shots("web-watch.png", "watch")
    if driver.find_element(By.ID, "watch-play").text == "Pause":
        click(driver, "watch-play")
    later = counter_values(driver)
    check(sum(later.values()) > sum(counters.values()), "Play did not move the counters")
    return f"watched the search: at the first decision {first}; 8 steps on {counters}; after Play {later}"


def counter_values(driver):
    return {el.get_attribute("data-counter"): int(el.text.replace(",", ""))
            for el in driver.find_elements(By.CSS_SELECTOR, "#watch-counters dd")}


GENERATE_JS = """
const done = arguments[arguments.length - 1];
satoku.engine.request("generate", arguments[0]).then(done, (e) => done({ error: String(e) }));
"""


def generate_matches_cli(driver, binary):
    """The engine's generator in wasm gives, seed for seed, the puzzles of
    `satoku sudoku generate` natively (the random draws are the same on
    32-bit wasm and 64-bit x86)."""
    cases = [(1, "medium", 9), (5, "medium", 9), (8, "easy", 4)]
    for seed, level, size in cases:
        r = driver.execute_async_script(GENERATE_JS, {"seed": seed, "difficulty": level, "size": size})
        check("error" not in r, f"generate seed {seed}: {r.get('error')}")
        cli = subprocess.run(
            [binary, "sudoku", "generate", "--seed", str(seed), "--difficulty", level,
             "--size", str(size), "-n", "1"],
            capture_output=True, text=True, check=True).stdout.split()[0]
        expected = [0 if ch in ".0" else int(ch) for ch in cli]
        check(r["cells"] == expected,
              f"generate seed {seed} {level} {size}x{size}: the page's puzzle differs from the CLI's\n"
              f"  page {''.join(str(c or '.') for c in r['cells'])}\n  cli  {cli}")
    return f"generated puzzles equal the CLI's for {len(cases)} seeds (9x9 and 4x4)"


def paste_and_load(driver, text):
    """Pastes `text` and presses Load pasted puzzle (without waiting)."""
    area = driver.find_element(By.ID, "paste")
    driver.execute_script("arguments[0].value = arguments[1]", area, text)
    click(driver, "paste-load")


def illegal_givens_refused(driver, illegal):
    """Givens that break a rule (line 7 of cnf/sudoku/puzzles.txt) are not
    loaded: the status says why, the game on the grid stays."""
    title = text_of(driver, "puzzle-title")
    before = grid_state(driver)
    paste_and_load(driver, illegal)
    status = wait_for("the refusal", lambda: "illegal givens" in text_of(driver, "status") and text_of(driver, "status"))
    check(text_of(driver, "puzzle-title") == title, f"the title changed to {text_of(driver, 'puzzle-title')!r}")
    check(grid_state(driver) == before, "the grid changed although the puzzle was refused")
    return f"illegal givens refused, the game kept: {status!r}"


def hint_in_the_grids_symbols(driver, binary, sixteen):
    """On the 16x16 sample, Hint says what `satoku sudoku explain` says,
    digits written as the grid writes them (A for 10)."""
    Select(driver.find_element(By.ID, "sample")).select_by_value("16x16")
    click(driver, "sample-load")
    wait_for("the 16x16 sample", lambda: "Sample 16x16" in text_of(driver, "puzzle-title"))
    expected = explain_first_step(binary, sixteen)
    click(driver, "hint")
    line = wait_for("the hint's sentence", lambda: text_of(driver, "hint-line"))
    check(line == expected, f"16x16 hint says {line!r}; satoku sudoku explain says {expected!r}")
    digit = re.search(r"= (\S+)$", line)
    check(digit and not digit[1].isdigit(), f"the 16x16 hint names its digit {digit and digit[1]!r}, not a letter")
    return f"16x16 hint in the grid's symbols, as explain: {line!r}"
