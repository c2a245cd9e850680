export declare const HEADER: string;
/** The `paths`, `components` and `operations` types of a document (a parsed object). */
export declare function generateTypes(document: unknown): Promise<string>;
