import type { Metadata } from 'next';
import { ResetLinkNotValid } from '@/components/account/ResetLinkNotValid';

export const metadata: Metadata = { title: 'This link is not valid', robots: { index: false, follow: true } };

export default function ResetNotValidPage() {
  return <ResetLinkNotValid />;
}
