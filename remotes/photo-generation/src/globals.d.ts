/** The version this build was made for (REMOTE_VERSION or package.json), set by the build. */
declare const __REMOTE_VERSION__: string;
