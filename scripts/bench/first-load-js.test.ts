import { scriptSources } from './first-load-js.mjs';

describe('scriptSources', () => {
  it('counts the scripts a module-running browser downloads, once each, and leaves out the nomodule polyfill', () => {
    const html = [
      '<script src="/_next/static/chunks/polyfills-42.js" noModule=""></script>',
      '<script src="/_next/static/chunks/webpack-1.js" async=""></script>',
      '<script src="/_next/static/chunks/main-app.js?v=1&amp;x=2" async=""></script>',
      '<script src="/_next/static/chunks/webpack-1.js" async=""></script>',
      '<script nomodule src="/legacy.js"></script>',
      '<script>self.__next_f.push([1,"x"])</script>',
    ].join('');
    expect(scriptSources(html)).toEqual({ sources: ['/_next/static/chunks/webpack-1.js', '/_next/static/chunks/main-app.js?v=1&x=2'], noModule: 2 });
  });
});
