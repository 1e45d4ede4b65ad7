/** The version this build was made for (REMOTE_VERSION or package.json), set by the build. */
declare const __REMOTE_VERSION__: string;

/** An image imported with `?url`: its address, the file itself stays out of the script (build-config). */
declare module '*.svg?url' {
  const url: string;
  export default url;
}
