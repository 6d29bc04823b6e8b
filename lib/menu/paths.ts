/** The menu editor's pages and the names of its forms' answers (lib/forms/flash.ts). No imports: pages and actions share it. */

export const MENU_PATH = '/desk/menu/';

export const menuServicePath = (id: string) => `/desk/menu/services/${id}/`;
export const menuOfferPath = (id: string) => `/desk/menu/offers/${id}/`;

export const MENU_FORMS = {
  service: 'menu-service',
  newService: 'menu-new-service',
  offer: 'menu-offer',
  newPackage: 'menu-new-package',
  newBundle: 'menu-new-bundle',
} as const;
