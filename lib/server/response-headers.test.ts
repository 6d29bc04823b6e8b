import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { keepContentTypeSingle } from './response-headers.mjs';

function response(): ServerResponse {
  return keepContentTypeSingle(new ServerResponse(new IncomingMessage(new Socket())));
}

describe('keepContentTypeSingle', () => {
  it('sets a one-element Content-Type array as its string, which a compression filter can read', () => {
    // What Next.js's response wrapper does when it appends the first value of a header.
    const res = response();
    res.setHeader('content-type', ['application/json']);
    expect(res.getHeader('content-type')).toBe('application/json');
  });

  it('leaves every other header, and a string Content-Type, as given', () => {
    const res = response();
    res.setHeader('Set-Cookie', ['a=1']);
    res.setHeader('Vary', ['rsc', 'Accept-Encoding']);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    expect(res.getHeader('set-cookie')).toEqual(['a=1']);
    expect(res.getHeader('vary')).toEqual(['rsc', 'Accept-Encoding']);
    expect(res.getHeader('content-type')).toBe('text/html; charset=utf-8');
  });
});
