import { isOwnerPage, OWNER_PAGE_PREFIXES } from '@/lib/auth/roles';
import { DESK_SECTIONS, OWNER_SECTIONS } from './desk-sections';

describe("the desk's sections", () => {
  it("lists as the owner's exactly the pages the middleware keeps to the owner", () => {
    expect(OWNER_SECTIONS.map((section) => section.href)).toEqual([...OWNER_PAGE_PREFIXES]);
    expect(DESK_SECTIONS.filter((section) => isOwnerPage(section.href))).toEqual([]);
  });
});
