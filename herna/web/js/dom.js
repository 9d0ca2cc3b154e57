// Small DOM helpers: building elements and updating a region in place.
//
// `h(tag, attrs, ...children)` builds an element. `morph(live, fresh)` makes
// the live element's children look like the fresh element's without
// replacing nodes that stay: a text that changed is changed in its node, an
// element with the same `data-key` (or, unkeyed, the same tag at the same
// place) is kept and updated. So the element that has focus, and the place a
// screen reader's cursor is on, survive another player's move.

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [name, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "class") el.className = value;
      else if (name === "dataset") Object.assign(el.dataset, value);
      else if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
      else el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

function keyOf(node) {
  return node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-key") : null;
}

function sameKind(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  return a.nodeType !== Node.ELEMENT_NODE || a.tagName === b.tagName;
}

function morphAttributes(live, fresh) {
  for (const attr of Array.from(live.attributes)) {
    if (!fresh.hasAttribute(attr.name)) live.removeAttribute(attr.name);
  }
  for (const attr of Array.from(fresh.attributes)) {
    if (live.getAttribute(attr.name) !== attr.value) live.setAttribute(attr.name, attr.value);
  }
}

function morphNode(live, fresh) {
  if (live.nodeType === Node.TEXT_NODE || live.nodeType === Node.COMMENT_NODE) {
    if (live.nodeValue !== fresh.nodeValue) live.nodeValue = fresh.nodeValue;
    return;
  }
  morphAttributes(live, fresh);
  morph(live, fresh);
}

/** Make `live`'s children match `fresh`'s children (see the module comment). */
export function morph(live, fresh) {
  const oldKids = Array.from(live.childNodes);
  const newKids = Array.from(fresh.childNodes);
  const byKey = new Map();
  for (const node of oldKids) {
    const key = keyOf(node);
    if (key !== null) byKey.set(key, node);
  }
  // Pair each fresh child with a live one: by key, else the next unkeyed live
  // node of the same kind.
  const pairs = [];
  const used = new Set();
  let cursor = 0;
  for (const node of newKids) {
    const key = keyOf(node);
    let match = null;
    if (key !== null) {
      const candidate = byKey.get(key);
      if (candidate && sameKind(candidate, node) && !used.has(candidate)) match = candidate;
    } else {
      while (cursor < oldKids.length) {
        const candidate = oldKids[cursor++];
        if (keyOf(candidate) === null && !used.has(candidate) && sameKind(candidate, node)) {
          match = candidate;
          break;
        }
      }
    }
    if (match) used.add(match);
    pairs.push([match, node]);
  }
  // Remove what goes first, so that the nodes that stay keep their order and
  // are never moved (moving a node would take its focus away).
  for (const node of oldKids) if (!used.has(node)) live.removeChild(node);
  let index = 0;
  for (const [match, node] of pairs) {
    const here = live.childNodes[index] || null;
    if (match) {
      if (match !== here) live.insertBefore(match, here);
      morphNode(match, node);
    } else {
      live.insertBefore(node, here);
    }
    index++;
  }
}

/** Replace `live`'s content by `children` in place (see `morph`). */
export function patch(live, ...children) {
  const fresh = live.cloneNode(false);
  append(fresh, children);
  morph(live, fresh);
}

/** Text said by screen readers only. */
export function srOnly(text) {
  return h("span", { class: "visually-hidden" }, text);
}
