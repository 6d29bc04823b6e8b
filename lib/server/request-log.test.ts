import { logLine, loggedPath, newRequestId, parseLogFormat, requestLine, withRequestId } from './request-log.mjs';

const TOKEN = 'Qm9va2luZ3MgYW5kIHBhc3N3b3JkcyBhcmUgc2VjcmV0cyEhIQ';

describe('LOG_FORMAT', () => {
  it('is text unless json is asked for, and names a wrong value', () => {
    expect(parseLogFormat(undefined)).toEqual({ format: 'text' });
    expect(parseLogFormat(' JSON ')).toEqual({ format: 'json' });
    expect(parseLogFormat('xml').error).toBe('LOG_FORMAT must be text or json, not "xml".');
  });
});

describe('the address in the log', () => {
  it('keeps the path and ids, and drops tokens and the values of the query', () => {
    expect(loggedPath('/api/appointments/5b0e7f1c-3d2a-4c8e-9f10-2b3c4d5e6f70/')).toBe('/api/appointments/5b0e7f1c-3d2a-4c8e-9f10-2b3c4d5e6f70/');
    expect(loggedPath(`/signup/confirm/${TOKEN}/`)).toBe('/signup/confirm/…/');
    expect(loggedPath(`/resetpassword/${TOKEN}`)).toBe('/resetpassword/…');
    expect(loggedPath('/api/desk/customers/?q=Jane%20Doe&limit=5')).toBe('/api/desk/customers/?q=…&limit=…');
    expect(loggedPath(`/api/account/email/confirm/?token=${TOKEN}`)).not.toContain(TOKEN);
    expect(loggedPath('/?')).toBe('/');
  });
});

describe('a request line', () => {
  const request = { id: 'a1b2c3d4e5f6', method: 'POST', url: '/api/desk/customers/?q=Jane', status: 201, ms: 12 };

  it('says method, address, status, time and id in text', () => {
    expect(requestLine(request, 'text')).toBe('[request] POST /api/desk/customers/?q=… 201 12 ms id=a1b2c3d4e5f6');
  });

  it('says cut for a request whose connection ended before its answer', () => {
    expect(requestLine({ ...request, status: null }, 'text')).toBe('[request] POST /api/desk/customers/?q=… cut 12 ms id=a1b2c3d4e5f6');
  });

  it('is one JSON object per line in json', () => {
    const line = requestLine(request, 'json');
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({ time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'info', msg: 'request', id: 'a1b2c3d4e5f6', method: 'POST', path: '/api/desk/customers/?q=…', status: 201, ms: 12 });
  });

  it('has an id of its own for each request', () => {
    const ids = new Set(Array.from({ length: 1000 }, newRequestId));
    expect(ids.size).toBe(1000);
    expect([...ids][0]).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe('a line logged while a request is handled', () => {
  it('carries the request id, and an error its stack once', async () => {
    const error = new Error('the database went away');
    const line = await withRequestId('a1b2c3d4e5f6', async () => {
      await Promise.resolve();
      return logLine('error', ['[server] request failed', error], 'text');
    });
    const lines = line.split('\n');
    expect(lines[0]).toBe('[server] request failed Error: the database went away id=a1b2c3d4e5f6');
    expect(lines[1]).toMatch(/^ {4}at /);
    expect(line.split('the database went away')).toHaveLength(2);
  });

  it('is one JSON line with its level, message and stack in json', () => {
    const line = withRequestId('a1b2c3d4e5f6', () => logLine('error', ['[server] request failed', new Error('boom')], 'json'));
    expect(line).not.toContain('\n');
    const parsed = JSON.parse(line) as Record<string, string>;
    expect(parsed).toMatchObject({ level: 'error', id: 'a1b2c3d4e5f6' });
    expect(parsed.msg).toMatch(/^\[server\] request failed Error: boom\n {4}at /);
  });

  it('has no id outside a request', () => {
    expect(logLine('log', ['Salon site ready'], 'text')).toBe('Salon site ready');
    expect(JSON.parse(logLine('warn', ['careful'], 'json'))).toEqual({ time: expect.any(String), level: 'warn', msg: 'careful' });
  });
});
