/** @jest-environment node */
import { parseEnv } from '@/lib/env';
import { effectiveRole } from './session';

describe('STAFF_EMAILS', () => {
  it('reads a comma-separated list, trimmed and lower-cased, and nothing when unset', () => {
    expect(parseEnv({ STAFF_EMAILS: ' Boss@Example.com, @Salon.Example ,' }).STAFF_EMAILS).toEqual(['boss@example.com', '@salon.example']);
    expect(parseEnv({}).STAFF_EMAILS).toEqual([]);
  });

  it('makes a listed address or an address at a listed domain staff, and nobody else', () => {
    const list = ['boss@example.com', '@salon.example'];
    expect(effectiveRole({ email: 'boss@example.com', role: 'customer' }, list)).toBe('staff');
    expect(effectiveRole({ email: 'desk@salon.example', role: 'customer' }, list)).toBe('staff');
    expect(effectiveRole({ email: 'boss@example.com.evil', role: 'customer' }, list)).toBe('customer');
    expect(effectiveRole({ email: 'desk@notsalon.example', role: 'customer' }, list)).toBe('customer');
    expect(effectiveRole({ email: 'someone@example.com', role: 'customer' }, list)).toBe('customer');
  });

  it('keeps a stored staff role whatever the list says', () => {
    expect(effectiveRole({ email: 'old@example.com', role: 'staff' }, [])).toBe('staff');
  });
});

describe('OWNER_EMAILS', () => {
  it('makes a listed address or domain the owner, above STAFF_EMAILS and a stored front-desk role', () => {
    expect(parseEnv({ OWNER_EMAILS: ' Owner@Example.com,@Owners.Example' }).OWNER_EMAILS).toEqual(['owner@example.com', '@owners.example']);
    expect(effectiveRole({ email: 'owner@example.com', role: 'customer' }, ['owner@example.com'], ['owner@example.com'])).toBe('owner');
    expect(effectiveRole({ email: 'a@owners.example', role: 'staff' }, [], ['@owners.example'])).toBe('owner');
    expect(effectiveRole({ email: 'owner@example.com.evil', role: 'customer' }, [], ['owner@example.com'])).toBe('customer');
  });

  it('keeps a stored owner an owner whatever the lists say', () => {
    expect(effectiveRole({ email: 'old@example.com', role: 'owner' }, [], [])).toBe('owner');
  });
});

