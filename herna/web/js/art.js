// herna's own pictures (SVG, drawn here; no publisher's art): cards of
// Trumfosaur (each species its colour, emblem and pattern, so that they are
// told apart without colour too) and Ugo! (each colour its symbol), Kurník's
// coops (nine places with hen, chick and egg), dice with pips, piles of the
// supply, the rooster, farmers. Every picture has its accessible name (a
// <title>, and `aria-label` where it stands alone); where a text beside it
// already names it, the picture is hidden from screen readers instead.

const NS = "http://www.w3.org/2000/svg";

/** An SVG element `tag` with `attrs` and children. */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs || {})) if (value !== null && value !== undefined) el.setAttribute(name, String(value));
  for (const child of children.flat()) if (child) el.appendChild(child);
  return el;
}

/** A picture: `<svg viewBox>` named `label` (role img + title), or hidden (`label` null). */
export function picture(viewBox, label, cls, ...children) {
  const attrs = { viewBox, class: cls, focusable: "false" };
  if (label) Object.assign(attrs, { role: "img", "aria-label": label });
  else attrs["aria-hidden"] = "true";
  const svg = s("svg", attrs, label ? s("title", null) : null, ...children);
  if (label) svg.firstChild.textContent = label;
  return svg;
}

// ----- emblems and patterns (in a 24 x 24 box) --------------------------------------------------

const EMBLEMS = {
  note: "M9 4h9v4h-7v10a3.5 3.5 0 1 1-2-3.2z", // Saxosaurus: a note
  bolt: "M13 2 5 14h6l-2 8 9-13h-6l2-7z", // Vztekosaurus: a lightning bolt (anger)
  drop: "M12 2c4 6 7 9.5 7 13a7 7 0 0 1-14 0c0-3.5 3-7 7-13z", // Aquasaurus: a drop
  spikes: "M2 20 6 6l3 8 3-11 3 11 3-8 4 14z", // Špínosaurus: spikes
  coin: "M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0-20zm0 4a6 6 0 1 0 0 12a6 6 0 1 0 0-12zm-1 2h2v8h-2z", // Byznysaurus: a coin
  crown: "M3 18 2 6l5 5 5-8 5 8 5-5-1 12z", // the trump: a crown
  circle: "M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18z",
  leaf: "M4 20C4 9 10 4 21 3c-1 11-6 17-17 17zm2-2 9-9",
  square: "M4 4h16v16H4z",
  star: "M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7-6.2-3.8-6.2 3.8 1.6-7L2 9.2l7.1-.6z",
  hexagon: "M7 3h10l5 9-5 9H7l-5-9z",
};

const SPECIES = {
  SAX: { colour: "#2e7d32", emblem: "note", pattern: "stripes" },
  VZT: { colour: "#c62828", emblem: "bolt", pattern: "zigzag" },
  AQU: { colour: "#00838f", emblem: "drop", pattern: "waves" },
  SPI: { colour: "#8e24aa", emblem: "spikes", pattern: "cross" },
  BYZ: { colour: "#b07d00", emblem: "coin", pattern: "dots" },
  TRUMF: { colour: "#1b1b1b", emblem: "crown", pattern: "stars" },
};

const COLOURS = {
  red: { colour: "#c62828", emblem: "circle", pattern: "dots" },
  green: { colour: "#2e7d32", emblem: "leaf", pattern: "stripes" },
  blue: { colour: "#1565c0", emblem: "drop", pattern: "waves" },
  yellow: { colour: "#b07d00", emblem: "star", pattern: "stars" },
  grey: { colour: "#5f5f5f", emblem: "hexagon", pattern: "cross" },
};

/** The look of a card code: {colour, emblem, pattern}. */
export function lookOf(code) {
  const text = String(code);
  if (text === "TRUMF") return SPECIES.TRUMF;
  const species = SPECIES[text.slice(0, 3)];
  if (species) return species;
  return COLOURS[text.replace(/\d+$/, "")] || { colour: "#6b6b6b", emblem: "square", pattern: "dots" };
}

/** The band's pattern: lines and marks over the colour (white), so that a
 *  species is told apart without seeing colours. */
function pattern(kind, y0, h) {
  const marks = [];
  const line = (d) => s("path", { d, stroke: "#fff", "stroke-width": 1.6, fill: "none", opacity: 0.85 });
  if (kind === "stripes") for (let x = 6; x < 60; x += 8) marks.push(line(`M${x} ${y0}v${h}`));
  if (kind === "zigzag") marks.push(line(`M0 ${y0 + h / 2}${Array.from({ length: 8 }, (_, i) => `L${i * 8 + 4} ${y0 + (i % 2 ? h - 2 : 2)}`).join("")}`));
  if (kind === "waves") marks.push(line(`M0 ${y0 + h / 2}${Array.from({ length: 8 }, (_, i) => `q4 ${i % 2 ? 4 : -4} 8 0`).join("")}`));
  if (kind === "cross") for (let x = -10; x < 60; x += 8) marks.push(line(`M${x} ${y0 + h}l${h} -${h}`), line(`M${x} ${y0}l${h} ${h}`));
  if (kind === "dots") for (let x = 5; x < 60; x += 8) marks.push(s("circle", { cx: x, cy: y0 + h / 2, r: 1.8, fill: "#fff", opacity: 0.9 }));
  if (kind === "stars") for (let x = 6; x < 60; x += 12) marks.push(s("path", { d: `M${x} ${y0 + 2}l1.5 3h3l-2.5 2 1 3-3-2-3 2 1-3-2.5-2h3z`, fill: "#ffd54f" }));
  return marks;
}

function emblem(kind, x, y, size, fill) {
  return s("path", { d: EMBLEMS[kind] || EMBLEMS.square, fill, transform: `translate(${x} ${y}) scale(${size / 24})`,
    stroke: kind === "leaf" ? fill : null, "stroke-width": kind === "leaf" ? 1 : null });
}

/** A card (60 x 84): the colour's band with its pattern, the value big, the emblem.
 *  `label`: its name (null when a text beside it names it); `marks`: "trump", "invitation". */
export function cardPicture(code, label, { marks = [] } = {}) {
  const look = lookOf(code);
  const value = (String(code).match(/(\d+)$/) || [])[1] || "";
  const trump = String(code) === "TRUMF";
  const parts = [
    s("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: trump ? "#fff8dc" : "#fff", stroke: look.colour, "stroke-width": 2 }),
    s("rect", { x: 1, y: 1, width: 58, height: 16, rx: 6, fill: look.colour }),
    s("rect", { x: 1, y: 10, width: 58, height: 7, fill: look.colour }),
    ...pattern(look.pattern, 2, 14),
    emblem(look.emblem, 30, 52, 24, look.colour),
  ];
  if (value) {
    parts.push(s("text", { x: 6, y: 46, "font-size": 26, "font-weight": 800, fill: "#1b1b1b", "font-family": "system-ui, sans-serif" }));
    parts[parts.length - 1].textContent = value;
  } else {
    parts.push(emblem("crown", 8, 24, 20, "#b07d00"));
  }
  if (marks.includes("trump")) parts.push(s("circle", { cx: 50, cy: 74, r: 6, fill: "#ffd54f", stroke: "#1b1b1b" }));
  if (marks.includes("invitation")) {
    parts.push(s("path", { d: "M40 64h16v12H40zM40 64l8 6 8-6", fill: "#fff", stroke: "#1b1b1b", "stroke-width": 1.5 }));
  }
  return picture("0 0 60 84", label, "card-art", parts);
}

/** A die (0..6 pips; 0 is blank): `label` its name or null. */
export function diePicture(n, label, cls = "die-art") {
  const at = { 1: [[12, 12]], 2: [[6, 6], [18, 18]], 3: [[6, 6], [12, 12], [18, 18]], 4: [[6, 6], [18, 6], [6, 18], [18, 18]],
    5: [[6, 6], [18, 6], [12, 12], [6, 18], [18, 18]], 6: [[6, 6], [18, 6], [6, 12], [18, 12], [6, 18], [18, 18]] };
  return picture("0 0 24 24", label, cls,
    s("rect", { x: 1, y: 1, width: 22, height: 22, rx: 4, fill: "#fff", stroke: "#1b1b1b", "stroke-width": 1.5 }),
    (at[n] || []).map(([x, y]) => s("circle", { cx: x, cy: y, r: 2.2, fill: "#1b1b1b" })));
}

const BIRDS = {
  hen: (x, y) => [
    s("ellipse", { cx: x + 12, cy: y + 14, rx: 8, ry: 6.5, fill: "#fff", stroke: "#1b1b1b", "stroke-width": 1.3 }),
    s("circle", { cx: x + 18, cy: y + 7, r: 3.6, fill: "#fff", stroke: "#1b1b1b", "stroke-width": 1.3 }),
    s("path", { d: `M${x + 16} ${y + 3}l1-2 1 2 1-2 1 2`, stroke: "#c62828", "stroke-width": 1.6, fill: "none" }),
    s("path", { d: `M${x + 21.5} ${y + 7}l2.5 1-2.5 1z`, fill: "#e0a000" }),
    s("path", { d: `M${x + 10} ${y + 20}v3M${x + 14} ${y + 20}v3`, stroke: "#e0a000", "stroke-width": 1.4 }),
  ],
  chick: (x, y) => [
    s("circle", { cx: x + 12, cy: y + 15, r: 6.5, fill: "#ffd54f", stroke: "#8a6d00", "stroke-width": 1.2 }),
    s("circle", { cx: x + 15, cy: y + 8, r: 3.5, fill: "#ffd54f", stroke: "#8a6d00", "stroke-width": 1.2 }),
    s("path", { d: `M${x + 18} ${y + 8}l2.5 1-2.5 1z`, fill: "#e07000" }),
  ],
  egg: (x, y) => [s("ellipse", { cx: x + 12, cy: y + 13, rx: 6, ry: 8, fill: "#fdf6e3", stroke: "#6b5a3a", "stroke-width": 1.3 })],
  rooster: (x, y) => [
    s("path", { d: `M${x + 3} ${y + 10}q2 10 11 10q7 0 7-8q0-4-3-6z`, fill: "#8d3b1f", stroke: "#1b1b1b", "stroke-width": 1.2 }),
    s("path", { d: `M${x + 3} ${y + 10}l-2-6 4 3 0-6 3 6`, fill: "#2e7d32", stroke: "#1b1b1b", "stroke-width": 1 }),
    s("path", { d: `M${x + 15} ${y + 4}l1-3 1 3 1-3 1 3`, stroke: "#c62828", "stroke-width": 2, fill: "none" }),
    s("circle", { cx: x + 18, cy: y + 7, r: 3, fill: "#8d3b1f", stroke: "#1b1b1b" }),
    s("path", { d: `M${x + 21} ${y + 7}l2.5 1-2.5 1z`, fill: "#e0a000" }),
  ],
  farmer: (x, y, filled = true) => [
    s("circle", { cx: x + 12, cy: y + 6, r: 4.5, fill: filled ? "#6d4c41" : "none", stroke: "#1b1b1b", "stroke-width": 1.3 }),
    s("path", { d: `M${x + 4} ${y + 23}q0-11 8-11q8 0 8 11z`, fill: filled ? "#6d4c41" : "none", stroke: "#1b1b1b",
      "stroke-width": 1.3, "stroke-dasharray": filled ? null : "2 2" }),
  ],
};

/** One bird, egg, rooster or farmer (24 x 24), named `label` or hidden. */
export function birdPicture(kind, label, cls = "bird-art") {
  return picture("0 0 24 24", label, cls, BIRDS[kind](0, 0));
}

/** A coop: nine places in 3 x 3 (hens, then chicks, then eggs, then free), a rooster if it has one. */
export function coopPicture(coop, label) {
  const places = [];
  for (const [key, kind] of [["hens", "hen"], ["chicks", "chick"], ["eggs", "egg"]]) {
    for (let i = 0; i < (coop[key] || 0); i++) places.push(kind);
  }
  while (places.length < 9) places.push(null);
  const parts = [s("rect", { x: 1, y: 1, width: 94, height: 94, rx: 8, fill: "#f3e3c3", stroke: "#6b4f2a", "stroke-width": 2 })];
  places.slice(0, 9).forEach((kind, i) => {
    const x = 4 + (i % 3) * 30;
    const y = 4 + Math.floor(i / 3) * 30;
    parts.push(s("rect", { x, y, width: 28, height: 28, rx: 4, fill: kind ? "#fffdf6" : "none", stroke: "#6b4f2a",
      "stroke-width": 1, "stroke-dasharray": kind ? null : "3 2" }));
    if (kind) parts.push(...BIRDS[kind](x + 2, y + 2));
  });
  if (coop.rooster) parts.push(s("g", { transform: "translate(70 70) scale(1.1)" }, BIRDS.rooster(0, 0)));
  return picture("0 0 96 96", label, "coop-art", parts);
}

/** A pile of the supply: the piece's picture with its count beside it. */
export function pilePicture(kind, count, label) {
  const layers = Math.min(3, count);
  const parts = [];
  for (let i = layers - 1; i >= 0; i--) parts.push(s("g", { transform: `translate(${i * 3} ${-i * 3})` }, BIRDS[kind](0, 6)));
  if (!count) parts.push(s("g", { opacity: 0.3 }, BIRDS[kind](0, 6)));
  return picture("0 -2 32 32", label, "pile-art", parts);
}

/** Farmers of a field: `n` filled of `places`. */
export function farmersPicture(n, places, label) {
  const parts = [];
  for (let i = 0; i < places; i++) parts.push(s("g", { transform: `translate(${i * 14} 0) scale(0.6)` }, BIRDS.farmer(0, 0, i < n)));
  return picture(`0 0 ${Math.max(1, places) * 14} 16`, label, "farmers-art", parts);
}

/** A field of a kingdom (Ugo!): its letter on an empty place for cards. */
export function fieldPicture(letter, label) {
  const text = s("text", { x: 30, y: 50, "font-size": 28, "font-weight": 800, "text-anchor": "middle", fill: "#4a4a4a",
    "font-family": "system-ui, sans-serif" });
  text.textContent = letter;
  return picture("0 0 60 84", label, "card-art",
    s("rect", { x: 2, y: 2, width: 56, height: 80, rx: 6, fill: "#f7f4ec", stroke: "#8a8a8a", "stroke-width": 2,
      "stroke-dasharray": "5 3" }), text);
}

/** The fox (Kurník's double six in the base game). */
function foxPicture(label) {
  return picture("0 0 24 24", label, "bird-art",
    s("path", { d: "M3 4l5 5h8l5-5-1 9-8 8-8-8z", fill: "#d9661f", stroke: "#1b1b1b", "stroke-width": 1.2 }),
    s("path", { d: "M9 15l3 4 3-4z", fill: "#fff" }),
    s("circle", { cx: 9.5, cy: 12, r: 1.1, fill: "#1b1b1b" }), s("circle", { cx: 14.5, cy: 12, r: 1.1, fill: "#1b1b1b" }));
}

/** The picture a How-to-play shortcode names (`data-art="GAME:THING[:ARGS]"`), named `label`; null if unknown. */
export function artFor(code, label) {
  const [game, thing, args] = String(code).split(":");
  if (game === "kurnik") {
    if (["hen", "chick", "egg", "rooster"].includes(thing)) return birdPicture(thing, label);
    if (thing === "fox") return foxPicture(label);
    if (thing === "coop") {
      const [hens, chicks, eggs] = String(args || "").split(",").map(Number);
      return coopPicture({ hens, chicks, eggs }, label);
    }
    if (thing === "dice") {
      const dice = String(args || "").split(",").map(Number);
      return picture(`0 0 ${dice.length * 28} 24`, label, "dice-art",
        dice.map((n, i) => s("g", { transform: `translate(${i * 28} 0)` }, [...diePicture(n, null).childNodes])));
    }
    return null;
  }
  if (game === "ugo") {
    if (thing === "farmer") return birdPicture("farmer", label);
    if (thing === "field") return fieldPicture(args || "", label);
    return cardPicture(thing, label);
  }
  if (game === "trumfosaur") {
    if (thing === "invitation") return cardPicture(args, label, { marks: ["invitation"] });
    return cardPicture(thing, label, { marks: thing === "TRUMF" ? ["trump"] : [] });
  }
  return null;
}

/** Draw every `[data-art]` shortcode under `root` (the How-to-play pages): the
 *  picture takes the words' place and keeps them as its accessible name. */
export function fillArt(root) {
  for (const el of root.querySelectorAll("[data-art]")) {
    const label = el.textContent.trim();
    const art = artFor(el.dataset.art, label);
    if (!art) continue;
    el.replaceChildren(art);
    el.classList.add("art");
  }
}
