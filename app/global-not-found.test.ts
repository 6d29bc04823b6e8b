import { isClientModule, moduleGraph } from '@/lib/test-support/module-graph';

describe('the 404 document', () => {
  it('holds no client component of ours: Next.js would load every one of them on every page, with the root layout', () => {
    const { files } = moduleGraph('app/global-not-found.tsx');
    expect(files).toContain('components/layout/NotFoundContent.tsx');
    // Both are in every page's first load anyway: the link (the header's), and the saved-state script's element, which
    // the root layout draws through the same document (app/site-document.tsx).
    expect(files.filter(isClientModule).sort()).toEqual(['components/layout/SavedStateScript.tsx', 'components/ui/AppLink.tsx']);
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
