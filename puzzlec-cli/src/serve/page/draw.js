// The drawing editor: the box and the pieces of a puzzle drawn on its grid, written back as the
// puzzle language. It holds a sketch, as the server reads one from the text: the grid, the box
// as layers of rows of characters (`.` a cell, `#` a hole, `+` a cell that may stay empty, a
// space nothing), the entries of the pieces as the language writes them, and the options.

/** The side of a drawn place, in SVG units: the server's geometry is in cells. */
const SIDE = 22;

/** The CSS class of a character of the box. */
export const CLASS = { ".": "cell", "#": "hole", "+": "optional", " ": "none" };

/** What the server says of each grid (`/api/grids`): its cube side, its rule, the size of the
 * piece drawer's grid. The page keeps no rule of a grid of its own. */
let grids = {};

/** Fetches what the server says of each grid, once. */
export async function loadGrids() {
  const response = await fetch("/api/grids");
  grids = Object.fromEntries((await response.json()).map((g) => [g.word, g]));
}

/**
 * How many places of a drawing a cube's side spans: the fine grids draw each cube of space as
 * several places a side (the server says how many); 1 elsewhere.
 */
export function cubeSide(grid) {
  return grids[grid]?.cube_side ?? 1;
}

/** The built-in sets of pieces on `grid`'s own cells, as the language writes them. */
export function setsOf(grid) {
  return grids[grid]?.sets ?? [];
}

/** The rows and columns of the piece drawer's empty grid. */
export function pieceSize(grid) {
  return grids[grid]?.piece ?? [5, 5];
}

/** Geometries fetched, by grid and size. */
const geometries = new Map();

/**
 * The places of a drawing of `layers` by `rows` by `columns` on `grid` that are cells, each with
 * its shape, and a layer's width and height, as the server's lattice gives them
 * (`/api/grid`); each size fetched once.
 */
export async function geometry(grid, layers, rows, columns) {
  const key = `${grid} ${layers} ${rows} ${columns}`;
  if (!geometries.has(key)) {
    const query = new URLSearchParams({ grid, layers, rows, columns });
    const response = await fetch(`/api/grid?${query}`);
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error ?? response.statusText);
    answer.at = new Set(answer.places.map(([l, r, c]) => `${l} ${r} ${c}`));
    geometries.set(key, answer);
  }
  return geometries.get(key);
}

/** Whether the place at (layer, row, column) of a drawing is a cell of its grid. */
export function isPlace(geometry, layer, row, column) {
  return geometry.at.has(`${layer} ${row} ${column}`);
}

/** The SVG shape of a place, as the geometry gives it. */
function shape(place) {
  if (place.circle) {
    const [x, y, r] = place.circle.map((v) => v * SIDE);
    return `<circle cx="${x}" cy="${y}" r="${r - 1}"`;
  }
  const points = place.points.map(([x, y]) => `${x * SIDE},${y * SIDE}`);
  return `<polygon points="${points.join(" ")}"`;
}

/**
 * Draws `layers` (arrays of row strings) into `element` on the places of `geometry` (of their
 * size), each layer as an SVG of its own (so that a box of many layers wraps onto more lines),
 * each place classed by `classOf` of its character,
 * and calls `paint(layer, row, column, starting)` as the pointer goes down on a place and over
 * others with the button held, which answers the place's new character; `done()` when the
 * button is let go.
 */
export function drawLayers(element, geometry, layers, classOf, paint, done) {
  const [w, h] = [geometry.width * SIDE, geometry.height * SIDE];
  const height = h + (layers.length > 1 ? 16 : 2);
  const drawn = layers.map((layer, l) => {
    let svg = layers.length > 1 ? `<text x="0" y="${h + 12}">layer ${l + 1}</text>` : "";
    for (const [pl, r, c, place] of geometry.places) {
      if (pl !== l) continue;
      const ch = (layer[r] ?? "")[c] ?? " ";
      svg += `${shape(place)} class="place ${classOf(ch)}" data-l="${l}" data-r="${r}" data-c="${c}"/>`;
    }
    return `<svg viewBox="-1 -1 ${w + 2} ${height + 2}" width="${w + 2}">${svg}</svg>`;
  });
  // A new holder each time: the listeners of the last drawing go with it.
  const many = layers.length > 4 ? " many" : "";
  element.innerHTML = `<div class="layers${many}">${drawn.join("")}</div>`;
  const holder = element.firstChild;
  let down = false;
  const at = (e) => {
    const d = e.target.dataset;
    return d?.l == null ? null : [Number(d.l), Number(d.r), Number(d.c)];
  };
  holder.addEventListener("pointerdown", (e) => {
    const place = at(e);
    if (!place) return;
    e.preventDefault();
    down = true;
    e.target.setAttribute("class", `place ${classOf(paint(...place, true))}`);
  });
  holder.addEventListener("pointerover", (e) => {
    const place = at(e);
    if (down && place) e.target.setAttribute("class", `place ${classOf(paint(...place, false))}`);
  });
  const up = () => {
    if (down) {
      down = false;
      done();
    }
  };
  holder.addEventListener("pointerup", up);
  holder.addEventListener("pointerleave", up);
}

/** `layers` with the character at (layer, row, column) set, growing rows as needed. */
export function put(layers, l, r, c, ch) {
  const row = (layers[l][r] ?? "").padEnd(c + 1, " ");
  layers[l][r] = row.slice(0, c) + ch + row.slice(c + 1);
}

/** The character at (layer, row, column). */
export function at(layers, l, r, c) {
  return (layers[l]?.[r] ?? "")[c] ?? " ";
}

/** A box of the size of `geometry`, `layers` of `rows` by `columns` places, kept where the old
 * one had places, else cells. */
export function resize(geometry, board, layers, rows, columns) {
  return Array.from({ length: layers }, (_, l) =>
    Array.from({ length: rows }, (_, r) =>
      Array.from({ length: columns }, (_, c) => {
        if (!isPlace(geometry, l, r, c)) return " ";
        const old = board[l]?.[r]?.[c];
        return old ?? ".";
      }).join("").replace(/\s+$/, ""),
    ),
  );
}

/** The language's text of a drawing: one layer as a list of rows (`[row; n]` where all are
 * alike and `repeat` allows), several as a list of such lists, a line each at `indent`, or all
 * on one line where `indent` is null. */
export function drawing(layers, repeat, indent = "    ") {
  const rowsText = (rows) => {
    const quoted = rows.map((r) => JSON.stringify(r));
    if (repeat && rows.length > 1 && rows.every((r) => r === rows[0])) return `[${quoted[0]}; ${rows.length}]`;
    return `[${quoted.join(", ")}]`;
  };
  if (layers.length === 1) return rowsText(layers[0]);
  if (indent == null) return `[${layers.map(rowsText).join(", ")}]`;
  return `[\n${layers.map((l) => `${indent}    ${rowsText(l)},`).join("\n")}\n${indent}]`;
}

/** A sketch written in the puzzle language. */
export function write(sketch) {
  const lines = [`mod ${sketch.name} {`];
  if (sketch.grid !== "square") lines.push(`    grid: ${sketch.grid},`);
  lines.push(`    box: ${drawing(sketch.board, true)},`);
  const bareSet = /^[a-z_]+(\([a-z_0-9, ]*\))?$/;
  if (sketch.pieces.length === 1 && bareSet.test(sketch.pieces[0])) {
    lines.push(`    pieces: ${sketch.pieces[0]},`);
  } else {
    lines.push("    pieces: {");
    for (const entry of sketch.pieces) lines.push(`        ${entry},`);
    lines.push("    },");
  }
  if (!sketch.reflect) lines.push("    reflect: false,");
  if (sketch.reduced) lines.push("    symmetry: reduced,");
  for (const option of sketch.options) lines.push(`    ${option},`);
  lines.push("}");
  return lines.join("\n") + "\n";
}

/**
 * A drawn piece's entry, `COUNT x NAME: SHAPE`, as the server writes it from the lattice
 * (`/api/piece`): its cells moved to the lattice's one place for their shape, drawn (layers
 * where it has several) or, on a fine grid, as coordinates; null for no cells.
 */
export async function pieceEntry(grid, name, count, layers) {
  const cells = [];
  layers.forEach((rows, l) =>
    rows.forEach((row, r) => [...row].forEach((ch, c) => { if (ch === "#") cells.push([l, r, c]); })));
  if (cells.length === 0) return null;
  const response = await fetch("/api/piece", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ grid, name, count, layers: layers.length, cells }),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ?? response.statusText);
  return answer.entry;
}
