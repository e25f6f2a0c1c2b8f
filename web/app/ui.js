// Small DOM helpers shared by the panels: find an element, say something in
// a status line, save text as a file, run a button's work with the button
// disabled meanwhile.

/** The element with this id (throws when the page lacks it: a page bug, found at once). */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no element #${id}`);
  return el;
}

/** Writes `text` into a status element; `kind` is "", "ok" or "error" (a CSS class). */
export function say(el, text, kind = "") {
  el.textContent = text;
  el.dataset.kind = kind;
}

/** Offers `text` as a download named `name`. */
export function download(name, text, type = "text/plain") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Runs `work()` with `button` disabled; an error is written to `status`
 * (a cancelled request quietly). Returns work's result or undefined.
 */
export async function busy(button, status, work) {
  button.disabled = true;
  try {
    return await work();
  } catch (e) {
    if (e.name === "Cancelled") say(status, "Cancelled.");
    else say(status, e.message, "error");
    return undefined;
  } finally {
    button.disabled = false;
  }
}

/** "1,234" for 1234: counters readable at a glance. */
export function count(n) {
  return Number(n).toLocaleString("en-US");
}

/** A duration in microseconds as "850 µs", "12.3 ms" or "4.56 s". */
export function micros(us) {
  if (us < 1000) return `${Math.round(us)} µs`;
  if (us < 1e6) return `${(us / 1000).toFixed(1)} ms`;
  return `${(us / 1e6).toFixed(2)} s`;
}
