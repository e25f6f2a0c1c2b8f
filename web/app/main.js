// The page's entry point: starts the engine (a Web Worker running the wasm
// build), builds the panels and wires the buttons. `window.satoku` holds the
// engine, for the browser test's benchmark and for curious people at the
// console.

import { Engine } from "../engine.js";
import { CnfPanel } from "./cnf.js";
import { Game } from "./game.js";
import { Hint } from "./hint.js";
import { buildPad } from "./pad.js";
import { PlayGrid } from "./play-grid.js";
import { FIRST_SAMPLE, SAMPLES, Sources } from "./sources.js";
import { byId, busy, say } from "./ui.js";
import { Watch } from "./watch.js";

async function main() {
  registerServiceWorker();
  const engineLine = byId("engine-status");
  let engine;
  try {
    engine = await Engine.start();
  } catch (e) {
    say(engineLine, `The engine did not start: ${e.message}`, "error");
    return;
  }
  const { version } = await engine.request("version", {});
  say(engineLine, `satoku ${version}, WebAssembly in a worker`);
  window.satoku = { engine };

  const grid = new PlayGrid(byId("grid"), () => {
    ui.hint.drop();
    ui.refresh();
  });
  const ui = wirePlay(engine, grid);
  new Watch(engine, () => grid.board.puzzle());
  new CnfPanel(engine);
  await ui.sources.sample(FIRST_SAMPLE);
  performance.mark("satoku-ready");
  document.body.dataset.ready = "true";
}

// The play panel's buttons; returns what the grid's move callback needs.
function wirePlay(engine, grid) {
  const status = byId("status");
  const hint = new Hint(engine, grid, byId("hint-line"), byId("hint-help"));
  const game = new Game(engine, grid, hint);
  const sources = new Sources(engine, game);
  const refresh = () => {
    byId("undo").disabled = !grid.board?.canUndo();
    byId("redo").disabled = !grid.board?.canRedo();
  };
  const act = (id, work) =>
    byId(id).addEventListener("click", async () => {
      await busy(byId(id), status, work);
      refresh();
    });
  act("hint", () => hint.press());
  act("check", () => game.check());
  act("solve", () => game.solve());
  act("count", () => game.count());
  act("download-cnf", () => game.downloadCnf());
  act("new", () => sources.generate(byId("new-difficulty").value));
  act("sample-load", () => sources.sample(byId("sample").value));
  act("paste-load", () => sources.parse(byId("paste").value, "Pasted puzzle"));
  act("undo", () => grid.undo());
  act("redo", () => grid.redo());
  byId("puzzle-file").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (file) busy(byId("paste-load"), status, () => sources.file(file)).then(refresh);
  });
  wirePencil(grid);
  fillSamples();
  byId("grid").addEventListener("gridsize", (e) => buildPad(byId("pad"), e.detail, grid));
  return { hint, sources, refresh };
}

function wirePencil(grid) {
  const button = byId("pencil");
  button.addEventListener("mousedown", (e) => e.preventDefault());
  button.addEventListener("click", () => (grid.pencil = !grid.pencil));
  byId("grid").addEventListener("pencilchange", (e) => {
    button.setAttribute("aria-pressed", String(e.detail));
    button.textContent = e.detail ? "Pencil: on" : "Pencil: off";
  });
}

function fillSamples() {
  const select = byId("sample");
  for (const name of Object.keys(SAMPLES)) select.add(new Option(name, name));
  select.value = FIRST_SAMPLE;
}

function registerServiceWorker() {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("./sw.js").catch((e) => console.warn("no offline copy:", e.message));
  }
}

main();
