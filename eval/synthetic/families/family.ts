// What a family generator returns besides the pages it drew into the document.
export interface FamilyOutput {
  variant: string;
  /** The file to convert when it is not the drawn PDF itself (a scan of it: families/scans.ts). */
  input?: Uint8Array;
}
