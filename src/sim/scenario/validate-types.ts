/** Error shapes shared by the scenario validators (validate.ts, validate-cloud.ts). */

/** A path as keys, the way yaml's Document.getIn and valibot's issue paths see it. */
export type PathKeys = (string | number)[];

/** An error before it is formatted; `keys` locate it in the parsed text. */
export interface RawError {
  keys: PathKeys;
  message: string;
}
