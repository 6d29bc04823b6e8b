import fc from 'fast-check';
import { newCustomerSchema } from '@/lib/desk/customer-schemas';
import { hasHiddenCharacter } from '@/lib/security/hidden-characters';
import { changeNameSchema, codeSignInSchema, nameSchema, signUpSchema } from './schemas';

const HIDDEN_MESSAGE = 'The name holds a hidden character (a line break or a text-direction mark). Please type it again.';

// Each boundary that takes a person's name, with the rest of its body valid.
const BOUNDARIES = {
  'sign-up': (name: string) => signUpSchema.safeParse({ name, email: 'ann@example.com', password: 'violet-canal-58-ferry' }),
  'sign-in by code from the booking page': (name: string) => codeSignInSchema.safeParse({ name, email: 'ann@example.com', code: '123456' }),
  "the account's details": (name: string) => changeNameSchema.safeParse({ name }),
  "the desk's new customer": (name: string) => newCustomerSchema.safeParse({ name, phone: '(212) 555-0142' }),
};

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const SEPARATORS = ['\u2028', '\u2029'];
const CONTROLS = ['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009b'];
const HIDDEN = [...BIDI, ...SEPARATORS, ...CONTROLS];
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

describe('a name with a hidden character', () => {
  it.each(HIDDEN.map((c) => [hex(c), c]))('%s inside a name is refused at every boundary, with a sentence saying why', (_, c) => {
    for (const [boundary, parse] of Object.entries(BOUNDARIES)) {
      const result = parse(`Ann ${c}moc.live`);
      expect({ boundary, success: result.success }).toEqual({ boundary, success: false });
      expect(result.error!.issues.map((issue) => issue.message)).toContain(HIDDEN_MESSAGE);
    }
  });

  it('is refused wherever the character sits and whatever surrounds it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.constantFrom(...HIDDEN), fc.string({ maxLength: 40 }), (before, c, after) => {
        const result = nameSchema.safeParse(`Ann${before}${c}${after}x`);
        expect(result.success).toBe(false);
      }),
    );
  });

  it('is refused, not stripped: nothing is stored that the person did not see', () => {
    expect(nameSchema.safeParse('Ann\u202e').success).toBe(false);
    expect(nameSchema.safeParse('Ann\u2028Smith').success).toBe(false);
  });
});

describe('the names people have', () => {
  it.each(['Ann Smith', "Siobhán O'Neill", 'José-María Núñez', 'محمد علي', 'שרה כהן', '李小龍', 'Zoë Ω. Ünal', 'Anaïs 👩🏽‍🔬', 'नमस्ते जी', 'Robert "Bob" Smith'])(
    '%s is taken at every boundary, as typed',
    (name) => {
      for (const parse of Object.values(BOUNDARIES)) expect(parse(name).success).toBe(true);
      expect(nameSchema.parse(`  ${name} `)).toBe(name);
      expect(hasHiddenCharacter(name)).toBe(false);
    },
  );

  it('still refuses markup with its own sentence', () => {
    expect(nameSchema.safeParse('<b>Ann</b>').error?.issues[0]?.message).toBe('Use letters, spaces and punctuation only.');
  });
});
