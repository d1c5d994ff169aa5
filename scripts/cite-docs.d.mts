/** Types of scripts/cite-docs.mjs, for the tests that import it. */
export interface Problem {
  file: string;
  line: number;
  text: string;
  problem: string;
}
export interface Rewrite {
  line: number;
  from: string;
  to: string;
}
type Source = 'SPEC' | 'ARCHITECTURE';
type Labels = { requirements: Map<string, string>; architecture: Map<string, string> };

export const SCAN: string[];
export const DOCS: { requirements: string; architecture: string };
export const SECTIONS: Record<Source, Record<number, string>>;
export const REFINE: Record<Source, Record<number, [RegExp, string][]>>;
export function slug(heading: string): string;
export function anchorsOf(text: string): Map<string, string>;
export function filesToScan(root: string): string[];
/** `others`: every other document of docs/ by name, with its anchors (checked when given). */
export function problemsIn(file: string, text: string, docs: Labels & { others?: Map<string, Map<string, string>> }): Problem[];
export function checkCitations(root?: string): Problem[];
export function anchorFor(source: Source, section: number, contexts: string[]): string;
export function rewriteText(file: string, text: string, labels?: Labels): { text: string; changes: Rewrite[] };
export function writeCitations(root?: string, options?: { dry?: boolean }): (Rewrite & { file: string })[];
