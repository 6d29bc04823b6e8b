export { PersonalFrame as default } from '@/components/layout/PersonalFrame';

/** Per request by nature: nothing of the page is prerendered; its HTML is sent once its data is in. */
export const instant = false;
