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

/** JSON of `path`; `ApiError` unless the answer is 2xx. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let answer;
  try {
    answer = await fetch(path, {
      method, headers, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (_) {
    throw new ApiError(0, { error: t("The server cannot be reached. Check the connection and try again.") });
  }
  let data = null;
  try {
    data = await answer.json();
  } catch (_) {
    data = null;
  }
  if (!answer.ok) throw new ApiError(answer.status, data);
  return data;
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
