import type { Metadata } from 'next';
import { requireStaffPage } from '@/lib/auth/staff-page';
import { LOCATIONS } from '@/lib/catalog/tables';

export const metadata: Metadata = { title: 'Front desk' };

export default async function DeskPage() {
  const staff = await requireStaffPage('/desk/');
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold">Front desk</h1>
      <p className="mt-1 text-stone-700">Signed in as {staff.name}.</p>
      <h2 className="mt-6 font-semibold">Locations</h2>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {LOCATIONS.map((location) => (
          <li key={location.id} className="rounded-lg border border-stone-200 p-3 font-semibold">
            {location.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
