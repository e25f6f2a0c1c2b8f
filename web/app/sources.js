// Where a puzzle comes from: the generator (by difficulty, a random seed),
// pasted text or a file (any format the CLI reads: the engine's
// parsePuzzle), or a built-in sample.


// examples/sudoku.txt (one 9x9 puzzle per grade, the 16x16 one), a 4x4, and
// the third puzzle of tdoku's forum_hardest_1905_11+ (a search with decisions
// and conflicts to watch).
export const SAMPLES = {
  "4x4": "1...\n..3.\n.4..\n...2",
  "9x9 easy": "69..8..4..21.69.784...3...1..21.4.3..4.9.......9.5......63.....9...15.62.18.9.3..",
  "9x9 medium": ".2.4..96...82...75.....8.....3.261...1975..862.6.....98..3756.23........6.....8.3",
  "9x9 hard": ".7.....9.3.8546.7.4.....38..694..7....1.73.597.38..64........6.6.5.9..1...7..5...",
  "9x9 expert": "97.2..65..4....9.3..59..1.7..6.57.4..5.169...7.93......9.....7.5.7...31.1.8..2...",
  "9x9 forum hardest": "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
  "16x16":
    "1.D....4.A58.....E.........C...G.2.76.GBF..4....39F.1A.D7........4.6.31...B.58.C8C7E.69..F.....D...D..........2...A.G8C....7E.1426.G4....57F.A...B..........8...F.....B..3A.42E1A.4C.5...E6.7.3........3D.C5.7B2....9..1GB.63.4.C...2.........6.....8FD.3....9.E",
};

/** The sample on the grid when the page opens (and chosen in the Sample menu). */
export const FIRST_SAMPLE = "9x9 easy";

export class Sources {
  #engine;
  #game;

  constructor(engine, game) {
    this.#engine = engine;
    this.#game = game;
  }

  /** A generated 9x9 puzzle of `difficulty`, from a fresh random seed. */
  async generate(difficulty) {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0];
    const r = await this.#engine.request("generate", { difficulty, seed });
    this.#game.load(r, `New ${r.grade} puzzle, score ${r.score} (seed ${seed})`);
  }

  /**
   * The first puzzle of `text`; `from` names the text in the title. A text
   * that does not parse, or givens that break a rule, leave the game on
   * the grid as it is, and the error says so.
   */
  async parse(text, from) {
    let r;
    try {
      r = await this.#engine.request("parsePuzzle", { text });
    } catch (e) {
      if (e.name === "Cancelled") throw e;
      throw new Error(`${from} not loaded (the game on the grid goes on): ${e.message}`);
    }
    const which = r.count > 1 ? ` (puzzle 1 of ${r.count})` : "";
    this.#game.load({ size: r.size, cells: r.cells }, `${from}${which}`);
  }

  async file(file) {
    await this.parse(await file.text(), file.name);
  }

  async sample(name) {
    await this.parse(SAMPLES[name], `Sample ${name}`);
  }
}
