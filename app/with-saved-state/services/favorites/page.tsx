export { default, metadata } from '@/app/(site)/(catalog)/services/favorites/page';
