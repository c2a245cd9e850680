/**
 * The smallest browser shims three's GLTFExporter / GLTFLoader need in Node 20.
 *
 * - GLTFExporter (binary mode) reads its merged Blob back through `FileReader`,
 *   which Node does not have (Node 20 does have `Blob`, `TextEncoder`, `TextDecoder`).
 * - GLTFLoader only touches `self.URL` for embedded images; our models have none,
 *   but `self` is aliased to `globalThis` so the code path cannot throw.
 *
 * Importing this module installs the shims once; it never overwrites real globals.
 */

type ReaderResult = ArrayBuffer | string | null;

class NodeFileReader {
  result: ReaderResult = null;
  error: Error | null = null;
  onload: ((event: { target: NodeFileReader }) => void) | null = null;
  onloadend: ((event: { target: NodeFileReader }) => void) | null = null;
  onerror: ((event: { target: NodeFileReader }) => void) | null = null;

  readAsArrayBuffer(blob: Blob): void {
    this.read(blob.arrayBuffer());
  }

  readAsDataURL(blob: Blob): void {
    this.read(
      blob
        .arrayBuffer()
        .then(
          (buffer) =>
            `data:${blob.type || 'application/octet-stream'};base64,${Buffer.from(buffer).toString('base64')}`,
        ),
    );
  }

  private read(pending: Promise<ArrayBuffer | string>): void {
    pending.then(
      (value) => {
        this.result = value;
        this.onload?.({ target: this });
        this.onloadend?.({ target: this });
      },
      (error: unknown) => {
        this.error = error instanceof Error ? error : new Error(String(error));
        this.onerror?.({ target: this });
        this.onloadend?.({ target: this });
      },
    );
  }
}

const g = globalThis as Record<string, unknown>;
if (g.FileReader === undefined) g.FileReader = NodeFileReader;
if (g.self === undefined) g.self = globalThis;

export {};
