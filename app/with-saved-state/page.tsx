export { default, metadata } from '@/app/(site)/page';
