import { parseLinkedServices } from './linked-services';

const A = 'c8729f00-1dc1-4457-ab22-f352e20d42a1';
const B = 'cb72a3b9-1ec1-45ea-aa22-f1bfdf0d3de8';

describe('parseLinkedServices', () => {
  it('reads the ids and the location of a link', () => {
    expect(parseLinkedServices(new URLSearchParams(`svc=${A}.${B.toUpperCase()}&loc=3`))).toEqual({ ids: [A, B], location: 3 });
    expect(parseLinkedServices({ svc: [A], loc: '1' })).toEqual({ ids: [A], location: 1 });
  });

  it('drops what does not parse, never an error', () => {
    expect(parseLinkedServices(new URLSearchParams(`svc=${A}.nope.${A}&loc=x`))).toEqual({ ids: [A] });
    expect(parseLinkedServices(new URLSearchParams('loc=-2'))).toEqual({ ids: [] });
    expect(parseLinkedServices(new URLSearchParams(`svc=${Array.from({ length: 30 }, (_, i) => A.replace(/^c8/, String(10 + i))).join('.')}`)).ids).toHaveLength(20);
  });
});
