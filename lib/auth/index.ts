export { getSession, requireSession, requireStaff, type Session, type SessionUser } from './session';
export { AUTH_PROFILE_COOKIE, AUTH_PROFILE_HEADER, type Profile } from './cookies';
