/**
 * The one platform API the shared layer uses (PodConfig files are read as UTF-8): present alike in
 * browsers, workers and Node. Declared here only for tsconfig.domain.json, which checks this layer
 * with no DOM and no worker library; every other tsconfig has the real declaration.
 */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array): string;
}
