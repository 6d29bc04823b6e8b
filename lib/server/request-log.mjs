// The server's log (server.mjs): one line per request, and every line of the process in LOG_FORMAT (text for a person
// reading journalctl, json for a log collector), carrying the id of the request it was written for. Plain ESM so the
// server needs no build step.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { format } from 'node:util';

/** LOG_FORMAT from the environment: text (the default) or json, or the reason it is neither. */
export function parseLogFormat(value) {
  const wanted = value?.trim().toLowerCase() || 'text';
  if (wanted === 'text' || wanted === 'json') return { format: wanted };
  return { error: `LOG_FORMAT must be text or json, not "${value}".` };
}

/** A request's id: short enough to read out over the phone, random enough not to repeat in a log's lifetime. */
export function newRequestId() {
  return randomBytes(6).toString('hex');
}

// Tokens in a link (sign-up, password reset, e-mail change: 43 characters) are secrets; ids (36) are not.
const SECRET_SEGMENT = /^[A-Za-z0-9_-]{40,}$/;

/**
 * The address as the log shows it: the path with any token in it replaced by '…', and the query's names without their
 * values (a search at the desk carries a customer's name or phone; a link may carry a token).
 */
export function loggedPath(url = '') {
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const shown = pathname
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(segment) ? '…' : segment))
    .join('/');
  if (queryAt === -1) return shown;
  const names = [...new URLSearchParams(url.slice(queryAt + 1)).keys()].map((name) => `${encodeURIComponent(name)}=…`);
  return names.length ? `${shown}?${names.join('&')}` : shown;
}

/** One request's line: method, address (loggedPath), status (null: cut off before its answer), time taken, id. */
export function requestLine({ id, method, url, status, ms }, logFormat) {
  const path = loggedPath(url);
  if (logFormat === 'json') {
    return JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'request', id, method, path, status, ms });
  }
  return `[request] ${method} ${path} ${status ?? 'cut'} ${ms} ms id=${id}`;
}

const requestScope = new AsyncLocalStorage();

/** Runs `work` (a request's handling) so that what it logs carries `id`. */
export function withRequestId(id, work) {
  return requestScope.run(id, work);
}

const LEVELS = { log: 'info', info: 'info', warn: 'warn', error: 'error', debug: 'debug' };

/**
 * One log line from console arguments: an error's stack is in it once (util.format prints it), and the id of the
 * request being handled, if any. In json, a single line whatever the message holds.
 */
export function logLine(method, args, logFormat, id = requestScope.getStore()) {
  const message = format(...args);
  if (logFormat === 'json') {
    const fields = { time: new Date().toISOString(), level: LEVELS[method] ?? 'info', msg: message };
    if (id) fields.id = id;
    return JSON.stringify(fields);
  }
  if (!id) return message;
  // On the first line, where a person reading the log looks for it (a stack follows on the next lines).
  const end = message.indexOf('\n');
  return end === -1 ? `${message} id=${id}` : `${message.slice(0, end)} id=${id}${message.slice(end)}`;
}

/** Sends every console line of the process through logLine. */
export function routeConsole(logFormat, target = console) {
  for (const method of Object.keys(LEVELS)) {
    const write = method === 'error' || method === 'warn' ? process.stderr : process.stdout;
    target[method] = (...args) => write.write(`${logLine(method, args, logFormat)}\n`);
  }
}
