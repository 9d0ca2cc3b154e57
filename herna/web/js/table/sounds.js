// Short generated sounds (Web Audio, no files; issue 24 item 6): your turn,
// a trick you won or lost, dice rolled, a theft from your coop. Off by
// default; the u key or the Sounds button switches them, remembered in this
// browser. Each sound only doubles words the log says anyway: nothing is
// told by a sound alone.
//
// Which event sounds is read from the engine's event kinds shared by the
// games (trick_won's `seat`, Kurník's dice_rolled, theft and robbed's
// `victim`); `soundOf` and `soundOfStep` are pure.

const STORE = "herna.sounds";

/** Each sound as tones [frequency Hz, start s, length s]. */
export const TONES = {
  turn: [[660, 0, 0.09], [880, 0.1, 0.12]],
  won: [[523, 0, 0.08], [659, 0.09, 0.08], [784, 0.18, 0.14]],
  lost: [[392, 0, 0.1], [311, 0.11, 0.16]],
  dice: [[190, 0, 0.035], [240, 0.06, 0.035], [210, 0.12, 0.035]],
  theft: [[220, 0, 0.12], [165, 0.13, 0.22]],
};

/** The sound of `event` for the viewer in seat `me` (null: a spectator), or null. */
export function soundOf(event, me) {
  switch (event.kind) {
    case "trick_won": return me === null ? null : (event.seat === me ? "won" : "lost");
    case "dice_rolled": case "reroll": case "start_roll": return "dice"; // a roll, a 6-6 re-roll, a start roll
    case "theft": case "robbed": return me !== null && event.victim === me ? "theft" : null;
    default: return null;
  }
}

/** The sounds of one step, the first the one that matters most to you. */
const RANK = ["theft", "won", "lost", "dice"];

/** The one sound of a step's `events` for the viewer in seat `me` (a step
 *  sounds once at most), or null: a theft from your coop before the trick
 *  you won or lost, and that before the dice (an opponent's roll whose hen
 *  is stolen from you comes in one step with the theft). */
export function soundOfStep(events, me) {
  const sounds = events.map((event) => soundOf(event, me));
  return RANK.find((name) => sounds.includes(name)) || null;
}

/** Whether sounds are on in this browser (off unless switched on). */
export function soundsOn() {
  try {
    return localStorage.getItem(STORE) === "on";
  } catch (_) {
    return false;
  }
}

/** Switch sounds on or off (remembered); returns the new state. */
export function setSounds(on) {
  try {
    localStorage.setItem(STORE, on ? "on" : "off");
  } catch (_) {
    /* private mode: for this page only */
  }
  memory = on;
  return on;
}

let memory = null; // the choice where localStorage cannot keep it
let audio = null;

/** Play sound `name` of TONES if sounds are on; true when played. */
export function play(name) {
  const on = memory === null ? soundsOn() : memory;
  const tones = TONES[name];
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!on || !tones || !Context) return false;
  audio = audio || new Context();
  const t0 = audio.currentTime + 0.01;
  for (const [frequency, start, length] of tones) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, t0 + start);
    gain.gain.exponentialRampToValueAtTime(0.2, t0 + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0 + start);
    osc.stop(t0 + start + length + 0.02);
  }
  return true;
}
