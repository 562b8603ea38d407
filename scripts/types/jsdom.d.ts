/**
 * The part of jsdom's API the build uses (jsdom ships no types, and @types/jsdom is not installed):
 * parse a page, change its DOM, write it out again.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string);
    readonly window: { readonly document: Document };
    serialize(): string;
  }
}
