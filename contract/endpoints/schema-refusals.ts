/** For the contract's unit tables: what a schema refuses, as the envelope would name it. */
interface Checked {
  safeParse(input: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; params?: { key?: string } }[] };
  };
}

/** The field path of every issue a schema finds, [] when it accepts. */
export function refusedFields(schema: Checked, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.'));
}

/** `field: catalogue key` (or just the field) of every issue a schema finds, [] when it accepts. */
export function refusedWithKeys(schema: Checked, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error!.issues.map((issue) =>
        [issue.path.join('.'), issue.params?.key].filter((part) => part !== undefined).join(': '),
      );
}
