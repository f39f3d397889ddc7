/** Tags typed in one field: separated by commas (either width), semicolons or spaces, each once. */
export function splitTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，;；\s]+/)
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ];
}
