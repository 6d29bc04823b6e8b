import type { ServerResponse } from 'node:http';

export declare function keepContentTypeSingle<R extends Pick<ServerResponse, 'setHeader'>>(response: R): R;
