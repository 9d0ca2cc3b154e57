// The How-to-play pages (/rules/{game}, herna/server/pages_rules.py): their
// pictures are art shortcodes, <span data-art="GAME:THING">words</span>, drawn
// by art.js (our own SVG art, each picture with its accessible name). Until
// art.js is there, or without JavaScript, the words stay in their place.
const main = document.getElementById("main");

import("./art.js")
  .then((art) => {
    if (main && typeof art.fillArt === "function") art.fillArt(main);
  })
  .catch(() => {
    // no pictures: the page reads the same with the words
  });
