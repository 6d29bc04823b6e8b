import { isClientModule, moduleGraph } from '@/lib/test-support/module-graph';

describe('the 404 document', () => {
  it('holds no client component of ours: Next.js would load every one of them on every page, with the root layout', () => {
    const { files } = moduleGraph('app/global-not-found.tsx');
    expect(files).toContain('components/layout/NotFoundContent.tsx');
    // The link is in every page's first load anyway (the header's). Even one that is too (the saved-state script's
    // element) changed how Turbopack splits the chunks, and every page loaded the link twice (+0.6 KB).
    expect(files.filter(isClientModule)).toEqual(['components/ui/AppLink.tsx']);
  });
});

describe('the root error document', () => {
  it('does not import a client link: it is loaded on every page in a chunk of its own, which would carry a second copy', () => {
    expect(moduleGraph('app/global-error.tsx').files).not.toContain('components/ui/AppLink.tsx');
    // Nor does the message it loads when it shows.
    const { files, packages } = moduleGraph('components/layout/GlobalErrorBody.tsx');
    expect(files).toContain('components/layout/PageErrorContent.tsx');
    expect(files).not.toContain('components/ui/AppLink.tsx');
    expect(packages).not.toContain('next/link');
    expect(moduleGraph('components/layout/PageError.tsx').files).toContain('components/ui/AppLink.tsx');
  });
});
