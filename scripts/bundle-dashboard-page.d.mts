export declare const PAGE_ENTRY: string;
export declare const PAGE_BUNDLE: string;
export declare function bundleDashboardPage(entry?: string): Promise<string>;
export declare function writeDashboardPageBundle(entry?: string, out?: string): Promise<string>;
