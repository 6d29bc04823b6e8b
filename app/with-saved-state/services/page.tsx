export { default, metadata } from '@/app/(site)/(catalog)/services/page';
