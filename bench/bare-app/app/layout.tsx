import type { ReactNode } from 'react';

export const metadata = { title: 'Bare Next.js page', description: 'The baseline the benchmark compares against.' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
