// The view of a solution in three dimensions: each piece its solid as the server's lattice makes
// it (`/api/solid`), lit and shaded, with dark lines where its faces meet at an angle; turned by
// dragging, zoomed by the wheel or two fingers, exploded from the centre, each piece shown,
// hidden or shown alone, the pieces placed one by one in the order the search placed them, and
// the solution taken apart move by move (`/api/disassembly`), forward and back.
// Written on WebGL2 alone: the page is served by the command and fetches nothing.

/** The background, and the colour of the lines where faces meet. */
const BACKGROUND = [1, 1, 1];
const LINE = [0.13, 0.13, 0.13];
/** Where the light comes from, in the view frame (x right, y away, z up): above, front left. */
const LIGHT = normalise([-0.45, -0.6, 1]);
/** The eye's first direction: to the right of the front and above, as the SVG's view. */
const YAW = (35 * Math.PI) / 180;
const PITCH = (35 * Math.PI) / 180;
/** The field of view, in radians. */
const FOV = (30 * Math.PI) / 180;
/** How far the pieces move apart at most, as a multiple of the explosion the server gives. */
const EXPLODE_MAX = 1.5;

const VERTEX = `#version 300 es
in vec3 position;
in vec3 normal;
uniform mat4 projection;
uniform mat4 view;
uniform vec3 offset;
out vec3 vNormal;
void main() {
  vNormal = normal;
  gl_Position = projection * view * vec4(position + offset, 1.0);
}`;

const FRAGMENT = `#version 300 es
precision mediump float;
in vec3 vNormal;
uniform vec3 colour;
uniform vec3 light;
uniform int shading;
out vec4 outColour;
void main() {
  if (shading == 0) {
    outColour = vec4(colour, 1.0);
    return;
  }
  vec3 n = normalize(vNormal);
  float diffuse = max(dot(n, light), 0.0);
  outColour = vec4(colour * (0.58 + 0.42 * diffuse), 1.0);
}`;

function normalise(v) {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}

function cross(a, b) {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** A column-major perspective matrix. */
function perspective(fov, aspect, near, far) {
  const f = 1 / Math.tan(fov / 2);
  const d = near - far;
  return [f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) / d, -1, 0, 0, (2 * far * near) / d, 0];
}

/** A column-major matrix that looks from `eye` at `at`, z up. */
function lookAt(eye, at) {
  const f = normalise(at.map((x, i) => x - eye[i]));
  const s = normalise(cross(f, [0, 0, 1]));
  const u = cross(s, f);
  const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  return [s[0], u[0], -f[0], 0, s[1], u[1], -f[1], 0, s[2], u[2], -f[2], 0, -dot(s, eye), -dot(u, eye), dot(f, eye), 1];
}

/** `#rrggbb` as three numbers from 0 to 1. */
function rgb(hex) {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
}

let canDraw = null;

/** Whether this browser can draw the view: asked once, as each context asked for counts
 * against the few a page may hold, and the oldest are lost past them. */
export function supported() {
  if (canDraw === null) {
    try {
      const gl = document.createElement("canvas").getContext("webgl2");
      canDraw = !!gl;
      gl?.getExtension("WEBGL_lose_context")?.loseContext();
    } catch {
      canDraw = false;
    }
  }
  return canDraw;
}

export class SolidView {
  /** A view drawn into `element`, with its controls. */
  constructor(element) {
    this.element = element;
    element.innerHTML = `
      <canvas class="view-canvas" tabindex="0" aria-label="The solution in three dimensions: drag to turn, wheel to zoom, click a piece to show it alone"></canvas>
      <div class="view-controls">
        <label title="Move the pieces apart from the centre">explode <input type="range" class="explode" min="0" max="1" step="0.01" value="0"></label>
        <label title="The pieces placed one by one, in the order the search placed them">placed <input type="range" class="placed" min="0" max="1" step="1" value="1"></label>
        <span class="placed-text"></span>
        <button type="button" class="reset" title="Back to the first view, every piece shown">reset</button>
      </div>
      <div class="view-moves">
        <button type="button" class="take-apart" title="How the pieces come apart, move by move">take apart</button>
        <span class="moves-controls" hidden>
          <button type="button" class="move-back" title="The move before">&#9664;</button>
          <input type="range" class="move" min="0" max="0" step="1" value="0" aria-label="moves made">
          <button type="button" class="move-next" title="The next move">&#9654;</button>
        </span>
        <span class="moves-text" role="status"></span>
      </div>
      <ul class="view-legend" aria-label="Pieces"></ul>`;
    this.canvas = element.querySelector("canvas");
    this.canvas.view = this;
    const gl = this.canvas.getContext("webgl2", { antialias: true, preserveDrawingBuffer: true });
    this.gl = gl;
    if (!gl) {
      element.querySelector(".view-controls").textContent = "This browser cannot draw in three dimensions (no WebGL2).";
      return;
    }
    this.program = this.compile();
    this.scene = null;
    this.parts = [];
    this.explode = 0;
    this.placed = 0;
    this.alone = null;
    /** The disassembly being played (as `/api/disassembly` sends it), and the moves made. */
    this.playback = null;
    this.made = 0;
    /** Asked for the disassembly of the solution shown, by whoever shows it. */
    this.onTakeApart = null;
    this.reset();
    this.listen();
  }

  compile() {
    const gl = this.gl;
    const shader = (kind, source) => {
      const s = gl.createShader(kind);
      gl.shaderSource(s, source);
      gl.compileShader(s);
      if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(s));
      return s;
    };
    const program = gl.createProgram();
    gl.attachShader(program, shader(gl.VERTEX_SHADER, VERTEX));
    gl.attachShader(program, shader(gl.FRAGMENT_SHADER, FRAGMENT));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program));
    this.at = {};
    for (const name of ["projection", "view", "offset", "colour", "light", "shading"]) {
      this.at[name] = gl.getUniformLocation(program, name);
    }
    this.position = gl.getAttribLocation(program, "position");
    this.normal = gl.getAttribLocation(program, "normal");
    return program;
  }

  /** A vertex array of `positions` (and `normals`, if any). */
  buffers(positions, normals) {
    const gl = this.gl;
    const vao = gl.createVertexArray();
    gl.bindVertexArray(vao);
    const put = (data, attribute) => {
      const buffer = gl.createBuffer();
      gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
      gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
      gl.enableVertexAttribArray(attribute);
      gl.vertexAttribPointer(attribute, 3, gl.FLOAT, false, 0, 0);
    };
    put(positions, this.position);
    if (normals) put(normals, this.normal);
    else gl.disableVertexAttribArray(this.normal);
    gl.bindVertexArray(null);
    return vao;
  }

  /** Shows a scene as the server sends it, every piece placed and shown. */
  show(scene) {
    if (!this.gl) return;
    this.release();
    this.scene = scene;
    const sphere = scene.sphere.positions;
    this.parts = scene.parts.map((part) => {
      // The faces' triangles, each with its own normal, then each sphere the unit sphere's.
      const balls = part.balls.length / 4;
      const count = part.positions.length / 3 + balls * (sphere.length / 3);
      const positions = new Float32Array(count * 3);
      const normals = new Float32Array(count * 3);
      positions.set(part.positions);
      for (let t = 0; t < part.positions.length; t += 9) {
        const p = part.positions;
        const a = [p[t], p[t + 1], p[t + 2]];
        const u = [p[t + 3] - a[0], p[t + 4] - a[1], p[t + 5] - a[2]];
        const v = [p[t + 6] - a[0], p[t + 7] - a[1], p[t + 8] - a[2]];
        const n = normalise(cross(u, v));
        for (let k = 0; k < 3; k++) normals.set(n, t + 3 * k);
      }
      let at = part.positions.length;
      for (let b = 0; b < balls; b++) {
        const [x, y, z, r] = part.balls.slice(4 * b, 4 * b + 4);
        for (let i = 0; i < sphere.length; i += 3) {
          positions[at + i] = x + r * sphere[i];
          positions[at + i + 1] = y + r * sphere[i + 1];
          positions[at + i + 2] = z + r * sphere[i + 2];
          normals.set(normalise(sphere.slice(i, i + 3)), at + i);
        }
        at += sphere.length;
      }
      return {
        ...part,
        rgb: rgb(part.colour),
        shown: true,
        triangles: this.buffers(positions, normals),
        count,
        edges: this.buffers(new Float32Array(part.lines)),
        lineCount: part.lines.length / 3,
      };
    });
    this.placed = this.parts.length;
    this.alone = null;
    this.play(null);
    const placed = this.element.querySelector(".placed");
    placed.max = String(this.parts.length);
    placed.value = String(this.placed);
    this.legend();
    this.draw();
  }

  /** Plays a disassembly as `/api/disassembly` sends it (`null`: none, the button to ask for
   * one shown again), from the assembled state; one that does not come apart only says so. */
  play(disassembly) {
    this.playback = disassembly?.moves ? disassembly : null;
    const controls = this.element.querySelector(".moves-controls");
    const button = this.element.querySelector(".take-apart");
    const text = this.element.querySelector(".moves-text");
    controls.hidden = !this.playback;
    button.hidden = !!disassembly;
    text.textContent = disassembly ? disassembly.message : "";
    text.classList.toggle("stuck", !!disassembly && !this.playback);
    const move = this.element.querySelector(".move");
    move.max = String(this.playback?.moves.length ?? 0);
    this.goTo(0);
  }

  /** The view after the first `made` moves of the disassembly played. */
  goTo(made) {
    const moves = this.playback?.moves ?? [];
    this.made = Math.max(0, Math.min(moves.length, made));
    const at = new Map(this.parts.map((part, i) => [part.placement, i]));
    for (const part of this.parts) part.moved = [0, 0, 0];
    for (const move of moves.slice(0, this.made)) {
      for (const p of move.pieces) {
        const part = this.parts[at.get(p)];
        if (part) part.moved = part.moved.map((x, k) => x + move.by[k]);
      }
    }
    this.element.querySelector(".move").value = String(this.made);
    if (this.playback) {
      const last = moves[this.made - 1];
      const said = last ? `: ${this.said(last)}` : "";
      this.element.querySelector(".moves-text").textContent = `${this.playback.message} · move ${this.made} of ${moves.length}${said}`;
      this.element.querySelector(".move-back").disabled = this.made === 0;
      this.element.querySelector(".move-next").disabled = this.made === moves.length;
    }
    this.draw();
  }

  /** A move in words: the pieces, which way they slide (in the view's first frame: x right, y
   * away, z up), and how far. */
  said(move) {
    const names = move.pieces.map((p) => {
      const i = this.parts.findIndex((part) => part.placement === p);
      return this.element.querySelectorAll(".view-legend button")[i]?.textContent ?? `#${p + 1}`;
    });
    const most = Math.max(...move.by.map(Math.abs));
    const words = [["right", "left"], ["back", "front"], ["up", "down"]];
    const way = move.by
      .map((x, k) => (Math.abs(x) >= 0.25 * most ? words[k][x > 0 ? 0 : 1] : null))
      .filter((w) => w)
      .join(" and ");
    const far = move.distance === null ? "out" : move.distance === 1 ? "1 step" : `${move.distance} steps`;
    return `${names.join(", ")} ${way} ${far}`;
  }

  /** Frees the last scene's buffers. */
  release() {
    for (const part of this.parts) {
      this.gl.deleteVertexArray(part.triangles);
      this.gl.deleteVertexArray(part.edges);
    }
    this.parts = [];
  }

  /** The list of pieces: each's colour, a box to show or hide it, its name to show it alone. */
  legend() {
    const list = this.element.querySelector(".view-legend");
    list.innerHTML = "";
    // Copies of a kind are told apart by their number among its copies.
    const copies = new Map();
    for (const part of this.parts) copies.set(part.piece, (copies.get(part.piece) ?? 0) + 1);
    const seen = new Map();
    this.parts.forEach((part, i) => {
      const item = document.createElement("li");
      const copy = (seen.get(part.piece) ?? 0) + 1;
      seen.set(part.piece, copy);
      const name = part.piece == null ? `#${part.placement + 1}` : copies.get(part.piece) > 1 ? `${part.piece} ${copy}` : part.piece;
      item.innerHTML = `<input type="checkbox" checked aria-label="show ${name}"><span class="swatch" style="background:${part.colour}"></span><button type="button" title="Show this piece alone (again: all)"></button>`;
      item.querySelector("button").textContent = name;
      item.querySelector("input").addEventListener("change", (e) => {
        part.shown = e.target.checked;
        this.draw();
      });
      item.querySelector("button").addEventListener("click", () => this.showAlone(i));
      list.append(item);
    });
    this.marks();
  }

  /** Shows piece `i` alone, or every piece again where it is the one shown alone. */
  showAlone(i) {
    this.alone = this.alone === i ? null : i;
    this.marks();
    this.draw();
  }

  /** The legend marks the piece shown alone, and says how many are placed. */
  marks() {
    this.element.querySelectorAll(".view-legend li").forEach((li, i) => {
      li.classList.toggle("alone", this.alone === i);
      li.classList.toggle("unplaced", i >= this.placed);
    });
    const text = this.element.querySelector(".placed-text");
    text.textContent = `${this.placed} of ${this.parts.length}`;
  }

  /** Back to the first view. */
  reset() {
    this.yaw = YAW;
    this.pitch = PITCH;
    this.zoom = 1;
    this.explode = 0;
    this.alone = null;
    this.placed = this.parts.length;
    const explode = this.element.querySelector(".explode");
    if (explode) explode.value = "0";
    const placed = this.element.querySelector(".placed");
    if (placed) placed.value = String(this.placed);
    for (const part of this.parts) part.shown = true;
    this.element.querySelectorAll(".view-legend input").forEach((box) => { box.checked = true; });
    if (this.parts.length) this.marks();
    if (this.playback) this.goTo(0);
  }

  /** Turns the view by a drag of `dx`, `dy` pixels. */
  turn(dx, dy) {
    this.yaw -= dx * 0.01;
    this.pitch = Math.max(-1.5, Math.min(1.5, this.pitch + dy * 0.01));
    this.draw();
  }

  /** Zooms by a factor, within bounds. */
  zoomBy(factor) {
    this.zoom = Math.max(0.2, Math.min(8, this.zoom * factor));
    this.draw();
  }

  listen() {
    const canvas = this.canvas;
    const pointers = new Map();
    let moved = 0;
    let pinch = null;
    canvas.addEventListener("pointerdown", (e) => {
      canvas.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, [e.clientX, e.clientY]);
      moved = 0;
      pinch = null;
    });
    canvas.addEventListener("pointermove", (e) => {
      const last = pointers.get(e.pointerId);
      if (!last) return;
      const now = [e.clientX, e.clientY];
      pointers.set(e.pointerId, now);
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const apart = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (pinch) this.zoomBy(apart / pinch);
        pinch = apart;
        moved += 10;
        return;
      }
      moved += Math.abs(now[0] - last[0]) + Math.abs(now[1] - last[1]);
      this.turn(now[0] - last[0], now[1] - last[1]);
    });
    const up = (e) => {
      if (!pointers.has(e.pointerId)) return;
      pointers.delete(e.pointerId);
      // A click that did not turn the view picks the piece under it.
      if (moved < 4 && pointers.size === 0 && e.type === "pointerup") {
        const rect = canvas.getBoundingClientRect();
        const part = this.pick(e.clientX - rect.left, e.clientY - rect.top);
        this.showAlone(part ?? this.alone);
      }
    };
    canvas.addEventListener("pointerup", up);
    canvas.addEventListener("pointercancel", up);
    canvas.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.zoomBy(Math.exp(-e.deltaY * 0.001));
    }, { passive: false });
    canvas.addEventListener("keydown", (e) => {
      const keys = { ArrowLeft: [-20, 0], ArrowRight: [20, 0], ArrowUp: [0, -20], ArrowDown: [0, 20] };
      if (keys[e.key]) {
        e.preventDefault();
        this.turn(...keys[e.key]);
      } else if (e.key === "+" || e.key === "=") {
        this.zoomBy(1.2);
      } else if (e.key === "-") {
        this.zoomBy(1 / 1.2);
      }
    });
    this.element.querySelector(".explode").addEventListener("input", (e) => {
      this.explode = Number(e.target.value) * EXPLODE_MAX;
      this.draw();
    });
    this.element.querySelector(".placed").addEventListener("input", (e) => {
      this.placed = Number(e.target.value);
      this.marks();
      this.draw();
    });
    this.element.querySelector(".take-apart").addEventListener("click", () => {
      if (this.onTakeApart) {
        this.element.querySelector(".moves-text").textContent = "taking apart…";
        this.onTakeApart();
      }
    });
    this.element.querySelector(".move").addEventListener("input", (e) => this.goTo(Number(e.target.value)));
    this.element.querySelector(".move-back").addEventListener("click", () => this.goTo(this.made - 1));
    this.element.querySelector(".move-next").addEventListener("click", () => this.goTo(this.made + 1));
    this.element.querySelector(".reset").addEventListener("click", () => {
      this.reset();
      this.draw();
    });
    new ResizeObserver(() => this.draw()).observe(canvas);
  }

  /** Whether part `i` is drawn now. */
  visible(i) {
    const part = this.parts[i];
    return i < this.placed && part.shown && (this.alone === null || this.alone === i);
  }

  /** The camera's matrices for the canvas's size. */
  camera(width, height) {
    const scene = this.scene;
    const centre = scene.centre;
    // A disassembly played is framed as far as it has come: the view draws back as parts
    // leave, and holds the assembly as large as before once back at the start.
    const made = this.playback?.moves.slice(0, this.made) ?? [];
    const reach = Math.max(scene.radius, ...made.map((m) => m.radius), 0.5);
    const radius = reach * (1 + this.explode);
    const distance = radius / Math.sin(FOV / 2) / this.zoom;
    const eye = [
      centre[0] + distance * Math.sin(this.yaw) * Math.cos(this.pitch),
      centre[1] - distance * Math.cos(this.yaw) * Math.cos(this.pitch),
      centre[2] + distance * Math.sin(this.pitch),
    ];
    const near = Math.max(distance - radius * 1.5, distance * 0.01);
    return {
      projection: perspective(FOV, width / height, near, distance + radius * 1.5),
      view: lookAt(eye, centre),
    };
  }

  /** Draws the scene, into the canvas or (with `ids`) as each piece's number into the target
   * bound. */
  render(ids = false) {
    const gl = this.gl;
    const { width, height } = gl.canvas;
    gl.viewport(0, 0, width, height);
    const [r, g, b] = ids ? [0, 0, 0] : BACKGROUND;
    gl.clearColor(r, g, b, 1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    if (!this.scene) return;
    gl.enable(gl.DEPTH_TEST);
    gl.useProgram(this.program);
    const { projection, view } = this.camera(width, height);
    gl.uniformMatrix4fv(this.at.projection, false, projection);
    gl.uniformMatrix4fv(this.at.view, false, view);
    gl.uniform3fv(this.at.light, LIGHT);
    // The faces a little behind their lines, so that the lines show on them.
    gl.enable(gl.POLYGON_OFFSET_FILL);
    gl.polygonOffset(1, 1);
    this.parts.forEach((part, i) => {
      if (!this.visible(i)) return;
      const moved = part.moved ?? [0, 0, 0];
      gl.uniform3fv(this.at.offset, part.explosion.map((x, k) => x * this.explode + moved[k]));
      gl.uniform1i(this.at.shading, ids ? 0 : 1);
      gl.uniform3fv(this.at.colour, ids ? [((i + 1) & 255) / 255, ((i + 1) >> 8) / 255, 0] : part.rgb);
      gl.bindVertexArray(part.triangles);
      gl.drawArrays(gl.TRIANGLES, 0, part.count);
      if (!ids && part.lineCount) {
        gl.uniform1i(this.at.shading, 0);
        gl.uniform3fv(this.at.colour, LINE);
        gl.bindVertexArray(part.edges);
        gl.drawArrays(gl.LINES, 0, part.lineCount);
      }
    });
    gl.bindVertexArray(null);
  }

  /** Draws the scene at the canvas's size on the screen. */
  draw() {
    if (!this.gl) return;
    const canvas = this.canvas;
    const scale = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(canvas.clientWidth * scale));
    const height = Math.max(1, Math.round(canvas.clientHeight * scale));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    this.render(false);
  }

  /** Each pixel's piece (its index, or -1 for none), drawn off screen at the canvas's size:
   * what a click picks, and what shows which pieces are in sight. */
  idBuffer() {
    const gl = this.gl;
    const { width, height } = gl.canvas;
    const target = gl.createFramebuffer();
    const colour = gl.createRenderbuffer();
    const depth = gl.createRenderbuffer();
    gl.bindRenderbuffer(gl.RENDERBUFFER, colour);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, width, height);
    gl.bindRenderbuffer(gl.RENDERBUFFER, depth);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_COMPONENT16, width, height);
    gl.bindFramebuffer(gl.FRAMEBUFFER, target);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, colour);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, depth);
    gl.disable(gl.BLEND);
    this.render(true);
    const data = new Uint8Array(width * height * 4);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, data);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.deleteFramebuffer(target);
    gl.deleteRenderbuffer(colour);
    gl.deleteRenderbuffer(depth);
    const ids = new Int32Array(width * height);
    for (let p = 0; p < ids.length; p++) ids[p] = data[4 * p] + (data[4 * p + 1] << 8) - 1;
    return { width, height, ids };
  }

  /** The picture on the screen, as RGBA rows from the bottom, as WebGL reads it. */
  pixels() {
    const gl = this.gl;
    const { width, height } = gl.canvas;
    const data = new Uint8Array(width * height * 4);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, data);
    return { width, height, data };
  }

  /** The piece under a point of the canvas (CSS pixels from its top left), if any. */
  pick(x, y) {
    const { width, height, ids } = this.idBuffer();
    const scale = width / Math.max(1, this.canvas.clientWidth);
    const px = Math.floor(x * scale);
    const py = height - 1 - Math.floor(y * scale);
    if (px < 0 || py < 0 || px >= width || py >= height) return null;
    const id = ids[py * width + px];
    return id >= 0 ? id : null;
  }
}
