import { isClientModule, moduleGraph } from '@/lib/test-support/module-graph';

describe('the 404 document', () => {
  it('holds no client component of ours: Next.js would load every one of them on every page, with the root layout', () => {
    const { files } = moduleGraph('app/global-not-found.tsx');
    expect(files).toContain('components/layout/NotFoundContent.tsx');
    expect(files.filter(isClientModule)).toEqual([]);
  });
});

describe('the root error document', () => {
  it('does not import next/link: it is loaded on every page in a chunk of its own, which would carry a second copy', () => {
    expect(moduleGraph('app/global-error.tsx').packages).not.toContain('next/link');
    // Nor does the message it loads when it shows.
    const { files, packages } = moduleGraph('components/layout/GlobalErrorBody.tsx');
    expect(files).toContain('components/layout/PageErrorContent.tsx');
    expect(packages).not.toContain('next/link');
    expect(moduleGraph('components/layout/PageError.tsx').packages).toContain('next/link');
  });
});
