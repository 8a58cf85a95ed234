/** What an export produces: files by relative path, for the CLI to write and the app to zip. */
export interface ExportFile {
  /** Relative, `/`-separated (`static/node2/nginx.yaml`). */
  path: string;
  content: string;
  /** A script to run (mode 0755 on disk, and in the zip). */
  executable?: boolean;
}
