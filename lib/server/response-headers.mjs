// A fix server.mjs applies to every response before Next.js writes to it. Plain ESM so the server needs no build step.

/**
 * Next.js 16.4 copies a prerendered route handler's saved headers onto the response one by one (appendHeader), which
 * leaves Content-Type a one-element array; a compression step (Next.js's own gzip, the `compression` package server.mjs
 * uses) cannot read a type from an array and sends the body uncompressed. So /catalog-search.json went out at 11 KB instead of 2.2 KB, and sitemap.xml likewise. This keeps a
 * single Content-Type a plain string on the given response; every other header is set as given.
 */
export function keepContentTypeSingle(response) {
  const setHeader = response.setHeader;
  response.setHeader = function setHeaderWithSingleContentType(name, value) {
    const single = Array.isArray(value) && value.length === 1 && String(name).toLowerCase() === 'content-type';
    return setHeader.call(this, name, single ? value[0] : value);
  };
  return response;
}
