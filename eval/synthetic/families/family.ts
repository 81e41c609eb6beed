// What a family generator returns besides the pages it drew into the document.
export interface FamilyOutput {
  variant: string;
}
