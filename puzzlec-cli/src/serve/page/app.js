// The workshop page: the puzzle's text, checked as it is typed (mistakes marked where they
// are), and its searches run by the server over one socket, shown as they go.

import * as draw from "./draw.js";
import { SolidView, supported as solidsSupported } from "./view3d.js";

const $ = (id) => document.getElementById(id);

/** Solutions shown a page of thumbnails at a time. */
const PAGE = 24;
/** How long typing pauses before the text is checked, in milliseconds. */
const CHECK_AFTER = 300;
/** Typing within this many milliseconds of the last keystroke is one step of undo. */
const UNDO_STEP = 1000;
/** Steps of undo kept. */
const UNDO_STEPS = 200;
/** Where the text is kept between visits, in this browser alone. */
const STORED = "puzzle-workshop";
/** Counts grouped as a person reads them: 917,404. */
const GROUPED = new Intl.NumberFormat("en-US");

const state = {
  file: "puzzle.puzzle",
  /** The puzzles the file opened or chosen last declared, which a save keeps its name for. */
  namesOfFile: null,
  pick: null,
  /** The last check's answer, and for which text. */
  checked: null,
  /** The search under way (its id), and what it has sent. */
  search: null,
  solutions: [],
  selected: 0,
  page: 0,
  socket: null,
  /** Whether the socket's server went away, so that the page reconnects. */
  retry: 0,
  /** The puzzle as the drawing editor holds it, the text it was read from or wrote (the
   * editor changes the text only while it is that text), and the text it last wrote. */
  sketch: null,
  /** How many resizes of the box were asked, so that only the last is drawn. */
  resizes: 0,
  /** The names of the pieces added whose entries the server is still writing. */
  naming: new Set(),
  sketchOf: null,
  written: null,
  /** The texts to go back and forth to, and where the text is among them. */
  history: [],
  at: -1,
  /** When the text was last typed in, for steps of undo. */
  typed: 0,
  /** The check under way, stopped once the text changes. */
  checking: null,
  /** The text the solutions shown were found for. */
  solvedText: null,
  /** Where the drawn puzzle is written in the text (offsets), and in which text. */
  extent: null,
  extentOf: null,
  /** The piece being drawn: layers of rows, `#` a cell; and what the drawer shows of it. */
  piece: null,
  pieceDrawn: null,
  /** The drawer's size where a piece opened in it needs its own (layers, rows, columns), and
   * which entry that piece is, which "change the piece" writes over. */
  pieceSize: null,
  editing: null,
  /** What the list of pieces shows, so that it is drawn anew only when that changes. */
  piecesShown: null,
  /** What a stroke of the pointer paints. */
  stroke: null,
  /** The puzzle as the last search was asked for it (its solutions are of this). */
  searchedSource: null,
  /** The view in three dimensions, made when first needed, and which solution it shows. */
  view: null,
  viewOf: null,
};

const text = $("text");

// ---- The text and its mistakes ----

/** The puzzle as the server takes it, under the name it would be saved as, which its messages
 * give it. */
function source() {
  return {
    text: text.value,
    format: $("format").value,
    file: saveName(),
    pick: state.pick,
    all: state.all,
  };
}

/** What a drawing is of: a text, read in a format, and the puzzle of it chosen. */
function keyOf(source) {
  return JSON.stringify([source.format, source.pick, source.text]);
}

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/** The offset in the text of a line and column (both from 1, the column in characters). */
function offset(line, column) {
  const lines = text.value.split("\n");
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  const chars = Array.from(lines[line - 1] ?? "");
  return at + chars.slice(0, column - 1).join("").length;
}

/** The spans of the mistakes, as offsets, sorted. */
function spans(mistakes) {
  return mistakes
    .filter((m) => m.line != null)
    .map((m) => {
      const start = offset(m.line, m.column);
      let end = m.end_line != null ? offset(m.end_line, m.end_column) : start;
      if (end <= start) end = start + 1;
      return [start, Math.min(end, text.value.length + 1)];
    })
    .sort((a, b) => a[0] - b[0]);
}

/** Draws the gutter's line numbers, each as high as its line wraps to, and the marks behind
 * the text. */
function drawText(mistakes = []) {
  const lines = text.value.split("\n");
  const bad = new Set(mistakes.filter((m) => m.line != null).map((m) => m.line));
  // A copy of the text as wide as the editor's, a line a block, says how high each wraps.
  const measure = $("measure");
  measure.style.width = `${text.clientWidth}px`;
  measure.innerHTML = lines.map((l) => `<div>${escapeHtml(l) || "&#8203;"}</div>`).join("");
  const heights = Array.from(measure.children, (line) => line.getBoundingClientRect().height);
  measure.innerHTML = "";
  $("gutter").innerHTML = lines.map((_, i) => {
    const style = heights[i] ? ` style="height:${heights[i]}px"` : "";
    return `<div${bad.has(i + 1) ? ' class="bad"' : ""}${style}>${i + 1}</div>`;
  }).join("");
  let html = "";
  let at = 0;
  for (const [start, end] of spans(mistakes)) {
    if (start < at) continue;
    html += escapeHtml(text.value.slice(at, start));
    // A mark at the end of a line or of the text shows as a space.
    const marked = text.value.slice(start, end).replace(/\n/g, " \n") || " ";
    html += `<mark>${escapeHtml(marked)}</mark>`;
    at = end;
  }
  html += escapeHtml(text.value.slice(at)) + "\n";
  $("backdrop").innerHTML = html;
  syncScroll();
}

function syncScroll() {
  $("backdrop").scrollTop = text.scrollTop;
  $("backdrop").scrollLeft = text.scrollLeft;
  $("gutter").scrollTop = text.scrollTop;
}

/** Selects a mistake's span in the text. */
function select(mistake) {
  if (mistake.line == null) return;
  const [[start, end]] = spans([mistake]);
  text.focus();
  text.setSelectionRange(start, Math.min(end, text.value.length));
}

function showMistakes(answer) {
  const list = $("mistakes");
  list.innerHTML = "";
  const mistakes = answer.errors ?? [];
  for (const m of mistakes) {
    const li = document.createElement("li");
    const at = m.line != null ? `${m.line}:${m.column}: ` : "";
    li.innerHTML = `${escapeHtml(at + m.message)}` +
      m.notes.map((n) => `<div class="notes">${escapeHtml(n)}</div>`).join("");
    li.addEventListener("click", () => select(m));
    list.append(li);
  }
  $("report").hidden = !answer.report;
  $("report").textContent = answer.report ?? "";
  drawText(mistakes);
}

/** The check a pause in typing makes, waiting for the pause to end. */
let checkTimer = null;

/** Checks the text after a pause in typing. */
function checkSoon() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, CHECK_AFTER);
  checked(false);
}

/** Says whether the status is the check of the text as it is, or one is still to come. */
function checked(done) {
  $("status").setAttribute("aria-busy", String(!done));
}

async function check() {
  // A check now is the one a pause in typing would have made.
  clearTimeout(checkTimer);
  checked(false);
  const asked = source();
  // The server stops compiling a text nobody waits for.
  state.checking?.abort();
  const checking = new AbortController();
  state.checking = checking;
  let answer;
  try {
    const response = await fetch("/api/compile", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(asked),
      signal: checking.signal,
    });
    answer = await response.json();
  } catch (e) {
    if (!checking.signal.aborted) {
      status(`the server cannot be reached: ${e.message}`, true);
      checked(true);
    }
    return;
  }
  // An answer to an older text is no answer.
  if (asked.text !== text.value || asked.format !== $("format").value) return;
  state.checked = answer;
  const picks = answer.puzzles ?? [];
  const at = picks.find((p) => p.pick === (state.pick ?? picks[0].pick))?.written;
  state.extent = at ? [offset(at.line, at.column), offset(at.end_line, at.end_column)] : null;
  state.extentOf = asked.text;
  // The editor shows the text's puzzle, unless it holds that text's already (it wrote it); a
  // text that cannot be read leaves it nothing to draw.
  if (keyOf(asked) !== state.sketchOf || !state.sketch) {
    takeSketch(answer.sketch, asked);
    renderDraw();
  } else {
    // The drawing wrote this text: its pieces' pictures are this answer's.
    renderPieces();
  }
  state.sketchOf = state.sketch ? keyOf(asked) : null;
  showStale();
  state.reduced = answer.reduced ?? false;
  showSymmetry();
  showPicks(answer.puzzles ?? []);
  showMistakes(answer);
  $("to-language").hidden = !(answer.ok && answer.language && asked.format !== "puzzle");
  if (answer.ok) {
    const info = answer.info;
    const of = picks.length > 1 ? ` (puzzle ${picks.findIndex((p) => p.pick === (state.pick ?? picks[0].pick)) + 1} of ${picks.length} in the text: choose another above)` : "";
    status(`${info.name}: ${counted(info.aspects, "aspect")}, ` +
      `${counted(info.embeddings, "placement")}, ${counted(info.symmetry.group_order, "symmetry", "symmetries")}${of}`);
  } else if (answer.errors) {
    const n = answer.errors.length;
    status(n === 1 ? "1 mistake" : `${n} mistakes`, true);
  } else {
    status(answer.message ?? "the text could not be checked", true);
  }
  checked(true);
}

/** `n` and the word for that many. */
function counted(n, one, many = `${one}s`) {
  return `${grouped(n)} ${Number(n) === 1 ? one : many}`;
}

/** A count (a number or a string of digits, of any size) grouped in thousands. */
function grouped(n) {
  return /^\d+$/.test(String(n)) ? GROUPED.format(BigInt(n)) : String(n);
}

function status(message, bad = false) {
  $("status").textContent = message;
  $("status").classList.toggle("bad", bad);
}

/** The puzzles of the text to choose from, where it has several. */
function showPicks(picks) {
  const select = $("pick");
  select.hidden = picks.length < 2;
  const current = state.pick ?? picks[0]?.pick;
  select.innerHTML = picks
    .map((p) => `<option value="${escapeHtml(p.pick)}"${p.pick === current ? " selected" : ""}>${escapeHtml(p.label)}</option>`)
    .join("");
}

/** Shows a new text, as read from a file or an example; the text before is a step of undo
 * away. */
function load(body, format, file) {
  // The text before, with the puzzle chosen in it, is the step undo goes back to.
  remember();
  state.pick = null;
  state.written = null;
  state.all = false;
  state.namesOfFile = moduleNames(body);
  setText(body, { format, file });
}

/** The names of the puzzles a text in the language declares (`mod NAME`). */
function moduleNames(body) {
  return [...body.matchAll(/\bmod\s+([A-Za-z_]\w*)/g)].map((m) => m[1]);
}

/**
 * The name to save the text under: the file's, unless the text is the person's own puzzle in
 * place of the file's (none of the puzzles it declares is one the file declared), which is
 * saved under its own first puzzle's name.
 */
function saveName() {
  if ($("format").value !== "puzzle" || !state.namesOfFile) return state.file;
  const names = moduleNames(text.value);
  if (names.length === 0 || names.some((n) => state.namesOfFile.includes(n))) return state.file;
  return `${names[0]}.puzzle`;
}

// ---- The text's history: undo, redo, and the text kept between visits ----

/** What the page holds of the text. */
function snapshot() {
  return { text: text.value, format: $("format").value, file: state.file, pick: state.pick };
}

/** Puts the page back as `shot` had it (a step of undo, or the text kept since a visit). */
function restore(shot) {
  text.value = shot.text;
  $("format").value = shot.format;
  state.file = shot.file;
  state.pick = shot.pick ?? null;
  changed();
}

/** Records the text as it now is: a new step, or where typing goes on, the same one. */
function remember(typing = false) {
  const shot = snapshot();
  const last = state.history[state.at];
  if (last && last.text === shot.text && last.format === shot.format) return;
  const now = Date.now();
  // Typing goes on the last step while it lasts; anything else is a step of its own.
  if (typing && last?.typed && now - state.typed < UNDO_STEP) {
    state.history[state.at] = { ...shot, typed: true };
  } else {
    state.history.splice(state.at + 1);
    state.history.push({ ...shot, typed: typing });
    if (state.history.length > UNDO_STEPS) state.history.shift();
    state.at = state.history.length - 1;
  }
  state.typed = now;
  showUndo();
}

/** Replaces the text with `body` (the page's own change, not typing), a step of undo. */
function setText(body, { format = $("format").value, file = state.file } = {}) {
  remember();
  text.value = body;
  $("format").value = format;
  state.file = file;
  remember();
  changed();
}

function undo(by) {
  const to = state.at + by;
  if (to < 0 || to >= state.history.length) return;
  // Typing not yet recorded is a step too.
  remember();
  state.at = Math.max(0, Math.min(state.at + by, state.history.length - 1));
  restore(state.history[state.at]);
  showUndo();
}

function showUndo() {
  $("undo").disabled = state.at <= 0;
  $("redo").disabled = state.at >= state.history.length - 1;
}

/** After any change of the text: its marks, its check, what was found for another text, and
 * the copy kept for the next visit. */
function changed() {
  drawText(state.checked?.errors ?? []);
  checkSoon();
  showStale();
  try {
    localStorage.setItem(STORED, JSON.stringify(snapshot()));
  } catch {
    // A browser that keeps nothing (private windows, full storage) loses only this.
  }
}

/** The text kept from the last visit, if any. */
function stored() {
  try {
    const shot = JSON.parse(localStorage.getItem(STORED) ?? "null");
    return typeof shot?.text === "string" && shot.text.trim() !== "" ? shot : null;
  } catch {
    return null;
  }
}

/** Marks the solutions shown as found for another text, when the text has changed since. */
function showStale() {
  const stale = state.solvedText !== null && state.solvedText !== text.value;
  // Until the text is read, the drawing is of the text before: it waits.
  $("draw-panel").classList.toggle("pending", state.sketchOf !== keyOf(source()));
  $("solve-panel").classList.toggle("stale", stale);
  $("stale").hidden = !stale;
}

// ---- The drawing editor ----

/** The editor's own copy of a sketch the server read, each piece entry on one line; none,
 * and why, where the text has no puzzle to draw. */
function takeSketch(sketch, asked) {
  const why = sketch?.unsketched ??
    (asked.format === "dlx" ? "A DLX file is an exact-cover problem: there is no box to draw."
      : sketch ? null : "The text cannot be read as it is: the drawing comes back once its mistakes are mended.");
  state.sketch = why ? null : structuredClone(sketch);
  $("unsketched").textContent = why ?? "";
  // An entry drawn in layers is written on one line: the list shows a line each.
  state.sketch?.pieces.forEach((entry, i, pieces) => {
    pieces[i] = entry.replace(/\[\s*\n\s*/g, "[").replace(/,\s*\n\s*\]/g, "]").replace(/\s*\n\s*/g, " ");
  });
}

function renderDraw() {
  const sketch = state.sketch;
  $("draw-panel").classList.toggle("off", !sketch);
  if (!sketch) {
    $("board").innerHTML = "";
    $("pieces").innerHTML = "";
    return;
  }
  const board = sketch.board;
  $("grid").value = sketch.grid;
  // A fine grid's sizes are in cubes.
  const side = draw.cubeSide(sketch.grid);
  const [layers, rows, columns] = sizes(board).map((n) => Math.ceil(n / side));
  // A size the person is typing is theirs until they leave it.
  const put = (id, value) => {
    if (document.activeElement !== $(id)) $(id).value = value;
  };
  put("layers", layers);
  put("rows", rows);
  put("columns", columns);
  $("size-unit").hidden = side === 1;
  $("one-sided").checked = !sketch.reflect;
  showSets(sketch.grid);
  drawBoard(sketch, board);
  renderPieces();
  renderPiece();
}

/** The list of the pieces' entries, each with its pictures (a set's members each), as the last
 * compile of the text drew them, and its text, shown whole; left as it is while a person is
 * in one of its fields (leaving it writes the change, whose check draws the list anew). */
function renderPieces() {
  const sketch = state.sketch;
  const list = $("pieces");
  // A button of it (a piece's ✕, its picture) clicked is not a field being typed in.
  if (!sketch || document.activeElement?.matches("#pieces textarea")) return;
  // Each entry's kinds of piece, as the last compile of this text drew them.
  const kinds = state.checked?.ok && state.checked.sketch?.declares ? state.checked.kinds : null;
  // The same list is left as it is, so that a click on it is never lost to a redraw.
  const key = JSON.stringify([sketch.pieces, state.checked?.sketch?.declares, kinds]);
  if (key === state.piecesShown && list.childElementCount === sketch.pieces.length) return;
  state.piecesShown = key;
  list.innerHTML = "";
  let first = 0;
  sketch.pieces.forEach((entry, i) => {
    const declared = state.checked?.sketch?.declares?.[i] ?? 1;
    const own = kinds?.slice(first, first + declared) ?? [];
    first += declared;
    const li = document.createElement("li");
    const pictures = document.createElement("div");
    pictures.className = "piece-pictures";
    for (const kind of own) {
      if (!kind.picture) continue;
      // One piece opens in the drawer; a set's members are shown, each by its name.
      const holder = document.createElement(declared === 1 && kind.cells ? "button" : "span");
      holder.className = "piece-picture";
      holder.innerHTML = kind.picture;
      if (declared === 1) {
        holder.type = "button";
        holder.title = `Open ${kind.name} in the drawer below, to change it`;
        holder.addEventListener("click", () => openPiece(i, kind, entry));
      } else {
        holder.title = kind.name;
      }
      pictures.append(holder);
    }
    const input = document.createElement("textarea");
    input.value = entry;
    input.rows = 1;
    input.spellcheck = false;
    input.setAttribute("aria-label", `piece entry ${i + 1}`);
    input.addEventListener("change", () => {
      sketch.pieces[i] = input.value.replace(/\s*\n\s*/g, " ");
      written();
    });
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "✕";
    remove.title = "Remove";
    remove.className = "remove";
    remove.addEventListener("click", () => {
      sketch.pieces.splice(i, 1);
      if (state.editing === i) state.editing = null;
      written();
      renderDraw();
    });
    const text = document.createElement("div");
    text.className = "piece-entry";
    text.append(input, remove);
    li.append(pictures, text);
    list.append(li);
  });
}

/** Draws the box once the server has said where its grid's places are and their shapes. */
async function drawBoard(sketch, board) {
  const geometry = await draw.geometry(sketch.grid, ...sizes(board));
  // A drawing replaced while its geometry came is drawn by the render that replaced it.
  if (state.sketch !== sketch || sketch.board !== board) return;
  draw.drawLayers($("board"), geometry, board, (ch) => draw.CLASS[ch] ?? "cell", paintBoard, written);
}

function tool() {
  return document.querySelector("input[name=tool]:checked").value;
}

/** Paints a place of the box: a stroke paints what its first place says (a click on a place
 * that already holds the tool's character takes it away). */
function paintBoard(l, r, c, starting) {
  const board = state.sketch.board;
  const was = draw.at(board, l, r, c);
  if (starting) {
    const t = tool();
    state.stroke = was === t ? (t === "." ? "#" : ".") : t;
  }
  draw.put(board, l, r, c, state.stroke);
  return state.stroke;
}

/** The text written from the sketch, and checked. The drawn puzzle alone is rewritten, its
 * comments and the text's other puzzles kept; a text that cannot be read, or has changed since
 * it was, is replaced only once the person agrees. */
function written() {
  const old = text.value;
  // The drawing is of another text (typed since, or not yet checked): the text stays as the
  // person left it, and the drawing follows it once it is read.
  if (state.sketchOf !== keyOf(source())) {
    status("the text changed while you drew: the drawing follows the text once it is read", true);
    check();
    return;
  }
  const body = draw.write(state.sketch).trimEnd();
  if ($("format").value === "puzzle" && state.extent && state.extentOf === old) {
    const [start, end] = state.extent;
    state.extent = [start, start + body.length];
    state.written = old.slice(0, start) + body + old.slice(end);
  } else {
    const free = $("format").value !== "puzzle" || old.trim() === "" || old === state.written;
    if (!free && !window.confirm("The text cannot be read as it is: replace it with the drawing?")) {
      if (state.checked?.sketch) takeSketch(state.checked.sketch, source());
      renderDraw();
      return;
    }
    state.written = `${body}\n`;
    state.extent = [0, body.length];
  }
  state.extentOf = state.written;
  state.sketchOf = keyOf({ ...source(), text: state.written, format: "puzzle" });
  const format = "puzzle";
  const file = $("format").value === "puzzle" ? state.file : `${fileStem()}.puzzle`;
  setText(state.written, { format, file });
  check();
}

/** The layers, rows and columns of places a drawing spans. */
function sizes(layers) {
  return [
    layers.length,
    Math.max(1, ...layers.map((l) => l.length)),
    Math.max(1, ...layers.flatMap((l) => l.map((r) => r.length))),
  ];
}

async function resized() {
  const sketch = state.sketch;
  // A field emptied on the way to a new number is no size yet.
  if (["columns", "rows", "layers"].some((id) => $(id).value.trim() === "")) return;
  const side = draw.cubeSide(sketch.grid);
  const n = (id) => side * Math.max(1, Math.min(Number($(id).value) || 1, Number($(id).max)));
  const size = [n("layers"), n("rows"), n("columns")];
  // The last change asked is the one drawn: an earlier one's answer, come later, is dropped.
  const asked = ++state.resizes;
  const geometry = await draw.geometry(sketch.grid, ...size);
  if (asked !== state.resizes || sketch !== state.sketch) return;
  sketch.board = draw.resize(geometry, sketch.board, ...size);
  written();
  renderDraw();
}

/**
 * Opens entry `i`'s piece (`kind`, as the server drew it) in the drawer, its cells on a grid
 * large enough for them, its name and copies in the fields: "change the piece" then writes
 * it in place of the entry.
 */
async function openPiece(i, kind, entry) {
  const grid = state.sketch.grid;
  const side = draw.cubeSide(grid);
  const [rows, columns] = draw.pieceSize(grid);
  const size = [
    kind.layers * side,
    Math.max(rows, ...kind.cells.map((p) => p[1] + 2)),
    Math.max(columns, ...kind.cells.map((p) => p[2] + 2)),
  ];
  const geometry = await draw.geometry(grid, ...size);
  const piece = draw.resize(geometry, [], ...size);
  for (const [l, r, c] of kind.cells) draw.put(piece, l, r, c, "#");
  state.piece = piece;
  state.pieceSize = size;
  state.editing = i;
  $("piece-layers").value = kind.layers;
  $("piece-name").value = kind.name;
  $("piece-count").value = /^(?:#\[[^\]]*\]\s*)*(\S+) x /.exec(entry)?.[1] ?? "1";
  renderPiece();
  $("piece-grid").scrollIntoView({ block: "nearest" });
}

/** The drawer back to a new piece. */
function newPiece() {
  state.piece = null;
  state.pieceSize = null;
  state.editing = null;
}

/** The piece drawer's grid: as many rows and columns as the server gives the grid (two cubes on
 * a fine grid, each layer of cubes drawn as its layers of places), as many layers as asked. */
function pieceSize(grid) {
  const layers = Math.max(1, Math.min(Number($("piece-layers").value) || 1, 6));
  return [layers * draw.cubeSide(grid), ...draw.pieceSize(grid)];
}

async function renderPiece() {
  const grid = state.sketch?.grid ?? "square";
  const size = state.pieceSize ?? pieceSize(grid);
  $("add-piece").textContent = state.editing == null ? "add the piece" : "change the piece";
  const geometry = await draw.geometry(grid, ...size);
  if (!state.piece || state.piece.length !== size[0]) {
    state.piece = draw.resize(geometry, [], ...size);
  }
  // A piece drawn as it stands is left as it is: a stroke under way stays on its places.
  if (state.pieceDrawn?.geometry === geometry && state.pieceDrawn.piece === state.piece) return;
  state.pieceDrawn = { geometry, piece: state.piece };
  draw.drawLayers($("piece-grid"), geometry, state.piece, (ch) => (ch === "#" ? "piece" : "none"),
    (l, r, c, starting) => {
      // Between a piece added and the drawer drawn anew there is no piece to draw on.
      if (!state.piece) return " ";
      if (starting) state.stroke = draw.at(state.piece, l, r, c) === "#" ? "." : "#";
      draw.put(state.piece, l, r, c, state.stroke);
      return state.stroke;
    }, () => {});
}

/** The next free name after `name`: `A`, `B`, ... */
function nextName(name) {
  const taken = new Set((state.sketch?.pieces ?? []).map((e) => e.replace(/^.* x /, "").split(":")[0].trim()));
  // A name on its way into the text is taken too.
  for (const pending of state.naming) taken.add(pending);
  let code = name.length === 1 && /[A-Z]/.test(name) ? name.charCodeAt(0) : 64;
  while (taken.has(String.fromCharCode(code)) && code < 90) code += 1;
  return String.fromCharCode(code);
}

// ---- Files ----

function formatOf(name) {
  const plain = name.replace(/\.gz$/, "");
  if (plain.endsWith(".xmpuzzle")) return "xmpuzzle";
  if (plain.endsWith(".dlx")) return "dlx";
  return "puzzle";
}

async function open(file) {
  let bytes = new Uint8Array(await file.arrayBuffer());
  // BurrTools writes its files gzip-compressed.
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const format = formatOf(file.name);
  // BurrTools files may be Latin-1; the rest are UTF-8.
  let body;
  try {
    body = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    body = new TextDecoder("latin1").decode(bytes);
  }
  load(body, format, file.name.replace(/\.gz$/, ""));
}

function download(name, type, body) {
  const url = URL.createObjectURL(new Blob([body], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function fileStem() {
  return state.file.replace(/\.[^.]*$/, "") || "puzzle";
}

// ---- Searches ----

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/session`);
  socket.addEventListener("open", () => {
    state.retry = 0;
    $("offline").hidden = true;
  });
  socket.addEventListener("message", (e) => heard(JSON.parse(e.data)));
  socket.addEventListener("close", () => {
    $("offline").hidden = false;
    searching(false);
    // The server restarted, or the network went: try again, less and less often.
    state.retry = Math.min(state.retry + 1, 10);
    setTimeout(connect, 500 * state.retry);
  });
  state.socket = socket;
}

function ask(message) {
  if (state.socket?.readyState !== WebSocket.OPEN) {
    $("result").textContent = "not connected to the server: reconnecting…";
    return false;
  }
  state.socket.send(JSON.stringify(message));
  return true;
}

function search(mode) {
  state.searchedText = text.value;
  state.searchedSource = source();
  if (ask({ type: "search", source: source(), mode })) {
    $("result").textContent = "compiling…";
    searching(true);
  }
}

function searching(on) {
  $("stop").disabled = !on;
  $("progress").hidden = !on;
  if (!on) $("bar").value = 0;
}

function heard(event) {
  switch (event.type) {
    case "started": {
      state.search = event.search;
      state.mode = event.mode;
      $("result").textContent = "searching…";
      $("progress-text").textContent = "";
      state.info = event.info;
      showInfo(event.info);
      state.solvedText = state.searchedText;
      showStale();
      if (event.mode !== "stats") {
        state.solutions = [];
        state.selected = 0;
        state.page = 0;
        showSolutions();
      }
      if (event.mode === "stats") $("chart").innerHTML = "";
      break;
    }
    case "progress": {
      if (event.search !== state.search) return;
      $("bar").value = event.fraction;
      const units = event.units ? `${grouped(event.done)}/${grouped(event.units)} units · ` : "";
      const togo = !event.units ? "" : event.eta ? ` · about ${event.eta} to go` : " · estimating the time to go";
      $("progress-text").textContent =
        `${units}${counted(event.solutions, "solution")} so far · ${event.elapsed}${togo}`;
      break;
    }
    case "solution": {
      if (event.search !== state.search) return;
      state.solutions.push(event);
      const n = state.solutions.length;
      // The first solution shows at once; the rest as their page fills.
      if (n === 1 || Math.floor((n - 1) / PAGE) === state.page) showSolutions();
      if (n === 1) bringIntoView($("large"));
      break;
    }
    case "done": {
      if (event.search !== state.search) return;
      searching(false);
      showDone(event);
      break;
    }
    case "rejected": {
      searching(false);
      if (event.errors) {
        showMistakes(event);
        $("result").textContent = "the puzzle has mistakes: see the text";
      } else {
        $("result").textContent = event.message;
      }
      break;
    }
    case "refused":
      $("result").textContent = event.message;
      break;
  }
}

function showDone(event) {
  const seconds = `${event.seconds.toFixed(3)} s`;
  const result = $("result");
  if (event.error) {
    result.textContent = event.error;
  } else if (event.stopped) {
    const found = event.found && event.found !== "0" ? `: ${counted(event.found, "solution")} found before the stop, not all` : "";
    result.textContent = `stopped after ${seconds}${found}`;
  } else {
    const n = event.solutions;
    const what = n === "1" ? "solution" : "solutions";
    const classes = state.info?.symmetry.group_order > 1 ? " (one per symmetry class)" : "";
    result.innerHTML = `<span class="count" id="count">${escapeHtml(grouped(n))}</span> ${what}${classes} in ${seconds}`;
    if (event.mode === "solutions" && BigInt(n) > BigInt(event.sent)) {
      result.innerHTML += ` (the first ${grouped(event.sent)} drawn)`;
    }
  }
  if (event.stats) chart(event.stats);
  showSolutions();
}

function showInfo(info) {
  const order = info.order?.kind ?? info.order ?? "";
  const rows = [
    ["puzzle", info.name],
    ["aspects", grouped(info.aspects)],
    ["placements", grouped(info.embeddings)],
    ["order", typeof order === "string" ? order : JSON.stringify(order)],
    ["estimate", `${Number(info.estimate).toPrecision(3)} placements`],
    ["symmetries", grouped(info.symmetry.group_order)],
  ];
  $("info").innerHTML = rows
    .map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(String(v))}</dd>`)
    .join("");
}

/**
 * Scrolls the solve panel to the top of the window where `element` (the first solution drawn)
 * would otherwise begin below it, as on a narrow screen where the panel sits under the text:
 * Solve and what it found are then both in view.
 */
function bringIntoView(element) {
  if (element.getBoundingClientRect().top + 40 > window.innerHeight) {
    $("solve-panel").scrollIntoView({ block: "start" });
  }
}

function showSolutions() {
  const all = state.solutions;
  $("exports").hidden = all.length === 0;
  const shown = all[state.selected];
  const solid = shown?.solid && solidsSupported();
  $("view").hidden = !solid;
  // A solid's layers beside its view; a plane puzzle's drawing above its view of tiles.
  $("shown").classList.toggle("plane", solid && !shown.layers);
  $("large").innerHTML = shown ? (solid && shown.layers) || shown.svg : "";
  $("stl").hidden = !shown?.solid;
  if (solid) showSolid(shown);
  const pages = Math.max(1, Math.ceil(all.length / PAGE));
  state.page = Math.min(state.page, pages - 1);
  const first = state.page * PAGE;
  const thumbs = $("thumbs");
  thumbs.innerHTML = "";
  all.slice(first, first + PAGE).forEach((s, i) => {
    const div = document.createElement("div");
    div.className = "thumb" + (first + i === state.selected ? " selected" : "");
    div.innerHTML = s.thumb ?? s.svg;
    div.title = `solution ${s.number}`;
    div.addEventListener("click", () => {
      state.selected = first + i;
      showSolutions();
    });
    thumbs.append(div);
  });
  $("pager").hidden = pages < 2;
  $("page").textContent = `page ${state.page + 1} of ${pages}`;
}

/** Shows a solution in the view in three dimensions, its scene asked of the server once. */
async function showSolid(solution) {
  const key = `${state.search} ${solution.number}`;
  if (state.viewOf === key) return;
  state.viewOf = key;
  state.view ??= new SolidView($("view"));
  state.view.onTakeApart = () => takeApart(solution, key);
  const response = await fetch("/api/solid", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ source: state.searchedSource, embeddings: solution.embeddings }),
  });
  const answer = await response.json();
  // Another solution may have been chosen while this one's scene came.
  if (state.viewOf !== key) return;
  if (!response.ok) {
    $("view").hidden = true;
    return;
  }
  state.view.show(answer);
  $("view").dataset.shown = key;
}

/** Asks how the solution shown comes apart, and plays it in the view. */
async function takeApart(solution, key) {
  const response = await fetch("/api/disassembly", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ source: state.searchedSource, embeddings: solution.embeddings }),
  });
  const answer = await response.json().catch(() => ({ message: response.statusText }));
  // Another solution may have been chosen while this one came apart.
  if (state.viewOf !== key) return;
  state.view.play(response.ok ? answer : { message: answer.message ?? "the disassembly failed" });
}

/** Placements at each depth, as bars. */
function chart(stats) {
  const depths = stats.by_depth;
  const most = Math.max(1, ...depths);
  const w = 600;
  const h = 160;
  const bar = w / Math.max(depths.length, 1);
  const bars = depths.map((n, d) => {
    const height = (n / most) * (h - 30);
    return `<rect class="bar" x="${d * bar + 1}" y="${h - 16 - height}" width="${Math.max(bar - 2, 1)}" height="${height}"><title>depth ${d}: ${n} placements</title></rect>` +
      `<text x="${d * bar + bar / 2}" y="${h - 4}" text-anchor="middle">${d}</text>`;
  });
  $("chart").innerHTML =
    `<svg viewBox="0 0 ${w} ${h}" role="img" aria-label="placements by depth">` +
    `<text x="0" y="10">placements by depth: ${stats.placements} in all, ${stats.pruned} pruned</text>` +
    bars.join("") + "</svg>";
}

// ---- Wiring ----

$("grid").addEventListener("change", () => {
  state.sketch.grid = $("grid").value;
  state.piece = null;
  resized();
});
for (const id of ["columns", "rows", "layers"]) $(id).addEventListener("change", resized);
$("fill").addEventListener("click", async () => {
  const sketch = state.sketch;
  const size = sizes(sketch.board);
  sketch.board = draw.resize(await draw.geometry(sketch.grid, ...size), [], ...size);
  written();
  renderDraw();
});
$("one-sided").addEventListener("change", () => {
  state.sketch.reflect = !$("one-sided").checked;
  written();
});
// One solution per symmetry class, or every one: written into a drawn puzzle's text, else
// asked of the search for a file that says which.
$("reduced").addEventListener("change", () => {
  const reduced = $("reduced").checked;
  if (state.sketch && state.sketchOf === keyOf(source())) {
    state.all = false;
    state.sketch.reduced = reduced;
    written();
  } else {
    state.all = !reduced;
    check();
  }
});
/** The built-in sets of the grid's own cells, as the server says them. */
function showSets(grid) {
  const sets = draw.setsOf(grid);
  const select = $("set");
  const wanted = sets.join(" ");
  if (select.dataset.sets !== wanted) {
    select.dataset.sets = wanted;
    select.innerHTML = sets.map((s) => `<option>${escapeHtml(s)}</option>`).join("");
  }
  $("sets").hidden = sets.length === 0;
}

/** The one control of symmetry: checked where one solution per class is searched. */
function showSymmetry() {
  const drawn = state.sketch && state.sketchOf === keyOf(source());
  const reduced = drawn ? state.sketch.reduced : state.reduced && !state.all;
  $("reduced").checked = reduced;
  // A file that asks every solution, and is not drawn here, cannot be asked otherwise.
  $("reduced").disabled = !drawn && !state.reduced;
}

$("add-set").addEventListener("click", () => {
  const count = $("set-count").value.trim();
  const set = $("set").value;
  state.sketch.pieces.push(count === "1" || count === "" ? set : `${count} x ${set}`);
  written();
  renderDraw();
});
$("piece-layers").addEventListener("change", () => {
  if ($("piece-layers").value.trim() === "") return;
  // A piece opened keeps its cells in the layers it still has.
  const layers = Math.max(1, Math.min(Number($("piece-layers").value) || 1, 6));
  if (state.pieceSize) state.pieceSize[0] = layers * draw.cubeSide(state.sketch?.grid ?? "square");
  state.piece = null;
  renderPiece();
});
$("clear-piece").addEventListener("click", () => {
  newPiece();
  renderPiece();
  takeBack();
});
/** Whether a drawer's piece has a cell drawn. */
function hasCells(piece) {
  return piece?.some((layer) => layer.some((row) => row.includes("#"))) ?? false;
}

// The pieces on their way into the text, one after another in the order they were added.
let adding = Promise.resolve();
$("add-piece").addEventListener("click", () => {
  if (!hasCells(state.piece)) return;
  // What the drawer holds now is the piece: the drawer is cleared at once, so that the next
  // piece is drawn on empty places while the server writes this one's entry.
  const drawn = {
    piece: state.piece.map((layer) => [...layer]),
    size: state.pieceSize ?? pieceSize(state.sketch.grid),
    layers: $("piece-layers").value,
    editing: state.editing,
    name: $("piece-name").value.trim() || "A",
    count: $("piece-count").value.trim(),
    grid: state.sketch.grid,
  };
  state.naming.add(drawn.name);
  newPiece();
  $("piece-name").value = drawn.editing == null ? nextName(drawn.name) : nextName("A");
  renderPiece();
  takeBack();
  adding = adding.then(() => addPiece(drawn));
});

/** Writes a piece taken from the drawer into the drawing, in place of the entry it was opened
 * from, if any; a piece that cannot be written goes back to the drawer. */
async function addPiece(drawn) {
  let entry;
  try {
    entry = await draw.pieceEntry(drawn.grid, drawn.name, drawn.count, drawn.piece);
  } catch (e) {
    giveBack(drawn, `the piece could not be added: ${e.message}`);
    return;
  } finally {
    state.naming.delete(drawn.name);
  }
  const pieces = state.sketch?.pieces;
  if (!pieces) {
    giveBack(drawn, "the text cannot be read as it is, so the piece was not added");
    return;
  }
  if (drawn.editing != null && drawn.editing < pieces.length) pieces[drawn.editing] = entry;
  else pieces.push(entry);
  written();
  renderDraw();
}

/** Pieces that could not be added while another was being drawn, each waiting for the drawer
 * to be empty again. */
const refused = [];

/** Says why a piece taken from the drawer was not added, and puts it back there; while another
 * is being drawn, it waits for that one to be added or cleared. */
function giveBack(drawn, why) {
  if (hasCells(state.piece)) {
    refused.push(drawn);
    status(`${why}; it goes back to the drawer once the piece there is added or cleared`, true);
    return;
  }
  status(why, true);
  toDrawer(drawn);
}

/** The piece taken from the drawer in it again, as it was drawn. */
function toDrawer(drawn) {
  state.piece = drawn.piece;
  state.pieceSize = drawn.size;
  state.editing = drawn.editing;
  $("piece-layers").value = drawn.layers;
  $("piece-name").value = drawn.name;
  renderPiece();
}

/** The first piece waiting to go back into the drawer put there, now that it is empty. */
function takeBack() {
  if (refused.length > 0 && !hasCells(state.piece)) toDrawer(refused.shift());
}

text.addEventListener("input", () => {
  remember(true);
  changed();
});
// Undo and redo of the page's own: its changes of the text are steps as typing is.
text.addEventListener("keydown", (e) => {
  const key = e.key.toLowerCase();
  if (!(e.ctrlKey || e.metaKey) || !["z", "y"].includes(key)) return;
  e.preventDefault();
  undo(key === "y" || e.shiftKey ? 1 : -1);
});
$("undo").addEventListener("click", () => undo(-1));
$("redo").addEventListener("click", () => undo(1));
text.addEventListener("scroll", syncScroll);
// A wider or narrower editor wraps its lines anew.
new ResizeObserver(() => drawText(state.checked?.errors ?? [])).observe(text);
$("format").addEventListener("change", check);
$("pick").addEventListener("change", () => {
  state.pick = $("pick").value;
  check();
});
$("new").addEventListener("click", () =>
  load("mod puzzle {\n    box: [\".....\"; 4],\n    pieces: tetrominoes,\n}\n", "puzzle", "puzzle.puzzle"));
$("open").addEventListener("change", (e) => {
  const [file] = e.target.files;
  if (file) open(file);
  e.target.value = "";
});
$("save").addEventListener("click", () => download(saveName(), "text/plain", text.value));
$("to-language").addEventListener("click", () => {
  const language = state.checked?.language;
  if (language) load(language, "puzzle", `${fileStem()}.puzzle`);
});
$("examples").addEventListener("change", async (e) => {
  const example = state.examples?.find((x) => x.file === e.target.value);
  if (example) load(example.text, example.format, example.file);
  e.target.value = "";
});
$("solve").addEventListener("click", () => search("solutions"));
$("count").addEventListener("click", () => search("count"));
$("stats").addEventListener("click", () => search("stats"));
$("stop").addEventListener("click", () => ask({ type: "stop" }));
$("prev").addEventListener("click", () => { state.page = Math.max(0, state.page - 1); showSolutions(); });
$("next").addEventListener("click", () => { state.page += 1; showSolutions(); });
$("export-svg").addEventListener("click", async () => {
  const response = await fetch("/api/gallery", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ source: source(), solutions: state.solutions.map((s) => s.embeddings) }),
  });
  if (response.ok) download(`${fileStem()}.svg`, "image/svg+xml", await response.text());
  else $("result").textContent = (await response.json()).message;
});
// JSON Lines, one solution a line, as the command's `--json` writes them.
$("export-json").addEventListener("click", () =>
  download(`${fileStem()}.jsonl`, "application/jsonl",
    state.solutions.map((s) => `${JSON.stringify(s.value)}\n`).join("")));
// Each piece and the solution shown as STL for printing, at the size and gap asked, in one
// archive.
$("export-stl").addEventListener("click", async () => {
  const shown = state.solutions[state.selected];
  if (!shown) return;
  const response = await fetch("/api/stl", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      source: state.searchedSource,
      embeddings: shown.embeddings,
      number: shown.number,
      size: Number($("stl-size").value),
      gap: Number($("stl-gap").value),
    }),
  });
  if (response.ok && response.headers.get("content-type") === "application/x-tar") {
    const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
    download(name ? name[1] : "puzzle-stl.tar", "application/x-tar", await response.blob());
    return;
  }
  $("result").textContent = (await response.json()).message;
});
// The puzzle as a Rust crate: `NAME/Cargo.toml` and `NAME/src/main.rs` in one archive.
$("export-rust").addEventListener("click", async () => {
  const response = await fetch("/api/crate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(source()),
  });
  if (response.ok && response.headers.get("content-type") === "application/x-tar") {
    const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
    download(name ? name[1] : "puzzle.tar", "application/x-tar", await response.blob());
    return;
  }
  const answer = await response.json();
  if (answer.errors) showMistakes(answer);
  else $("result").textContent = answer.message;
});

async function start() {
  await draw.loadGrids();
  const response = await fetch("/api/examples");
  state.examples = await response.json();
  $("examples").innerHTML += state.examples
    .map((x) => `<option value="${escapeHtml(x.file)}">${escapeHtml(x.file)}</option>`)
    .join("");
  // The text of the last visit comes back as it was left; else the first example.
  const kept = stored();
  if (kept) {
    restore(kept);
    remember();
  } else {
    const [first] = state.examples;
    load(first.text, first.format, first.file);
  }
  connect();
}

start();
