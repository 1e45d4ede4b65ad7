// The part of jsdom 27's API the smoke mount uses (the package ships no types).
declare module 'jsdom' {
  export class ResourceLoader {
    fetch(url: string, options: object): (Promise<Buffer> & { abort(): void }) | null;
  }
  export class VirtualConsole {
    on(event: 'jsdomError', listener: (error: Error) => void): this;
  }
  export class JSDOM {
    constructor(
      html: string,
      options: {
        url: string;
        runScripts: 'dangerously';
        resources: ResourceLoader;
        pretendToBeVisual: boolean;
        virtualConsole: VirtualConsole;
      },
    );
    readonly window: Window & typeof globalThis;
  }
}
