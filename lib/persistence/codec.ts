/**
 * Pure cookie codecs shared by the server (cookies()) and the browser (document.cookie). No React here.
 * A persisted value is JSON, base64url-encoded, so it is cookie-safe without percent-encoding; GUIDs inside are
 * compressed from 36 characters to 22 (base64url of their 16 bytes), which is what keeps 30 booked services under
 * the 4096-byte cookie limit.
 */

const B64URL = /^[A-Za-z0-9_-]*$/;

function bytesToBinary(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return binary;
}

function binaryToBytes(binary: string): Uint8Array {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toBase64Url(bytes: Uint8Array): string {
  return btoa(bytesToBinary(bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Undefined for anything that is not base64url. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!B64URL.test(text) || text.length % 4 === 1) return undefined;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  try {
    return binaryToBytes(atob(padded));
  } catch {
    return undefined;
  }
}

const GUID = /^\{?([0-9a-fA-F]{8})-([0-9a-fA-F]{4})-([0-9a-fA-F]{4})-([0-9a-fA-F]{4})-([0-9a-fA-F]{12})\}?$/;
const COMPRESSED_GUID = /^[A-Za-z0-9_-]{22}$/;

/** 'xxxxxxxx-xxxx-...' -> 22 base64url characters. Braces and case are not kept: GUIDs read back lower-case. */
export function compressGuid(guid: string): string {
  const match = GUID.exec(guid);
  if (!match) throw new TypeError(`Not a GUID: ${guid}`);
  const hex = match.slice(1).join('');
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return toBase64Url(bytes);
}

export function expandGuid(compressed: string): string | undefined {
  if (!COMPRESSED_GUID.test(compressed)) return undefined;
  const bytes = fromBase64Url(compressed);
  if (!bytes || bytes.length !== 16) return undefined;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function isGuidLike(value: string): boolean {
  return GUID.test(value);
}

export function encodeJson(value: unknown): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
}

/** Undefined for anything that is not base64url of UTF-8 JSON. */
export function decodeJson(text: string): unknown {
  const bytes = fromBase64Url(text);
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
