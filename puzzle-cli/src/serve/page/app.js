// The workshop page: the puzzle's text, checked as it is typed (mistakes marked where they
// are), and its searches run by the server over one socket, shown as they go.

import * as draw from "./draw.js";

const $ = (id) => document.getElementById(id);

/** Solutions shown a page of thumbnails at a time. */
const PAGE = 24;
/** How long typing pauses before the text is checked, in milliseconds. */
const CHECK_AFTER = 300;

const state = {
  file: "puzzle.puzzle",
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
  /** The puzzle as the drawing editor holds it, and the text it last wrote. */
  sketch: null,
  written: null,
  /** Where the drawn puzzle is written in the text (offsets), and in which text. */
  extent: null,
  extentOf: null,
  /** The piece being drawn: layers of rows, `#` a cell; and what the drawer shows of it. */
  piece: null,
  pieceDrawn: null,
  /** What a stroke of the pointer paints. */
  stroke: null,
};

const text = $("text");

// ---- The text and its mistakes ----

/** The puzzle as the server takes it. */
function source() {
  return {
    text: text.value,
    format: $("format").value,
    file: state.file,
    pick: state.pick,
    all: $("all").checked,
  };
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

/** Draws the gutter's line numbers and the marks behind the text. */
function drawText(mistakes = []) {
  const lines = text.value.split("\n").length;
  const bad = new Set(mistakes.filter((m) => m.line != null).map((m) => m.line));
  $("gutter").innerHTML = Array.from({ length: lines }, (_, i) =>
    bad.has(i + 1) ? `<span class="bad">${i + 1}</span>` : `${i + 1}`,
  ).join("\n");
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

let checking = null;

/** Checks the text after a pause in typing. */
function checkSoon() {
  clearTimeout(checking);
  checking = setTimeout(check, CHECK_AFTER);
}

async function check() {
  const asked = source();
  let answer;
  try {
    const response = await fetch("/api/compile", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(asked),
    });
    answer = await response.json();
  } catch (e) {
    status(`the server cannot be reached: ${e.message}`, true);
    return;
  }
  // An answer to an older text is no answer.
  if (asked.text !== text.value || asked.format !== $("format").value) return;
  state.checked = answer;
  const picks = answer.puzzles ?? [];
  const at = picks.find((p) => p.pick === (state.pick ?? picks[0].pick))?.written;
  state.extent = at ? [offset(at.line, at.column), offset(at.end_line, at.end_column)] : null;
  state.extentOf = asked.text;
  // The editor shows the text's puzzle, unless it wrote that text itself.
  if (answer.sketch && asked.text !== state.written) {
    takeSketch(answer.sketch);
    renderDraw();
  }
  showPicks(answer.puzzles ?? []);
  showMistakes(answer);
  $("to-language").hidden = !(answer.ok && answer.language && asked.format !== "puzzle");
  if (answer.ok) {
    const info = answer.info;
    status(`${info.name}: ${counted(info.aspects, "aspect")}, ` +
      `${counted(info.embeddings, "placement")}, ${counted(info.symmetry.group_order, "symmetry", "symmetries")}`);
  } else if (answer.errors) {
    const n = answer.errors.length;
    status(n === 1 ? "1 mistake" : `${n} mistakes`, true);
  } else {
    status(answer.message ?? "the text could not be checked", true);
  }
}

/** `n` and the word for that many. */
function counted(n, one, many = `${one}s`) {
  return `${n} ${Number(n) === 1 ? one : many}`;
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

/** Shows a new text, as read from a file or an example. */
function load(body, format, file) {
  text.value = body;
  $("format").value = format;
  state.file = file;
  state.pick = null;
  state.written = null;
  // What was found belongs to the text before.
  state.solutions = [];
  state.selected = 0;
  state.page = 0;
  $("result").textContent = "";
  $("info").innerHTML = "";
  $("chart").innerHTML = "";
  showSolutions();
  drawText();
  check();
}

// ---- The drawing editor ----

/** The editor's own copy of a sketch the server read, each piece entry on one line. */
function takeSketch(sketch) {
  state.sketch = sketch.unsketched ? null : structuredClone(sketch);
  $("unsketched").textContent = sketch.unsketched ?? "";
  // An entry drawn in layers is written on one line: the list shows a line each.
  state.sketch?.pieces.forEach((entry, i, pieces) => {
    pieces[i] = entry.replace(/\[\s*\n\s*/g, "[").replace(/,\s*\n\s*\]/g, "]").replace(/\s*\n\s*/g, " ");
  });
}

function renderDraw() {
  const sketch = state.sketch;
  $("draw-panel").classList.toggle("off", !sketch);
  if (!sketch) return;
  const board = sketch.board;
  $("grid").value = sketch.grid;
  // A fine grid's sizes are in cubes.
  const side = draw.cubeSide(sketch.grid);
  const [layers, rows, columns] = sizes(board).map((n) => Math.ceil(n / side));
  $("layers").value = layers;
  $("rows").value = rows;
  $("columns").value = columns;
  $("size-unit").hidden = side === 1;
  $("one-sided").checked = !sketch.reflect;
  $("reduced").checked = sketch.reduced;
  drawBoard(sketch, board);
  const list = $("pieces");
  list.innerHTML = "";
  sketch.pieces.forEach((entry, i) => {
    const li = document.createElement("li");
    const input = document.createElement("input");
    input.value = entry;
    input.setAttribute("aria-label", `piece entry ${i + 1}`);
    input.addEventListener("change", () => {
      sketch.pieces[i] = input.value;
      written();
    });
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = "✕";
    remove.title = "Remove";
    remove.addEventListener("click", () => {
      sketch.pieces.splice(i, 1);
      written();
      renderDraw();
    });
    li.append(input, remove);
    list.append(li);
  });
  renderPiece();
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
  const body = draw.write(state.sketch).trimEnd();
  const old = text.value;
  if ($("format").value === "puzzle" && state.extent && state.extentOf === old) {
    const [start, end] = state.extent;
    text.value = old.slice(0, start) + body + old.slice(end);
    state.extent = [start, start + body.length];
  } else {
    const free = $("format").value !== "puzzle" || old.trim() === "" || old === state.written;
    if (!free && !window.confirm("The text cannot be read as it is: replace it with the drawing?")) {
      if (state.checked?.sketch) takeSketch(state.checked.sketch);
      renderDraw();
      return;
    }
    text.value = `${body}\n`;
    state.extent = [0, body.length];
  }
  state.extentOf = text.value;
  state.written = text.value;
  if ($("format").value !== "puzzle") {
    $("format").value = "puzzle";
    state.file = `${fileStem()}.puzzle`;
  }
  drawText();
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
  const geometry = await draw.geometry(sketch.grid, ...size);
  sketch.board = draw.resize(geometry, sketch.board, ...size);
  written();
  renderDraw();
}

/** The piece drawer's grid: as many rows and columns as the server gives the grid (two cubes on
 * a fine grid, each layer of cubes drawn as its layers of places), as many layers as asked. */
function pieceSize(grid) {
  const layers = Math.max(1, Math.min(Number($("piece-layers").value) || 1, 6));
  return [layers * draw.cubeSide(grid), ...draw.pieceSize(grid)];
}

async function renderPiece() {
  const grid = state.sketch?.grid ?? "square";
  const size = pieceSize(grid);
  const geometry = await draw.geometry(grid, ...size);
  if (!state.piece || state.piece.length !== size[0]) {
    state.piece = draw.resize(geometry, [], ...size);
  }
  // A piece drawn as it stands is left as it is: a stroke under way stays on its places.
  if (state.pieceDrawn?.geometry === geometry && state.pieceDrawn.piece === state.piece) return;
  state.pieceDrawn = { geometry, piece: state.piece };
  draw.drawLayers($("piece-grid"), geometry, state.piece, (ch) => (ch === "#" ? "piece" : "none"),
    (l, r, c, starting) => {
      if (starting) state.stroke = draw.at(state.piece, l, r, c) === "#" ? "." : "#";
      draw.put(state.piece, l, r, c, state.stroke);
      return state.stroke;
    }, () => {});
}

/** The next free name after `name`: `A`, `B`, ... */
function nextName(name) {
  const taken = new Set((state.sketch?.pieces ?? []).map((e) => e.replace(/^.* x /, "").split(":")[0].trim()));
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
      showInfo(event.info);
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
      const units = event.units ? `${event.done}/${event.units} units · ` : "";
      const togo = event.units ? ` · ${event.eta} to go` : "";
      $("progress-text").textContent =
        `${units}${event.solutions} solutions · ${event.elapsed}${togo}`;
      break;
    }
    case "solution": {
      if (event.search !== state.search) return;
      state.solutions.push(event);
      const n = state.solutions.length;
      // The first solution shows at once; the rest as their page fills.
      if (n === 1 || Math.floor((n - 1) / PAGE) === state.page) showSolutions();
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
    result.textContent = `stopped after ${seconds}`;
  } else {
    const n = event.solutions;
    const what = n === "1" ? "solution" : "solutions";
    result.innerHTML = `<span class="count" id="count">${escapeHtml(n)}</span> ${what} in ${seconds}`;
    if (event.mode === "solutions" && BigInt(n) > BigInt(event.sent)) {
      result.innerHTML += ` (the first ${event.sent} drawn)`;
    }
  }
  if (event.stats) chart(event.stats);
  showSolutions();
}

function showInfo(info) {
  const order = info.order?.kind ?? info.order ?? "";
  const rows = [
    ["puzzle", info.name],
    ["aspects", info.aspects],
    ["placements", info.embeddings],
    ["order", typeof order === "string" ? order : JSON.stringify(order)],
    ["estimate", `${Number(info.estimate).toPrecision(3)} placements`],
    ["symmetries", info.symmetry.group_order],
  ];
  $("info").innerHTML = rows
    .map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(String(v))}</dd>`)
    .join("");
}

function showSolutions() {
  const all = state.solutions;
  $("exports").hidden = all.length === 0;
  $("large").innerHTML = all.length ? all[state.selected].svg : "";
  const pages = Math.max(1, Math.ceil(all.length / PAGE));
  state.page = Math.min(state.page, pages - 1);
  const first = state.page * PAGE;
  const thumbs = $("thumbs");
  thumbs.innerHTML = "";
  all.slice(first, first + PAGE).forEach((s, i) => {
    const div = document.createElement("div");
    div.className = "thumb" + (first + i === state.selected ? " selected" : "");
    div.innerHTML = s.svg;
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
$("reduced").addEventListener("change", () => {
  state.sketch.reduced = $("reduced").checked;
  written();
});
$("add-set").addEventListener("click", () => {
  const count = $("set-count").value.trim();
  const set = $("set").value;
  state.sketch.pieces.push(count === "1" || count === "" ? set : `${count} x ${set}`);
  written();
  renderDraw();
});
$("piece-layers").addEventListener("change", () => {
  if ($("piece-layers").value.trim() === "") return;
  state.piece = null;
  renderPiece();
});
$("clear-piece").addEventListener("click", () => {
  state.piece = null;
  renderPiece();
});
$("add-piece").addEventListener("click", async () => {
  const name = $("piece-name").value.trim() || "A";
  const entry = await draw.pieceEntry(state.sketch.grid, name, $("piece-count").value.trim(), state.piece);
  if (!entry) return;
  state.sketch.pieces.push(entry);
  state.piece = null;
  $("piece-name").value = nextName(name);
  written();
  renderDraw();
});

text.addEventListener("input", () => {
  drawText(state.checked?.errors ?? []);
  checkSoon();
});
text.addEventListener("scroll", syncScroll);
$("format").addEventListener("change", check);
$("pick").addEventListener("change", () => {
  state.pick = $("pick").value;
  check();
});
$("all").addEventListener("change", check);
$("new").addEventListener("click", () =>
  load("mod puzzle {\n    box: [\".....\"; 4],\n    pieces: tetrominoes,\n}\n", "puzzle", "puzzle.puzzle"));
$("open").addEventListener("change", (e) => {
  const [file] = e.target.files;
  if (file) open(file);
  e.target.value = "";
});
$("save").addEventListener("click", () => download(state.file, "text/plain", text.value));
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
$("export-rust").addEventListener("click", async () => {
  const response = await fetch("/api/rust", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(source()),
  });
  const answer = await response.json();
  if (answer.ok) download("main.rs", "text/x-rust", answer.program);
  else if (answer.errors) showMistakes(answer);
  else $("result").textContent = answer.message;
});

async function start() {
  await draw.loadGrids();
  const response = await fetch("/api/examples");
  state.examples = await response.json();
  $("examples").innerHTML += state.examples
    .map((x) => `<option value="${escapeHtml(x.file)}">${escapeHtml(x.file)}</option>`)
    .join("");
  const [first] = state.examples;
  load(first.text, first.format, first.file);
  connect();
}

start();
