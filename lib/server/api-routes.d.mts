export declare const API_BODY_BYTES: number;
export declare const PAGE_BODY_BYTES: number;
export declare const LARGEST_BODY_BYTES: number;

export interface ApiRoute {
  path: string;
  methods: string[];
  maxBodyBytes?: number;
}

export declare const API_ROUTES: ApiRoute[];
export declare function apiRouteOf(target: string | undefined): (ApiRoute & { segments: string[] }) | undefined;
export declare function allowedMethods(route: ApiRoute): string[];
export declare function methodProblem(method: string, target: string | undefined): { status: 404 | 405; api: boolean; allow?: string } | undefined;
export declare function declaredBodyProblem(
  method: string,
  target: string | undefined,
  contentLength: string | undefined,
): { status: 413; api: boolean; limit: number } | undefined;
