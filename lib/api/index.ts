export { apiHandler, type HandlerContext, type HandlerOptions } from './handler';
export { ApiError, errorResponse, fieldErrors, forbidden, json, notFound, toResponse, unauthorized, type ApiErrorBody } from './errors';
export { MAX_BODY_BYTES, parseJsonBody, parseParams, parseQuery, readBodyBytes } from './parse';
export { assertSameOrigin, isAllowedOrigin, isStateChanging, requestHost } from './origin';
export { CLIENT_ADDRESS_HEADER, clientAddress } from './client-address';
export { clearCookie, readCookie, readCookies, serializeCookie, type CookieOptions } from './cookies';
export { forwardToUpstream, upstreamUrl } from './proxy';
export { plainFormPost, plainSentence, seeOther } from './plain-form';
