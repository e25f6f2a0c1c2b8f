"""The page's layout, measured in the browser: the sample menu names the
puzzle on the grid, pencil marks sit at fixed places in their cell, and no
window from a phone's 320 px to a desktop's 1200 px scrolls sideways, on a
9x9 or a 25x25 grid."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from harness import check, text_of, wait_for

# One given, a P: legal, and the widest keypad (25 symbols and erase).
PUZZLE_25 = "P" + "." * 624

WIDTHS = (320, 375, 1024, 1200)

WIDER_JS = """
const width = document.documentElement.clientWidth;
return [...document.querySelectorAll('body *')]
  .filter((e) => !e.closest('.scroll-x, .output') && e.getBoundingClientRect().right > width + 0.5)
  .slice(0, 5)
  .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} ends at ${Math.round(e.getBoundingClientRect().right)} px`);
"""

# Per mark: its place (0-based index in the square), and its centre as a fraction of its cell.
MARKS_JS = """
return [...document.querySelectorAll(arguments[0] + ' .marks')].flatMap((square) => {
  const box = square.parentElement.getBoundingClientRect();
  return [...square.children].map((m, i) => [m, i]).filter(([m]) => m.textContent).map(([m, i]) => {
    const r = document.createRange();
    r.selectNodeContents(m);
    const t = r.getBoundingClientRect();
    return { place: i, symbol: m.textContent,
             x: (t.left + t.width / 2 - box.left) / box.width, y: (t.top + t.height / 2 - box.top) / box.height };
  });
});
"""


def sample_names_the_grid(driver):
    """On first load the Sample menu shows the sample the grid holds."""
    chosen = Select(driver.find_element(By.ID, "sample")).first_selected_option.text
    title = text_of(driver, "puzzle-title")
    check(title.startswith(f"Sample {chosen}:"), f"the Sample menu says {chosen!r}, the grid holds {title!r}")
    return f"the Sample menu says {chosen!r}, as the title: {title!r}"


def marks_keep_their_places(driver, selector, box=3):
    """Every pencil mark drawn in the grid `selector` is centred on its own
    place of the box x box square its cell is cut into (mark d at row
    (d-1)/box, column (d-1)%box), whichever other marks the cell holds."""
    marks = driver.execute_script(MARKS_JS, selector)
    check(marks, f"no pencil marks drawn in {selector}")
    slack = 0.25 / box  # a quarter of a place
    for m in marks:
        row, col = divmod(m["place"], box)
        want_x, want_y = (col + 0.5) / box, (row + 0.5) / box
        check(abs(m["x"] - want_x) <= slack and abs(m["y"] - want_y) <= slack,
              f"{selector}: mark {m['symbol']} is centred at ({m['x']:.2f}, {m['y']:.2f}) of its cell, "
              f"not at its place ({want_x:.2f}, {want_y:.2f}) in row {row + 1}, column {col + 1}")
    return len(marks)


def watch_candidates_keep_their_places(driver):
    """The watch grid at its first decision: the candidates left in each
    narrowed cell sit at their places (the search has not ended there)."""
    driver.find_element(By.ID, "watch-load").click()
    wait_for("the trace", lambda: "Press Play" in text_of(driver, "watch-status"), timeout=60)
    driver.find_element(By.ID, "watch-next").click()
    wait_for("the first decision", lambda: text_of(driver, "watch-event").startswith("Decision"))
    n = marks_keep_their_places(driver, "#watch-grid")
    return f"the watch grid's {n} candidates at the first decision each in its fixed place"


def lone_mark_stays_in_place(driver):
    """A lone 7 pencilled into an empty cell sits bottom left, as on paper."""
    cells = driver.find_elements(By.CSS_SELECTOR, "#grid .cell")
    empty = next(c for c in cells if c.text == "" and "given" not in c.get_attribute("class"))
    empty.click()
    empty.send_keys("p", "7", "p")
    wait_for("the pencil mark", lambda: empty.find_elements(By.CSS_SELECTOR, ".marks"))
    marks_keep_their_places(driver, "#grid")
    return "a lone pencil mark 7 sits in the bottom row, left column of its cell"


def set_width(driver, width):
    metrics = {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def no_sideways_scrolling(driver, load):
    """At each width, with the 9x9 sample and with a 25x25 grid, the page is
    no wider than the window. `load(text)` loads a pasted puzzle."""
    try:
        for grid in ("9x9", "25x25"):
            if grid == "25x25":
                load(PUZZLE_25)
                wait_for("the 25x25 grid", lambda: ": 25x25," in text_of(driver, "puzzle-title"))
            for width in WIDTHS:
                set_width(driver, width)
                scroll = wait_for("the layout", lambda: driver.execute_script(
                    "return document.documentElement.clientWidth === arguments[0]"
                    " && document.documentElement.scrollWidth", width))
                wider = driver.execute_script(WIDER_JS)
                check(scroll <= width and not wider,
                      f"{grid} at {width} px: the page is {scroll} px wide; {'; '.join(wider)}")
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return f"no sideways scrolling at {', '.join(map(str, WIDTHS))} px, with a 9x9 and a 25x25 grid"
