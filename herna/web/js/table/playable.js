// Moving among the cards of a hand (issue 24, "Keyboard"): while it is your
// move and some cards may be played, the arrow keys, Home and End move only
// among those (a dimmed card is skipped; `h` still reads the whole hand);
// otherwise among every card. Pure: works on a list of {key, usable}.

/**
 * The index the focus goes to from `index` in `cards` ([{usable}]) for a
 * `step` of +1 / -1 (wrapping), or `absolute` "first" / "last"; `onlyUsable`:
 * keep to the usable cards when there are any. -1 for an empty hand.
 */
export function moveIndex(cards, index, step, absolute = null, onlyUsable = true) {
  if (!cards.length) return -1;
  let allowed = cards.map((_, i) => i);
  if (onlyUsable) {
    const usable = allowed.filter((i) => cards[i].usable);
    if (usable.length) allowed = usable;
  }
  if (absolute === "first") return allowed[0];
  if (absolute === "last") return allowed[allowed.length - 1];
  const n = cards.length;
  for (let k = 1; k <= n; k++) {
    const i = (((index + step * k) % n) + n) % n;
    if (allowed.includes(i)) return i;
  }
  return allowed.includes(index) ? index : allowed[0];
}

/** The next usable card after `index` (wrapping; from the first when `index` is -1), or -1 when none. */
export function nextUsable(cards, index) {
  const n = cards.length;
  for (let k = 1; k <= n; k++) {
    const i = (((index + k) % n) + n) % n;
    if (cards[i].usable) return i;
  }
  return -1;
}
