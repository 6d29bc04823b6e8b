import { matchTier, rankCustomers, type RankedCandidate } from './customer-rank';

const person = (id: string, name: string, extra: Partial<RankedCandidate> = {}): RankedCandidate => ({ id, name, email: null, phone: null, ...extra });

describe('the order of the desk search', () => {
  it('tells an exact match, a prefix of the name, a word, the address or the number, and a substring apart', () => {
    const terms = { text: 'ana' };
    expect(matchTier(person('1', 'Ana'), terms)).toBe('exact');
    expect(matchTier(person('2', 'Anastasia Kim'), terms)).toBe('prefix');
    expect(matchTier(person('3', 'Maria Ana Lopez'), terms)).toBe('prefix');
    expect(matchTier(person('4', 'Zoe Kim', { email: 'ana.k@example.com' }), terms)).toBe('prefix');
    expect(matchTier(person('5', 'Diana Ross'), terms)).toBe('contains');
    expect(matchTier(person('6', 'Anna Bell', { similarity: 0.7 }), terms)).toBe('similar');
    expect(matchTier(person('7', 'Pat', { phone: '2125550147' }), { text: '2125550147', digits: '2125550147' })).toBe('exact');
    expect(matchTier(person('8', 'Pat', { phone: '2125550147' }), { text: '(212) 555', digits: '212555' })).toBe('prefix');
    expect(matchTier(person('9', 'Pat', { phone: '6462125550' }), { text: '2125', digits: '2125' })).toBe('contains');
  });

  it('puts exact, then prefix, then substring matches by name, then the fuzzy ones most alike first, at most the limit', () => {
    const substring = [person('a', 'Diana Ross'), person('b', 'Ana'), person('c', 'Maria Ana'), person('d', 'Anabel')];
    const similar = [person('e', 'Anna', { similarity: 0.6 }), person('b', 'Ana', { similarity: 1 }), person('f', 'Ama', { similarity: 0.8 })];
    expect(rankCustomers(substring, similar, { text: 'ana' }, 20).map((c) => c.name)).toEqual(['Ana', 'Anabel', 'Maria Ana', 'Diana Ross', 'Ama', 'Anna']);
    expect(rankCustomers(substring, similar, { text: 'ana' }, 3).map((c) => c.name)).toEqual(['Ana', 'Anabel', 'Maria Ana']);
  });
});
