// The drawing editor: the box and the pieces of a puzzle drawn on its grid, written back as the
// puzzle language. It holds a sketch, as the server reads one from the text: the grid, the box
// as layers of rows of characters (`.` a cell, `#` a hole, `+` a cell that may stay empty, a
// space nothing), the entries of the pieces as the language writes them, and the options.

/** The side of a drawn place, in SVG units. */
const SIDE = 22;
const SQRT3 = Math.sqrt(3);

/** The CSS class of a character of the box. */
export const CLASS = { ".": "cell", "#": "hole", "+": "optional", " ": "none" };

/**
 * How many places of a drawing a cube's side spans: the fine grids draw each cube of space as
 * 5 (rhombic tetrahedra) or 3 (tetrahedra and octahedra) places a side; 1 elsewhere.
 */
export function cubeSide(grid) {
  return { rhombic: 5, tetrahedra_octahedra: 3 }[grid] ?? 1;
}

/** Whether the grid's drawings are of a fine grid, whose sizes are in cubes. */
export function isFine(grid) {
  return cubeSide(grid) > 1;
}

/**
 * Whether the place at (layer, row, column) of a drawing on `grid` can hold a cell: hexagons
 * sit where row + column is even; a rhombic tetrahedron at 2 ± 2 along one axis of its cube,
 * 2 ± 1 along another and 2 along the third; a tetrahedron at its cube's centre, and a corner
 * with an odd number of 2s in a cube whose numbers add up to an even number, an even number
 * elsewhere (as docs/language.md says).
 */
export function isPlace(grid, layer, row, column) {
  const at = [layer, row, column];
  switch (grid) {
    case "hexagonal":
      return (row + column) % 2 === 0;
    case "rhombic": {
      const local = at.map((x) => x % 5);
      const count = (values) => local.filter((x) => values.includes(x)).length;
      return count([0, 4]) === 1 && count([1, 3]) === 1 && count([2]) === 1;
    }
    case "tetrahedra_octahedra": {
      const local = at.map((x) => x % 3);
      if (local.every((x) => x === 1)) return true;
      if (!local.every((x) => x === 0 || x === 2)) return false;
      const twos = local.filter((x) => x === 2).length;
      const cubes = at.reduce((sum, x) => sum + Math.floor(x / 3), 0);
      return (cubes % 2 === 0) === (twos % 2 === 1);
    }
    default:
      return true;
  }
}

/** The SVG shape of the place at (row, column) of a layer. */
function shape(grid, row, column) {
  switch (grid) {
    case "triangular": {
      const h = (SIDE * SQRT3) / 2;
      const x = (column * SIDE) / 2;
      const y = row * h;
      const up = (row + column) % 2 === 0;
      const points = up
        ? [[x, y + h], [x + SIDE / 2, y], [x + SIDE, y + h]]
        : [[x, y], [x + SIDE, y], [x + SIDE / 2, y + h]];
      return `<polygon points="${points.map((p) => p.join(",")).join(" ")}"`;
    }
    case "hexagonal": {
      const r = SIDE / SQRT3;
      const cx = (column * SIDE) / 2 + SIDE / 2;
      const cy = row * 1.5 * r + r;
      const points = [0, 1, 2, 3, 4, 5].map((k) => {
        const a = (Math.PI / 3) * k + Math.PI / 6;
        return `${cx + r * Math.cos(a)},${cy + r * Math.sin(a)}`;
      });
      return `<polygon points="${points.join(" ")}"`;
    }
    case "spheres":
      return `<circle cx="${column * SIDE + SIDE / 2}" cy="${row * SIDE + SIDE / 2}" r="${SIDE / 2 - 1}"`;
    default: {
      const side = isFine(grid) ? SIDE / 2 : SIDE;
      return `<rect x="${column * side}" y="${row * side}" width="${side}" height="${side}"`;
    }
  }
}

/** The width and height a layer of `rows` by `columns` takes. */
function extent(grid, rows, columns) {
  switch (grid) {
    case "triangular":
      return [(columns + 1) * SIDE / 2, rows * SIDE * SQRT3 / 2];
    case "hexagonal":
      return [(columns + 1) * SIDE / 2, rows * 1.5 * SIDE / SQRT3 + SIDE / SQRT3 / 2];
    default: {
      const side = isFine(grid) ? SIDE / 2 : SIDE;
      return [columns * side, rows * side];
    }
  }
}

/**
 * Draws `layers` (arrays of row strings) into `element`, each as an SVG of its own (so that a
 * box of many layers wraps onto more lines), each place classed by `classOf` of its character,
 * and calls `paint(layer, row, column, starting)` as the pointer goes down on a place and over
 * others with the button held, which answers the place's new character; `done()` when the
 * button is let go.
 */
export function drawLayers(element, grid, layers, classOf, paint, done) {
  const columns = Math.max(1, ...layers.flatMap((rows) => rows.map((r) => r.length)));
  const rows = Math.max(1, ...layers.map((l) => l.length));
  const [w, h] = extent(grid, rows, columns);
  const height = h + (layers.length > 1 ? 16 : 2);
  const drawn = layers.map((layer, l) => {
    let svg = layers.length > 1 ? `<text x="0" y="${h + 12}">layer ${l + 1}</text>` : "";
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        if (!isPlace(grid, l, r, c)) continue;
        const ch = (layer[r] ?? "")[c] ?? " ";
        svg += `${shape(grid, r, c)} class="place ${classOf(ch)}" data-l="${l}" data-r="${r}" data-c="${c}"/>`;
      }
    }
    return `<svg viewBox="-1 -1 ${w + 2} ${height + 2}" width="${w + 2}">${svg}</svg>`;
  });
  // A new holder each time: the listeners of the last drawing go with it.
  element.innerHTML = `<div class="layers">${drawn.join("")}</div>`;
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

/** A box of `layers` of `rows` by `columns` places, kept where the old one had places, else
 * cells. */
export function resize(grid, board, layers, rows, columns) {
  return Array.from({ length: layers }, (_, l) =>
    Array.from({ length: rows }, (_, r) =>
      Array.from({ length: columns }, (_, c) => {
        if (!isPlace(grid, l, r, c)) return " ";
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
 * A drawn piece's entry, `COUNT x NAME: [rows]` (layers where it has several), its drawing cut
 * to the cells it has. On the plane grids of triangles and hexagons a cut keeps the parity of
 * row + column, which says a triangle's direction and where hexagons are.
 */
export function pieceEntry(grid, name, count, layers) {
  const has = (l, r, c) => at(layers, l, r, c) === "#";
  const places = [];
  layers.forEach((rows, l) =>
    rows.forEach((row, r) => [...row].forEach((_, c) => { if (has(l, r, c)) places.push([l, r, c]); })));
  if (places.length === 0) return null;
  const min = (i) => Math.min(...places.map((p) => p[i]));
  const max = (i) => Math.max(...places.map((p) => p[i]));
  const copies = count === "1" || count === "" ? "" : `${count} x `;
  // A fine grid's piece is its places' coordinates, moved by whole cubes.
  const side = cubeSide(grid);
  if (side > 1) {
    const shift = [0, 1, 2].map((i) => Math.floor(min(i) / side) * side);
    const coordinates = places.map((p) => `(${p.map((x, i) => x - shift[i]).join(", ")})`);
    return `${copies}${name}: [${coordinates.join(", ")}]`;
  }
  const [l0, l1] = [min(0), max(0)];
  let [r0, c0] = [min(1), min(2)];
  if ((grid === "triangular" || grid === "hexagonal") && (r0 + c0) % 2 !== 0) {
    if (c0 > 0) c0 -= 1;
    else r0 -= 1;
  }
  const cut = [];
  for (let l = l0; l <= l1; l++) {
    const rows = [];
    for (let r = r0; r <= max(1); r++) {
      let row = "";
      for (let c = c0; c <= max(2); c++) {
        row += has(l, r, c) ? "#" : isPlace(grid, l, r, c) ? "." : " ";
      }
      rows.push(row);
    }
    cut.push(rows);
  }
  return `${copies}${name}: ${drawing(cut, false, null)}`;
}
