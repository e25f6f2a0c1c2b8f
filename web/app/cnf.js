// "Solve a CNF": a .cnf or .cnf.gz file dropped on the panel or chosen is
// solved in the worker (`solveDimacs`), with progress while the file is
// read and loaded and a few times a second during the search, and a Cancel
// button that works throughout; the answer shows as `satoku solve` prints
// it (`s` and `v` lines), with whether the model was checked against the
// formula, and can be downloaded.

import { byId, count, download, say } from "./ui.js";

// The answer box shows at most this much of the output; the download has it all.
const SHOWN_CHARS = 100_000;

/** A whole percentage of `part` in `whole`. */
const percent = (part, whole) => Math.floor((100 * part) / Math.max(whole, 1));

/** The progress line for one progress report of `solveDimacs` (web/README.md). */
export function progressLine(p) {
  const secs = `${(p.elapsedMs / 1000).toFixed(2)} s`;
  switch (p.phase) {
    case "inflating":
      return `Inflating the gzip data: ${count(p.textBytes)} bytes of text`;
    case "reading": {
      // The header's count is only a claim: shown while the file agrees with it.
      const of = p.clauses <= p.declaredClauses ? ` of ${count(p.declaredClauses)}` : "";
      return `Reading the formula: ${percent(p.textBytes, p.totalBytes)} % (${count(p.clauses)}${of} clauses), ${secs}`;
    }
    case "adding":
      return `Loading the clauses into the solver: ${percent(p.added, p.clauses)} % (${count(p.added)} of ${count(p.clauses)}), ${secs}`;
    case "loaded":
      return `${count(p.clauses)} clauses loaded in ${secs}; searching…`;
    default:
      return `${secs}: ${count(p.conflicts)} conflicts, ${count(p.decisions)} decisions, ${count(p.propagations)} propagations`;
  }
}

export class CnfPanel {
  #engine;
  #el = {};
  #result = null;

  constructor(engine) {
    this.#engine = engine;
    for (const id of ["drop", "file", "time", "cancel", "progress", "status", "output", "checked", "download"]) {
      this.#el[id] = byId(`cnf-${id}`);
    }
    const { drop, file } = this.#el;
    file.addEventListener("change", () => file.files[0] && this.solve(file.files[0]));
    drop.addEventListener("dragover", (e) => {
      e.preventDefault();
      drop.classList.add("over");
    });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (e) => {
      e.preventDefault();
      drop.classList.remove("over");
      if (e.dataTransfer.files[0]) this.solve(e.dataTransfer.files[0]);
    });
    this.#el.cancel.addEventListener("click", () => this.#engine.cancel());
    this.#el.download.addEventListener("click", () => this.#download());
  }

  /** Solves one file (a File or Blob with a name), showing progress, then the answer. */
  async solve(file) {
    const el = this.#el;
    this.#clear();
    say(el.status, `Solving ${file.name} (${count(file.size)} bytes)…`);
    el.cancel.disabled = false;
    el.file.disabled = true;
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const params = { bytes, name: file.name, timeLimitMs: Number(el.time.value) * 1000 };
      const onProgress = (p) => this.#progress(p);
      const r = await this.#engine.request("solveDimacs", params, { onProgress });
      this.#show(file.name, r);
    } catch (e) {
      say(el.status, e.name === "Cancelled" ? "Cancelled." : e.message, e.name === "Cancelled" ? "" : "error");
    } finally {
      el.cancel.disabled = true;
      el.file.disabled = false;
      el.file.value = "";
    }
  }

  #clear() {
    const el = this.#el;
    this.#result = null;
    el.output.textContent = "";
    el.progress.textContent = "";
    say(el.checked, "");
    el.download.disabled = true;
  }

  #progress(p) {
    this.#el.progress.textContent = progressLine(p);
  }

  #show(name, r) {
    const el = this.#el;
    this.#result = { name, output: r.output };
    const cut = r.output.length > SHOWN_CHARS ? "\n… (the rest is in the download)" : "";
    el.output.textContent = r.output.slice(0, SHOWN_CHARS) + cut;
    el.download.disabled = false;
    say(el.status, `${name}: ${r.status}`, r.status === "UNKNOWN" ? "" : "ok");
    this.#progress(r.stats);
    if (r.status === "SATISFIABLE") {
      say(el.checked, r.checked ? "Model checked: it satisfies every clause of the file." : "Model NOT checked.", r.checked ? "ok" : "error");
    }
  }

  #download() {
    if (!this.#result) return;
    const base = this.#result.name.replace(/\.gz$/, "").replace(/\.cnf$/, "");
    download(`${base}.out`, this.#result.output);
  }
}
