// /booking/{custid}/: the same page, which checks that the id is the signed-in customer's.
export { default, metadata } from '../page';
