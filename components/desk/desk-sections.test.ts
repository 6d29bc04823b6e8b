import { OWNER_DESK_PATHS } from '@/lib/auth/roles';
import { OWNER_SECTIONS } from './desk-sections';

it("the owner's sections in the navigation are the pages the desk's gate keeps for the owner", () => {
  expect(OWNER_SECTIONS.map((section) => section.href)).toEqual([...OWNER_DESK_PATHS]);
});
