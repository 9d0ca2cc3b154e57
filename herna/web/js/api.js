// Talking to the herna server over HTTP (WEB-API.md).

import { t } from "./i18n.js";

/** An HTTP error with the server's words (`{"error", "code"}`). */
export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || t("The server answered with status {status}.", { status }));
    this.status = status;
    this.code = body && body.code;
    this.body = body;
  }
}

/** The ApiError for a server that cannot be reached (a failed fetch or a stream cut off). */
export function unreachable() {
  return new ApiError(0, { error: t("The server cannot be reached. Check the connection and try again.") });
}

/** The answer to `path` (a fetch Response, whatever its status); `unreachable()` when there is none. */
export async function request(path, { method = "GET", body, token, accept = "application/json" } = {}) {
  const headers = { Accept: accept };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method, headers, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (_) {
    throw unreachable();
  }
}

/** The answer's JSON body, or null where it has none. */
async function jsonOf(answer) {
  try {
    return await answer.json();
  } catch (_) {
    return null;
  }
}

/** The ApiError of a refused answer (its `{"error", "code"}` body). */
export async function refusal(answer) {
  return new ApiError(answer.status, await jsonOf(answer));
}

/** JSON of `path`; `ApiError` unless the answer is 2xx. */
export async function api(path, options = {}) {
  const answer = await request(path, options);
  if (!answer.ok) throw await refusal(answer);
  return jsonOf(answer);
}

/** The games the server offers, with options, bots and card names, in `lang`. */
export function games(lang) {
  return api(`/api/games?lang=${encodeURIComponent(lang)}`);
}

/** Copy `text` to the clipboard; true when it worked. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_) {
    if (!input) return false;
    input.focus();
    input.select();
    try {
      return document.execCommand("copy");
    } catch (__) {
      return false;
    }
  }
}
