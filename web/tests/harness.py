"""What the browser test stands on: a static file server on 127.0.0.1 (a
free port; it can be stopped to test the page offline), headless Chromium
through chromedriver, waiting for the page, and failing with a clear
message and a screenshot."""

import functools
import http.server
import pathlib
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


class TestFailure(Exception):
    """A check of the page that did not hold."""


class StaticServer:
    """Serves one folder over HTTP on 127.0.0.1, on a port the OS picks."""

    def __init__(self, root):
        handler = functools.partial(QuietHandler, directory=str(root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        if self.thread.is_alive():
            self.httpd.shutdown()
            self.httpd.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The standard handler, with the MIME types a wasm page needs and no request log."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, *args):
        pass


def start_browser(chromium, chromedriver, width=1200, height=1000):
    """Headless Chromium (as root too: no sandbox) with a window of the given size."""
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
    driver.set_script_timeout(600)
    return driver


def wait_for(what, check, timeout=30.0, every=0.05):
    """Polls `check()` until it returns something truthy; fails naming `what`."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = check()
            if value:
                return value
        except Exception as e:  # the element may not exist yet
            last_error = e
        time.sleep(every)
    detail = f" (last error: {last_error})" if last_error else ""
    raise TestFailure(f"timed out after {timeout:.0f} s waiting for {what}{detail}")


def open_page(driver, url, timeout=60.0):
    """Loads the page and waits until the engine has started and the first puzzle is on the grid."""
    driver.get(url)
    wait_for("the page to be ready (body[data-ready]): did the engine start?",
             lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true"
             or engine_error(driver), timeout)
    error = engine_error(driver)
    if error and "Table.set" in error:
        # Seen with Debian 12's binaryen 108: even `wasm-opt` with no passes breaks the module.
        error += (" (was the .wasm run through an old wasm-opt? binaryen 108 rewrites wasm-bindgen's"
                  " externref table into one the browser refuses: build without it)")
    if error:
        raise TestFailure(f"the engine did not start: {error}")


def engine_error(driver):
    el = driver.find_element(By.ID, "engine-status")
    return el.text if el.get_attribute("data-kind") == "error" else None


def text_of(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def check(condition, message):
    if not condition:
        raise TestFailure(message)


def fail_with_screenshot(driver, out_dir, name, error):
    """Saves a screenshot and the browser console next to the failure message."""
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    shot = out_dir / f"{name}-failure.png"
    try:
        driver.save_screenshot(str(shot))
        logs = driver.get_log("browser")
        (out_dir / f"{name}-console.txt").write_text("\n".join(str(entry) for entry in logs))
    except Exception as e:  # the browser itself may be gone
        return f"{error}\n(no screenshot: {e})"
    return f"{error}\nscreenshot: {shot}\nbrowser console: {out_dir / (name + '-console.txt')}"
