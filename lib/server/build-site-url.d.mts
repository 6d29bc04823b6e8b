export declare const DEFAULT_SITE_URL: string;
export declare const BUILD_SITE_URL_FILE: string;
export declare function printedSiteUrl(value: string | undefined): string;
export declare function recordBuildSiteUrl(distDir: string, value: string | undefined): string;
export declare function siteUrlMismatchWarning(built: string | undefined, runningValue: string | undefined): string | undefined;
export declare function siteUrlWarningAtStart(distDir: string, runningValue: string | undefined): string | undefined;
